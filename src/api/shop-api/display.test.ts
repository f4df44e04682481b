import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { SHOP_HEADERS } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { getBanners, getDisplaySection, searchBrands } from '../../server/catalog/service.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
const app = createApiApp();
// the shop's own clientId: answers equal the service's, with relative file paths (absolute ones
// for Shopby clients are checked in absolute-urls.test.ts)
const get = (path: string) => app.request(`/shop-api${path}`, { headers: SHOP_HEADERS });

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('GET /display/sections/{sectionNo}', () => {
  it('answers the section with its products', async () => {
    const res = await get(
      '/display/sections/1?by=DISCOUNTED_PRICE&direction=ASC&pageNumber=1&pageSize=10&hasTotalCount=true&soldout=true',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(
      await getDisplaySection(t.db, 1, { by: 'DISCOUNTED_PRICE', direction: 'ASC', pageSize: 10 }),
    );
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('answers 404 for a hidden or unknown section, 400 for bad input', async () => {
    for (const no of [3, 77]) {
      const res = await get(`/display/sections/${no}`);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('NOT_FOUND');
    }
    for (const qs of ['x', '1?by=NOPE', '1?pageSize=500', '1?pageNumber=0', '1?soldout=1']) {
      const res = await get(`/display/sections/${qs}`);
      expect(res.status, qs).toBe(400);
      expect((await res.json()).message).toMatch(/[가-힣]/);
    }
  });
});

describe('GET /display/banners/{codes}', () => {
  it('answers the banner groups of the given codes', async () => {
    const res = await get('/display/banners/MAIN,EMPTY,NOPE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await getBanners(t.db, ['MAIN', 'EMPTY', 'NOPE']));
    expect((await get('/display/banners/NOPE')).status).toBe(200);
  });

  it('answers 400 for malformed codes', async () => {
    expect((await get('/display/banners/MAIN,,X')).status).toBe(400);
    expect((await get(`/display/banners/${encodeURIComponent('<script>')}`)).status).toBe(400);
  });
});

describe('GET /display/brands/search', () => {
  it('answers the brands as a bare array', async () => {
    const res = await get(
      '/display/brands/search?brandName=%ED%8F%AC%EB%8F%84&pageNumber=1&pageSize=10&sortCriterion=BRAND_NAME&sortDirection=ASC',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await searchBrands(t.db, { brandName: '포도' }));
    expect((await get('/display/brands/search?sortCriterion=X')).status).toBe(400);
    expect((await get('/display/brands/search?pageSize=0')).status).toBe(400);
  });
});
