import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * Which addresses can be files of dist/client, known from one listing when the server starts
 * (decision 058). The Node adapter's file server (`@astrojs/node` serve-static.js) otherwise looks
 * for every request on disk first: an `lstat` and `send`'s `stat`, whose miss builds an error with
 * its stack before the page is rendered (~0.3–0.4 ms of a page's CPU, and of every API call's).
 * Built files never change while the server runs (static-files.ts holds the same), so an address
 * that is neither a file nor a folder of the listing goes straight to the page or the API.
 */
export function listClientFiles(dir: string): Set<string> {
  const paths = new Set<string>(['/']);
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

/** The file server of one dist/client folder, as the rewritten serve-static.js asks it. */
export function clientFileFilter(dir: string): (url: string) => boolean {
  const files = listClientFiles(dir);
  return (url) => mayBeClientFile(files, url);
}

const ADAPTER_STATIC = /\/@astrojs\/node\/dist\/serve-static\.js$/;
const FIND_CLIENT = '  const client = resolveClientDir(options);\n  return (req, res, ssr) => {\n';

/**
 * The adapter's file server, rewritten as the server is bundled (astro.config.mjs): a request whose
 * path is not in dist/client goes to `ssr()` at once. Not when trailingSlash is `always` (the file
 * server then redirects addresses without a slash) or a `base` is set (the listing has none). Throws when the adapter moved the
 * text, so an upgrade fails the build rather than quietly losing this.
 */
export function rewriteAdapterStatic(id: string, code: string, runtime: string): string | undefined {
  const path = (id.split('?')[0] ?? '').replaceAll('\\', '/');
  if (!ADAPTER_STATIC.test(path)) return undefined;
  if (code.split(FIND_CLIENT).length !== 2) {
    throw new Error(
      `${path}: the file server's start was not found once; decision 058's rewrite needs updating`,
    );
  }
  return (
    `import { clientFileFilter as __podoClientFileFilter } from ${JSON.stringify(runtime)};\n` +
    code.replace(
      FIND_CLIENT,
      '  const client = resolveClientDir(options);\n' +
        '  const __podoMayBeFile = __podoClientFileFilter(client);\n' +
        '  return (req, res, ssr) => {\n' +
        '    if (req.url && app.manifest.base === "/" && app.manifest.trailingSlash !== "always" && !__podoMayBeFile(req.url)) return ssr();\n',
    )
  );
}
