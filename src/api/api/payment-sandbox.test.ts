import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, guestToken, reserveBody } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
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
