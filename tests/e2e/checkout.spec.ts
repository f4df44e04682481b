import type { APIRequestContext, Page } from '@playwright/test';
import { addNode, newDesign, newTextNode } from '../../src/lib/design/document.ts';
import { updateSide } from '../../src/lib/design/sides.ts';
import { expect, open, SHOP_API_HEADERS, shopApi, test } from './support/fixtures.ts';
import {
  type Account,
  createMember,
  e2eDatabase,
  hydrated,
  loginInBrowser,
  uniqueAccount,
} from './support/members.ts';

/**
 * Cart, checkout and payment in the browser (issue 4): the guest cart and its merge at login, a
 * member paying with each pay type (카카오페이 too) through the sandbox provider, a virtual account and its deposit,
 * a declined card that leaves the stock as it was, a guest order looked up with its password, and
 * an order from the cart that goes on only when the order sheet is made.
 *
 * Each test buys its own product options, so tests running side by side never share stock.
 */

interface FlatOption {
  optionNo: number;
  value: string;
  stockCnt: number;
}

async function optionsOf(request: APIRequestContext, productNo: number): Promise<FlatOption[]> {
  const res = await shopApi<{ flatOptions: FlatOption[] }>(request, `products/${productNo}/options`);
  return res.flatOptions;
}

async function stockOf(request: APIRequestContext, productNo: number, optionNo: number): Promise<number> {
  const option = (await optionsOf(request, productNo)).find((o) => o.optionNo === optionNo);
  if (!option) throw new Error(`옵션 ${optionNo}이 상품 ${productNo}에 없습니다.`);
  return option.stockCnt;
}

/** The e2e server's database (playwright.config.ts puts it in PODO_E2E_DIR). */
async function setStock(optionNo: number, stockCnt: number): Promise<void> {
  const client = e2eDatabase();
  try {
    await client.execute({
      sql: 'UPDATE product_options SET stock_cnt = ? WHERE option_no = ?',
      args: [stockCnt, optionNo],
    });
  } finally {
    client.close();
  }
}

/** Gives a member points straight in the ledger (only the demo accounts get some on their own). */
async function givePoints(memberId: string, amount: number): Promise<void> {
  const client = e2eDatabase();
  const at = new Date().toISOString();
  try {
    const rs = await client.execute({
      sql: 'SELECT member_no FROM members WHERE member_id = ?',
      args: [memberId],
    });
    const memberNo = Number(rs.rows[0]!.member_no);
    await client.batch(
      [
        {
          sql: `INSERT INTO accumulation_balances (member_no, balance, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (member_no) DO UPDATE SET balance = balance + excluded.balance`,
          args: [memberNo, amount, at],
        },
        {
          sql: `INSERT INTO accumulations (member_no, accumulation_status, accumulation_amt, balance_after, reason, reason_detail, created_at)
            VALUES (?, 'GIVE', ?, (SELECT balance FROM accumulation_balances WHERE member_no = ?), 'ADD_EVENT', 'e2e', ?)`,
          args: [memberNo, amount, memberNo, at],
        },
      ],
      'write',
    );
  } finally {
    client.close();
  }
}

/** Calls the shop API as the page's signed-in member (the context's cookies, from this site). */
function memberApi(page: Page) {
  const origin = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin;
  const headers = { ...SHOP_API_HEADERS, Origin: origin };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await page.request.post(`/shop-api/${path}`, { headers, data });
      expect(res.ok(), `POST /shop-api/${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
    async get<T>(path: string): Promise<T> {
      const res = await page.request.get(`/shop-api/${path}`, { headers });
      expect(res.ok(), `GET /shop-api/${path}: ${res.status()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

/** A fresh member, logged in in this page's browser context (through the API: faster than the form). */
async function signedInMember(page: Page): Promise<Account> {
  const account = await createMember(page.request, uniqueAccount('co'));
  await open(page, '/');
  const res = await page.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password, keepLogin: false },
  });
  expect(res.ok(), `login: ${res.status()}`).toBe(true);
  return account;
}

