import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { SHOP_API_HEADERS, expect, open, shopApi, test } from './support/fixtures.ts';
import { ADMIN, createMember, hydrated, signedIn, uniqueAccount, type Account } from './support/members.ts';
import { openCounter } from './support/pos.ts';

/**
 * Counter orders (issue 14): staff sell two lines to a member, find the sale in the order list and
 * its detail, refund one line through the refund screen; the stock comes back in the web shop, the
 * list says 부분환불, and the member finds the purchase under 매장 구매 in my page.
 */

const STAFF = { memberId: 'staff', password: 'podo-staff-1234!' };

interface CounterItem {
  productNo: number;
  optionNo: number;
  productName: string;
  optionLabel: string;
  barcode: string | null;
  customizable: boolean;
  inputs: unknown[];
  unitPrice: number;
  stock: number;
  sellable: boolean;
  soldOut: boolean;
}

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signIn(context: BrowserContext, account: { memberId: string; password: string }) {
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  expect(res.ok(), `login ${account.memberId}: ${res.status()}`).toBe(true);
}

/** POST to the counter's API from the staff's browser context (same origin, session cookie). */
async function post(page: Page, path: string, data: unknown) {
  return page.request.post(path, { headers: { Origin: new URL(page.url()).origin }, data });
}

/**
 * A counter sale's lines and its one refund (one unit of `b`, 단순 변심, paid back in cash), as the
 * counter's sale detail and the back office's both show them.
 */
async function expectSaleLinesAndRefund(
  page: Page,
  { lines, refundedLine, b }: { lines: number; refundedLine: number; b: CounterItem },
) {
  await expect(page.locator('tr[data-line-no]')).toHaveCount(lines);
  const refunded = page.locator(`tr[data-line-no="${refundedLine}"]`);
  await expect(refunded).toContainText(b.productName);
  await expect(refunded.getByTestId('refunded-qty')).toHaveText('1');
  const refunds = page.getByRole('region', { name: '환불 내역' });
  await expect(refunds.locator('[data-refund-no]')).toHaveCount(1);
  await expect(refunds).toContainText('사유: 단순 변심');
  await expect(refunds).toContainText(`${b.productName}`);
  await expect(refunds).toContainText(`돌려준 돈 ${won(b.unitPrice)} (현금 ${won(b.unitPrice)})`);
}

/** The store's open shift (opened here when there is none). */
async function openShift(page: Page): Promise<number> {
  for (let i = 0; i < 3; i++) {
    const me = (await (await page.request.get('/api/pos/me')).json()) as {
      shift: { shiftNo: number } | null;
    };
    if (me.shift) return me.shift.shiftNo;
    const res = await post(page, '/api/pos/shifts', { openingCash: 100_000 });
    if (res.status() === 201) return ((await res.json()) as { shiftNo: number }).shiftNo;
    // another test opened it at the same moment (409): read it again
  }
  throw new Error('영업을 시작하지 못했습니다.');
}

