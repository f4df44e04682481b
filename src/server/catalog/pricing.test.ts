import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import {
  availableStock,
  effectiveSaleStatus,
  immediateDiscountAmt,
  isProductSoldOut,
  optionBuyPrice,
  withinPeriod,
  type DiscountSource,
} from './pricing.ts';
import {
  optionTotalsSql,
  PRICE_SQL,
  SOLD_OUT_OF_TOTALS_SQL,
  SOLD_OUT_SQL,
  STOCK_OF_TOTALS_SQL,
  STOCK_SQL,
} from './repo.ts';

const NOW = new Date('2025-06-01T00:00:00.000Z');
const base: DiscountSource = {
  sale_price: 10000,
  immediate_discount_value: 0,
  immediate_discount_unit: 'WON',
  immediate_discount_start_ymdt: null,
  immediate_discount_end_ymdt: null,
};

describe('immediate discount', () => {
  it('applies an amount or a percent, never below zero', () => {
    expect(immediateDiscountAmt({ ...base, immediate_discount_value: 1500 }, NOW)).toBe(1500);
    expect(
      immediateDiscountAmt({ ...base, immediate_discount_value: 15, immediate_discount_unit: 'RATE' }, NOW),
    ).toBe(1500);
    expect(immediateDiscountAmt({ ...base, immediate_discount_value: 99999 }, NOW)).toBe(10000);
    expect(
      immediateDiscountAmt({ ...base, immediate_discount_value: 150, immediate_discount_unit: 'RATE' }, NOW),
    ).toBe(10000);
  });

  it('applies only within its period, end excluded', () => {
    const d = { ...base, immediate_discount_value: 1000 };
    const at = (start: string | null, end: string | null) =>
      immediateDiscountAmt(
        { ...d, immediate_discount_start_ymdt: start, immediate_discount_end_ymdt: end },
        NOW,
      );
    expect(at('2025-01-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z')).toBe(1000);
    expect(at('2025-07-01T00:00:00.000Z', null)).toBe(0);
    expect(at(null, '2025-05-31T00:00:00.000Z')).toBe(0);
    expect(at(null, NOW.toISOString())).toBe(0);
    expect(at(NOW.toISOString(), null)).toBe(1000);
    expect(withinPeriod(null, null, NOW)).toBe(true);
  });

  it('adds an option price after the discount', () => {
    expect(optionBuyPrice(10000, 1000, 3000)).toBe(12000);
  });
});

describe('sold out and sale status', () => {
  it('is sold out when forced, or when no option has stock and is not forced', () => {
    expect(isProductSoldOut(0, [{ stock_cnt: 1, forced_sold_out: 0 }])).toBe(false);
    expect(isProductSoldOut(1, [{ stock_cnt: 1, forced_sold_out: 0 }])).toBe(true);
    expect(
      isProductSoldOut(0, [
        { stock_cnt: 0, forced_sold_out: 0 },
        { stock_cnt: 5, forced_sold_out: 1 },
      ]),
    ).toBe(true);
    expect(isProductSoldOut(0, [])).toBe(true);
  });

  it('shows ONSALE before its start as READY and after its end as FINISHED', () => {
    const p = {
      sale_status: 'ONSALE' as const,
      sale_start_ymdt: '2025-01-01T00:00:00.000Z',
      sale_end_ymdt: null,
    };
    expect(effectiveSaleStatus(p, NOW)).toBe('ONSALE');
    expect(effectiveSaleStatus({ ...p, sale_start_ymdt: '2026-01-01T00:00:00.000Z' }, NOW)).toBe('READY');
    expect(effectiveSaleStatus({ ...p, sale_end_ymdt: '2025-02-01T00:00:00.000Z' }, NOW)).toBe('FINISHED');
    expect(effectiveSaleStatus({ ...p, sale_status: 'STOP' }, NOW)).toBe('STOP');
  });
});

