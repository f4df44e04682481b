import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, open, test } from './support/fixtures.ts';
import {
  ADMIN,
  createMember,
  hydrated,
  shop,
  signedIn,
  uniqueAccount,
  type Account,
} from './support/members.ts';
import { buyPaidOrder } from './support/orders.ts';

/**
 * A day in the back office (issue 15, "done when"), as the seeded administrator: find orders by the
 * buyer's phone number, ship three of them from the courier's file (dry run, then apply), export
 * them; make a coupon (for a category) that a member downloads and uses at checkout; grant the
 * member points; see the dashboard's figures move after a purchase; and read the audit lines of it
 * all on /manager/audit. The tests share one member and run in order.
 */

// 문닫힘 소음방지 쿠션 스티커 20개입 (demo catalogue, no options): in 생활·소음방지 > 층간소음 방지
const PRODUCT = { productNo: 100044, optionNo: 10004401 };
const LIVING = 684500;

test.describe.configure({ mode: 'serial' });

let admin: Page;
let member: Page;
let account: Account;
let phone: string;
const shipped: string[] = [];
let couponNo: number;
const stamp = Date.now().toString(36);
const reason = `하루 점검 보상 ${stamp}`;

test.beforeAll(async ({ browser }) => {
  admin = await signedIn(browser, ADMIN);
  const joining = await browser.newContext();
  account = await createMember(joining.request, uniqueAccount('day'));
  await joining.close();
  member = await signedIn(browser, account);
  await open(member, '/');
  const tail = String(Date.now() % 10_000).padStart(4, '0');
  phone = `010-7${tail.slice(0, 3)}-${tail}`;
});
test.afterAll(async () => {
  await admin.context().close();
  await member.context().close();
});

const payAmtOf = async (orderNo: string) => {
  const res = await admin.request.get(`/api/manager/orders?status=ALL&q=${orderNo}`);
  return ((await res.json()) as { items: { payAmt: number }[] }).items[0]!.payAmt;
};
const won = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

test('finds orders by phone, ships three from the courier’s file and exports them', async () => {
  for (let i = 0; i < 3; i++)
    shipped.push(
      await buyPaidOrder(member.context().request, PRODUCT, {
        receiverName: '정하루',
        receiverContact1: phone,
      }),
    );

  await open(admin, '/manager/orders');
  const search = admin.getByRole('search', { name: '주문 찾기' });
  await search.getByLabel('검색어').fill(phone);
  await search.getByRole('button', { name: '찾기' }).click();
  await expect(admin.locator('tbody tr')).toHaveCount(3);
  for (const no of shipped) await expect(admin.locator(`tr[data-order-no="${no}"]`)).toBeVisible();

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'CSV로 내려받기' }).click(),
  ]);
  const rows = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]).toContain('주문번호');
  expect(rows).toHaveLength(4);
  for (const no of shipped) expect(rows.some((r) => r.startsWith(no) && r.includes(phone))).toBe(true);

  await open(admin, '/manager/orders/ship');
  await hydrated(admin);
  const csv = ['주문번호,택배사,송장번호', ...shipped.map((no, i) => `${no},CJ대한통운,6123-4567-7${i}0`)];
  await admin.getByLabel('택배사 송장 파일 (CSV)').setInputFiles({
    name: 'invoices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv.join('\r\n')}`, 'utf8'),
  });
  await expect(admin.getByRole('heading', { name: /발송할 수 있는 3건/ })).toBeFocused();
  await admin.getByRole('button', { name: '문제 없는 3건 발송 처리' }).click();
  await expect(admin.getByRole('heading', { name: '3건을 발송 처리했습니다' })).toBeFocused();
  await open(admin, `/manager/orders?status=DELIVERY_ING&q=${encodeURIComponent(phone)}`);
  await expect(admin.locator('tbody tr')).toHaveCount(3);
});

