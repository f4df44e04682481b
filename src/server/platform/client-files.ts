import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { modulePath, replaceEachOnce } from './rewrite-files.ts';

/**
 * Which addresses can be files of dist/client, known from one listing when the server starts
 * (decision 058). The Node adapter's file server (`@astrojs/node` serve-static.js) otherwise looks
 * for every request on disk first: an `lstat` and `send`'s `stat`, whose miss builds an error with
 * its stack before the page is rendered (~0.3–0.4 ms of a page's CPU, and of every API call's).
 * Built files never change while the server runs (static-files.ts holds the same), so an address
 * that is neither a file nor a folder of the listing goes straight to the page or the API (the
 * listener decides, decision 067). The root is listed only when it has an `index.html`: the file
 * server never redirects it, and without that file it only ever handed `/` to the home page.
 */
export function listClientFiles(dir: string): Set<string> {
  const paths = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = `${prefix}/${e.name}`;
      paths.add(path);
      if (e.isDirectory()) walk(join(folder, e.name), path);
    }
  };
  walk(dir, '');
  if (paths.has('/index.html')) paths.add('/');
  return paths;
}

/**
 * Whether the adapter's file server may have something for `url` (a request target: path and query).
 * False only for a path that is certainly not in the listing; an address it cannot read is left to
 * the file server.
 */
export function mayBeClientFile(files: ReadonlySet<string>, url: string): boolean {
  const end = url.search(/[?#]/);
  let path = end === -1 ? url : url.slice(0, end);
  try {
    path = decodeURI(path);
  } catch {
    return true;
  }
  if (!path.startsWith('/') || path.includes('\\') || path.includes('\0')) return true;
  path = posix.normalize(path);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return files.has(path);
}

/** The file server of one dist/client folder: whether an address may be one of its files. */
export function clientFileFilter(dir: string): (url: string) => boolean {
  const files = listClientFiles(dir);
  return (url) => mayBeClientFile(files, url);
}

/**
 * Set on a request by the built server's listener (listener.ts, decision 067) when its path is no
 * file of dist/client: the adapter's file server then hands it to Astro without looking on disk.
 */
export const NOT_A_CLIENT_FILE = Symbol.for('podo.notAClientFile');

const ADAPTER_STATIC = /\/@astrojs\/node\/dist\/serve-static\.js$/;
const FIND_CLIENT = '  const client = resolveClientDir(options);\n  return (req, res, ssr) => {\n';

/**
 * The adapter's file server, rewritten as the server is bundled (astro.config.mjs): a request the
 * listener marked as no file of the build goes to `ssr()` (Astro) at once. The decision is the
 * listener's; this only gives it a way past the lookup, which `@astrojs/node` does not export.
 * Not when trailingSlash is `always` (the file server then redirects addresses without a slash) or
 * a `base` is set (the listing has none). Throws when the adapter moved the text, so an upgrade
 * fails the build rather than quietly losing this.
 */
export function rewriteAdapterStatic(id: string, code: string): string | undefined {
  const path = modulePath(id);
  if (!ADAPTER_STATIC.test(path)) return undefined;
  const skip = `    if (req[Symbol.for(${JSON.stringify(NOT_A_CLIENT_FILE.description)})] === true && app.manifest.base === "/" && app.manifest.trailingSlash !== "always") return ssr();\n`;
  return replaceEachOnce(path, code, [{ find: FIND_CLIENT, replace: FIND_CLIENT + skip }], '067');
}