async function addToMemberCart(page: Page, productNo: number, optionNo: number, orderCnt = 1) {
  await memberApi(page).post('cart', [{ productNo, optionNo, orderCnt, optionInputs: [] }]);
}

/** The checkout's new-address fields, then the required consent(s). */
async function fillShipping(page: Page) {
  await page.getByLabel('받는 분 (필수)', { exact: true }).fill('이수령');
  await page.getByLabel('받는 분 휴대폰 번호 (필수)', { exact: true }).fill('010-9876-5432');
  await page.getByLabel('우편번호 (필수)', { exact: true }).fill('06236');
  await page.getByLabel('도로명 주소 (필수)', { exact: true }).fill('서울특별시 강남구 테헤란로 152');
  await page.getByLabel('상세 주소', { exact: true }).fill('12층');
  await page.getByLabel('배송 메모').selectOption('부재 시 문 앞에 놓아 주세요.');
}

/** From /cart with the lines ticked: order sheet → checkout → pay with `payType` → the provider's page. */
async function checkoutFromCart(page: Page, payType: string) {
  await open(page, '/cart');
  await hydrated(page);
  await page.getByRole('button', { name: /^선택 상품 주문 \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);
  // members: the orderer comes from the profile
  await expect(page.getByLabel('주문자 이름 (필수)', { exact: true })).toHaveValue('김포도');
  await fillShipping(page);
  await expect(page.getByRole('radio', { name: '신용카드' })).toBeChecked();
  await page.getByRole('radio', { name: payType, exact: true }).check();
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  const pay = page.getByRole('button', { name: /원 결제하기$/ });
  await expect(pay).toBeEnabled();
  const amount = (await pay.textContent())!.replace(' 결제하기', '');
  await pay.click();
  return amount;
}

/**
 * The product page's option picker and add-to-cart island are ready (the page's Q&A island waits
 * until it is scrolled into view, so `hydrated()` is not the test here).
 */
async function productPageReady(page: Page) {
  await expect(page.getByRole('form', { name: '상품 옵션 선택' })).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('astro-island[component-url*="/AddToCart."]')).not.toHaveAttribute('ssr', /.*/);
}

function orderNoOnResult(page: Page) {
  return page.getByTestId('order-no').textContent();
}

