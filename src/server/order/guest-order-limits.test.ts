import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import {
  ADDRESS,
  apiClient,
  guestToken,
  reserveBody,
  SHOP_HEADERS,
} from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { verifyPassword } from '../auth/password.ts';

// Every password check the guest order lookup makes, counted (the real check still runs).
vi.mock('../auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/password.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checks = vi.mocked(verifyPassword);

let t: TestDb;
const app = createApiApp();
const api = apiClient(app);

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute("DELETE FROM login_attempts WHERE scope LIKE 'guest-order-%'");
  checks.mockClear();
});

/** A guest order (waiting for payment is enough to look it up) with the order password 'guest1234'. */
async function guestOrder(): Promise<string> {
  const guest = { guestToken: guestToken() };
  const products = [{ productNo: 103, optionNo: 1031, orderCnt: 1 }];
  const sheet = await api.post('/shop-api/order-sheets', { products }, guest);
  expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
  const sheetNo = sheet.body.orderSheetNo as string;
  const calc = await api.post(
    `/shop-api/order-sheets/${sheetNo}/calculate`,
    { addressRequest: { receiverZipCd: ADDRESS.receiverZipCd }, accumulationUseAmt: 0 },
    guest,
  );
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  const reserved = await api.post(
    '/shop-api/payments/reserve',
    reserveBody(sheetNo, calc.body.paymentInfo.paymentAmt, { tempPassword: 'guest1234' }),
    guest,
  );
  expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
  return reserved.body.orderNo as string;
}

/** One separate HTTP request, from `ip` as Astro's Node adapter would pass it. */
async function lookUp(orderNo: string, password: string, ip: string) {
  const request = new Request(`http://localhost/shop-api/guest/orders/${orderNo}`, {
    method: 'POST',
    headers: { ...SHOP_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  Reflect.set(request, Symbol.for('astro.clientAddress'), ip);
  const res = await app.request(request);
  return { status: res.status, body: (await res.json()) as { code?: string; guestToken?: string } };
}

const refused = (answers: { status: number; body: { code?: string } }[]) => {
  for (const a of answers) {
    expect([401, 429]).toContain(a.status);
    expect(a.body.code).toBe(a.status === 401 ? 'GUEST_ORDER_AUTH_FAILED' : 'GUEST_ORDER_LOCKED');
  }
  return answers.filter((a) => a.status === 401).length;
};

describe('guest order password limits under parallel requests', () => {
  it('checks at most 5 passwords per order however many requests run at once, from any number of IPs', async () => {
    const orderNo = await guestOrder();
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => lookUp(orderNo, `wrong-${i}-pw`, `198.51.100.${i + 1}`)),
    );
    // counted before checking, atomically: exactly the first 5 counts get a check
    expect(checks.mock.calls.length).toBe(5);
    expect(refused(answers)).toBe(5);

    // the order stays locked for its window, even for the right password from a new address
    const locked = await lookUp(orderNo, 'guest1234', '192.0.2.200');
    expect(locked).toMatchObject({ status: 429, body: { code: 'GUEST_ORDER_LOCKED' } });
    expect(checks.mock.calls.length).toBe(5);
  });

  it('checks at most 20 passwords per IP across orders at once, and a success is not counted', async () => {
    const orderNo = await guestOrder();
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        lookUp(`2026010100000000${String(i).padStart(4, '0')}`, 'wrong-pw', '203.0.113.50'),
      ),
    );
    expect(checks.mock.calls.length).toBe(20);
    expect(refused(answers)).toBe(20);
    const fromThere = await lookUp(orderNo, 'guest1234', '203.0.113.50');
    expect(fromThere).toMatchObject({ status: 429, body: { code: 'GUEST_ORDER_LOCKED' } });

    // the owner from another address: 4 wrong, then right, then the order's count starts again
    for (let i = 0; i < 4; i++) expect((await lookUp(orderNo, `typo-${i}-pw`, '192.0.2.7')).status).toBe(401);
    const right = await lookUp(orderNo, 'guest1234', '192.0.2.7');
    expect(right.status).toBe(200);
    expect(right.body.guestToken).toBeTruthy();
    expect((await lookUp(orderNo, 'typo-again', '192.0.2.7')).status).toBe(401);
  });
});
