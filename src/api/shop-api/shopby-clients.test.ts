import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { ADDRESS, reserveBody, returnParams } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, STRONG_PASSWORD } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/cookies.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';

/**
 * A Shopby client on its own origin (decision 017): registered in API_CLIENTS, it signs in with
 * the token in the body and no cookie, runs Shopby's guest order flow, and edits the profile with
 * the SDK's currentPassword.
 */

const SKIN = 'https://skin.example.com';
/** What a skin's browser sends: its origin, cross-site, and its clientId. */
const SKIN_HEADERS = {
  Origin: SKIN,
  'Sec-Fetch-Site': 'cross-site',
  Version: '1.0',
  clientId: 'skin-a',
  platform: 'PC',
};
const previous = process.env.API_CLIENTS;
let t: TestDb;

beforeAll(async () => {
  process.env.API_CLIENTS = JSON.stringify([{ clientId: 'skin-a', origins: [SKIN] }]);
  resetEnvForTests();
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => {
  t.close();
  if (previous === undefined) delete process.env.API_CLIENTS;
  else process.env.API_CLIENTS = previous;
  resetEnvForTests();
});

/** A member joined through the shop's own pages, and a fresh client for the skin. */
async function member() {
  const own = new Client();
  const { body } = await own.join();
  return { body, skin: new Client(own.api) };
}

describe('sign-in from a registered client', () => {
  it('gets the token in the body and no cookie, and the token works as the header', async () => {
    const { body, skin } = await member();
    const res = await skin.login(body.memberId, body.password, {}, { headers: SKIN_HEADERS });
    expect(res.status).toBe(200);
    const { accessToken, expireIn } = await res.json();
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expireIn).toBeGreaterThan(0);
    expect(res.headers.getSetCookie()).toEqual([]);
    const profile = await skin.call('/shop-api/profile', { headers: { ...SKIN_HEADERS, accessToken } });
    expect(profile.status).toBe(200);
    expect((await profile.json()).email).toBe(body.email);
  });

  it('treats a registered origin with another clientId as a browser: cookie, empty body token', async () => {
    const { body, skin } = await member();
    const res = await skin.login(
      body.memberId,
      body.password,
      {},
      {
        headers: { ...SKIN_HEADERS, clientId: 'someone-else' },
      },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).accessToken).toBe('');
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=`))).toBe(true);
  });

  it("keeps the shop's own pages on the httpOnly cookie (decision 002)", async () => {
    const own = new Client();
    const { body } = await own.join();
    const res = await own.login(body.memberId, body.password);
    expect((await res.json()).accessToken).toBe('');
    expect(own.jar.cookies.get(ACCESS_TOKEN_COOKIE)).toBeTruthy();
  });

  it('never gives the cookie to a request authenticated by the header', async () => {
    const { body, skin } = await member();
    const first = await (await skin.login(body.memberId, body.password, {}, { browser: false })).json();
    // a same-site browser request that carries the header: a fresh session, in the body only
    const again = await skin.login(
      body.memberId,
      body.password,
      {},
      {
        headers: { accessToken: first.accessToken, 'Sec-Fetch-Site': 'same-origin' },
      },
    );
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await again.json()).accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a cookie-authenticated change from a foreign origin, registered or not', async () => {
    const own = new Client();
    const body = await own.joinAndLogin();
    for (const Origin of [SKIN, 'https://evil.example']) {
      const res = await own.call('/shop-api/profile/check-password', {
        body: { password: body.password },
        headers: { ...SKIN_HEADERS, Origin },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('csrf-origin');
    }
  });

  it('accepts a registered client’s header-authenticated change (no cookie)', async () => {
    const { body, skin } = await member();
    const { accessToken } = await (
      await skin.login(body.memberId, body.password, {}, { headers: SKIN_HEADERS })
    ).json();
    const res = await skin.call('/shop-api/profile/check-password', {
      body: { password: body.password },
      headers: { ...SKIN_HEADERS, accessToken },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).updateToken).toBeTruthy();
  });
});

describe("Shopby's guest order flow", () => {
  const api = createApiApp();
  async function call(path: string, init: { method?: string; body?: unknown; guestToken?: string } = {}) {
    const headers: Record<string, string> = { ...SKIN_HEADERS };
    if (init.guestToken) headers.guestToken = init.guestToken;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await api.request(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
    return { res, status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }

  it('starts an order sheet with no token, owned by the guest identity it is given', async () => {
    const sheet = await call('/shop-api/order-sheets', {
      body: { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
    });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const { orderSheetNo, guestToken } = sheet.body;
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sheet.res.headers.get('guestToken')).toBe(guestToken);
    expect(sheet.res.headers.getSetCookie()).toEqual([]);
    // the sheet is the guest's: read with its token, not without, not with another
    expect((await call(`/shop-api/order-sheets/${orderSheetNo}`, { guestToken })).status).toBe(200);
    expect((await call(`/shop-api/order-sheets/${orderSheetNo}`)).status).toBe(404);
    expect(
      (await call(`/shop-api/order-sheets/${orderSheetNo}`, { guestToken: 'x'.repeat(43) })).status,
    ).toBe(404);
    // each token-less sheet is a new guest
    const other = await call('/shop-api/order-sheets', {
      body: { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
    });
    expect(other.body.guestToken).not.toBe(guestToken);
  });

  it('pays, then issues a guest order token for the order password that reads the order', async () => {
    const sheet = await call('/shop-api/order-sheets', {
      body: { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
    });
    const { orderSheetNo, guestToken } = sheet.body;
    const calc = await call(`/shop-api/order-sheets/${orderSheetNo}/calculate`, {
      guestToken,
      body: { addressRequest: { receiverZipCd: ADDRESS.receiverZipCd }, accumulationUseAmt: 0 },
    });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    const reserved = await call('/shop-api/payments/reserve', {
      guestToken,
      body: reserveBody(orderSheetNo, calc.body.paymentInfo.paymentAmt, { tempPassword: 'guest1234' }),
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const { orderNo, paymentId } = reserved.body;
    const approved = await call(`/api/payment-sandbox/payments/${paymentId}/approve`, { body: {} });
    expect(approved.status).toBe(200);
    if (approved.body?.clientReturnUrl) {
      await call('/shop-api/payments/confirm', { body: returnParams(approved.body.clientReturnUrl) });
    }

    // Shopby's way: POST /guest/orders/{orderNo} with the order password → guestToken
    const wrong = await call(`/shop-api/guest/orders/${orderNo}`, {
      body: { orderRequestType: 'ALL', password: 'not-it-1' },
    });
    expect(wrong.status).toBe(401);
    const issued = await call(`/shop-api/guest/orders/${orderNo}`, {
      body: { orderRequestType: 'ALL', password: 'guest1234' },
    });
    expect(issued.status).toBe(200);
    expect(typeof issued.body.guestToken).toBe('string');
    const detail = await call(`/shop-api/guest/orders/${orderNo}`, { guestToken: issued.body.guestToken });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ orderNo, member: false });
    expect((await call(`/shop-api/guest/orders/${orderNo}`)).status).toBe(404);
  });
});

describe('PUT /profile with the SDK’s currentPassword', () => {
  async function signedInSkin() {
    const { body, skin } = await member();
    const { accessToken } = await (
      await skin.login(body.memberId, body.password, {}, { headers: SKIN_HEADERS })
    ).json();
    return { body, skin, headers: { ...SKIN_HEADERS, accessToken } };
  }

  it('edits with the right current password, without a user-update token', async () => {
    const { skin, headers } = await signedInSkin();
    const res = await skin.call('/shop-api/profile', {
      method: 'PUT',
      headers,
      body: { memberName: '박포도', currentPassword: STRONG_PASSWORD },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).memberName).toBe('박포도');
  });

  it('refuses a wrong current password (400 wrong-password) and changes nothing', async () => {
    const { skin, headers } = await signedInSkin();
    const res = await skin.call('/shop-api/profile', {
      method: 'PUT',
      headers,
      body: { memberName: '박포도', currentPassword: 'wrong-pass-1!' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('wrong-password');
    const profile = await skin.call('/shop-api/profile', { headers });
    expect((await profile.json()).memberName).toBe('김포도');
  });

  it('still needs a re-check when neither is sent (403 update-token-required)', async () => {
    const { skin, headers } = await signedInSkin();
    const res = await skin.call('/shop-api/profile', {
      method: 'PUT',
      headers,
      body: { memberName: '박포도' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('update-token-required');
  });
});
