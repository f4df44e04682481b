import type { APIRequestContext, Page } from '@playwright/test';
import { addNode, newDesign, newTextNode } from '../../src/lib/design/document.ts';
import { updateSide } from '../../src/lib/design/sides.ts';
import { expect, open, SHOP_API_HEADERS, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser } from './support/members.ts';

/**
 * The back office of custom designs (/custom/admin/*): a member's paid design order shows up in
 * the list, its page shows the design as bought with the order and shipping details, the
 * administrator moves it through production with the allowed buttons, downloads the 300 DPI print
 * file and asks the print service; it ends on the completion page.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

/** A member (API client: token in the body, sent back in the accessToken header) pays for a design. */
async function paidDesignOrder(request: APIRequestContext): Promise<{ orderNo: string; name: string }> {
  const account = await createMember(request);
  const login = await request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  expect(login.status()).toBe(200);
  const headers = {
    ...SHOP_API_HEADERS,
    accessToken: ((await login.json()) as { accessToken: string }).accessToken,
  };
  const call = async <T>(method: 'post' | 'get', path: string, data?: unknown): Promise<T> => {
    const res = await request[method](path, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };

  const name = `관리자 확인 ${Date.now().toString(36)}`;
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text: '관리자 화면', fontFamily: 'doHyeon' })),
  );
  const options = await call<{
    flatOptions: { optionNo: number; value: string; saleType: string; stockCnt: number }[];
  }>('get', '/shop-api/products/100005/options');
  // a 10cm option (the design's template) on sale: the design is saved with it and ordered with it
  const option = options.flatOptions.find(
    (o) => o.value.split('|')[1] === '10cm' && o.saleType !== 'SOLD_OUT' && o.stockCnt > 5,
  )!;
  const design = await call<{ data: { designId: string } }>('post', '/api/custom/dampener', {
    dampenerPostData: { productNo: 100005, optionNo: option.optionNo, name, design: doc },
  });
  const added = await call<{ extra: { lines: { cartNo: number }[] } }>('post', '/shop-api/cart', [
    {
      productNo: 100005,
      optionNo: option.optionNo,
      orderCnt: 1,
      optionInputs: [{ inputLabel: '디자인 번호', inputValue: design.data.designId }],
    },
  ]);
  const { orderSheetNo } = await call<{ orderSheetNo: string }>('post', '/shop-api/order-sheets', {
    products: [],
    cartNos: [added.extra.lines[0]!.cartNo],
  });
  const sheet = await call<{ paymentInfo: { paymentAmt: number } }>(
    'get',
    `/shop-api/order-sheets/${orderSheetNo}`,
  );
  const reserve = await call<{ orderNo: string; paymentId: string }>('post', '/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '01012345678', ordererEmail: 'grape@example.com' },
    shippingAddress: {
      receiverName: '김받음',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 123',
      receiverDetailAddress: '4층',
      receiverContact1: '010-1234-5678',
    },
    deliveryMemo: '문 앞에 놓아 주세요',
    payType: 'CREDIT_CARD',
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: sheet.paymentInfo.paymentAmt,
  });
  // the sandbox's approval sends its webhook: the order is paid and its custom order made
  await call('post', `/api/payment-sandbox/payments/${reserve.paymentId}/approve`, {});
  return { orderNo: reserve.orderNo, name };
}

/** A status button once its island has hydrated (the page's other islands wait until they are seen). */
function statusIsland(page: Page, name: string) {
  return page
    .locator('astro-island:not([ssr])')
    .filter({ has: page.getByRole('button', { name }) })
    .getByRole('button', { name });
}

test('an administrator takes a paid design order from request to completion', async ({ page, request }) => {
  const { orderNo, name } = await paidDesignOrder(request);
  await loginInBrowser(page, ADMIN);

  await open(page, '/custom/admin/list');
  await expect(page.getByRole('heading', { level: 1, name: '디자인·제작 주문 목록' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText(name);
  await expect(row).toContainText('제작 요청');

  // filters are a GET form: another channel finds nothing, the status finds it again
  await page.getByLabel('판매 채널').selectOption('smartstore');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/channel=smartstore/);
  await expect(page.getByText('조건에 맞는 제작 주문이 없습니다.')).toBeVisible();
  await page.getByRole('link', { name: '초기화' }).click();
  await page.getByLabel('상태').selectOption('request');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toBeVisible();
  await page.getByRole('link', { name: '저장된 디자인' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('제작 요청');
  await page.getByRole('link', { name: '제작 주문', exact: true }).click();

  await page.getByRole('row').filter({ hasText: orderNo }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/custom\/admin\/order\/\d+$/);
  const preview = page.getByRole('img', { name: '앞면 (앞뒤 동일) 미리보기' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByText('서울특별시 강남구 테헤란로 123 4층')).toBeVisible();
  await expect(page.getByText('김받음')).toBeVisible();

  // the print file: 300 DPI PNG drawn on the server from the paid copy
  const href = await page.getByRole('link', { name: '앞면 300 DPI PNG' }).getAttribute('href');
  const png = await page.request.get(href!);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect(png.headers()['content-disposition']).toMatch(/300dpi\.png/);

  // only the allowed moves are offered
  await expect(page.getByRole('button', { name: /제작 중/ })).toHaveCount(0);
  await statusIsland(page, '디자인 완료로 변경').click();
  await expect(page.locator('h1 .ca-status')).toHaveText('디자인 완료');
  await statusIsland(page, '제작 중으로 변경').click();
  await expect(page.locator('h1 .ca-status')).toHaveText('제작 중');
  await expect(page.getByRole('list', { name: '상태 이력' })).toContainText('디자인 완료 → 제작 중');

  await open(page, '/custom/admin/production');
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('제작 중');
  await hydrated(page);
  await page.getByRole('button', { name: /인쇄 서비스 동기화/ }).click();
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('row').filter({ hasText: orderNo }).getByRole('link').first().click();
  await statusIsland(page, '제작 완료로 변경').click();
  await expect(page.locator('h1 .ca-status')).toHaveText('제작 완료');
  await expect(page.getByText('제작이 끝난 주문입니다. 상태를 바꿀 수 없습니다.')).toBeVisible();

  await open(page, '/custom/admin/completion');
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('제작 완료');
});

test('custom admin pages need an administrator', async ({ page, request }) => {
  const res = await page.goto('/custom/admin/production');
  await expect(page).toHaveURL('/login?redirect=%2Fcustom%2Fadmin%2Fproduction');
  expect(res?.status()).toBe(200);
  const member = await createMember(request);
  await loginInBrowser(page, member, '/login?redirect=%2Fcustom%2Fadmin%2Fcompletion');
  await expect(page.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeVisible();
  expect((await page.request.get('/custom/admin/order/1')).status()).toBe(403);
});
