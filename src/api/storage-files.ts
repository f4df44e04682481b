import type { Context } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep, extname } from 'node:path';
import { env } from '../server/platform/env.ts';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * A demo shop writes its catalogue images in the background after the first page (decision 038):
 * one asked for before its turn is written now. Never in live mode, never for other files.
 */
async function demoImageWritten(rel: string): Promise<boolean> {
  const e = env();
  if (e.SHOP_MODE !== 'demo' || !e.SEED_ON_START || !rel.startsWith('catalog/')) return false;
  const { renderDemoImage } = await import('../server/db/seed/index.ts');
  return renderDemoImage(rel, e.STORAGE_DIR);
}

/**
 * Serves files of the built-in `local` storage adapter under /uploads/. Only known image types,
 * never outside the storage directory. Catalogue files are content-addressed by name, so they
 * can be cached for a long time.
 */
export async function serveStorage(c: Context) {
  const root = resolve(env().STORAGE_DIR);
  let rel: string;
  try {
    rel = decodeURIComponent(c.req.path.slice('/uploads/'.length));
  } catch {
    return c.text('잘못된 주소입니다.', 400);
  }
  const file = resolve(root, rel);
  const type = TYPES[extname(file).toLowerCase()];
  if (!file.startsWith(root + sep) || !type) return c.text('파일을 찾을 수 없습니다.', 404);
  try {
    if (!(await isFile(file)) && !(await demoImageWritten(rel)))
      return c.text('파일을 찾을 수 없습니다.', 404);
    const info = await stat(file);
    if (!info.isFile()) return c.text('파일을 찾을 수 없습니다.', 404);
    const body = await readFile(file);
    return c.body(body, 200, {
      'Content-Type': type,
      'Content-Length': String(body.byteLength),
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      // SVG uploads could carry script; keep them inert when opened directly
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  } catch {
    return c.text('파일을 찾을 수 없습니다.', 404);
  }
}
