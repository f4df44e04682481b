import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, open, SHOP_API_HEADERS, shopApi, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser, uniqueAccount } from './support/members.ts';
import { createProductByApi } from './support/products.ts';

/**
 * The product editor (issue 13): an administrator creates a product with two option dimensions,
 * a required text input and two photos; the storefront shows it at once in search, its category
 * and its page; a shopper buys it; the owner changes the price and receives stock and the
 * storefront shows both at once; the stock ledger shows the order and the receipt. And two
 * managers saving the same product: the second is told, and keeps what they typed.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
/** 생활·소음방지 > 데스크·생활 소품 (a menu category of the demo catalogue). */
const CATEGORY = { no: 684503, path: '생활·소음방지 > 데스크·생활 소품' };

// ------------------------------------------------------------------------------ a PNG without sharp

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A solid-colour RGB PNG, written by hand (zlib only). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ------------------------------------------------------------------------------ helpers

async function signInAdmin(page: Page) {
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager');
  await expect(page).toHaveURL('/manager');
}

async function openEditor(page: Page, path: string) {
  await open(page, path);
  await hydrated(page);
}

function saveBarStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: '저장했습니다.' });
}

/** A new member signed in in a browser context of its own (the shopper). */
async function shopperPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const account = await createMember(page.request, uniqueAccount('pe'));
  await open(page, '/');
  const res = await page.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password, keepLogin: false },
  });
  expect(res.ok(), `login: ${res.status()}`).toBe(true);
  return page;
}

/** The product page's option picker is ready. */
async function productPageReady(page: Page) {
  await expect(page.getByRole('form', { name: '상품 옵션 선택' })).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('astro-island[component-url*="/AddToCart."]')).not.toHaveAttribute('ssr', /.*/);
}

/** From /cart: order sheet → checkout → card through the sandbox → the order number. */
async function buyFromCart(page: Page): Promise<string> {
  await open(page, '/cart');
  await hydrated(page);
  await page.getByRole('button', { name: /^선택 상품 주문 \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);
  await page.getByLabel('받는 분 (필수)', { exact: true }).fill('이수령');
  await page.getByLabel('받는 분 휴대폰 번호 (필수)', { exact: true }).fill('010-9876-5432');
  await page.getByLabel('우편번호 (필수)', { exact: true }).fill('06236');
  await page.getByLabel('도로명 주소 (필수)', { exact: true }).fill('서울특별시 강남구 테헤란로 152');
  await page.getByLabel('상세 주소', { exact: true }).fill('12층');
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await page.getByRole('button', { name: /원 결제하기$/ }).click();
  await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=pay_/);
  await hydrated(page);
  await page.getByRole('button', { name: '결제 승인' }).click();
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  return (await page.getByTestId('order-no').textContent())!.trim();
}

async function optionStock(request: APIRequestContext, productNo: number, value: string): Promise<number> {
  const res = await shopApi<{ flatOptions: { value: string; stockCnt: number }[] }>(
    request,
    `products/${productNo}/options`,
  );
  const option = res.flatOptions.find((o) => o.value === value);
  if (!option) throw new Error(`옵션 ${value}이 상품 ${productNo}에 없습니다.`);
  return option.stockCnt;
}

// ------------------------------------------------------------------------------ tests

