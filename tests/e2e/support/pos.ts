import type { BrowserContext, Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open } from './fixtures.ts';
import { e2eDatabase, hydrated } from './members.ts';

/** The counter's helpers shared by the point-of-sale specs. */

/**
 * A USB scanner: the code's keys 5 ms apart, then Enter, wherever the focus is. A scanner's key
 * presses carry the time the computer received them, however late a busy page handles them; the
 * counter judges a scan by those times (`src/lib/pos/scanner.ts`). Sent through CDP with those
 * times stamped on, so a loaded test machine that delivers a key 300 ms late still scans, as a
 * real counter does, where `keyboard.type`'s keys carried the time each reached the page (a
 * delivery gap over 250 ms split the burst: the field once read 7531001 of a 13-digit code).
 */
export async function scan(page: Page, code: string, o: { deliveryGapMs?: number } = {}) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...code, 'Enter'];
    for (const [i, key] of keys.entries()) {
      const timestamp = start + i * 0.005;
      const enter = key === 'Enter';
      const text = enter ? '\r' : key;
      const code = enter
        ? 'Enter'
        : /\d/.test(key)
          ? `Digit${key}`
          : /[a-z]/i.test(key)
            ? `Key${key.toUpperCase()}`
            : '';
      const windowsVirtualKeyCode = enter ? 13 : key.toUpperCase().charCodeAt(0);
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        code,
        text,
        unmodifiedText: text,
        windowsVirtualKeyCode,
        timestamp,
      });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key,
        code,
        windowsVirtualKeyCode,
        timestamp,
      });
      if (o.deliveryGapMs && i < keys.length - 1) await page.waitForTimeout(o.deliveryGapMs);
    }
  } finally {
    await cdp.detach();
  }
}

export const STAFF = { memberId: 'staff', password: 'podo-staff-1234!' };
export const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

export async function signIn(context: BrowserContext) {
  const res = await context.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: STAFF });
  expect(res.ok(), `staff login: ${res.status()}`).toBe(true);
}

/** The counter, with the shift opened through its form when the store has none. */
export async function openCounter(page: Page) {
  await open(page, '/test/pos');
  await hydrated(page);
  const cash = page.getByLabel('시작 현금(원)');
  if (await cash.isVisible()) {
    await cash.fill('100000');
    await page.getByRole('button', { name: '영업 시작' }).click();
    // the counter loads afresh with the shift in its bar
    await expect(page.getByText(/^영업 중 · /)).toBeVisible();
    await hydrated(page);
  }
  await expect(page.getByText(/^영업 중 · /)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /바코드 · 상품명/ })).toBeVisible();
}

/**
 * Makes a member point-of-sale staff straight in the e2e database (staff accounts are made outside
 * the shop's screens). A spec that changes where staff may sell uses its own staff member: the demo
 * one stays at store 1 for the other counter specs.
 */
export async function makeStaff(memberId: string): Promise<void> {
  const client = e2eDatabase();
  try {
    await client.execute({
      sql: `INSERT INTO staff_accounts (member_no, staff_role, active, created_at)
        SELECT member_no, 'POS', 1, ? FROM members WHERE member_id = ?`,
      args: [new Date().toISOString(), memberId],
    });
  } finally {
    client.close();
  }
}
