import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../../tests/fixtures/paid-orders.ts';
import { createApiApp } from '../../../api/app.ts';
import { moveOptionStock, stockLedger } from './stock.ts';

/**
 * The stock ledger is the stock's whole history: whatever sells, cancels or adjusts, every option's
 * stock equals the sum of its ledger lines. A stock write that forgets its line fails this test.
 */

let t: TestDb;
let alice: Shopper;
const api = apiClient(createApiApp());
const manager = { memberNo: 1, name: '김관리' };

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
});
afterAll(() => t.close());

async function drift() {
  const rs = await t.db.execute(`SELECT o.option_no, o.stock_cnt, COALESCE(SUM(l.delta), 0) AS total
    FROM product_options o LEFT JOIN stock_ledger l ON l.option_no = o.option_no
    GROUP BY o.option_no HAVING o.stock_cnt <> total`);
  return rs.rows.map((r) => ({ optionNo: r.option_no, stock: r.stock_cnt, ledger: r.total }));
}

describe('stock ledger', () => {
  // the orderer named on the order sheet (tests/fixtures/commerce.ts ORDERER) is who the line names
  it('records the order, the cancel and the manager’s moves, and always adds up to the stock', async () => {
    expect(await drift()).toEqual([]);
    const order = await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 2 }]);
    const line = (
      await t.db.execute({
        sql: 'SELECT order_option_no FROM order_options WHERE order_no = ?',
        args: [order.orderNo],
      })
    ).rows[0]!;
    const cancel = await api.post(
      '/shop-api/profile/claims/cancel',
      {
        claimReasonType: 'CHANGE_MIND',
        claimReasonDetail: '마음이 바뀌었어요',
        claimedProductOptions: [{ orderProductOptionNo: Number(line.order_option_no), productCnt: 1 }],
      },
      alice,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await moveOptionStock(t.db, 101, 1011, { kind: 'RECEIVE', quantity: 20, memo: '입고' }, manager);
    await moveOptionStock(t.db, 102, 1021, { kind: 'COUNT', counted: 2, memo: '' }, manager);
    expect(await drift()).toEqual([]);

    const ledger = await stockLedger(t.db, { productNo: 101, optionNo: 1011, pageNumber: 1, pageSize: 10 });
    expect(ledger.items.map((l) => [l.reasonLabel, l.channel, l.delta, l.stockAfter, l.actorLabel])).toEqual([
      ['입고', 'MANAGER', 20, 29, '김관리'],
      ['주문 취소', 'WEB', 1, 9, '주문자 홍길동'],
      ['주문', 'WEB', -2, 8, '주문자 홍길동'],
      ['최초 등록', 'MANAGER', 10, 10, '시스템'],
    ]);
    expect(ledger.items[2]!.ref).toBe(order.orderNo);
    expect(ledger.items[1]!.ref).toContain(order.orderNo);
    const counted = await stockLedger(t.db, { productNo: 102, optionNo: 1021, pageNumber: 1, pageSize: 10 });
    expect(counted.items[0]).toMatchObject({ reason: 'COUNT', delta: -3, stockAfter: 2 });
  });
});