/** Two different options the counter can sell now, with a few units each. */
/** Two plain goods the counter can sell (`scannable`: each with a barcode, for a test that scans). */
async function twoItems(
  request: APIRequestContext,
  { scannable = false } = {},
): Promise<[CounterItem, CounterItem]> {
  const res = await request.get('/api/pos/items', { params: { q: '방진' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { items } = (await res.json()) as { items: CounterItem[] };
  // plain goods: a custom product is taken on the custom order screen, one with inputs asks for texts
  const ok = items.filter(
    (i) =>
      i.sellable &&
      !i.soldOut &&
      i.stock >= 5 &&
      !i.customizable &&
      i.inputs.length === 0 &&
      (!scannable || !!i.barcode),
  );
  const first = ok[0];
  const second = ok.find((i) => i.productNo !== first?.productNo) ?? ok[1];
  expect(first && second, '판매할 수 있는 상품 두 개').toBeTruthy();
  return [first!, second!];
}

async function webStock(request: APIRequestContext, productNo: number, optionNo: number): Promise<number> {
  const { flatOptions } = await shopApi<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
    request,
    `products/${productNo}/options`,
  );
  return flatOptions.find((o) => o.optionNo === optionNo)!.stockCnt;
}

async function memberContext(browser: Browser): Promise<{ context: BrowserContext; account: Account }> {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('pos'));
  await signIn(context, account);
  return { context, account };
}

test('a visitor is sent to the counter login and a member is refused on the counter’s order pages', async ({
  browser,
  page,
}) => {
  await page.goto('/test/pos/order-list');
  await expect(page).toHaveURL(/\/test\/pos\/login\?redirect=%2Ftest%2Fpos%2Forder-list/);
  const { context } = await memberContext(browser);
  const member = await context.newPage();
  for (const path of [
    '/test/pos/order-list',
    '/test/pos/order-detail?saleNo=P20260101-0001',
    '/test/pos-order-update?saleNo=P20260101-0001',
  ]) {
    await open(member, path, 403);
    await expect(member.getByRole('heading', { name: '권한이 없습니다' })).toBeVisible();
  }
  await context.close();
});

test('staff refund one line of a sale through the refund screen; the stock comes back and the member sees the purchase', async ({
  browser,
}) => {
  const { context: shopper, account } = await memberContext(browser);
  const staffContext = await browser.newContext();
  await signIn(staffContext, STAFF);
  const page = await staffContext.newPage();
  await open(page, '/test/pos/order-list');
  // "/" outside a field jumps to the sale number search (src/lib/pos/search-shortcut.ts)
  await page.keyboard.press('/');
  await expect(page.locator('[data-ol-search]')).toBeFocused();

  // the sale: two lines to the member, paid in cash (through the counter's API)
  const shiftNo = await openShift(page);
  const [a, b] = await twoItems(page.request);
  const found = (await (
    await page.request.get('/api/pos/members', { params: { phone: account.mobileNo } })
  ).json()) as { members: { memberNo: number }[] };
  const memberNo = found.members[0]!.memberNo;
  const total = a.unitPrice * 2 + b.unitPrice;
  const sold = await post(page, '/api/pos/sales', {
    idempotencyKey: randomBytes(12).toString('hex'),
    shiftNo,
    lines: [
      { optionNo: a.optionNo, qty: 2 },
      { optionNo: b.optionNo, qty: 1 },
    ],
    memberNo,
    payments: [{ method: 'CASH', amount: total, received: total }],
    soldAt: new Date().toISOString(),
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const { sale } = (await sold.json()) as { sale: { saleNo: string; lines: { lineNo: number }[] } };
  const stockAfterSale = await webStock(page.request, b.productNo, b.optionNo);

  // the order list: today's sales, the new one paid
  await open(page, '/test/pos/order-list');
  const row = page.locator(`tr[data-sale-no="${sale.saleNo}"]`);
  await expect(row).toContainText('결제완료');
  await expect(row).toContainText(won(total));
  await expect(row).toContainText(`${a.productName} 외 1건`);
  await page.getByRole('searchbox', { name: '판매번호' }).fill(sale.saleNo);
  await page.getByRole('searchbox', { name: '판매번호' }).press('Enter');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('link', { name: sale.saleNo }).click();

  // the detail: both lines, the cash payment, reprint and refund
  await expect(page).toHaveURL(`/test/pos/order-detail?saleNo=${sale.saleNo}`);
  await expect(page.getByRole('heading', { name: `판매 ${sale.saleNo}` })).toBeVisible();
  await expect(page.getByTestId('pos-sale-status')).toHaveText('결제완료');
  await expect(page.locator('tr[data-line-no]')).toHaveCount(2);
  await expect(page.getByRole('link', { name: '영수증 다시 출력' })).toHaveAttribute(
    'href',
    `/test/pos/order?saleNo=${sale.saleNo}`,
  );
  await page.getByRole('link', { name: '환불', exact: true }).click();

  // the refund screen: a reason is required; one unit of the second line goes back
  await expect(page).toHaveURL(`/test/pos-order-update?saleNo=${sale.saleNo}`);
  await hydrated(page);
  await page.getByRole('button', { name: '환불하기' }).click();
  await expect(page.getByText('환불할 상품과 수량을 골라 주세요.')).toBeVisible();
  await expect(page.getByText('환불 사유를 입력해 주세요.')).toBeVisible();
  const qty = page.getByLabel(new RegExp(`^${escape(b.productName)}.* 환불 수량`));
  await qty.focus();
  await page.keyboard.press('ArrowUp');
  await expect(qty).toHaveValue('1');
  await page.getByLabel('환불 사유 (필수)').fill('단순 변심');
  await expect(page.getByRole('region', { name: '돌려줄 금액 (예상)' })).toContainText(won(b.unitPrice));
  await page.getByRole('button', { name: '환불하기' }).click();
  const dialog = page.getByRole('dialog', { name: '이대로 환불할까요?' });
  await expect(dialog).toContainText(`${b.productName}`);
  await dialog.getByRole('button', { name: '환불 확정' }).click();
  await expect(page.getByRole('heading', { name: '환불했습니다' })).toBeFocused();
  await expect(page.getByTestId('refund-amount')).toHaveText(won(b.unitPrice));
  await expect(page.getByRole('status').filter({ hasText: '현금' })).toContainText('서랍에서 현금으로');

  // the stock is back for the web shop too
  expect(await webStock(page.request, b.productNo, b.optionNo)).toBe(stockAfterSale + 1);

  // the list and the detail say 부분환불
  await open(page, `/test/pos/order-list?saleNo=${sale.saleNo}`);
  await expect(page.locator(`tr[data-sale-no="${sale.saleNo}"]`)).toContainText('부분환불');
  await open(page, `/test/pos/order-detail?saleNo=${sale.saleNo}`);
  await expect(page.getByTestId('pos-sale-status')).toHaveText('부분환불');
  await expectSaleLinesAndRefund(page, { lines: 2, refundedLine: sale.lines[1]!.lineNo, b });

  // the back office's copy of the sale: the same lines (each product linked to its editor) and refund
  const admin = await signedIn(browser, ADMIN);
  await open(admin, `/manager/orders/store/${sale.saleNo}`);
  await expect(admin.getByTestId('manager-sale-status')).toHaveText('부분환불');
  await expectSaleLinesAndRefund(admin, { lines: 2, refundedLine: sale.lines[1]!.lineNo, b });
  await expect(
    admin.locator(`tr[data-line-no="${sale.lines[0]!.lineNo}"]`).getByRole('link', { name: a.productName }),
  ).toHaveAttribute('href', `/manager/products/${a.productNo}`);
  await expect(page.locator('tr[data-line-no] a')).toHaveCount(0);

  // the member: my page's 매장 구매 tab and the purchase's receipt
  const mine = await shopper.newPage();
  await open(mine, '/mypage/order');
  const channels = mine.getByRole('navigation', { name: '구매 경로' });
  await expect(channels.getByRole('link', { name: '온라인 주문' })).toHaveAttribute('aria-current', 'page');
  await channels.getByRole('link', { name: '매장 구매' }).click();
  await expect(mine).toHaveURL('/mypage/order?channel=store');
  await expect(channels.getByRole('link', { name: '매장 구매' })).toHaveAttribute('aria-current', 'page');
  const card = mine.locator(`[data-sale-no="${sale.saleNo}"]`);
  await expect(card).toContainText('매장 구매');
  await expect(card).toContainText('부분환불');
  await expect(card).toContainText('환불 1개');
  // the same date range as the online tab: a shortcut and the custom form keep the 매장 구매 tab
  const ranges = mine.getByRole('region', { name: '조회 기간' });
  await ranges.getByRole('link', { name: '1주일' }).click();
  await expect(mine).toHaveURL('/mypage/order?channel=store&range=1w');
  await expect(ranges.getByRole('link', { name: '1주일' })).toHaveAttribute('aria-current', 'true');
  await expect(ranges).toContainText('매장 구매 1건');
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
  await ranges.getByLabel('조회 시작일').fill(today);
  await ranges.getByLabel('조회 종료일').fill(today);
  await ranges.getByRole('button', { name: '조회' }).click();
  await expect(mine).toHaveURL(`/mypage/order?channel=store&startYmd=${today}&endYmd=${today}`);
  await expect(ranges).toContainText(
    `${today.replaceAll('-', '.')} ~ ${today.replaceAll('-', '.')} 매장 구매 1건`,
  );
  await open(mine, '/mypage/order?channel=store&startYmd=2024-02-30&endYmd=2024-03-01', 400);
  await expect(ranges.getByRole('alert')).toContainText('실제 날짜');
  await open(mine, '/mypage/order?channel=store');
  await card.getByRole('link', { name: /구매 상세/ }).click();
  await expect(mine).toHaveURL(`/mypage/order/store/${sale.saleNo}`);
  await expect(mine.getByTestId('sale-no')).toHaveText(sale.saleNo);
  await expect(mine.getByTestId('sale-status')).toHaveText('부분환불');

  // another member cannot open it
  const { context: other } = await memberContext(browser);
  await open(await other.newPage(), `/mypage/order/store/${sale.saleNo}`, 404);

  await Promise.all([shopper.close(), staffContext.close(), other.close(), admin.context().close()]);
});

test('a member found by phone uses a coupon at the counter; the receipt shows it and a whole refund gives it back', async ({
  browser,
}) => {
  const { context: shopper, account } = await memberContext(browser);
  // the shopper downloads the welcome coupon (3,000원 off from 30,000원) in the web shop
  const got = await shopper.request.post('/shop-api/coupons/1/download', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(test.info().project.use.baseURL!).origin },
    data: {},
  });
  expect(got.status(), await got.text()).toBe(200);
  const usable = async () =>
    (
      await shopApi<{ items: { couponNo: number }[] }>(shopper.request, 'coupons?usable=true&pageSize=50')
    ).items.map((c) => c.couponNo);
  expect(await usable()).toContain(1);

  const staffContext = await browser.newContext();
  await signIn(staffContext, STAFF);
  const page = await staffContext.newPage();
  await openCounter(page);
  // other specs sell at the counter too: ask for goods that can be scanned, whatever stock is left
  const [a] = await twoItems(page.request, { scannable: true });
  expect(a.barcode, '바코드가 있는 상품').toBeTruthy();
  const qty = Math.max(1, Math.ceil(30_000 / a.unitPrice));
  const field = page.getByRole('combobox', { name: /바코드 · 상품명/ });
  for (let i = 0; i < qty; i++) {
    await field.fill(a.barcode!);
    await field.press('Enter');
    await expect(
      page.locator(`tbody[data-option-no="${a.optionNo}"]`).getByRole('textbox', { name: /수량/ }),
    ).toHaveValue(String(i + 1));
  }
  const goods = a.unitPrice * qty;

  // F4: the member by phone, their coupon ticked
  await page.keyboard.press('F4');
  await expect(page.getByLabel('휴대폰 번호')).toBeFocused();
  await page.getByLabel('휴대폰 번호').fill(account.mobileNo);
  await page.getByLabel('휴대폰 번호').press('Enter');
  const coupons = page.getByRole('group', { name: /쿠폰 \d+장/ });
  const coupon = coupons.getByRole('checkbox', { name: /첫 주문 3,000원 할인/ });
  await coupon.check();
  await expect(page.getByTestId('pos-coupon-discount')).toHaveText(`−${won(3000)}`);
  await expect(page.getByTestId('pos-due')).toHaveText(won(goods - 3000));

  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: '결제' });
  await dialog.getByLabel('받은 현금(원)').fill(String(goods - 3000));
  await dialog.getByLabel('받은 현금(원)').press('Enter');
  await expect(dialog).toBeHidden();
  const saleNo = (await page.getByTestId('pos-last-sale-no').textContent())!.trim();
  expect(await usable()).not.toContain(1);

  // the receipt names the coupon
  await open(page, `/test/pos/order?saleNo=${saleNo}`);
  await expect(page.getByText('쿠폰 (첫 주문 3,000원 할인)')).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText(won(goods - 3000));

  // the whole sale refunded: the coupon is the member's to use again
  const sale = (await (await page.request.get(`/api/pos/sales/${saleNo}`)).json()) as {
    lines: { lineNo: number; qty: number }[];
  };
  const refund = await post(page, `/api/pos/sales/${saleNo}/refunds`, {
    lines: sale.lines.map((l) => ({ lineNo: l.lineNo, qty: l.qty })),
    reason: '단순 변심',
  });
  expect(refund.status(), await refund.text()).toBe(201);
  expect(await usable()).toContain(1);
  await shopper.close();
  await staffContext.close();
});
