import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, uniqueAccount } from './support/members.ts';

/**
 * The audit trail (issue 15): an administrator's stock adjustment and a counter shift opened by
 * staff each leave a line — who, when, what, before and after — that the administrator finds by
 * area and target on /manager/audit. A member is refused.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

test('an administrator finds who changed a stock, with the values before and after', async ({ browser }) => {
  const context = await browser.newContext();
  const signed = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: ADMIN,
  });
  expect(signed.ok()).toBe(true);
  const page = await context.newPage();
  await open(page, '/manager');
  const origin = new URL(page.url()).origin;
  // any option of the demo catalogue with stock to spare
  const found = (await (await page.request.get('/api/manager/products?pageSize=5')).json()) as {
    items: { productNo: number }[];
  };
  const productNo = found.items[0]!.productNo;
  const product = (await (await page.request.get(`/api/manager/products/${productNo}`)).json()) as {
    options: { rows: { optionNo: number; stock: number }[] };
  };
  const option = product.options.rows.find((r) => r.stock >= 2)!;
  const moved = await page.request.post(
    `/api/manager/products/${productNo}/options/${option.optionNo}/stock`,
    {
      headers: { Origin: origin },
      data: { kind: 'ADJUST', delta: -1, memo: '감사 기록 확인' },
    },
  );
  expect(moved.ok(), await moved.text()).toBe(true);
  const { stock } = (await moved.json()) as { stock: number };

  await open(page, '/manager/audit');
  await page.getByLabel('작업', { exact: true }).selectOption({ label: '재고' });
  await page.getByLabel('대상 번호').fill(String(option.optionNo));
  await page.getByRole('button', { name: '찾기' }).click();
  await expect(page).toHaveURL(/area=stock/);
  const row = page.locator('tr[data-action="stock.move"]').first();
  await expect(row).toContainText('관리자');
  await expect(row).toContainText(`${stock + 1} → ${stock}`);
  await expect(row).toContainText('감사 기록 확인');
  await row.getByText(/개 항목/).click();
  await expect(row.locator('dl.diff')).toContainText('stock');

  // a bad range is said, not a server error
  await open(page, '/manager/audit?from=2026-02-01&to=2026-01-01', 400);
  await expect(page.getByRole('alert')).toContainText('시작일이 종료일보다 늦습니다');
  await expect(page.getByLabel('시작일')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('시작일')).toHaveAccessibleDescription(/시작일이 종료일보다 늦습니다/);
  await expect(page.getByRole('status').filter({ hasText: /^0건$/ })).toBeVisible();
  // the same filters on the messages page (one form for both logs)
  await open(page, '/manager/notifications?from=2026-02-01&to=2026-01-01&channel=mail', 400);
  await expect(page.getByLabel('시작일')).toHaveAccessibleDescription(/시작일이 종료일보다 늦습니다/);
  await expect(page.getByLabel('채널')).toHaveValue('mail');
  await context.close();
});

test('a member is refused the audit trail', async ({ browser }) => {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('audit'));
  await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  const page = await context.newPage();
  await open(page, '/manager/audit', 403);
  expect((await page.request.get('/api/manager/audit')).status()).toBe(403);
  await context.close();
});
