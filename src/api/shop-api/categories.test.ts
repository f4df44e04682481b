import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { getCategories, getCategory } from '../../server/catalog/service.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
const app = createApiApp();
const get = (path: string) =>
  app.request(`/shop-api${path}`, { headers: { Version: '1.0', platform: 'PC' } });

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('GET /categories', () => {
  it('answers the category tree, cacheable', async () => {
    for (const path of ['/categories', '/categories/']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(await getCategories(t.db));
      expect(res.headers.get('cache-control')).toMatch(/^public/);
    }
    const filtered = await (await get('/categories?keyword=%EC%9A%B4%EB%8F%99')).json();
    expect(filtered.multiLevelCategories.map((c: { categoryNo: number }) => c.categoryNo)).toEqual([757067]);
  });

  it('rejects unknown query values', async () => {
    expect((await get('/categories?depth=2')).status).toBe(400);
  });
});

describe('GET /categories/{categoryNo}', () => {
  it('answers one category', async () => {
    const res = await get('/categories/529106');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await getCategory(t.db, 529106));
  });

  it('answers 404 for an unknown category and 400 for a non-number', async () => {
    const missing = await get('/categories/123');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: expect.stringMatching(/카테고리/) });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const bad = await get('/categories/abc');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/카테고리 번호/);
  });
});
