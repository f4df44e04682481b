import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  ConsoleMessage,
  Page,
  Request,
} from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { joinCertificationKey } from './support/members.ts';

/**
 * My page's orders end to end, in one member's life: a purchase through the sandbox (the API flow of
 * docs/commerce-api.md) is prepared, shipped and delivered by a manager on the manager pages, and
 * confirmed by the member, who gets the product's points. A second order paid with a downloaded
 * coupon and those points is cancelled in the cancel modal: stock, coupon and points come back. A
 * third is delivered, asked back in the refund modal with a photo, and approved by the manager.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
const PASSWORD = 'grape-2024!';
// 문닫힘 소음방지 쿠션 스티커 20개입: 4,900원, no options, 1 % points (demo catalogue)
const PRODUCT = {
  productNo: 100044,
  optionNo: 10004401,
  slug: 'door-stopper-cushion-stickers-20p',
  price: 4900,
};
const ADDRESS = {
  receiverName: '김포도',
  receiverZipCd: '06236',
  receiverAddress: '서울특별시 강남구 테헤란로 123',
  receiverDetailAddress: '4층',
  receiverContact1: '010-1234-5678',
};

test.describe.configure({ mode: 'serial' });

let member: BrowserContext;
let page: Page;
let manager: BrowserContext;
let points = 0;

/** State-changing calls with the session cookie must say they come from this site (CSRF check). */
const origin = () => new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4399').origin;

async function post(request: APIRequestContext, path: string, data: unknown = {}) {
  const res = await request.post(path, {
    headers: { ...SHOP_API_HEADERS, Origin: origin() },
    data,
  });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function get(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: SHOP_API_HEADERS });
  expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
  return res.json();
}

async function signIn(context: BrowserContext, memberId: string, password: string) {
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId, password },
  });
  expect(res.ok(), `login ${memberId}: ${res.status()}`).toBe(true);
}

async function newMember(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const memberId = `order${n}`;
  const mobileNo = `0107${n}2`.slice(0, 11);
  const certificationKey = await joinCertificationKey(context.request, mobileNo);
  const join = await context.request.post('/shop-api/profile', {
    headers: SHOP_API_HEADERS,
    data: {
      certificationKey,
      memberId,
      password: PASSWORD,
      memberName: '김포도',
      email: `${memberId}@example.com`,
      mobileNo,
      joinTermsAgreements: ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'],
    },
  });
  expect(join.status(), await join.text()).toBe(201);
  await signIn(context, memberId, PASSWORD);
  return context;
}

/** Order sheet → calculate → reserve → the sandbox's approve → confirm (docs/commerce-api.md). */
async function buy(
  request: APIRequestContext,
  orderCnt: number,
  opts: { cartCouponIssueNo?: number; points?: number; payType?: 'CREDIT_CARD' | 'VIRTUAL_ACCOUNT' } = {},
): Promise<string> {
  const { orderSheetNo } = await post(request, '/shop-api/order-sheets', {
    products: [{ productNo: PRODUCT.productNo, optionNo: PRODUCT.optionNo, orderCnt }],
  });
  const couponRequest = opts.cartCouponIssueNo ? { cartCouponIssueNo: opts.cartCouponIssueNo } : undefined;
  const calc = await post(request, `/shop-api/order-sheets/${orderSheetNo}/calculate`, {
    addressRequest: { receiverZipCd: ADDRESS.receiverZipCd },
    couponRequest,
    accumulationUseAmt: opts.points ?? 0,
  });
  const reserved = await post(request, '/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '01012345678', ordererEmail: 'podo@example.com' },
    shippingAddress: ADDRESS,
    payType: opts.payType ?? 'CREDIT_CARD',
    coupons: couponRequest,
    subPayAmt: opts.points ?? 0,
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: calc.paymentInfo.paymentAmt,
  });
  await post(request, `/api/payment-sandbox/payments/${reserved.paymentId}/approve`);
  const q = new URL(reserved.clientReturnUrl, 'http://x').searchParams;
  const outcome = await post(request, '/shop-api/payments/confirm', {
    orderNo: q.get('orderNo'),
    paymentId: q.get('paymentId'),
    amount: Number(q.get('amount')),
    ts: Number(q.get('ts')),
    signature: q.get('signature'),
  });
  // a virtual account stays unpaid (DEPOSIT_WAIT) until its deposit
  expect(outcome.orderStatus).toBe(opts.payType === 'VIRTUAL_ACCOUNT' ? 'DEPOSIT_WAIT' : 'PAY_DONE');
  return reserved.orderNo as string;
}

