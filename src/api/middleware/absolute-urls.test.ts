import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { env, resetEnvForTests } from '../../server/platform/env.ts';
import { wholeBodyOf } from '../../server/platform/whole-body.ts';
import { createApiApp } from '../app.ts';
import { absoluteFileUrls } from './absolute-urls.ts';

/**
 * Stored files in /shop-api answers have absolute addresses for Shopby clients (decision 023):
 * PUBLIC_BASE_URL when configured, the request's origin in a demo; the shop's own pages keep paths.
 */

const SKIN_HEADERS = { Version: '1.0', clientId: 'skin-a', platform: 'PC' };
const previous = process.env.PUBLIC_BASE_URL;
let t: TestDb;

beforeAll(async () => {
  delete process.env.PUBLIC_BASE_URL;
  resetEnvForTests();
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterEach(() => {
  delete process.env.PUBLIC_BASE_URL;
  resetEnvForTests();
});
afterAll(() => {
  t.close();
  if (previous === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = previous;
  resetEnvForTests();
});

async function text(
  path: string,
  headers: Record<string, string> = SKIN_HEADERS,
  host = 'http://shop.test:8080',
) {
  const res = await createApiApp().request(`${host}/shop-api${path}`, { headers });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Every file address in an answer: the strings that name something under /uploads/. */
function fileAddresses(body: string): string[] {
  return [...body.matchAll(/"([^"]*\/uploads\/[^"]*)"/g)].map((m) => m[1]!);
}

const PATHS = [
  '/products/search?pageNumber=1&pageSize=10',
  '/products/101',
  '/products/103/options',
  '/display/banners/MAIN',
  '/display/sections/1?pageNumber=1&pageSize=10',
];

describe('file addresses for a Shopby client', () => {
  it("are absolute on the request's origin when PUBLIC_BASE_URL is not configured", async () => {
    let seen = 0;
    for (const path of PATHS) {
      const body = await text(path);
      for (const url of fileAddresses(body)) {
        expect(url, path).toMatch(/^http:\/\/shop\.test:8080\/uploads\/\S+$/);
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('use PUBLIC_BASE_URL when it is configured', async () => {
    process.env.PUBLIC_BASE_URL = 'https://shop.example.com';
    resetEnvForTests();
    const urls = [
      ...fileAddresses(await text('/products/101')),
      ...fileAddresses(await text('/display/banners/MAIN')),
    ];
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^https:\/\/shop\.example\.com\/uploads\/\S+$/);
  });

  it("stay relative for the shop's own pages and for callers without a clientId", async () => {
    for (const headers of [{ ...SKIN_HEADERS, clientId: env().SHOP_CLIENT_ID }, { Version: '1.0' }]) {
      const urls = fileAddresses(await text('/products/101', headers));
      expect(urls.length).toBeGreaterThan(3);
      for (const url of urls) expect(url).toMatch(/^\/uploads\//);
    }
  });
});

describe('the answers to a Shopby client', () => {
  it('stay bytes known whole (decision 082), rewritten or without a file to rewrite', async () => {
    for (const path of ['/products/search?pageNumber=1&pageSize=10', '/categories']) {
      const res = await createApiApp().request(`http://shop.test:8080/shop-api${path}`, {
        headers: SKIN_HEADERS,
      });
      expect(res.status, path).toBe(200);
      const bytes = wholeBodyOf(res);
      expect(bytes, path).toBeDefined();
      const body = await res.text();
      expect(Buffer.from(bytes!).toString(), path).toBe(body);
      if (path.startsWith('/products'))
        expect(fileAddresses(body)[0], path).toMatch(/^http:\/\/shop\.test:8080\/uploads\//);
      else expect(fileAddresses(body), path).toEqual([]);
    }
  });
});

describe('absoluteFileUrls', () => {
  it('prefixes whole paths and paths inside markup, and nothing else', () => {
    const input = {
      imageUrl: '/uploads/a.webp',
      list: ['/uploads/b.webp', 'https://cdn.example.com/uploads/c.webp', '/products/1'],
      content:
        '<p>사진</p><img src="/uploads/d.webp" srcset="/uploads/d-320w.webp 320w, /uploads/d-640w.webp 640w">',
      style: 'background:url(/uploads/e.webp)',
      n: 3,
      none: null,
    };
    expect(absoluteFileUrls(input, '/uploads/', 'https://shop.example.com')).toEqual({
      imageUrl: 'https://shop.example.com/uploads/a.webp',
      list: [
        'https://shop.example.com/uploads/b.webp',
        'https://cdn.example.com/uploads/c.webp',
        '/products/1',
      ],
      content:
        '<p>사진</p><img src="https://shop.example.com/uploads/d.webp" srcset="https://shop.example.com/uploads/d-320w.webp 320w, https://shop.example.com/uploads/d-640w.webp 640w">',
      style: 'background:url(https://shop.example.com/uploads/e.webp)',
      n: 3,
      none: null,
    });
  });
});
