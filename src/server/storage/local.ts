import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { isSafeKey, type StoragePort } from './port.ts';

export interface LocalStorageOptions {
  /** Root directory (STORAGE_DIR); /uploads/ serves it. */
  dir: string;
  bucket: string;
  /** Public path the root is served at. */
  publicPath?: string;
  /** Origins whose absolute addresses count as this storage's (PUBLIC_BASE_URL's). */
  origins?: readonly string[];
}

const BASE = new URL('http://relative.invalid');

async function countFiles(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return 1;
  let n = 0;
  for (const entry of await readdir(path)) n += await countFiles(resolve(path, entry));
  return n;
}

/** The built-in adapter: files under `dir`, written whole (temporary file, then rename). */
export function createLocalStorage({
  dir,
  bucket,
  publicPath = '/uploads',
  origins: originList = [],
}: LocalStorageOptions): StoragePort {
  const root = resolve(dir);
  const origins = new Set(originList);
  const inside = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`잘못된 저장 경로입니다: ${key}`);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`잘못된 저장 경로입니다: ${key}`);
    return path;
  };
  return {
    name: 'local',
    bucket,
    async put(key, body) {
      const path = inside(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, body);
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(inside(key));
      } catch (err) {
        if (
          (err as NodeJS.ErrnoException).code === 'ENOENT' ||
          (err as NodeJS.ErrnoException).code === 'EISDIR'
        )
          return null;
        throw err;
      }
    },
    async deleteObject(key) {
      const path = inside(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return false;
      await rm(path, { force: true });
      return true;
    },
    async deleteFolder(prefix) {
      const path = inside(prefix);
      const count = await countFiles(path);
      await rm(path, { recursive: true, force: true });
      return count;
    },
    publicUrl: (key) => `${publicPath}/${key}`,
    keyOfUrl(url) {
      let u: URL;
      try {
        u = new URL(url, BASE);
      } catch {
        return null;
      }
      // a same-site path, or an absolute address on one of the shop's own origins
      const ours =
        u.origin === BASE.origin ? url.startsWith('/') && !url.startsWith('//') : origins.has(u.origin);
      if (!ours || u.search || u.hash || !u.pathname.startsWith(`${publicPath}/`)) return null;
      const key = u.pathname.slice(publicPath.length + 1);
      return isSafeKey(key) ? key : null;
    },
  };
}
