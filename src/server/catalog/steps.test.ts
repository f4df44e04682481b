import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { productsToCheck, productsToPrice, type ProductToCheck } from './steps.ts';

/**
 * The lean read of an add to cart (`productsToCheck`, decision 052) must say what the detail and
 * options answers say (`productsToPrice`) about every value the line rules read: it has its own
 * SQL, so this keeps the two in step over every state of the fixture catalogue.
 */

let t: TestDb;
const ALL = [101, 102, 103, 104, 105, 106, 107, 108, 109, 999];

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  // a customisable product on a template, with limits, and a product whose sale has ended
  await t.db.execute(
    `UPDATE products SET customizable = 1, design_template_id = 'dampener-round', min_buy_cnt = 2,
       max_buy_time_cnt = 5, max_buy_person_cnt = 7 WHERE product_no = 101`,
  );
  await t.db.execute("UPDATE products SET sale_end_ymdt = '2024-03-01T00:00:00.000Z' WHERE product_no = 109");
});
afterAll(() => t.close());

/** The rules' values as the detail and the options answers carry them. */
function fromDetail(productNos: readonly number[]) {
  return productsToPrice(t.db, productNos).then((found) => {
    const out = new Map<number, ProductToCheck>();
    for (const [no, { product, options }] of found) {
      out.set(no, {
        productNo: product.baseInfo.productNo,
        productName: product.baseInfo.productName,
        saleStatusType: product.status.saleStatusType as ProductToCheck['saleStatusType'],
        soldout: product.status.soldout,
        customizable: product.extra.customizable,
        designTemplateId: product.extra.designTemplateId,
        minBuyCnt: product.limitations.minBuyCnt,
        maxBuyTimeCnt: product.limitations.maxBuyTimeCnt,
        maxBuyPersonCnt: product.limitations.maxBuyPersonCnt,
        labels: options.labels,
        options: options.flatOptions.map((o) => ({
          optionNo: o.optionNo,
          value: o.value,
          stockCnt: o.stockCnt,
          saleType: o.saleType as 'AVAILABLE' | 'SOLD_OUT',
        })),
        inputs: options.inputs,
      });
    }
    return out;
  });
}

describe('productsToCheck', () => {
  it('says what the detail and options answers say, for every product state, in one statement', async () => {
    const now = new Date();
    const lean = await productsToCheck(t.db, ALL, now);
    const full = await fromDetail(ALL);
    // stopped (106) and unknown (999) products are missing from both
    expect([...lean.keys()].sort()).toEqual([101, 102, 103, 104, 105, 107, 108, 109]);
    expect([...lean.keys()].sort()).toEqual([...full.keys()].sort());
    for (const [no, product] of lean) expect(product, `product ${no}`).toEqual(full.get(no));
  });

  it('carries the states the rules act on', async () => {
    const lean = await productsToCheck(t.db, ALL);
    expect(lean.get(101)).toMatchObject({
      customizable: true,
      designTemplateId: 'dampener-round',
      minBuyCnt: 2,
      maxBuyTimeCnt: 5,
      maxBuyPersonCnt: 7,
    });
    expect(lean.get(102)?.options.map((o) => [o.value, o.saleType])).toEqual([
      ['검정', 'AVAILABLE'],
      ['흰색', 'SOLD_OUT'],
    ]);
    expect(lean.get(103)?.options.find((o) => o.value === '회색|6mm')).toMatchObject({
      stockCnt: 4,
      saleType: 'SOLD_OUT',
    });
    expect(lean.get(104)?.inputs.some((i) => i.required)).toBe(true);
    expect(lean.get(105)?.soldout).toBe(true);
    expect(lean.get(107)).toMatchObject({ soldout: true });
    expect(lean.get(107)?.options.every((o) => o.saleType === 'SOLD_OUT')).toBe(true);
    expect(lean.get(108)?.saleStatusType).toBe('READY');
    expect(lean.get(109)?.saleStatusType).toBe('FINISHED');
  });

  it('is empty for no product, and reads each product once when asked twice', async () => {
    expect((await productsToCheck(t.db, [])).size).toBe(0);
    const twice = await productsToCheck(t.db, [101, 101, -1, 1.5]);
    expect([...twice.keys()]).toEqual([101]);
  });
});
