import type { Client, Transaction, TransactionMode } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import type { Db } from '../db/client.ts';
import { addToCart, getCart } from './service.ts';

/**
 * Adds of the same moment share one write transaction, each in its own savepoint (decision 052):
 * fewer commits (fsyncs) than adds, and one add's failure never takes another's line with it.
 */

let t: TestDb;
let shoppers: Shopper[];
let transactions = 0;
let db: Db;

/** The database, counting the write transactions opened through it. */
function counting(client: Client): Client {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'transaction') {
        return (mode?: TransactionMode): Promise<Transaction> => {
          if (mode !== 'read') transactions += 1;
          return target.transaction(mode);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  shoppers = [];
  for (let i = 0; i < 12; i++) shoppers.push(await createShopper(t.db, `동시${i}`));
  db = counting(t.db);
});
afterAll(() => t.close());

const linesOf = async (memberNo: number) =>
  (await getCart(t.db, memberNo)).deliveryGroups.flatMap((g) =>
    g.orderProducts.flatMap((p) => p.orderProductOptions.map((o) => [o.optionNo, o.orderCnt])),
  );

describe('cart adds committed together', () => {
  it('twelve shoppers adding at once share fewer transactions than adds, and every line is kept', async () => {
    transactions = 0;
    const results = await Promise.all(
      shoppers.map((s) => addToCart(db, s.memberNo, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }])),
    );
    expect(results.map((r) => r.count)).toEqual(shoppers.map(() => 1));
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(shoppers.length);
    for (const s of shoppers) expect(await linesOf(s.memberNo)).toEqual([[1011, 1]]);
  });

  it('an add that fails is rolled back alone: its line written before the failure is not kept', async () => {
    const [a, b, c] = shoppers as [Shopper, Shopper, Shopper];
    transactions = 0;
    const first = await Promise.allSettled([
      addToCart(db, a.memberNo, [{ productNo: 103, optionNo: 1031, orderCnt: 1 }]),
      addToCart(db, b.memberNo, [{ productNo: 102, optionNo: 1021, orderCnt: 1 }]),
      addToCart(db, c.memberNo, [{ productNo: 103, optionNo: 1031, orderCnt: 2 }]),
    ]);
    expect(first.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(transactions).toBe(1);
    // b's existing 102 검정 line goes up first, then its new 보라|10mm line (2 in stock) fails
    const again = await Promise.allSettled([
      addToCart(db, a.memberNo, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
      addToCart(db, b.memberNo, [
        { productNo: 102, optionNo: 1021, orderCnt: 1 },
        { productNo: 103, optionNo: 1032, orderCnt: 3 },
      ]),
      addToCart(db, c.memberNo, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]),
    ]);
    expect(again.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((again[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SOLD_OUT',
      message: '재고가 부족합니다. (요가 매트 프로, 남은 수량 2개)',
    });
    expect(transactions).toBe(2);
    expect(await linesOf(a.memberNo)).toEqual([
      [1011, 2],
      [1031, 1],
    ]);
    expect(await linesOf(b.memberNo)).toEqual([
      [1011, 1],
      [1021, 1],
    ]);
    expect(await linesOf(c.memberNo)).toEqual([
      [1011, 2],
      [1031, 2],
    ]);
  });

  it("one shopper's adds of the same option at once end as one line holding both", async () => {
    const d = shoppers[3]!;
    const both = await Promise.all([
      addToCart(db, d.memberNo, [{ productNo: 102, optionNo: 1021, orderCnt: 1 }]),
      addToCart(db, d.memberNo, [{ productNo: 102, optionNo: 1021, orderCnt: 2 }]),
    ]);
    expect(both.map((r) => r.extra.lines[0]?.increased)).toEqual([false, true]);
    expect(await linesOf(d.memberNo)).toEqual([
      [1011, 1],
      [1021, 3],
    ]);
  });
});
