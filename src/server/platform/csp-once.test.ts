import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  DIGEST_MEMORY,
  memoiseCspDigest,
  rewriteForCspOnce,
  withoutUnusedStyleHashes,
  type CspEntry,
} from './csp-once.ts';

async function sha256(data: string, algorithm: string): Promise<string> {
  const digest = await crypto.subtle.digest(algorithm, new TextEncoder().encode(data));
  return `sha256-${Buffer.from(digest).toString('base64')}`;
}

describe('memoiseCspDigest', () => {
  it('computes the digest of a text once, and gives the same digest every time', async () => {
    const compute = vi.fn(sha256);
    const digest = memoiseCspDigest(compute);
    const style = '.product-card{display:flex}'.repeat(100);
    const first = await digest(style, 'SHA-256');
    expect(first).toBe(await sha256(style, 'SHA-256'));
    for (let i = 0; i < 50; i++) expect(await digest(style, 'SHA-256')).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(await digest(`${style} `, 'SHA-256')).not.toBe(first);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps algorithms apart and starts over past its bound', async () => {
    const compute = vi.fn(async (data: string, algorithm: string) => `${algorithm}:${data}`);
    const digest = memoiseCspDigest(compute);
    expect(await digest('a', 'SHA-256')).toBe('SHA-256:a');
    expect(await digest('a', 'SHA-384')).toBe('SHA-384:a');
    for (let i = 0; i < DIGEST_MEMORY + 10; i++) await digest(`text ${i}`, 'SHA-256');
    expect(compute).toHaveBeenCalledTimes(DIGEST_MEMORY + 12);
    await digest(`text ${DIGEST_MEMORY + 9}`, 'SHA-256'); // the last one is kept
    expect(compute).toHaveBeenCalledTimes(DIGEST_MEMORY + 12);
  });
});

describe('withoutUnusedStyleHashes', () => {
  const hashes = ['sha256-a', 'sha256-b', 'sha256-a'];
  const manifest = (resources: CspEntry[], styleHashes = hashes) => ({
    routes: [],
    csp: {
      styleHashes,
      styleResources: resources,
      scriptHashes: ['sha256-s'],
      styleDirective: { resources, hashes: styleHashes },
      scriptDirective: { resources: [], hashes: ['sha256-s'], strictDynamic: false },
    },
  });

  it("drops the style hashes when style-src allows 'unsafe-inline' (the shop's configuration)", () => {
    const trimmed = withoutUnusedStyleHashes(manifest(["'self'", "'unsafe-inline'"]));
    expect(trimmed.csp.styleHashes).toEqual([]);
    expect(trimmed.csp.styleDirective.hashes).toEqual([]);
    expect(trimmed.csp.styleDirective.resources).toEqual(["'self'", "'unsafe-inline'"]);
    expect(trimmed.csp.scriptDirective.hashes).toEqual(['sha256-s']); // scripts untouched
  });

  it('keeps them when they are used: no unsafe-inline, or a style-src-elem of its own', () => {
    const strict = manifest(["'self'"]);
    expect(withoutUnusedStyleHashes(strict)).toBe(strict);
    const element = manifest(["'self'", "'unsafe-inline'", { resource: "'self'", kind: 'element' }]);
    expect(withoutUnusedStyleHashes(element)).toBe(element);
    const elementInline = manifest([{ resource: "'unsafe-inline'", kind: 'element' }]);
    expect(withoutUnusedStyleHashes(elementInline)).toBe(elementInline);
    const noCsp = { routes: [], csp: null };
    expect(withoutUnusedStyleHashes(noCsp)).toBe(noCsp);
  });
});

describe('rewriteForCspOnce on the installed Astro', () => {
  const astroDist = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');
  const runtime = '/app/src/server/platform/csp-once.ts';

  it('wraps generateCspDigest in the memory, exported under its own name', () => {
    const id = join(astroDist, 'core', 'encryption.js');
    const code = rewriteForCspOnce(id, readFileSync(id, 'utf8'), runtime);
    expect(code).toContain('async function generateCspDigestComputed(data, algorithm) {');
    expect(code).toContain('const generateCspDigest = __podoMemoise(generateCspDigestComputed);');
    expect(code).toContain(`from "${runtime}"`);
    expect(code).not.toContain('async function generateCspDigest(');
  });

  it('passes the deserialised manifest through withoutUnusedStyleHashes', () => {
    const id = join(astroDist, 'core', 'app', 'manifest.js');
    const code = rewriteForCspOnce(`${id}?v=1`, readFileSync(id, 'utf8'), runtime) ?? '';
    expect(code.match(/function deserializeManifest\(/g)).toHaveLength(1);
    expect(code).toContain('__podoTrim(deserializeManifestWithAllHashes(serializedManifest, routesList))');
  });

  it('leaves other files alone and fails loudly when Astro moved the text', () => {
    expect(rewriteForCspOnce(join(astroDist, 'core', 'csp', 'config.js'), 'x', runtime)).toBeUndefined();
    expect(() => rewriteForCspOnce(join(astroDist, 'core', 'encryption.js'), 'export {}', runtime)).toThrow(
      /decision 058/,
    );
  });
});
