/**
 * Route patterns the e2e suite visits but leaves before a test ends (issue 18: axe-core on every
 * page the suite visits). The accessibility fixture (`a11y.ts`) checks each page still open when a
 * test ends; a pattern seen only in the middle of a test is listed here and checked by
 * `tests/e2e/accessibility-routes.spec.ts`, which opens `url` signed in as `role`. The run's global
 * teardown fails naming any visited pattern that is neither checked nor listed.
 *
 * `pattern` is the normalised route (`/products/:slug`, see `a11y-routes.ts`); `url` is a concrete
 * address of it, or a function that makes the data the page needs and answers one. Storefront
 * entries (a11y-store) and back-office entries (a11y-office: `/manager/**`, `/test/pos/**`) share
 * this one list: add an entry where its area's comment is.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { paidDesignOrder } from './designs.ts';
import { SHOP_API_HEADERS, expect, test } from './fixtures.ts';
import { PASSWORD, createMember, uniqueAccount } from './members.ts';
import { buyPaidOrder } from './orders.ts';

export type A11yRole = 'visitor' | 'member' | 'manager' | 'staff';

export interface A11yRouteSetup {
  /** The signed-in page (a visitor's page for `visitor`). */
  page: Page;
  /** That page's context's request client: the same cookies as the page. */
  request: APIRequestContext;
  /** For data another account must make (a member's order for the back office). */
  browser: Browser;
}

export interface A11yExplicitRoute {
  pattern: string;
  role: A11yRole;
  url: string | ((setup: A11yRouteSetup) => Promise<string>);
}

const RETURN = encodeURIComponent('/mypage/address');

/** /mypage/info/modify opens after the password check on /mypage/info (the entry's member). */
async function passwordChecked({ page }: A11yRouteSetup): Promise<string> {
  await page.goto('/mypage/info');
  await page.waitForSelector('astro-island:not([ssr])');
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await page.waitForURL('**/mypage/info/modify');
  return '/mypage/info/modify';
}

/** /join opens from the agreement page with the required terms agreed. */
async function joinForm({ page }: A11yRouteSetup): Promise<string> {
  await page.goto('/member/member-register-agreement');
  await page.waitForSelector('astro-island:not([ssr])');
  await page.getByLabel(/^전체 동의/).check();
  await page.getByRole('button', { name: /동의/ }).last().click();
  await page.waitForURL('**/join**');
  return page.url();
}

/** The dev social provider's window, reached through 네이버 로그인 on /login. */
async function devProviderWindow({ page }: A11yRouteSetup): Promise<string> {
  await page.goto('/login');
  await page.waitForSelector('astro-island:not([ssr])');
  await page.getByRole('button', { name: '네이버 로그인' }).click();
  await page.waitForURL('**/api/dev-oauth/authorize**');
  return page.url();
}

/** A payment window of the sandbox for one product of the member's order sheet. */
async function paymentWindow(
  { request }: A11yRouteSetup,
  payType: 'CREDIT_CARD' | 'NAVER_EASY_PAY',
  platform: 'PC' | 'MOBILE_WEB',
): Promise<string> {
  // the shop refuses writes from another origin (CSRF check): say where the request comes from
  const headers = { ...SHOP_API_HEADERS, platform, Origin: new URL(test.info().project.use.baseURL!).origin };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const options = await request.get('/shop-api/products/100030/options', { headers });
  const { flatOptions } = (await options.json()) as { flatOptions: { optionNo: number; stockCnt: number }[] };
  const option = flatOptions.find((o) => o.stockCnt > 5)!;
  const { orderSheetNo } = await post<{ orderSheetNo: string }>('/shop-api/order-sheets', {
    products: [{ productNo: 100030, optionNo: option.optionNo, orderCnt: 1 }],
  });
  const calc = await post<{ paymentInfo: { paymentAmt: number } }>(
    `/shop-api/order-sheets/${orderSheetNo}/calculate`,
    { addressRequest: { receiverZipCd: '06236' } },
  );
  const reserved = await post<{ redirectUrl: string }>('/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '01012345678', ordererEmail: 'podo@example.com' },
    shippingAddress: {
      receiverName: '김포도',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 123',
      receiverDetailAddress: '4층',
      receiverContact1: '010-1234-5678',
    },
    payType,
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: calc.paymentInfo.paymentAmt,
  });
  return reserved.redirectUrl;
}

/** A member's paid design order, opened from the custom orders list. */
async function customOrderPage({ page, browser }: A11yRouteSetup): Promise<string> {
  const member = await browser.newContext();
  try {
    await paidDesignOrder(member.request);
  } finally {
    await member.close();
  }
  await page.goto('/custom/admin/list');
  const href = await page.locator('a[href^="/custom/admin/order/"]').first().getAttribute('href');
  expect(href, '디자인 주문 목록의 첫 주문').not.toBeNull();
  return href!;
}