test('an administrator creates a product that a shopper buys; price and stock changes show at once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const name = `책상 방진패드 ${stamp}`;
  const slug = `desk-pad-${stamp}`;

  await signInAdmin(page);
  await openEditor(page, '/manager/products/new');
  await expect(page.getByRole('heading', { name: '상품 등록', level: 1 })).toBeVisible();
  await expect(page.getByText('상품을 먼저 저장하면 이미지를 올릴 수 있습니다')).toBeVisible();

  // 기본 정보
  await page.getByLabel('상품명 (필수)', { exact: true }).fill(name);
  await page.getByLabel('상품 주소', { exact: true }).fill(slug);
  await page.getByRole('checkbox', { name: CATEGORY.path, exact: true }).check();
  await page.getByRole('checkbox', { name: '신상품', exact: true }).check();
  const keywords = page.getByLabel('검색어', { exact: true });
  await keywords.fill('책상패드, 소음방지');
  await keywords.press('Enter');
  await expect(page.getByRole('list', { name: '검색어 목록' }).getByRole('listitem')).toHaveCount(2);

  // 판매 정보
  await page.getByLabel('판매가 (필수)', { exact: true }).fill('12900');
  await page.getByLabel('판매 상태 (필수)', { exact: true }).selectOption({ label: '판매중' });

  // 옵션: 색상 × 크기
  await page.getByRole('button', { name: /^옵션 추가/ }).click();
  await expect(page.getByLabel('옵션 1 이름', { exact: true })).toBeFocused();
  await page.getByLabel('옵션 1 이름', { exact: true }).fill('색상');
  await page.getByLabel('옵션 1 값', { exact: true }).fill('흰색, 블랙');
  await page.getByLabel('옵션 1 값', { exact: true }).press('Enter');
  await page.getByRole('button', { name: /^옵션 추가/ }).click();
  await page.getByLabel('옵션 2 이름', { exact: true }).fill('크기');
  await page.getByLabel('옵션 2 값', { exact: true }).fill('10cm, 12cm');
  await page.getByLabel('옵션 2 값', { exact: true }).press('Enter');
  await page.getByRole('button', { name: '옵션 목록 만들기' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '옵션 목록을 만들었습니다. 모두 4개' }),
  ).toBeVisible();
  // a value renamed in place renames its rows (what the stock typed there stays)
  await page.getByLabel('흰색 / 10cm 재고', { exact: true }).fill('3');
  await page.getByRole('button', { name: '흰색 이름 고치기' }).click();
  await page.getByLabel('흰색 고칠 이름', { exact: true }).fill('화이트');
  await page.getByLabel('흰색 고칠 이름', { exact: true }).press('Enter');
  await expect(page.getByLabel('화이트 / 10cm 재고', { exact: true })).toHaveValue('3');
  for (const row of ['화이트 / 12cm', '블랙 / 10cm', '블랙 / 12cm'])
    await page.getByLabel(`${row} 재고`, { exact: true }).fill('5');
  await page.getByLabel('화이트 / 12cm 추가금액', { exact: true }).fill('1000');
  await page.getByLabel('블랙 / 12cm 추가금액', { exact: true }).fill('1000');

  // 구매자 입력 항목 (required)
  await page.getByRole('button', { name: /^입력 항목 추가/ }).click();
  await page.getByLabel('입력 항목 1 이름 (필수)', { exact: true }).fill('각인 문구');
  await page.getByRole('checkbox', { name: '필수 입력' }).check();

  // 상세 설명, 상품정보제공고시 from the preset (left empty first: the server names each field)
  await page
    .getByLabel('상세 설명 (마크다운)', { exact: true })
    .fill('## 소개\n\n책상 위 진동과 소음을 줄여 줍니다.');
  await page.getByLabel('품목', { exact: true }).selectOption('생활용품');
  await page.getByRole('button', { name: '항목 채우기' }).click();
  await page.getByRole('button', { name: '상품 등록' }).click();
  const summary = page.getByRole('alert').filter({ hasText: '저장하지 못했습니다' });
  await expect(summary).toContainText('고시 항목 1: 상품정보제공고시 내용을 입력해 주세요.');
  const firstDuty = page.getByLabel('품명 및 모델명 내용', { exact: true });
  await expect(firstDuty).toBeFocused();
  await expect(firstDuty).toHaveAttribute('aria-invalid', 'true');
  const duty: Record<string, string> = {
    '품명 및 모델명': `책상 방진패드 (DP-${stamp})`,
    재질: '실리콘',
    구성품: '패드 4개',
    크기: '10cm, 12cm',
    '제조자(수입자)': '포도상점',
    제조국: '대한민국',
    품질보증기준: '관련 법 및 소비자분쟁해결기준에 따름',
    'A/S 책임자와 전화번호': '포도상점 1588-0000',
  };
  for (const [label, value] of Object.entries(duty))
    await page.getByLabel(`${label} 내용`, { exact: true }).fill(value);
  await page.getByRole('button', { name: '상품 등록' }).click();

  await expect(page).toHaveURL(/\/manager\/products\/\d+$/);
  const productNo = Number(/\/manager\/products\/(\d+)/.exec(page.url())![1]);
  await hydrated(page);
  await expect(saveBarStatus(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: `상품 수정: ${name}`, level: 1 })).toBeVisible();
  const grid = page.getByRole('table', { name: /옵션 목록/ });
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expect(grid.getByRole('row', { name: /화이트 \/ 10cm/ })).toContainText('3개');

  // two photos at once, each with its progress; reorder; alt text
  await page.getByLabel('상품 이미지 올리기').setInputFiles([
    { name: 'white.png', mimeType: 'image/png', buffer: png(120, 120, [245, 245, 245]) },
    { name: 'black.png', mimeType: 'image/png', buffer: png(120, 120, [20, 20, 20]) },
  ]);
  await expect(page.getByRole('status').filter({ hasText: '이미지 2장을 올렸습니다.' })).toBeVisible({
    timeout: 20_000,
  });
  const photos = page
    .getByRole('list', { name: '상품 이미지 (첫 번째가 대표 이미지)' })
    .getByRole('listitem');
  await expect(photos).toHaveCount(2);
  const firstImageNo = await photos.nth(0).getAttribute('data-image-no');
  const secondImageNo = await photos.nth(1).getAttribute('data-image-no');
  await page.getByRole('button', { name: '2번째 이미지 대표로' }).click();
  await expect(page.getByRole('status').filter({ hasText: '대표 이미지로 정했습니다' })).toBeVisible();
  await expect(photos.nth(0)).toHaveAttribute('data-image-no', secondImageNo!);
  await expect(photos.nth(0)).toContainText('대표 이미지');
  // the keyboard moves it back (handle, space, arrow, space), announced in Korean
  const announced = (text: string) => page.getByRole('status').filter({ hasText: text });
  const handle = page.getByRole('button', { name: '1번째 이미지 끌어서 순서 바꾸기' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(announced('1번째 이미지를 집었습니다.')).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(announced('1번째 이미지가 2번째 자리에 있습니다.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(announced('이미지를 2번째 자리에 놓았습니다.')).toBeAttached();
  await expect(photos.nth(0)).toHaveAttribute('data-image-no', firstImageNo!);
  await page.getByLabel('1번째 이미지 대체 텍스트', { exact: true }).fill('화이트 책상 방진패드');
  await page.getByRole('button', { name: '1번째 이미지 대체 텍스트 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '대체 텍스트를 저장했습니다' })).toBeVisible();

  // the storefront shows it at once: search, its category, its page
  const shopper = await shopperPage(browser, baseURL!);
  try {
    await open(shopper, `/search?keyword=${encodeURIComponent(name)}`);
    await expect(shopper.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
    await open(shopper, `/categories/${CATEGORY.no}`);
    await expect(shopper.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
    await open(shopper, `/product/${slug}`);
    await productPageReady(shopper);
    await expect(shopper.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(shopper.locator('.price--detail .sale-price')).toHaveText('12,900원');
    await expect(shopper.getByRole('img', { name: '화이트 책상 방진패드' }).first()).toBeVisible();
    await expect(shopper.getByRole('table').filter({ hasText: '품명 및 모델명' })).toContainText(
      `DP-${stamp}`,
    );

    // the shopper buys 화이트 / 10cm with the engraving
    const picker = shopper.getByRole('form', { name: '상품 옵션 선택' });
    await picker.getByLabel('색상', { exact: true }).selectOption('화이트');
    await expect(
      picker.getByLabel('크기', { exact: true }).locator('option', { hasText: '10cm' }),
    ).toHaveText('10cm (3개 남음)');
    await picker.getByLabel('크기', { exact: true }).selectOption('10cm');
    await picker.getByRole('button', { name: '장바구니 담기' }).click();
    await expect(picker.getByText('각인 문구 항목을 입력해 주세요.').first()).toBeVisible();
    await picker.getByLabel('각인 문구 (필수)', { exact: true }).fill('PODO');
    await picker.getByRole('button', { name: '장바구니 담기' }).click();
    await expect(
      shopper.getByRole('status').filter({ hasText: '장바구니에 상품을 담았습니다.' }),
    ).toBeVisible();
    const orderNo = await buyFromCart(shopper);
    expect(await optionStock(shopper.request, productNo, '화이트|10cm')).toBe(2);

    // the owner raises the price and receives two 화이트 / 10cm
    await openEditor(page, `/manager/products/${productNo}`);
    await page.getByLabel('판매가 (필수)', { exact: true }).fill('15900');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect(saveBarStatus(page)).toBeVisible();
    // the grid's "재고 변경" opens the stock form at that option
    const white10 = await grid.getByRole('row', { name: /화이트 \/ 10cm/ }).getAttribute('data-option-no');
    await grid.getByRole('button', { name: '화이트 / 10cm 재고 변경' }).click();
    const stockForm = page.getByRole('form', { name: '재고 변경' });
    await expect(stockForm.getByLabel('옵션', { exact: true })).toHaveValue(white10!);
    await expect(stockForm.getByRole('radio', { name: '입고' })).toBeFocused();
    await stockForm.getByLabel('입고 수량 (필수)', { exact: true }).fill('2');
    await stockForm.getByRole('button', { name: '재고 반영' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2개 → 4개 (+2)' })).toBeVisible();

    // the storefront shows both at once
    await open(shopper, `/product/${slug}`);
    await productPageReady(shopper);
    await expect(shopper.locator('.price--detail .sale-price')).toHaveText('15,900원');
    await picker.getByLabel('색상', { exact: true }).selectOption('화이트');
    await expect(
      picker.getByLabel('크기', { exact: true }).locator('option', { hasText: '10cm' }),
    ).toHaveText('10cm (4개 남음)');
    expect(await optionStock(shopper.request, productNo, '화이트|10cm')).toBe(4);

    // the ledger of 화이트 / 10cm: the first stock, the order, the receipt
    await page.getByLabel('옵션별로 보기', { exact: true }).selectOption({ label: '화이트 / 10cm' });
    const ledger = page.getByRole('table', { name: '재고 기록' });
    await expect(ledger.getByRole('row')).toHaveCount(4);
    const receive = ledger.locator('tr[data-reason="RECEIVE"]');
    await expect(receive).toContainText('입고');
    await expect(receive).toContainText('+2');
    await expect(receive).toContainText('관리자');
    const order = ledger.locator('tr[data-reason="ORDER"]');
    await expect(order).toContainText('주문');
    await expect(order).toContainText('−1');
    await expect(order.getByRole('link', { name: orderNo })).toHaveAttribute(
      'href',
      `/manager/orders/${orderNo}`,
    );
    await expect(ledger.locator('tr[data-reason="INITIAL"]')).toContainText('+3');
  } finally {
    await shopper.context().close();
  }
});

test('two managers save the same product: the second is told and keeps what they typed', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  const productNo = await createProductByApi(page, { name: `충돌 시험 상품 ${Date.now().toString(36)}` });
  const other = await page.context().newPage();
  await openEditor(page, `/manager/products/${productNo}`);
  await openEditor(other, `/manager/products/${productNo}`);

  await page.getByLabel('상품명 (필수)', { exact: true }).fill('먼저 저장한 이름');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(saveBarStatus(page)).toBeVisible();

  await other.getByLabel('판매가 (필수)', { exact: true }).fill('7700');
  await other.getByRole('button', { name: '저장', exact: true }).click();
  const conflict = other.getByRole('alert').filter({ hasText: '다른 관리자가 먼저 저장했습니다' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toBeFocused();
  await expect(other.getByLabel('판매가 (필수)', { exact: true })).toHaveValue('7700');
  await expect(conflict.getByRole('link', { name: '최신 내용 새 탭에서 열기' })).toHaveAttribute(
    'href',
    `/manager/products/${productNo}`,
  );
  await expect(saveBarStatus(other)).toHaveCount(0);

  // nothing was overwritten: the first save stands, the second changed nothing
  const res = await page.request.get(`/api/manager/products/${productNo}`);
  const saved = (await res.json()) as { productName: string; salePrice: number; version: number };
  expect(saved).toMatchObject({ productName: '먼저 저장한 이름', salePrice: 5000, version: 2 });
  await other.close();
});

test('an unknown product number is a 404 inside the back office', async ({ page }) => {
  await signInAdmin(page);
  await open(page, '/manager/products/99999999', 404);
  await expect(page.getByRole('heading', { name: '상품을 찾을 수 없습니다' })).toBeVisible();
});

test('the sale section saves each period, limit and display mark from the field that shows it', async ({
  page,
}) => {
  await signInAdmin(page);
  const productNo = await createProductByApi(page, {
    name: `판매 정보 시험 상품 ${Date.now().toString(36)}`,
  });
  await openEditor(page, `/manager/products/${productNo}`);
  const typed: [label: string, value: string][] = [
    ['할인', '1000'],
    ['할인 시작', '2030-01-01T10:00'],
    ['할인 종료', '2030-01-31T18:30'],
    ['판매 시작', '2029-12-01T09:00'],
    ['판매 종료', '2030-12-31T23:00'],
    ['최소 구매 수량', '2'],
    ['1회 최대 구매 수량', '5'],
    ['1인 최대 구매 수량', '9'],
    ['적립률', '3'],
    ['재고 부족 기준', '4'],
  ];
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(value);
  const marks = [
    '전시하지 않아도 상품 주소로 들어오면 보이기 (URL 직접 접근)',
    '전체 품절 (재고와 관계없이 모든 옵션을 품절로 표시)',
  ];
  const shown = '쇼핑몰에 전시 (목록·검색·카테고리에 보이기)';
  await expect(page.getByLabel(shown, { exact: true })).toBeChecked();
  await page.getByLabel(shown, { exact: true }).uncheck();
  for (const mark of marks) await page.getByLabel(mark, { exact: true }).check();
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(saveBarStatus(page)).toBeVisible();

  const saved = (await (await page.request.get(`/api/manager/products/${productNo}`)).json()) as Record<
    string,
    unknown
  >;
  expect(saved).toMatchObject({
    minBuyCnt: 2,
    maxBuyTimeCnt: 5,
    maxBuyPersonCnt: 9,
    accumulationRate: 3,
    lowStockThreshold: 4,
    frontDisplay: false,
    urlDirectDisplay: true,
    forcedSoldOut: true,
    immediateDiscount: { value: 1000, unit: 'WON' },
  });
  // read again, each field shows what was typed into it (Seoul times kept)
  await openEditor(page, `/manager/products/${productNo}`);
  for (const [label, value] of typed) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value);
  }
  for (const mark of marks) await expect(page.getByLabel(mark, { exact: true })).toBeChecked();
  await expect(page.getByLabel(shown, { exact: true })).not.toBeChecked();
});
