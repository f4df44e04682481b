import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/cookies.ts';

/**
 * The header's cart count asks GET /cart/count in the background on every member page (decision
 * 030). A background read must not end an expired session's cookies: the shopper's own next
 * request does, and the login page can then say why ("로그인 시간이 만료되었습니다").
 */
let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

describe('GET /shop-api/cart/count with an expired session', () => {
  it('answers 401 token-has-expired and leaves the cookies to the next page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-02T01:00:00Z');
    vi.setSystemTime(start);
    const client = new Client();
    await client.joinAndLogin();
    expect((await client.call('/shop-api/cart/count')).status).toBe(200);

    vi.setSystemTime(start.getTime() + 12 * 3600 * 1000 - 59 * 1000);
    const res = await client.call('/shop-api/cart/count');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('token-has-expired');
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${ACCESS_TOKEN_COOKIE}=`))).toBe(false);
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(true);

    // any other call of the cart still ends them
    const cart = await client.call('/shop-api/cart');
    expect(cart.status).toBe(401);
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
  });
});
