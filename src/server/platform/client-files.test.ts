import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_A_CLIENT_FILE,
  clientFileFilter,
  listClientFiles,
  mayBeClientFile,
  rewriteAdapterStatic,
} from './client-files.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'podo-client-files-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'images', '배너'), { recursive: true });
  mkdirSync(join(dir, '.well-known'));
  writeFileSync(join(dir, '_astro', 'app.AbC123.js'), '');
  writeFileSync(join(dir, 'images', '배너', '봄 세일.png'), '');
  writeFileSync(join(dir, 'favicon.svg'), '');
  writeFileSync(join(dir, '.well-known', 'security.txt'), '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mayBeClientFile', () => {
  it('is false for pages and API calls, which are no file of the build', () => {
    const may = clientFileFilter(dir);
    for (const url of [
      '/',
      '/?ref=banner',
      '/categories/529105',
      '/categories/529105?sort=price-asc',
      '/search?keyword=%EB%B0%A9%EC%A7%84',
      '/products/12',
      '/shop-api/products/search?pageSize=1',
      '/api/health',
      '/_astro/other.js',
      '/favicon.svg.br',
    ]) {
      expect(may(url), url).toBe(false);
    }
  });

  it('is true for the files and folders of the listing, however the address is written', () => {
    const may = clientFileFilter(dir);
    for (const url of [
      '/favicon.svg',
      '/favicon.svg?v=2',
      '/_astro/app.AbC123.js',
      '/_astro/',
      '/_astro',
      '/images/%EB%B0%B0%EB%84%88/%EB%B4%84%20%EC%84%B8%EC%9D%BC.png',
      '/images/x/../배너/봄 세일.png',
      '//favicon.svg',
      '/.well-known/security.txt',
    ]) {
      expect(may(url), url).toBe(true);
    }
  });

  it('leaves an address it cannot read to the file server', () => {
    const files = listClientFiles(dir);
    expect(mayBeClientFile(files, '/%E0%A4%A')).toBe(true);
    expect(mayBeClientFile(files, 'favicon.svg')).toBe(true);
    expect(mayBeClientFile(files, '/a\\b')).toBe(true);
  });

  it('lists nothing for a missing folder, and the root only when it has an index.html', () => {
    expect([...listClientFiles(join(dir, 'missing'))]).toEqual([]);
    expect(listClientFiles(dir).has('/')).toBe(false);
    const withIndex = mkdtempSync(join(tmpdir(), 'podo-client-files-'));
    try {
      writeFileSync(join(withIndex, 'index.html'), '');
      expect([...listClientFiles(withIndex)].sort()).toEqual(['/', '/index.html']);
      expect(clientFileFilter(withIndex)('/?ref=banner')).toBe(true);
    } finally {
      rmSync(withIndex, { recursive: true, force: true });
    }
  });
});

describe("rewriteAdapterStatic on the installed adapter's file server", () => {
  const adapterDist = join(
    dirname(createRequire(import.meta.url).resolve('@astrojs/node/package.json')),
    'dist',
  );
  const id = join(adapterDist, 'serve-static.js');

  it('sends a request the listener marked as no file to the page at once', () => {
    const code = rewriteAdapterStatic(id, readFileSync(id, 'utf8')) ?? '';
    expect(code).toMatch(
      /return \(req, res, ssr\) => \{\n {4}if \(req\[Symbol\.for\("podo\.notAClientFile"\)\] === true && .*\) return ssr\(\);/,
    );
    expect(Symbol.for('podo.notAClientFile')).toBe(NOT_A_CLIENT_FILE);
    expect(code).not.toMatch(/^import .*client-files/m);
  });

  it('leaves other files alone and fails loudly when the adapter moved the text', () => {
    expect(rewriteAdapterStatic(join(adapterDist, 'standalone.js'), 'x')).toBeUndefined();
    expect(() => rewriteAdapterStatic(id, 'export {}')).toThrow(/decision 067/);
  });
});