const stockOf = async (request: APIRequestContext) =>
  (await get(request, `/shop-api/products/${PRODUCT.productNo}`)).stock.stockCnt as number;

async function hydrated(p: Page) {
  await expect(p.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The manager ships and delivers an order on the manager page. */
async function shipAndDeliver(orderNo: string) {
  const m = await manager.newPage();
  await open(m, `/manager/orders/${orderNo}`);
  // the receiver's phone as the shop writes every phone number
  await expect(m.getByText(`${ADDRESS.receiverName} · 010-1234-5678`)).toBeVisible();
  await hydrated(m);
  await m.getByRole('button', { name: '상품 준비 처리' }).click();
  await expect(m.getByTestId('manager-order-status')).toHaveText('상품준비중');
  await hydrated(m);
  await m.getByLabel('택배사').selectOption('CJ');
  await m.getByLabel('송장 번호').fill('612345678901');
  await m.getByRole('button', { name: '발송 처리', exact: true }).click();
  await expect(m.getByTestId('manager-order-status')).toHaveText('배송중');
  await hydrated(m);
  await m.getByRole('button', { name: '배송 완료 처리' }).click();
  await expect(m.getByTestId('manager-order-status')).toHaveText('배송완료');
  await m.close();
}

test.beforeAll(async ({ browser }) => {
  member = await newMember(browser);
  page = await member.newPage();
  manager = await browser.newContext();
  await signIn(manager, ADMIN.memberId, ADMIN.password);
});

test.afterAll(async () => {
  await member?.close();
  await manager?.close();
});

test('bought, shipped and delivered by the manager, then confirmed: the points arrive once', async () => {
  const orderNo = await buy(member.request, 1);

  await open(page, '/mypage/order');
  await expect(page.getByRole('link', { name: /결제완료/ }).locator('.group-count')).toHaveText('1');
  // the order says the same word as its group, and only that
  await expect(page.locator(`[data-order-no="${orderNo}"] .order-status`)).toHaveText('결제완료');
  const ranges = page.getByRole('region', { name: '조회 기간' });
  await ranges.getByRole('link', { name: '1주일' }).click();
  await expect(page).toHaveURL('/mypage/order?range=1w');
  await expect(ranges.getByRole('link', { name: '1주일' })).toHaveAttribute('aria-current', 'true');
  await expect(ranges).toContainText('주문 1건');
  await expect(page.locator(`[data-order-no="${orderNo}"]`)).toBeVisible();
  await open(page, '/mypage/order?startYmd=2024-02-30&endYmd=2024-03-01', 400);
  await expect(ranges.getByRole('alert')).toContainText('실제 날짜');

  await shipAndDeliver(orderNo);

  await open(page, '/mypage/order?group=DELIVERED');
  await expect(page.locator(`[data-order-no="${orderNo}"]`)).toContainText('배송완료');
  // a shipped order cannot be cancelled: opening it asks for no cancel estimate, logs no error
  const consoleErrors: string[] = [];
  const estimates: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  };
  const onRequest = (r: Request) => {
    if (r.url().includes('/claims/estimate')) estimates.push(r.url());
  };
  page.on('console', onConsole);
  page.on('request', onRequest);
  await open(page, `/mypage/order/${orderNo}`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('request', onRequest);
  expect(estimates).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await expect(page.getByTestId('invoice-no')).toContainText('612345678901');
  // paid by card: no deposit account (Shopby's bankInfo is there, empty)
  await expect(page.getByText('입금 계좌', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('points')).toHaveText('구매 확정 시 49원 적립 예정');
  await hydrated(page);
  await page.getByRole('button', { name: '구매 확정', exact: true }).click();
  await page.getByRole('dialog', { name: '구매 확정' }).getByRole('button', { name: '구매 확정' }).click();
  await expect(page.locator('.notice-box')).toHaveText('구매를 확정했습니다.');
  await expect(page.getByTestId('order-status')).toHaveText('구매확정');
  await expect(page.getByTestId('points')).toHaveText('49원 적립 완료');
  points = 49;

  await open(page, '/mypage/point');
  await expect(page.getByTestId('points-balance')).toHaveText('49원');
  await expect(page.locator('tr[data-status="GIVE"]').first()).toContainText('구매 확정 적립');
  // another member's order is not there for this member
  const other = await manager.newPage();
  await open(other, `/mypage/order/${orderNo}`, 404);
  await other.close();
});

test('a paid order with a coupon and points is cancelled: stock, coupon and points come back', async () => {
  await open(page, `/product/${PRODUCT.slug}`);
  const download = page.getByRole('button', { name: /쿠폰 받기.*첫 주문 3,000원 할인/ });
  await download.scrollIntoViewIfNeeded();
  await download.click();
  // the shop's toast says so (a polite live region, in the page from the start)
  const toast = page.getByRole('status').locator('.toast');
  await expect(toast).toContainText('쿠폰을 받았습니다.');
  await expect(toast).toContainText('첫 주문 3,000원 할인');
  await expect(toast).toHaveAttribute('data-message-type', 'success');
  await expect(page.getByRole('button', { name: /받음.*첫 주문 3,000원 할인/ })).toBeDisabled();

  const coupons = await get(member.request, '/shop-api/coupons?usable=true');
  const coupon = coupons.items.find((c: { couponName: string }) => c.couponName === '첫 주문 3,000원 할인');
  expect(coupon).toBeTruthy();
  const before = await stockOf(member.request);
  const orderNo = await buy(member.request, 7, { cartCouponIssueNo: coupon.couponIssueNo, points });
  expect(await stockOf(member.request)).toBe(before - 7);
  await open(page, '/mypage/coupon');
  await expect(page.getByTestId('usable-coupons')).toHaveText('0장');

  await open(page, `/mypage/order/${orderNo}`);
  await hydrated(page);
  await page.getByRole('button', { name: '주문 취소', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '주문 취소' });
  await dialog.getByLabel('취소 사유 (필수)').selectOption('CHANGE_MIND');
  await expect(dialog.getByTestId('refund-total')).toContainText('원');
  await dialog.getByRole('button', { name: '취소 신청' }).click();
  await expect(page.locator('.notice-box')).toContainText('주문 취소를 접수했습니다');
  await expect(page.getByTestId('order-status')).toHaveText('취소완료');
  await expect(page.getByTestId('claim-status')).toHaveText('취소완료[환불완료]');

  expect(await stockOf(member.request)).toBe(before);
  await open(page, '/mypage/coupon');
  await expect(page.getByTestId('usable-coupons')).toHaveText('1장');
  await open(page, '/mypage/point');
  await expect(page.getByTestId('points-balance')).toHaveText(`${points}원`);
  await expect(page.locator('tr[data-status="GIVE"]').first()).toContainText('주문 취소로 반환');
});

test('an unpaid virtual account is cancelled: nothing to refund, before and after', async () => {
  const orderNo = await buy(member.request, 1, { payType: 'VIRTUAL_ACCOUNT' });
  await open(page, `/mypage/order/${orderNo}`);
  await expect(page.getByTestId('order-status')).toHaveText('입금대기');
  await hydrated(page);
  await page.getByRole('button', { name: '주문 취소', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '주문 취소' });
  await expect(dialog.getByText('입금 전 주문은 주문 전체가 취소됩니다.')).toBeVisible();
  await expect(dialog.getByTestId('refund-none')).toHaveText('결제 전 주문이라 환불할 금액이 없습니다.');
  // no refund amounts, no delivery fee given back: nothing was paid
  await expect(dialog.getByText('환불 예정 금액')).toHaveCount(0);
  await expect(dialog.getByText('배송비 환불')).toHaveCount(0);
  await dialog.getByLabel('취소 사유 (필수)').selectOption('CHANGE_MIND');
  await dialog.getByRole('button', { name: '취소 신청' }).click();

  await expect(page.locator('.notice-box')).toHaveText(
    '주문을 취소했습니다. 결제 전 주문이라 환불할 금액이 없습니다.',
  );
  await expect(page.getByTestId('order-status')).toHaveText('취소완료');
  const claim = page.locator('.claim-card');
  await expect(claim.getByTestId('claim-refund-none')).toHaveText('결제 전 주문이라 환불할 금액이 없습니다.');
  await expect(claim.getByText('환불 금액')).toHaveCount(0);
  await expect(page.getByText('결제 수단으로 환불')).toHaveCount(0);
});

test('a delivered order is asked back with a photo and the manager approves the return', async () => {
  const before = await stockOf(member.request);
  const orderNo = await buy(member.request, 1);
  await shipAndDeliver(orderNo);

  await open(page, `/mypage/order/${orderNo}`);
  await hydrated(page);
  await page.getByRole('button', { name: '반품 신청', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '반품 신청' });
  await dialog.getByLabel('반품 사유 (필수)').selectOption('DEFECTIVE_PRODUCT');
  await dialog.getByLabel('상세 사유').fill('포장이 찢어져 왔습니다.');
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5b2a86';
    g.fillRect(0, 0, 120, 80);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(dialog.getByRole('img', { name: '첨부한 사진 1' })).toBeVisible();
  await expect(dialog.getByLabel('보내는 분 (필수)')).toHaveValue(ADDRESS.receiverName);
  await dialog.getByRole('button', { name: '반품 신청', exact: true }).click();
  await expect(page.locator('.notice-box')).toContainText('반품을 신청했습니다');
  await expect(page.getByTestId('claim-status')).toHaveText('반품신청[승인대기]');
  await expect(page.getByRole('img', { name: '첨부 사진 1' })).toBeVisible();

  const m = await manager.newPage();
  await open(m, '/manager/orders/claims');
  const card = m.locator('li.order-card', { hasText: `주문 ${orderNo}` });
  await expect(card).toContainText('상품불량/파손');
  await hydrated(m);
  // the list reloads itself after the approval: wait for that reload before going on
  const [approved] = await Promise.all([
    m.waitForResponse((r) => r.url().includes('/api/manager/claims/') && r.request().method() === 'POST'),
    m.waitForEvent('framenavigated'),
    card.getByRole('button', { name: /반품 승인/ }).click(),
  ]);
  expect(approved.status()).toBe(200);
  await m.waitForLoadState('load');
  await open(m, `/manager/orders/${orderNo}`);
  await expect(m.getByTestId('manager-order-status')).toHaveText('반품완료');
  await m.close();

  await open(page, `/mypage/order/${orderNo}`);
  await expect(page.getByTestId('order-status')).toHaveText('반품완료');
  await expect(page.getByTestId('claim-status')).toHaveText('반품완료[환불완료]');
  expect(await stockOf(member.request)).toBe(before);
});

test('a coupon without an end reads 기한 없음, never a far-future date', async () => {
  // the demo's "방진패드 5,000원 할인" has no end: it is given the sentinel 2100-01-01
  await post(member.request, '/shop-api/coupons/3/download');
  await open(page, '/mypage/coupon');
  const card = page.locator('.coupon-card').filter({ hasText: '방진패드 5,000원 할인' });
  await expect(card).toBeVisible();
  await expect(page.locator('main')).not.toContainText('2100.01.01');
  await expect(card.getByTestId('coupon-end')).toHaveText('기한 없음');
  // one with an end (30 days from its download) shows its last day
  const welcome = page.locator('.coupon-card').filter({ hasText: '첫 주문 3,000원 할인' });
  await expect(welcome.getByTestId('coupon-end')).toHaveText(/^\d{4}\.\d{2}\.\d{2}까지$/);
});