test.describe('guest cart', () => {
  test('a guest adds two options, sees the guest cart, logs in and finds them merged into the member cart', async ({
    page,
    request,
  }) => {
    const account = await createMember(request, uniqueAccount('gm'));
    await open(page, '/products/100019');
    await productPageReady(page);
    const picker = page.getByRole('form', { name: '상품 옵션 선택' });
    await picker.getByLabel('색상').selectOption('차콜');
    await picker.getByRole('button', { name: '장바구니 담기' }).click();
    const toast = page.getByRole('status').filter({ hasText: '장바구니에 상품을 담았습니다.' });
    await expect(toast).toBeVisible();
    await picker.getByLabel('색상').selectOption('네이비');
    await picker.getByRole('button', { name: '장바구니 담기' }).click();
    await picker.getByLabel('색상').selectOption('차콜');
    await picker.getByRole('button', { name: '장바구니 담기' }).click();
    await expect(page.getByText('이미 장바구니에 있는 상품입니다. 수량이 추가되었습니다.')).toBeVisible();

    // the header's cart link takes a visitor to the guest cart
    await page.getByRole('navigation', { name: '회원 메뉴' }).getByRole('link', { name: '장바구니' }).click();
    await expect(page).toHaveURL(/\/guest\/cart$/);
    await hydrated(page);
    const charcoal = page.getByLabel('사무실 의자 메모리폼 방석 색상: 차콜 수량', { exact: true });
    await expect(charcoal).toHaveValue('2');
    await expect(page.getByLabel('사무실 의자 메모리폼 방석 색상: 네이비 수량', { exact: true })).toHaveValue(
      '1',
    );
    await expect(page.getByTestId('cart-total')).toHaveText('83,700원');
    // ± by one, priced by the server
    await page.getByRole('button', { name: '사무실 의자 메모리폼 방석 색상: 네이비 수량 늘리기' }).click();
    await expect(page.getByLabel('사무실 의자 메모리폼 방석 색상: 네이비 수량', { exact: true })).toHaveValue(
      '2',
    );
    await expect(page.getByTestId('cart-total')).toHaveText('111,600원');
    await page.getByRole('button', { name: '사무실 의자 메모리폼 방석 색상: 네이비 수량 줄이기' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('83,700원');

    await loginInBrowser(page, account, '/login?redirect=%2Fcart');
    await expect(page).toHaveURL(/\/cart$/);
    await hydrated(page);
    await expect(page.getByLabel('사무실 의자 메모리폼 방석 색상: 차콜 수량', { exact: true })).toHaveValue(
      '2',
    );
    await expect(page.getByLabel('사무실 의자 메모리폼 방석 색상: 네이비 수량', { exact: true })).toHaveValue(
      '1',
    );
    const guestCart = await page.evaluate(() => localStorage.getItem('podo:guest-cart'));
    expect(JSON.parse(guestCart ?? '{"items":[]}').items).toEqual([]);
    const memberCart = await memberApi(page).get<{ count: number }>('cart/count');
    expect(memberCart.count).toBe(2);
  });
});

test.describe('member checkout through the sandbox', () => {
  test.describe.configure({ timeout: 60_000 });

  test('credit card (the default): paid, stock taken, cart line gone', async ({ page, request }) => {
    await signedInMember(page);
    const [ivory] = await optionsOf(request, 100022);
    const before = await stockOf(request, 100022, ivory!.optionNo);
    await addToMemberCart(page, 100022, ivory!.optionNo, 2);
    const amount = await checkoutFromCart(page, '신용카드');
    await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=pay_/);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: /테스트 결제/ })).toBeVisible();
    await expect(page.getByText(amount, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '결제 승인' }).click();
    await expect(page).toHaveURL(/\/order\/order-result\?/);
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
    const orderNo = await orderNoOnResult(page);
    await expect(page.getByText('신용카드', { exact: true })).toBeVisible();
    const order = await memberApi(page).get<{ defaultOrderStatusType: string }>(`profile/orders/${orderNo}`);
    expect(order.defaultOrderStatusType).toBe('PAY_DONE');
    expect(await stockOf(request, 100022, ivory!.optionNo)).toBe(before - 2);
    expect((await memberApi(page).get<{ count: number }>('cart/count')).count).toBe(0);

    await page.getByRole('link', { name: '주문 상세 보기' }).click();
    // one word for PAY_DONE on every page (decision 021)
    await expect(page.getByTestId('order-status')).toHaveText('결제완료');
    await expect(page.getByText(orderNo!, { exact: true })).toBeVisible();
  });

  test('Back after paying: the used order sheet says it is paid and links to the order', async ({
    page,
    request,
  }) => {
    await signedInMember(page);
    const option = (await optionsOf(request, 100030)).at(-1)!;
    await addToMemberCart(page, 100030, option.optionNo);
    await checkoutFromCart(page, '신용카드');
    const sheetUrl = new URL(page.url()).pathname;
    await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
    await hydrated(page);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
    const orderNo = (await orderNoOnResult(page))!;

    // Back, through the payment window, to the order sheet
    for (let i = 0; i < 3 && !page.url().endsWith('/checkout'); i++) await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${sheetUrl}$`));
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
      '이미 결제가 끝난 주문서입니다.',
    );
    await expect(page.getByLabel('주문자 이름 (필수)', { exact: true })).toHaveCount(0);
    const link = page.getByRole('link', { name: '주문 내역 보기' });
    await expect(link).toHaveAttribute('href', `/order/order-detail?orderNo=${orderNo}`);
    await link.click();
    await expect(page.getByTestId('order-status')).toHaveText('결제완료');
  });

  test('mobile payment', async ({ page, request }) => {
    await signedInMember(page);
    const grey = (await optionsOf(request, 100022)).find((o) => o.value === '그레이')!;
    await addToMemberCart(page, 100022, grey.optionNo);
    await checkoutFromCart(page, '휴대폰 결제');
    await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
    await hydrated(page);
    await expect(page.getByText(/^휴대폰\s?결제$/)).toBeVisible();
    await page.getByRole('button', { name: '결제 승인' }).click();
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
    const orderNo = await orderNoOnResult(page);
    const order = await memberApi(page).get<{ defaultOrderStatusType: string; payType: string }>(
      `profile/orders/${orderNo}`,
    );
    expect(order).toMatchObject({ defaultOrderStatusType: 'PAY_DONE', payType: 'MOBILE' });
  });

  test('Naver Pay runs through the /npay pages', async ({ page, request }) => {
    await signedInMember(page);
    const black = (await optionsOf(request, 100010)).find((o) => o.value === '블랙|30mm')!;
    await addToMemberCart(page, 100010, black.optionNo);
    await checkoutFromCart(page, '네이버페이');
    await expect(page).toHaveURL(/\/npay\/pay_[0-9a-f]{32}$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: '네이버페이 결제 (테스트)' })).toBeVisible();
    await page.getByRole('button', { name: '결제 승인' }).click();
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
    const orderNo = await orderNoOnResult(page);
    const order = await memberApi(page).get<{ defaultOrderStatusType: string; payType: string }>(
      `profile/orders/${orderNo}`,
    );
    expect(order).toMatchObject({ defaultOrderStatusType: 'PAY_DONE', payType: 'NAVER_EASY_PAY' });
  });

  test('카카오페이 in the sandbox: its test window, then the order shows 카카오페이', async ({
    page,
    request,
  }) => {
    await signedInMember(page);
    const clear = (await optionsOf(request, 100010)).find((o) => o.value === '클리어|45mm')!;
    await addToMemberCart(page, 100010, clear.optionNo);
    await checkoutFromCart(page, '카카오페이');
    await expect(page).toHaveURL(/\/test\/[a-z0-9-]+-pay\?paymentId=pay_[0-9a-f]{32}$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: '카카오페이 결제 (테스트)' })).toBeVisible();
    await page.getByRole('button', { name: '결제 승인' }).click();
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
    const orderNo = await orderNoOnResult(page);
    const order = await memberApi(page).get<{ defaultOrderStatusType: string; payType: string }>(
      `profile/orders/${orderNo}`,
    );
    expect(order).toMatchObject({ defaultOrderStatusType: 'PAY_DONE', payType: 'KAKAO_PAY' });
    await open(page, `/mypage/order/${orderNo}`);
    await expect(page.getByText('카카오페이', { exact: true })).toBeVisible();
  });

  test('Naver Pay on a phone: the mobile window /npay/mobile', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInMember(page);
    const black = (await optionsOf(request, 100010)).find((o) => o.value === '블랙|45mm')!;
    await addToMemberCart(page, 100010, black.optionNo);
    await checkoutFromCart(page, '네이버페이');
    await expect(page).toHaveURL(/\/npay\/mobile\/pay_[0-9a-f]{32}$/);
    await hydrated(page);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  });

  test('virtual account: issued (DEPOSIT_WAIT), then the test deposit (PAY_DONE)', async ({
    page,
    request,
  }) => {
    await signedInMember(page);
    const clear = (await optionsOf(request, 100010)).find((o) => o.value === '클리어|30mm')!;
    await addToMemberCart(page, 100010, clear.optionNo);
    await checkoutFromCart(page, '가상계좌 (무통장입금)');
    await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
    await hydrated(page);
    await page.getByRole('button', { name: '가상계좌 발급' }).click();
    await expect(page.getByRole('heading', { name: '가상계좌가 발급되었습니다' })).toBeVisible();
    const account = page.getByRole('region', { name: '입금 계좌' });
    await expect(account.getByText('국민은행')).toBeVisible();
    await expect(account.getByText(/^9\d{13}$/)).toBeVisible();
    await expect(account.getByText(/^\d{4}-\d{2}-\d{2}/)).toBeVisible();
    const orderNo = await orderNoOnResult(page);
    const api = memberApi(page);
    expect(
      (await api.get<{ defaultOrderStatusType: string }>(`profile/orders/${orderNo}`)).defaultOrderStatusType,
    ).toBe('DEPOSIT_WAIT');

    await account.getByRole('button', { name: '입금 확인(테스트)' }).click();
    await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
    expect(
      (await api.get<{ defaultOrderStatusType: string }>(`profile/orders/${orderNo}`)).defaultOrderStatusType,
    ).toBe('PAY_DONE');
  });

  test('a declined card leaves the stock as it was and leads back to the order sheet', async ({
    page,
    request,
  }) => {
    await signedInMember(page);
    const wine = (await optionsOf(request, 100045)).find((o) => o.value === '와인')!;
    const before = await stockOf(request, 100045, wine.optionNo);
    await addToMemberCart(page, 100045, wine.optionNo, 3);
    await checkoutFromCart(page, '신용카드');
    // the order sheet goes on to the payment page: its islands, not the sheet's, are the ones to wait for
    await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
    await hydrated(page);
    await page.getByLabel('거절 사유').selectOption('한도 초과');
    await page.getByRole('button', { name: '결제 거절' }).click();
    await expect(page.getByRole('heading', { name: '결제에 실패했습니다' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('한도 초과');
    const orderNo = await orderNoOnResult(page);
    expect(
      (await memberApi(page).get<{ defaultOrderStatusType: string }>(`profile/orders/${orderNo}`))
        .defaultOrderStatusType,
    ).toBe('PAY_FAIL');
    expect(await stockOf(request, 100045, wine.optionNo)).toBe(before);
    // the cart line stays, and the same order sheet can be paid again
    expect((await memberApi(page).get<{ count: number }>('cart/count')).count).toBe(1);
    await page.getByRole('link', { name: '주문서로 돌아가 다시 결제하기' }).click();
    await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
    await hydrated(page);
    await expect(page.getByLabel('우편번호 (필수)', { exact: true })).toHaveValue('06236');
  });
});

test('a guest buys with a password and looks the order up with it', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await open(page, '/products/100030');
  await productPageReady(page);
  const picker = page.getByRole('form', { name: '상품 옵션 선택' });
  await picker.getByLabel('강도').selectOption('약 (10lb)');
  await picker.getByRole('button', { name: '장바구니 담기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '장바구니에 상품을 담았습니다.' })).toBeVisible();

  await open(page, '/guest/cart');
  await hydrated(page);
  await page.getByRole('button', { name: '선택 상품 주문 (1)' }).click();
  // neither a member nor a guest yet: the guest guide
  const guide = page.getByRole('dialog', { name: '로그인 안내' });
  await expect(guide).toBeVisible();
  await guide.getByRole('button', { name: '비회원으로 계속하기' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);

  // nothing filled: the errors are announced and the first one has the focus
  await page.getByRole('button', { name: /결제하기$/ }).click();
  const name = page.getByLabel('주문자 이름 (필수)', { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('최비회');
  await page.getByLabel('주문자 휴대폰 번호 (필수)', { exact: true }).fill('01055556666');
  await fillShipping(page);
  await expect(page.getByRole('heading', { name: '할인 · 적립금' })).toHaveCount(0);
  await page.getByLabel('주문 비밀번호 (필수)', { exact: true }).fill('grape2024');
  await page.getByLabel('주문 비밀번호 확인 (필수)', { exact: true }).fill('grape2024');
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await page.getByRole('checkbox', { name: /비회원 주문을 위한 개인정보/ }).check();
  await page.getByRole('button', { name: /원 결제하기$/ }).click();
  await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
  await hydrated(page);
  await page.getByRole('button', { name: '결제 승인' }).click();
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  const orderNo = (await orderNoOnResult(page))!;
  // the ordered line left the guest cart
  await expect
    .poll(
      async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('podo:guest-cart'))) ?? '{}').items,
    )
    .toEqual([]);

  // another browser: no guest identity, only the order number and the password
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const lookup = await other.newPage();
  try {
    await open(lookup, `/order/guest-lookup?orderNo=${orderNo}`);
    await hydrated(lookup);
    await expect(lookup.getByLabel('주문번호 (필수)', { exact: true })).toHaveValue(orderNo);
    await lookup.getByLabel('주문 비밀번호 (필수)', { exact: true }).fill('wrong-pass1');
    await lookup.getByRole('button', { name: '주문 조회' }).click();
    await expect(lookup.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
      '주문번호 또는 비밀번호가 올바르지 않습니다.',
    );
    await lookup.getByLabel('주문 비밀번호 (필수)', { exact: true }).fill('grape2024');
    await lookup.getByRole('button', { name: '주문 조회' }).click();
    await expect(lookup).toHaveURL(new RegExp(`/order/order-detail\\?orderNo=${orderNo}$`));
    await expect(lookup.getByTestId('order-status')).toHaveText('결제완료');
    await expect(lookup.getByText('강도: 약 (10lb)')).toBeVisible();
    await expect(lookup.getByText('최비회')).toBeVisible();
    await expect(lookup.getByText('(06236) 서울특별시 강남구 테헤란로 152 12층')).toBeVisible();
    // phone numbers read 010-1234-5678 however they were typed
    await expect(lookup.getByText('010-9876-5432', { exact: true })).toBeVisible();
    await expect(lookup.getByText('010-5555-6666', { exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the order from the cart goes on only when the order sheet is made: sold-out lines stay behind', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signedInMember(page);
  const options = await optionsOf(request, 100020);
  const oatmeal = options.find((o) => o.value === '오트밀|커버만')!;
  const sage = options.find((o) => o.value === '세이지|커버만')!;
  await addToMemberCart(page, 100020, oatmeal.optionNo);
  await addToMemberCart(page, 100020, sage.optionNo);
  await open(page, '/cart');
  await hydrated(page);
  const sageName = '린넨 쿠션 커버 45 x 45cm 색상: 세이지 / 구성: 커버만';
  await expect(page.getByRole('checkbox', { name: `${sageName} 선택` })).toBeChecked();

  const sageStock = await stockOf(request, 100020, sage.optionNo);
  try {
    // sold out after the cart was shown: the order sheet refuses, the shopper stays on the cart
    await setStock(sage.optionNo, 0);
    await page.getByRole('button', { name: '선택 상품 주문 (2)' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toContainText('품절');
    await expect(page).toHaveURL(/\/cart$/);
    // shown afresh: the line is flagged and cannot be ticked or ordered
    const sageCheck = page.getByRole('checkbox', { name: `${sageName} 선택` });
    await expect(sageCheck).toBeDisabled();
    await expect(sageCheck).not.toBeChecked();
    await expect(page.locator('[data-soldout="true"]').filter({ hasText: '품절' }).first()).toBeVisible();
    await page.getByRole('button', { name: '선택 상품 주문 (1)' }).click();
    await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
    await hydrated(page);
    await expect(
      page.getByRole('region', { name: '주문 상품' }).getByText('색상: 오트밀 / 구성: 커버만'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: '주문 상품' }).getByText('색상: 세이지 / 구성: 커버만'),
    ).toHaveCount(0);
  } finally {
    await setStock(sage.optionNo, sageStock);
  }
});

test('a member pays with the default saved address, a product coupon and points, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await signedInMember(page);
  const api = memberApi(page);
  await api.post('profile/shipping-addresses', {
    addressName: '집',
    receiverName: '박집사',
    receiverZipCd: '04524',
    receiverAddress: '서울특별시 중구 세종대로 110',
    receiverDetailAddress: '3층',
    receiverContact1: '010-2222-3333',
    defaultYn: 'Y',
  });
  const coupon = await api.post<{ couponIssueNo: number }>('coupons/2/download', {});
  await givePoints(account.memberId, 3000);
  const grey = (await optionsOf(request, 100045)).find((o) => o.value === '그레이')!;
  await addToMemberCart(page, 100045, grey.optionNo);

  await open(page, '/cart');
  await hydrated(page);
  const order = page.getByRole('button', { name: '선택 상품 주문 (1)' });
  await order.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);

  // the default saved address is chosen; no new-address fields
  await expect(page.getByRole('radio', { name: /박집사/ })).toBeChecked();
  await expect(page.getByLabel('우편번호 (필수)', { exact: true })).toHaveCount(0);
  const amount = page.getByTestId('payment-amount');
  const before = await amount.textContent();

  const couponSelect = page.getByLabel(/상품 쿠폰$/);
  await couponSelect.focus();
  await couponSelect.selectOption(String(coupon.couponIssueNo));
  await page.getByRole('button', { name: '모두 사용' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('적립금 사용')).toHaveValue('3000');
  // the server's amounts: coupon and points taken off
  const summary = page.getByRole('complementary', { name: '결제 금액' });
  await expect(summary).toContainText('-2,390원');
  await expect(summary).toContainText('-3,000원');
  await expect(amount).not.toHaveText(before!);
  // the points buy confirmation gives, on what is paid: 23,900 − 2,390 − 3,000 = 18,510 → 1 %
  await expect(summary.locator('.checkout-amounts__note dd')).toHaveText('185원');

  // pay type by arrow keys, consent by space, pay by Enter
  const card = page.getByRole('radio', { name: '신용카드' });
  await card.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: '가상계좌 (무통장입금)' })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(card).toBeChecked();
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).focus();
  await page.keyboard.press('Space');
  const pay = page.getByRole('button', { name: /원 결제하기$/ });
  const shown = (await amount.textContent())!;
  await expect(pay).toHaveText(`${shown} 결제하기`);
  await pay.focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
  await hydrated(page);
  await page.getByRole('button', { name: '결제 승인' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  const orderNo = await orderNoOnResult(page);
  const detail = await api.get<{
    shippingAddress: { receiverName: string; receiverZipCd: string };
    lastOrderAmount: { productCouponDiscountAmt: number; subPayAmt: number; payAmt: number };
  }>(`profile/orders/${orderNo}`);
  expect(detail.shippingAddress).toMatchObject({ receiverName: '박집사', receiverZipCd: '04524' });
  expect(detail.lastOrderAmount.productCouponDiscountAmt).toBe(2390);
  expect(detail.lastOrderAmount.subPayAmt).toBe(3000);
  await expect(page.getByRole('region', { name: '결제 금액' })).toContainText('-2,390원');
  expect(`${detail.lastOrderAmount.payAmt.toLocaleString('ko-KR')}원`).toBe(shown);
  // my page promises what the checkout promised
  await open(page, `/mypage/order/${orderNo}`);
  await expect(page.getByTestId('points')).toHaveText('구매 확정 시 185원 적립 예정');
});

test('points the member cannot use are refused by the field; the summary keeps coupons and the remote-area fee', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await signedInMember(page);
  const api = memberApi(page);
  const coupon = await api.post<{ couponIssueNo: number }>('coupons/2/download', {});
  await givePoints(account.memberId, 30000);
  const black = (await optionsOf(request, 100045)).find((o) => o.value === '블랙')!;
  await addToMemberCart(page, 100045, black.optionNo);
  await open(page, '/cart');
  await hydrated(page);
  await page.getByRole('button', { name: '선택 상품 주문 (1)' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);

  // a Jeju address: the remote-area fee
  await fillShipping(page);
  await page.getByLabel('우편번호 (필수)', { exact: true }).fill('63000');
  await page.getByLabel(/상품 쿠폰$/).selectOption(String(coupon.couponIssueNo));
  const summary = page.getByRole('complementary', { name: '결제 금액' });
  await expect(summary).toContainText('-2,390원');
  await expect(summary).toContainText('도서산간 추가 배송비');
  const amount = page.getByTestId('payment-amount');
  const whole = (await amount.textContent())!;

  const points = page.getByLabel('적립금 사용');
  const error = page.locator('.af-error').filter({ hasText: /\S/ });
  // more than the member has: once the server has answered, the summary still shows the server's
  // amounts without the points — the coupon and the remote fee stay
  const refused = page.waitForResponse((r) => r.url().includes('/calculate') && r.status() === 409);
  await points.fill('40000');
  await refused;
  await page.waitForTimeout(300);
  await expect(summary).toContainText('-2,390원');
  await expect(summary).toContainText('도서산간 추가 배송비');
  await expect(amount).toHaveText(whole);
  await expect(error).toHaveText('보유 적립금 30,000원보다 많이 사용할 수 없습니다.');
  await expect(points).toHaveAttribute('aria-invalid', 'true');

  // more than the order may take (its goods after coupons: 23,900 − 2,390)
  await points.fill('25000');
  await expect(error).toHaveText('이 주문에는 적립금을 최대 21,510원까지 사용할 수 있습니다.');
  await page.waitForTimeout(600);
  await expect(summary).toContainText('-2,390원');
  await expect(summary).toContainText('도서산간 추가 배송비');
  await expect(amount).toHaveText(whole);
  // paying is refused with the same words
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(points).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);

  // a right amount is taken off
  await points.fill('1000');
  await expect(error).toHaveCount(0);
  await expect(points).not.toHaveAttribute('aria-invalid', 'true');
  await expect(summary).toContainText('-1,000원');
  await expect(summary).toContainText('-2,390원');
  await expect(summary).toContainText('도서산간 추가 배송비');
});

test('a design line reads by its name and preview, never its id: cart, checkout, result and my page', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await signedInMember(page);
  const name = `거실 방진패드 ${Date.now().toString(36)}`;
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (side) =>
    addNode(side, newTextNode('round-dampener-100', { text: '우리집', fontFamily: 'doHyeon' })),
  );
  // a design keeps the option chosen in the editor (a 10 cm option fits the 100 mm template)
  const option = (await optionsOf(request, 100005)).find(
    (o) => o.stockCnt > 5 && o.value.includes('|10cm|'),
  )!;
  const saved = await page.request.post('/api/custom/dampener', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    params: { memberId: account.memberId },
    data: { dampenerPostData: { productNo: 100005, optionNo: option.optionNo, name, design: doc } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { designId } = ((await saved.json()) as { data: { designId: string } }).data;
  await memberApi(page).post('cart', [
    {
      productNo: 100005,
      optionNo: option.optionNo,
      orderCnt: 1,
      optionInputs: [{ inputLabel: '디자인 번호', inputValue: designId }],
    },
  ]);

  const readsAsDesign = async (where: string) => {
    await expect(page.getByText(`디자인: ${name}`).first(), where).toBeVisible();
    await expect(page.getByRole('img', { name: `${name} 미리보기` }).first(), where).toBeVisible();
    await expect(page.locator('main'), where).not.toContainText(designId);
    await expect(page.locator('main'), where).not.toContainText('디자인 번호');
  };

  await open(page, '/cart');
  await hydrated(page);
  await readsAsDesign('장바구니');
  await page.getByRole('button', { name: /^선택 상품 주문 \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);
  await readsAsDesign('주문서');
  await fillShipping(page);
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await page.getByRole('button', { name: /원 결제하기$/ }).click();
  await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
  await hydrated(page);
  await page.getByRole('button', { name: '결제 승인' }).click();
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(designId);
  const orderNo = (await orderNoOnResult(page))!;
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('결제완료');
  await readsAsDesign('주문 상세');
  await open(page, `/mypage/order/${orderNo}`);
  await readsAsDesign('마이페이지 주문 상세');
});