test('makes a category coupon a member downloads and uses at checkout, then grants the member points', async () => {
  const name = `e2e 생활 쿠폰 ${stamp}`;
  await open(admin, '/manager/coupons');
  await hydrated(admin);
  const form = admin.getByRole('region', { name: '새 쿠폰 만들기' });
  await form.getByLabel('쿠폰 이름').fill(name);
  await form.getByLabel('상품 쿠폰 (상품 하나)').check();
  await form.getByLabel('할인 금액(원)').fill('1,000');
  await form.getByLabel('받은 날부터 사용 기간(일)').fill('30');
  await form.getByRole('radio', { name: '고른 상품·분류만' }).check();
  await form.getByRole('checkbox', { name: '생활·소음방지', exact: true }).check();
  // its subcategories are covered with it
  const sub = form.getByRole('checkbox', { name: /생활·소음방지 > 층간소음 방지/ });
  await expect(sub).toBeChecked();
  await expect(sub).toBeDisabled();
  await form.getByRole('button', { name: '쿠폰 만들기' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '쿠폰을 만들었습니다' })).toContainText(name);
  const row = admin.locator('tr[data-coupon-no]').filter({ hasText: name });
  await expect(row).toContainText(`분류 ${LIVING} (하위 분류 포함)`);
  couponNo = Number(await row.getAttribute('data-coupon-no'));

  const issued = await shop<{ couponIssueNo: number }>(member, `coupons/${couponNo}/download`, {});
  const orderNo = await buyPaidOrder(
    member.context().request,
    PRODUCT,
    {},
    {
      productCoupons: [{ couponIssueNo: issued.couponIssueNo, productNo: PRODUCT.productNo }],
    },
  );
  await open(admin, `/manager/orders/${orderNo}`);
  await expect(admin.getByTestId('manager-order-amounts')).toContainText(/상품 쿠폰\s*[−-]1,000원/);
  await open(admin, '/manager/coupons');
  await expect(row.locator('[data-figure="used"]')).toHaveText('1장');

  await open(admin, '/manager/points');
  await hydrated(admin);
  await admin.getByLabel('회원 아이디 또는 휴대폰 번호').fill(account.memberId);
  await admin.getByRole('button', { name: '찾기' }).click();
  await admin.getByLabel('금액(원)').fill('1500');
  await admin.getByLabel('사유 (필수)').fill(reason);
  await admin.getByRole('button', { name: '지급하기' }).click();
  await expect(admin.getByTestId('points-balance')).toHaveText('1,500원');
});

test('the dashboard’s figures move after a purchase, each a link to its list', async () => {
  await open(admin, '/manager');
  const todayCard = admin.locator('[data-period="today"]');
  const webToday = todayCard.locator('[data-figure="sales-web"]');
  const todo = admin.locator('[data-figure="orders-today-처리할 주문"]');
  const before = { web: won(await webToday.textContent()), todo: won(await todo.textContent()) };

  const orderNo = await buyPaidOrder(member.context().request, PRODUCT);
  const payAmt = await payAmtOf(orderNo);
  await open(admin, '/manager');
  expect(won(await webToday.textContent())).toBeGreaterThanOrEqual(before.web + payAmt);
  expect(won(await todo.textContent())).toBeGreaterThanOrEqual(before.todo + 1);
  // the chart draws when it comes into view; its numbers are in a table too
  await admin.getByRole('img', { name: /최근 30일.*막대그래프/ }).scrollIntoViewIfNeeded();
  await expect(admin.locator('.dashboard-chart canvas')).toBeVisible();
  await expect(admin.getByText('최근 30일 일별 매출 표')).toBeVisible();

  await todo.getByRole('link').click();
  await expect(admin).toHaveURL(
    /\/manager\/orders\?status=todo&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
  );
  await expect(admin.locator(`tr[data-order-no="${orderNo}"]`)).toBeVisible();

  // the web sales figure opens the orders paid in its days (the figure counts payment days)
  await open(admin, '/manager');
  await webToday.getByRole('link').click();
  await expect(admin).toHaveURL(
    /\/manager\/orders\?status=all&dateType=paid&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
  );
  const search = admin.getByRole('search', { name: '주문 찾기' });
  await expect(search.getByLabel('기간 기준')).toHaveValue('paid');
  await expect(admin.getByRole('columnheader', { name: '결제일시' })).toBeVisible();
  await expect(admin.locator(`tr[data-order-no="${orderNo}"]`)).toBeVisible();
  // the period shortcuts keep the basis
  await search.getByRole('link', { name: '최근 7일' }).click();
  await expect(admin).toHaveURL(/dateType=paid/);
  await expect(admin.locator(`tr[data-order-no="${orderNo}"]`)).toBeVisible();
});

test('the audit trail has a line for each of it', async () => {
  await open(admin, '/manager/audit');
  await admin.getByLabel('작업', { exact: true }).selectOption({ label: '주문' });
  await admin.getByLabel('대상 번호').fill(shipped[0]!);
  await admin.getByRole('button', { name: '찾기' }).click();
  await expect(admin).toHaveURL(/area=order/);
  await expect(admin.locator('tr[data-action="order.ship"]')).toContainText('관리자');
  for (const no of shipped.slice(1)) {
    await open(admin, `/manager/audit?area=order&targetId=${no}`);
    await expect(admin.locator('tr[data-action="order.ship"]')).toContainText('CJ 612345677');
  }
  await open(admin, `/manager/audit?area=coupon&targetId=${couponNo}`);
  await expect(admin.locator('tr[data-action="coupon.create"]')).toContainText(`분류 ${LIVING}`);
  await open(admin, '/manager/audit?area=points');
  await expect(admin.locator('tr[data-action="points.grant"]').filter({ hasText: reason })).toContainText(
    '1,500원',
  );
});
