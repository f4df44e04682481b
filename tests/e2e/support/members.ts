import { createClient } from '@libsql/client';
import { join } from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { SHOP_API_HEADERS } from './fixtures.ts';

/**
 * Helpers of the member browser tests: unique accounts, members made through the API, and the
 * SMS outbox read straight from the e2e database (playwright.config.ts puts it in PODO_E2E_DIR).
 */

export const PASSWORD = 'grape-2024!';
export const REQUIRED_TERMS = ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'];

let seq = 0;
/** Unique per run, worker and call: ids ≤ 20 characters, 11-digit phone numbers. */
export function uniqueAccount(prefix = 'e2e') {
  seq += 1;
  const stamp = `${Date.now().toString(36).slice(-5)}${process.pid % 100}${seq}`;
  const digits = `${Date.now()}${process.pid}${seq}`.slice(-8);
  return {
    memberId: `${prefix}${stamp}`.slice(0, 20),
    password: PASSWORD,
    memberName: '김포도',
    email: `${prefix}${stamp}@example.com`,
    mobileNo: `010${digits}`,
  };
}

export type Account = ReturnType<typeof uniqueAccount>;

/**
 * The join's phone step through the API, as the join form does it (decision 029): a JOIN code sent
 * to `mobileNo`, read from the demo's SMS outbox, checked; the certification key the join needs.
 */
export async function joinCertificationKey(request: APIRequestContext, mobileNo: string): Promise<string> {
  const sent = await request.post('/shop-api/authentications/sms', {
    headers: SHOP_API_HEADERS,
    data: { usage: 'JOIN', mobileNo },
  });
  expect(sent.status(), `POST /shop-api/authentications/sms: ${await sent.text()}`).toBe(200);
  const key = await latestSmsCode(mobileNo);
  const checked = await request.get(
    `/shop-api/authentications/sms?${new URLSearchParams({ usage: 'JOIN', mobileNo, key })}`,
    { headers: SHOP_API_HEADERS },
  );
  expect(checked.status(), `GET /shop-api/authentications/sms: ${await checked.text()}`).toBe(200);
  return ((await checked.json()) as { certificationKey: string }).certificationKey;
}

/** Joins a member through POST /shop-api/profile (no browser), its phone verified first. */
export async function createMember(
  request: APIRequestContext,
  account: Account = uniqueAccount(),
): Promise<Account> {
  const certificationKey = await joinCertificationKey(request, account.mobileNo);
  const res = await request.post('/shop-api/profile', {
    headers: SHOP_API_HEADERS,
    data: { ...account, joinTermsAgreements: REQUIRED_TERMS, certificationKey },
  });
  expect(res.status(), `POST /shop-api/profile: ${await res.text()}`).toBe(201);
  return account;
}

/**
 * Waits until React has hydrated every island of the page and the effects that hydration ran have
 * rendered too (`timeout`, for each of its two waits, for a page slowed on purpose). Astro drops
 * an island's `ssr` mark once it has asked React to hydrate (`hydrateRoot` in a transition), not
 * once React has: until React commits, a value typed or picked in the server's HTML is not yet
 * React's (decision 068 hands it over then). So this reads each island's React
 * root (the container key `hydrateRoot` puts on the island): no longer dehydrated, its element
 * rendered and no update pending — true on two checks a frame apart, so a passive effect that
 * hydration ran (a "hydrated" flag, a stored value read) has rendered as well (decision 061).
 */
export async function hydrated(page: Page, { timeout }: { timeout?: number } = {}): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout });
  await expect
    .poll(() => page.evaluate(islandsSettled), {
      message: 'React가 모든 island를 hydrate하지 않았습니다.',
      timeout,
    })
    .toBe(true);
}

/** In the page: every React island's root committed and idle, now and again after a frame. */
async function islandsSettled(): Promise<boolean> {
  interface FiberRoot {
    pendingLanes: number;
    current: { memoizedState: { element: unknown; isDehydrated: boolean } | null };
  }
  const idle = () =>
    [...document.querySelectorAll('astro-island')].every((island) => {
      if (island.hasAttribute('ssr')) return false;
      const key = Object.keys(island).find((k) => k.startsWith('__reactContainer$'));
      if (!key) return false; // every island here is React's: its root is still to come
      const root = (island as unknown as Record<string, { stateNode: FiberRoot }>)[key]!.stateNode;
      const state = root.current.memoizedState;
      return state !== null && state.element != null && !state.isDehydrated && root.pendingLanes === 0;
    });
  if (!idle()) return false;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return idle();
}

