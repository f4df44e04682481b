/**
 * Astro's Content-Security-Policy work done once per build, not on every render (decision 058).
 *
 * For every page it renders, Astro 7.3 (`core/fetch/fetch-state.js`, `createResult`) computes a
 * WebCrypto SHA-256 of each of the route's inline styles and scripts, and copies the manifest's
 * style hashes (one per inline style of every page of the build, with repeats: ~740 here) into the
 * render, where `renderCspContent` turns each into a quoted string. Our `style-src` has
 * `'unsafe-inline'`, so Astro then leaves every style hash out of the header. Together ~0.7 ms of a
 * category page's ~6.3 ms of CPU.
 *
 * Two transforms of Astro's own files in the server build (astro.config.mjs, `cspOnce`) fix that
 * without changing a byte of any header:
 * - `generateCspDigest` remembers the digest of a text it has seen (`memoiseCspDigest`): a digest
 *   is a pure function of the text, so nothing can be stale; only Astro's inline styles and scripts
 *   (fixed per build) and server-island payloads pass through, and the memory is bounded.
 * - the manifest keeps no style hashes when nothing can use them (`withoutUnusedStyleHashes`).
 */
import { modulePath, replaceEachOnce, type Replacement } from './rewrite-files.ts';

type Digest = (data: string, algorithm: string) => Promise<string>;

/** At most this many texts remembered; then the memory starts over (it only ever costs a digest). */
export const DIGEST_MEMORY = 1_000;

export function memoiseCspDigest(compute: Digest): Digest {
  const known = new Map<string, Map<string, string>>();
  let size = 0;
  return async (data, algorithm) => {
    let byText = known.get(algorithm);
    const found = byText?.get(data);
    if (found !== undefined) return found;
    const digest = await compute(data, algorithm);
    if (size >= DIGEST_MEMORY) {
      known.clear();
      size = 0;
      byText = undefined;
    }
    if (!byText) known.set(algorithm, (byText = new Map()));
    if (!byText.has(data)) size++;
    byText.set(data, digest);
    return digest;
  };
}

export type CspEntry = string | { resource?: string; hash?: string; kind?: string };
interface CspDirective {
  resources: CspEntry[];
  hashes: CspEntry[];
}
interface ManifestWithCsp {
  csp?: {
    styleHashes?: string[];
    styleResources?: CspEntry[];
    styleDirective?: CspDirective;
  } | null;
}

const kindOf = (e: CspEntry) => (typeof e === 'string' ? 'default' : (e.kind ?? 'default'));
const resourceOf = (e: CspEntry) => (typeof e === 'string' ? e : e.resource);

/**
 * The manifest without its style hashes when `style-src` allows `'unsafe-inline'` and no
 * `style-src-elem` is configured: then Astro's `renderCspContent` writes none of them (a browser
 * ignores `'unsafe-inline'` once a hash is listed, so Astro drops the hashes instead). Otherwise
 * the manifest is returned as it is.
 */
export function withoutUnusedStyleHashes<M extends ManifestWithCsp>(manifest: M): M {
  const style = manifest.csp?.styleDirective;
  if (!manifest.csp || !style) return manifest;
  const defaults = style.resources.filter((e) => kindOf(e) === 'default').map(resourceOf);
  const elementKind = [...style.resources, ...style.hashes].some((e) => kindOf(e) === 'element');
  if (!defaults.includes("'unsafe-inline'") || elementKind) return manifest;
  return {
    ...manifest,
    csp: { ...manifest.csp, styleHashes: [], styleDirective: { ...style, hashes: [] } },
  };
}

/** One rewrite of an installed Astro file: the text it must find, and what it becomes. */
interface Rewrite extends Replacement {
  file: RegExp;
  append: (runtime: string) => string;
}

export const CSP_ONCE_REWRITES: Rewrite[] = [
  {
    file: /\/astro\/dist\/core\/encryption\.js$/,
    find: 'async function generateCspDigest(data, algorithm) {',
    replace: 'async function generateCspDigestComputed(data, algorithm) {',
    append: (runtime) =>
      `import { memoiseCspDigest as __podoMemoise } from ${JSON.stringify(runtime)};\n` +
      'const generateCspDigest = __podoMemoise(generateCspDigestComputed);\n',
  },
  {
    file: /\/astro\/dist\/core\/app\/manifest\.js$/,
    find: 'function deserializeManifest(serializedManifest, routesList) {',
    replace: 'function deserializeManifestWithAllHashes(serializedManifest, routesList) {',
    append: (runtime) =>
      `import { withoutUnusedStyleHashes as __podoTrim } from ${JSON.stringify(runtime)};\n` +
      'function deserializeManifest(serializedManifest, routesList) {\n' +
      '  return __podoTrim(deserializeManifestWithAllHashes(serializedManifest, routesList));\n' +
      '}\n',
  },
];

/**
 * Applies the rewrite meant for `id` to `code` (undefined when none is); throws when the file no
 * longer has the text it expects, so an Astro upgrade that moves it fails the build, not the CSP.
 */
export function rewriteForCspOnce(id: string, code: string, runtime: string): string | undefined {
  const path = modulePath(id);
  const rewrite = CSP_ONCE_REWRITES.find((r) => r.file.test(path));
  return rewrite && `${replaceEachOnce(path, code, [rewrite], '058')}\n${rewrite.append(runtime)}`;
}