/** A member's paid order in the back office. */
async function managerOrderPage({ browser }: A11yRouteSetup): Promise<string> {
  const member = await browser.newContext();
  try {
    const account = await createMember(member.request, uniqueAccount('a11yo'));
    const login = await member.request.post('/shop-api/oauth/token', {
      headers: SHOP_API_HEADERS,
      data: { memberId: account.memberId, password: account.password, keepLogin: false },
    });
    expect(login.ok(), `login: ${login.status()}`).toBe(true);
    const options = await member.request.get('/shop-api/products/100030/options', {
      headers: SHOP_API_HEADERS,
    });
    const { flatOptions } = (await options.json()) as {
      flatOptions: { optionNo: number; stockCnt: number }[];
    };
    const option = flatOptions.find((o) => o.stockCnt > 5)!;
    const orderNo = await buyPaidOrder(member.request, { productNo: 100030, optionNo: option.optionNo });
    return `/manager/orders/${orderNo}`;
  } finally {
    await member.close();
  }
}

export const A11Y_EXPLICIT_ROUTES: A11yExplicitRoute[] = [
  // ── storefront (a11y-store) ──
  { pattern: '(400)', role: 'member', url: '/mypage/order?startYmd=2024-02-30&endYmd=2024-03-01' },
  { pattern: '/address/search', role: 'member', url: `/address/search?return=${RETURN}` },
  {
    pattern: '/address/result',
    role: 'member',
    url: `/address/result?return=${RETURN}&zipCd=06236&address=${encodeURIComponent('서울특별시 강남구 테헤란로 123')}&jibun=`,
  },
  { pattern: '/address/edit/:slug', role: 'member', url: `/address/edit/new?return=${RETURN}` },
  { pattern: '/board/inquiry/form', role: 'member', url: '/board/inquiry/form' },
  { pattern: '/mypage/review', role: 'member', url: '/mypage/review' },
  { pattern: '/mypage/info/modify', role: 'member', url: passwordChecked },
  { pattern: '/member/welcome', role: 'member', url: '/member/welcome' },
  { pattern: '/member/member-register-agreement', role: 'visitor', url: '/member/member-register-agreement' },
  { pattern: '/join', role: 'visitor', url: joinForm },
  { pattern: '/member/confirm-email', role: 'visitor', url: '/member/confirm-email?key=no-such-key' },
  {
    pattern: '/member/existing-account',
    role: 'visitor',
    url: `/member/existing-account?provider=kakao&memberId=ka***61&memberName=${encodeURIComponent('김*도')}&joinYmdt=2026-11-26&matchedBy=email`,
  },
  { pattern: '/find', role: 'visitor', url: '/find?tab=password' },
  { pattern: '/find/password/reset', role: 'visitor', url: '/find/password/reset?key=no-such-key' },
  { pattern: '/find/success', role: 'visitor', url: '/find/success' },
  { pattern: '/sns/login', role: 'visitor', url: '/sns/login' },
  { pattern: '/sns/link', role: 'visitor', url: '/sns/link?provider=kakao' },
  { pattern: '/sns/sns-link', role: 'member', url: '/sns/sns-link?provider=kakao' },
  { pattern: '/api/dev-oauth/authorize', role: 'visitor', url: devProviderWindow },
  {
    pattern: '/callback/auth-callback',
    role: 'visitor',
    url: '/callback/auth-callback?state=stale&code=stale',
  },
  {
    pattern: '/callback/link-callback',
    role: 'member',
    url: '/callback/link-callback?state=stale&code=stale',
  },
  { pattern: '/community', role: 'visitor', url: '/community' },
  { pattern: '/service', role: 'visitor', url: '/service' },
  { pattern: '/canvas1', role: 'visitor', url: '/canvas1' },
  { pattern: '/custom/dampener', role: 'visitor', url: '/custom/dampener' },
  { pattern: '/shop/template', role: 'visitor', url: '/shop/template' },
  { pattern: '/shop/template/editor', role: 'visitor', url: '/shop/template/editor' },
  { pattern: '/npay/:slug', role: 'member', url: (s) => paymentWindow(s, 'NAVER_EASY_PAY', 'PC') },
  {
    pattern: '/npay/mobile/:slug',
    role: 'member',
    url: (s) => paymentWindow(s, 'NAVER_EASY_PAY', 'MOBILE_WEB'),
  },
  { pattern: '/test/:brandPay', role: 'member', url: (s) => paymentWindow(s, 'CREDIT_CARD', 'PC') },
  { pattern: '/custom/admin/list', role: 'manager', url: '/custom/admin/list' },
  { pattern: '/custom/admin/production', role: 'manager', url: '/custom/admin/production' },
  { pattern: '/custom/admin/order/:slug', role: 'manager', url: customOrderPage },

  // ── back office (a11y-office): /manager/**, /test/pos/** ──
  { pattern: '/manager', role: 'manager', url: '/manager' },
  { pattern: '/test/pos', role: 'staff', url: '/test/pos' },
  { pattern: '/manager/board/inquiry', role: 'manager', url: '/manager/board/inquiry' },
  { pattern: '/manager/board/:board/write', role: 'manager', url: '/manager/board/notice/write' },
  { pattern: '/manager/orders/claims', role: 'manager', url: '/manager/orders/claims' },
  { pattern: '/manager/products/:productNo', role: 'manager', url: '/manager/products/100030' },
  { pattern: '/manager/orders/:orderNo', role: 'manager', url: managerOrderPage },
];
