import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { BEST_RANKS, NEW_FOR_DAYS, productBadges } from './badges.ts';
import { searchProducts } from './service.ts';

describe('productBadges (decision 030)', () => {
  const now = new Date('2026-11-26T00:00:00.000Z');
  const row = {
    delivery_condition_type: 'FIXED_FEE' as const,
    register_ymdt: '2026-01-01T00:00:00.000Z',
    best_rank: null,
  };

  it('무료배송 only for a free delivery template', () => {
    expect(productBadges({ ...row, delivery_condition_type: 'FREE' }, now).freeDelivery).toBe(true);
    expect(productBadges({ ...row, delivery_condition_type: 'CONDITIONAL' }, now).freeDelivery).toBe(false);
    expect(productBadges(row, now).freeDelivery).toBe(false);
  });

  it(`NEW for ${NEW_FOR_DAYS} days after registration`, () => {
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    expect(productBadges({ ...row, register_ymdt: daysAgo(NEW_FOR_DAYS - 1) }, now).isNew).toBe(true);
    expect(productBadges({ ...row, register_ymdt: daysAgo(NEW_FOR_DAYS + 1) }, now).isNew).toBe(false);
    // registered in the future (a typo in the back office): not new yet
    expect(productBadges({ ...row, register_ymdt: daysAgo(-2) }, now).isNew).toBe(false);
  });

  it(`BEST with its rank for the first ${BEST_RANKS} best sellers only`, () => {
    expect(productBadges({ ...row, best_rank: 1 }, now).bestRank).toBe(1);
    expect(productBadges({ ...row, best_rank: BEST_RANKS }, now).bestRank).toBe(BEST_RANKS);
    expect(productBadges({ ...row, best_rank: BEST_RANKS + 1 }, now).bestRank).toBeNull();
    expect(productBadges(row, now).bestRank).toBeNull();
  });
});

describe('list items carry their badges', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seedCatalogFixture(t.db);
  });
  afterAll(() => t.close());

  it('ranks by units sold among listed products (a stopped one is not counted), free delivery, NEW', async () => {
    await t.db.execute({
      sql: 'UPDATE products SET register_ymdt = ? WHERE product_no = 104',
      args: [new Date().toISOString()],
    });
    const r = await searchProducts(t.db, { pageSize: 200 });
    const badges = Object.fromEntries(r.items.map((i) => [i.productNo, i.extra.badges]));
    // sale counts: 103 80, 101 50, 102 30, 104 10, 105 5, 107 1, 108 0 (106 sold 999 but is stopped)
    expect(badges[103]).toEqual({ freeDelivery: false, isNew: false, bestRank: 1 });
    expect(badges[101]?.bestRank).toBe(2);
    expect(badges[102]?.bestRank).toBe(3);
    expect(badges[104]).toEqual({ freeDelivery: false, isNew: true, bestRank: 4 });
    expect(badges[107]).toEqual({ freeDelivery: true, isNew: false, bestRank: 6 });
    expect(badges[108]?.bestRank).toBeNull();
  });
});
