import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, reserveBody, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../../api/app.ts';
import { loadPaymentConfig, usePaymentConfigForTests } from '../adapters/payment/config.ts';
import { createSandboxAdapter } from '../adapters/payment/sandbox.ts';
import { PaymentProviderError, usePaymentProviderForTests } from '../adapters/payment/index.ts';
import { runCommerceMaintenance } from './maintenance.ts';
import { confirmPayment } from './workflows/confirm-payment.ts';

let t: TestDb;
let alice: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db);
});
afterAll(() => t.close());
afterEach(() => {
  usePaymentConfigForTests(undefined);
  usePaymentProviderForTests('sandbox', undefined);
});

const status = async (orderNo: string) =>
  (
    await t.db.execute({
      sql: 'SELECT order_status, refund_status FROM orders WHERE order_no = ?',
      args: [orderNo],
    })
  ).rows[0];

async function paidButUnconfirmed() {
  const sheet = await api.post(
    '/shop-api/order-sheets',
    { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
    alice,
  );
  const res = await api.post(
    '/shop-api/payments/reserve',
    reserveBody(sheet.body.orderSheetNo, 21000),
    alice,
  );
  await api.post(`/api/payment-sandbox/payments/${res.body.paymentId}/approve`, {});
  return res.body as { orderNo: string; paymentId: string };
}

describe('runCommerceMaintenance', () => {
  it('completes an order whose webhook and return were both lost', async () => {
    usePaymentConfigForTests({ ...loadPaymentConfig(), sandboxWebhook: 'off' });
    const r = await paidButUnconfirmed();
    expect(await status(r.orderNo)).toMatchObject({ order_status: 'PAY_WAIT' });
    await runCommerceMaintenance(t.db, new Date(Date.now() + 15 * 60_000));
    expect(await status(r.orderNo)).toMatchObject({ order_status: 'PAY_DONE' });
  });

  it('keeps a refund the provider could not make REQUIRED, and makes it on a later pass', async () => {
    usePaymentConfigForTests({ ...loadPaymentConfig(), sandboxWebhook: 'off' });
    await t.db.execute('UPDATE product_options SET stock_cnt = 1 WHERE option_no = 1011');
    const first = await paidButUnconfirmed();
    const second = await paidButUnconfirmed();
    const real = createSandboxAdapter(loadPaymentConfig());
    usePaymentProviderForTests('sandbox', {
      ...real,
      cancel: async () => {
        throw new PaymentProviderError('provider down');
      },
    });
    const confirm = (r: { orderNo: string; paymentId: string }) =>
      confirmPayment(t.db, r.orderNo, r.paymentId, { source: 'return' });
    await confirm(first);
    const lost = await confirm(second);
    expect(lost).toMatchObject({
      orderStatus: 'CANCEL_DONE',
      refundStatus: 'REQUIRED',
      failure: { code: 'SOLD_OUT' },
    });
    usePaymentProviderForTests('sandbox', undefined);
    const pass = await runCommerceMaintenance(t.db);
    expect(pass.refunds).toEqual({ tried: 1, done: 1 });
    expect(await status(second.orderNo)).toMatchObject({
      order_status: 'CANCEL_DONE',
      refund_status: 'DONE',
    });
    const sandbox = await api.get(`/api/payment-sandbox/payments/${second.paymentId}`);
    expect(sandbox.body.status).toBe('CANCELLED');
  });

  it('cancels a virtual account past its due time and gives the held stock back', async () => {
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [{ productNo: 103, optionNo: 1031, orderCnt: 1 }] },
      alice,
    );
    const res = await api.post(
      '/shop-api/payments/reserve',
      reserveBody(sheet.body.orderSheetNo, 41500, { payType: 'VIRTUAL_ACCOUNT' }),
      alice,
    );
    const before = Number(
      (await t.db.execute('SELECT stock_cnt FROM product_options WHERE option_no = 1031')).rows[0]!.stock_cnt,
    );
    await api.post(`/api/payment-sandbox/payments/${res.body.paymentId}/approve`, {});
    expect(await status(res.body.orderNo)).toMatchObject({ order_status: 'DEPOSIT_WAIT' });
    const pass = await runCommerceMaintenance(t.db, new Date(Date.now() + 80 * 3600_000));
    expect(pass.overdueDeposits).toBe(1);
    expect(await status(res.body.orderNo)).toMatchObject({ order_status: 'CANCEL_DONE' });
    expect(
      Number(
        (await t.db.execute('SELECT stock_cnt FROM product_options WHERE option_no = 1031')).rows[0]!
          .stock_cnt,
      ),
    ).toBe(before);
  });
});
