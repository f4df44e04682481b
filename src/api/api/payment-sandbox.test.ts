import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, guestToken, reserveBody } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { loadPaymentConfig, usePaymentConfigForTests } from '../../server/adapters/payment/config.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

async function reserved(payType: string) {
  const guest = { guestToken: guestToken() };
  const sheet = await api.post(
    '/shop-api/order-sheets',
    { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
    guest,
  );
  const res = await api.post(
    '/shop-api/payments/reserve',
    reserveBody(sheet.body.orderSheetNo, 21000, { payType, guestPassword: 'guest1234' }),
    guest,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('sandbox provider routes', () => {
  it('answer 400 for a malformed payment id and 404 for an unknown one', async () => {
    expect((await api.get('/api/payment-sandbox/payments/nope')).status).toBe(400);
    expect((await api.get(`/api/payment-sandbox/payments/pay_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await api.post(`/api/payment-sandbox/payments/pay_${'0'.repeat(32)}/approve`, {})).status).toBe(
      404,
    );
    expect((await api.post(`/api/payment-sandbox/payments/pay_${'0'.repeat(32)}/refund`, {})).status).toBe(
      400,
    );
  });

  it('offer only the actions the payment allows now', async () => {
    const card = await reserved('MOBILE');
    expect((await api.post(`/api/payment-sandbox/payments/${card.paymentId}/deposit`, {})).status).toBe(409);
    await api.post(`/api/payment-sandbox/payments/${card.paymentId}/approve`, {});
    const after = await api.get(`/api/payment-sandbox/payments/${card.paymentId}`);
    expect(after.body).toMatchObject({ status: 'PAID', actions: [], payTypeLabel: '휴대폰결제' });
    expect((await api.post(`/api/payment-sandbox/payments/${card.paymentId}/cancel`, {})).status).toBe(409);
  });

  it('show the virtual account the page must display', async () => {
    const va = await reserved('VIRTUAL_ACCOUNT');
    const approved = await api.post(`/api/payment-sandbox/payments/${va.paymentId}/approve`, {});
    expect(approved.body.payment).toMatchObject({ status: 'VIRTUAL_ACCOUNT_ISSUED', actions: ['deposit'] });
    expect(approved.body.payment.virtualAccount.dueYmdt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const order = await api.get(`/shop-api/guest/orders/${va.orderNo}`, {});
    expect(order.status).toBe(404);
  });
});

describe('sandbox outside a demo on the sandbox', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    usePaymentConfigForTests(undefined);
  });

  it('is not there in live mode: an order cannot be "paid" through the public approve route', async () => {
    const card = await reserved('CREDIT_CARD');
    vi.stubEnv('SHOP_MODE', 'live');
    resetEnvForTests();
    expect((await api.post(`/api/payment-sandbox/payments/${card.paymentId}/approve`, {})).status).toBe(404);
    expect((await api.get(`/api/payment-sandbox/payments/${card.paymentId}`)).status).toBe(404);
    expect((await api.post('/api/payments/webhook/sandbox', {})).status).toBe(404);
    vi.unstubAllEnvs();
    resetEnvForTests();
    const still = await api.get(`/api/payment-sandbox/payments/${card.paymentId}`);
    expect(still.body).toMatchObject({ status: 'READY' });
  });

  it('is not there when the shop takes payments through PortOne', async () => {
    const card = await reserved('CREDIT_CARD');
    usePaymentConfigForTests(
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'portone',
        PORTONE_API_SECRET: 'secret',
        PORTONE_STORE_ID: 'store',
        PORTONE_WEBHOOK_SECRET: 'whsec_x',
      }),
    );
    expect((await api.post(`/api/payment-sandbox/payments/${card.paymentId}/approve`, {})).status).toBe(404);
  });
});