/** Opens a page with a form and waits for its islands. */
export async function openForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** Logs in through the login page and waits until it has left it. */
export async function loginInBrowser(
  page: Page,
  account: Pick<Account, 'memberId' | 'password'>,
  path = '/login',
) {
  await openForm(page, path);
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The running server's database file (PODO_E2E_DIR), for what a test must read or set up directly. */
export function e2eDatabase() {
  const dir = process.env.PODO_E2E_DIR;
  if (!dir) throw new Error('PODO_E2E_DIR가 없습니다: playwright.config.ts로 실행해 주세요.');
  // the running server writes to the same file: wait for its write lock as the server itself does
  return createClient({ url: `file:${join(dir, 'shop.db')}`, timeout: 15_000 });
}

/** The code of the newest SMS the outbox holds for `mobileNo` (waits up to 5 s for it). */
export async function latestSmsCode(mobileNo: string): Promise<string> {
  const client = e2eDatabase();
  try {
    for (let i = 0; i < 25; i++) {
      const rs = await client.execute({
        sql: `SELECT body FROM outbox_messages WHERE channel = 'sms' AND recipient = ? ORDER BY message_no DESC LIMIT 1`,
        args: [mobileNo],
      });
      const code = /\[(\d{6})\]/.exec(String(rs.rows[0]?.body ?? ''))?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${mobileNo}로 보낸 SMS가 outbox에 없습니다.`);
  } finally {
    client.close();
  }
}

/** The password reset link of the newest e-mail the outbox holds for `email`. */
export async function latestResetLink(email: string): Promise<string> {
  const client = e2eDatabase();
  try {
    const rs = await client.execute({
      // the newest reset mail (the address gets other mails too: its confirmation, order messages)
      sql: `SELECT body FROM outbox_messages WHERE channel = 'mail' AND recipient = ?
            AND body LIKE '%/find/password/reset?key=%' ORDER BY message_no DESC LIMIT 1`,
      args: [email.toLowerCase()],
    });
    const link = /https?:\/\/\S+\/find\/password\/reset\?key=\S+/.exec(String(rs.rows[0]?.body ?? ''))?.[0];
    if (!link) throw new Error(`${email}로 보낸 재설정 메일이 outbox에 없습니다.`);
    return link;
  } finally {
    client.close();
  }
}

/** The link of the e-mail confirmation mail sent to `email` (waits up to 30 s for the notification pass). */
export async function latestConfirmLink(email: string): Promise<string> {
  const client = e2eDatabase();
  try {
    for (let i = 0; i < 60; i++) {
      const rs = await client.execute({
        sql: `SELECT body FROM outbox_messages WHERE channel = 'mail' AND recipient = ?
              AND body LIKE '%/member/confirm-email?key=%' ORDER BY message_no DESC LIMIT 1`,
        args: [email.toLowerCase()],
      });
      const link = /https?:\/\/\S+\/member\/confirm-email\?key=\S+/.exec(String(rs.rows[0]?.body ?? ''))?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${email}로 보낸 확인 메일이 outbox에 없습니다.`);
  } finally {
    client.close();
  }
}

/**
 * Moves the end of every session of `memberId` to `secondsFromNow` (the server refuses a token
 * from 60 s before its end; so does the island-level check).
 */
export async function setSessionEnd(memberId: string, secondsFromNow: number): Promise<void> {
  const client = e2eDatabase();
  try {
    await client.execute({
      sql: `UPDATE sessions SET expires_at = ? WHERE member_no = (SELECT member_no FROM members WHERE member_id = ?)`,
      args: [new Date(Date.now() + secondsFromNow * 1000).toISOString(), memberId],
    });
  } finally {
    client.close();
  }
}

/** Moves the end of every user-update token (the 30-minute password re-check) of `memberId`. */
export async function setUpdateTokenEnd(memberId: string, secondsFromNow: number): Promise<void> {
  const client = e2eDatabase();
  try {
    await client.execute({
      sql: `UPDATE user_update_tokens SET expires_at = ? WHERE member_no = (SELECT member_no FROM members WHERE member_id = ?)`,
      args: [new Date(Date.now() + secondsFromNow * 1000).toISOString(), memberId],
    });
  } finally {
    client.close();
  }
}

/** The header's account menu. */
export function accountMenu(page: Page) {
  return page.getByRole('navigation', { name: '회원 메뉴' });
}

/** The page's alert that has something to say (forms keep an empty one ready). */
export function formAlert(page: Page) {
  return page.getByRole('alert').filter({ hasText: /\S/ });
}

/** The seeded administrator of the demo shop. */
export const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

/** A new browser context signed in as `who` through the API (no login page); answers a page of it. */
export async function signedIn(browser: Browser, who: Pick<Account, 'memberId' | 'password'>): Promise<Page> {
  const context = await browser.newContext();
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: who.memberId, password: who.password, keepLogin: false },
  });
  expect(res.ok(), `login: ${res.status()}`).toBe(true);
  return context.newPage();
}

/** A shop API call from a page's context (its cookies, its origin), failing on a non-2xx; its JSON. */
export async function shop<T>(page: Page, path: string, data?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const headers = { ...SHOP_API_HEADERS, Origin: origin };
  const res =
    data === undefined
      ? await page.request.get(`/shop-api/${path}`, { headers })
      : await page.request.post(`/shop-api/${path}`, { headers, data });
  expect(res.ok(), `/shop-api/${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A new browser context signed in as `account` through the token call (its cookies set). */
export async function signedInContext(
  browser: Browser,
  account: { memberId: string; password: string },
): Promise<BrowserContext> {
  const context = await browser.newContext();
  const signed = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: account,
  });
  expect(signed.ok(), `login ${account.memberId}: ${signed.status()}`).toBe(true);
  return context;
}