describe('the SQL mirrors of the rules', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('PRICE_SQL gives the same price as immediateDiscountAmt for every kind of discount', async () => {
    const cases: DiscountSource[] = [];
    for (const price of [0, 999, 10000, 12345])
      for (const [value, unit] of [
        [0, 'WON'],
        [500, 'WON'],
        [20000, 'WON'],
        [7, 'RATE'],
        [33, 'RATE'],
        [100, 'RATE'],
        [120, 'RATE'],
      ] as const)
        for (const [start, end] of [
          [null, null],
          ['2025-01-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z'],
          ['2025-07-01T00:00:00.000Z', null],
          [null, '2025-05-01T00:00:00.000Z'],
        ] as const)
          cases.push({
            sale_price: price,
            immediate_discount_value: value,
            immediate_discount_unit: unit,
            immediate_discount_start_ymdt: start,
            immediate_discount_end_ymdt: end,
          });
    const values = cases.map((_, i) => `(:p${i}, :v${i}, :u${i}, :s${i}, :e${i}, ${i})`).join(', ');
    const args: Record<string, string | number | null> = { now: NOW.toISOString() };
    cases.forEach((c, i) => {
      args[`p${i}`] = c.sale_price;
      args[`v${i}`] = c.immediate_discount_value;
      args[`u${i}`] = c.immediate_discount_unit;
      args[`s${i}`] = c.immediate_discount_start_ymdt;
      args[`e${i}`] = c.immediate_discount_end_ymdt;
    });
    const rs = await t.db.execute({
      sql: `WITH p(sale_price, immediate_discount_value, immediate_discount_unit, immediate_discount_start_ymdt,
          immediate_discount_end_ymdt, i) AS (VALUES ${values})
        SELECT i, ${PRICE_SQL} AS price FROM p ORDER BY i`,
      args,
    });
    const fromSql = rs.rows.map((r) => r.price);
    expect(fromSql).toEqual(cases.map((c) => c.sale_price - immediateDiscountAmt(c, NOW)));
  });

  it('SOLD_OUT_SQL and STOCK_SQL agree with isProductSoldOut and availableStock', async () => {
    await t.db.batch(
      [
        "INSERT INTO partners (partner_no, partner_name) VALUES (1, 'p')",
        "INSERT INTO delivery_templates (template_no, partner_no, template_name, delivery_condition_type) VALUES (1, 1, 't', 'FREE')",
        ...[1, 2, 3, 4].map(
          (
            n,
          ) => `INSERT INTO products (product_no, slug, product_name, partner_no, delivery_template_no, sale_start_ymdt,
            sale_price, forced_sold_out, register_ymdt, updated_ymdt) VALUES (${n}, 's${n}', 'n', 1, 1, 'x', 1, ${n === 4 ? 1 : 0}, 'x', 'x')`,
        ),
        'INSERT INTO product_options (product_no, stock_cnt, forced_sold_out) VALUES (1, 3, 0), (2, 0, 0), (2, 4, 1), (4, 9, 0)',
      ],
      'write',
    );
    const rs = await t.db.execute(
      `SELECT product_no, ${SOLD_OUT_SQL} AS sold_out, ${STOCK_SQL} AS stock FROM products p ORDER BY product_no`,
    );
    const options = await t.db.execute('SELECT product_no, stock_cnt, forced_sold_out FROM product_options');
    const expected = [1, 2, 3, 4].map((n) =>
      isProductSoldOut(
        n === 4 ? 1 : 0,
        options.rows
          .filter((o) => o.product_no === n)
          .map((o) => ({ stock_cnt: Number(o.stock_cnt), forced_sold_out: Number(o.forced_sold_out) })),
      )
        ? 1
        : 0,
    );
    expect(rs.rows.map((r) => r.sold_out)).toEqual(expected);
    expect(expected).toEqual([0, 1, 1, 1]);
    const stockOf = (n: number) =>
      availableStock(
        options.rows
          .filter((o) => o.product_no === n)
          .map((o) => ({ stock_cnt: Number(o.stock_cnt), forced_sold_out: Number(o.forced_sold_out) })),
      );
    expect(rs.rows.map((r) => r.stock)).toEqual([1, 2, 3, 4].map(stockOf));
    expect(rs.rows.map((r) => r.stock)).toEqual([3, 0, 0, 9]);

    // the lists' one-pass form says the same
    const totals = await t.db.execute(
      `WITH o AS (${optionTotalsSql('SELECT product_no FROM products')})
      SELECT p.product_no, ${SOLD_OUT_OF_TOTALS_SQL} AS sold_out, ${STOCK_OF_TOTALS_SQL} AS stock
      FROM products p LEFT JOIN o ON o.product_no = p.product_no ORDER BY p.product_no`,
    );
    expect(totals.rows.map((r) => [r.sold_out, r.stock])).toEqual(rs.rows.map((r) => [r.sold_out, r.stock]));
  });
});
