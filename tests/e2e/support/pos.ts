import type { BrowserContext, Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open } from './fixtures.ts';
import { e2eDatabase, hydrated } from './members.ts';

/** The counter's helpers shared by the point-of-sale specs. */

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
