import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { SHOP_API_HEADERS, expect, open, shopApi, test } from './support/fixtures.ts';
import { createMember, hydrated, uniqueAccount } from './support/members.ts';

/**
 * Custom orders at the counter (issue 14): staff take a custom dampener for a walk-in customer —
 * product and options with the keyboard, a design made from the customer's photo, who picks it up,
 * payment — and the order enters the web shop's production workflow: the counter follows its
 * status on /test/pos/custom/detail, the back office lists it with the channel 매장 and the store
 * pickup instead of a shipping address, and moves it on like any custom order.
 */

const STAFF = { memberId: 'staff', password: 'podo-staff-1234!' };
const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
const PATHS = ['/test/pos/custom', '/test/pos/custom/detail'];

async function signIn(context: BrowserContext, account: { memberId: string; password: string }) {
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: account,
  });
  expect(res.ok(), `login ${account.memberId}: ${res.status()}`).toBe(true);
}

/** The store's shift, opened through the counter's form when none is open (other specs share it). */
async function ensureShift(page: Page) {
  await open(page, '/test/pos');
  // the counter's own island (the page's toast waits for an idle moment the busy counter may not give)
  await expect(
    page.locator('astro-island[component-url*="Counter"], astro-island[component-url*="OpenShift"]').first(),
  ).not.toHaveAttribute('ssr');
  const cash = page.getByLabel('시작 현금(원)');
  if (await cash.isVisible()) {
    await cash.fill('100000');
    await page.getByRole('button', { name: '영업 시작' }).click();
    await page.waitForLoadState('load');
  }
  await expect(page.getByText(/^영업 중 · /)).toBeVisible();
}

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600">
    <rect width="1600" height="1600" fill="#2a9d8f"/><circle cx="800" cy="800" r="520" fill="#e9c46a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('a visitor is sent to the counter’s login and a member is refused on the custom order pages', async ({
  page,
  browser,
}) => {
  for (const path of PATHS) {
    await page.goto(path);
    await expect(page).toHaveURL(`/test/pos/login?redirect=${encodeURIComponent(path)}`);
  }
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('posc'));
  await signIn(context, account);
  const member = await context.newPage();
  for (const path of PATHS) {
    await open(member, path, 403);
    await expect(member.getByRole('heading', { name: '권한이 없습니다' })).toBeVisible();
  }
  expect((await member.request.get('/api/pos/custom/products')).status()).toBe(403);
  await context.close();
});

test('staff take a custom order from the customer’s photo; it enters production and the back office sees it as 매장', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page.context(), STAFF);
  await ensureShift(page);
  await open(page, '/test/pos/custom');
  await expect(page.locator('astro-island[component-url*="CustomOrderCounter"]')).not.toHaveAttribute('ssr');

  // 1–2. the product and its options, with the keyboard
  const product = page.getByRole('radio', { name: /커스텀 원형 방진패드/ });
  await product.focus();
  await page.keyboard.press('Space');
  await expect(product).toBeChecked();
  await page.getByLabel(/사이즈/).selectOption('12cm');
  await expect(page.getByText('원형 방진패드 지름 12cm', { exact: true })).toBeVisible();

  // 4. the design: the customer's photo on the option's template
  await page.locator('input[type="file"]').setInputFiles({
    name: 'customer.png',
    mimeType: 'image/png',
    buffer: await photo(),
  });
  await page.getByRole('button', { name: '이 이미지로 디자인 만들기' }).click();
  const chosen = page.locator('figure.pc-chosen');
  await expect(chosen).toContainText('원형 방진패드 지름 12cm', { timeout: 30_000 });
  await expect(chosen.getByRole('img')).toBeVisible();

  // payment asks for who picks it up first; the problems are shown beside the fields
  await page.keyboard.press('F8');
  await expect(page.locator('.pos-error', { hasText: '찾아가실 분의 이름을 입력해 주세요.' })).toBeVisible();
  await expect(page.getByLabel('찾아가실 분 이름')).toBeFocused();
  await page.getByLabel('찾아가실 분 이름').fill('박손님');
  await page.locator('.pc-options input[type="tel"]').fill('010-5555-6666');
  const due = await page.getByTestId('pc-pay-amount').innerText();

  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: '결제' });
  await expect(dialog.getByTestId('pos-pay-due')).toHaveText(due);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '제작 주문을 접수했습니다' })).toBeFocused({
    timeout: 30_000,
  });
  const saleNo = await page.getByTestId('pc-sale-no').innerText();
  expect(saleNo).toMatch(/^P\d{8}-\d{4}$/);

  // the counter's view: request, with what to tell the customer
  await page.getByRole('link', { name: '제작 현황 보기' }).click();
  await expect(page).toHaveURL(`/test/pos/custom/detail?saleNo=${saleNo}`);
  await expect(page.getByTestId('pc-status')).toHaveText('제작 요청');
  await expect(page.getByText(/예상 준비일/)).toBeVisible();
  await page.getByRole('link', { name: /제작 주문 #\d+/ }).click();
  const customOrderNo = Number(new URL(page.url()).searchParams.get('customOrderNo'));
  await expect(page.getByRole('heading', { name: '매장 수령' })).toBeVisible();
  await expect(page.getByText('박손님')).toBeVisible();
  await expect(page.getByText('010-5555-6666')).toBeVisible();
  await expect(page.getByRole('img', { name: /앞면 미리보기/ })).toBeVisible();
  const byPhone = await page.request.get('/api/pos/custom/orders', { params: { phone: '01055556666' } });
  expect((await byPhone.json()).items.map((i: { saleNo: string }) => i.saleNo)).toContain(saleNo);

  // the back office: the same production workflow, channel 매장, the store pickup
  const office = await browser.newContext();
  await signIn(office, ADMIN);
  const admin = await office.newPage();
  await open(admin, '/custom/admin/list?channel=store');
  const row = admin.getByRole('row', { name: new RegExp(saleNo) });
  await expect(row).toContainText('매장');
  await expect(row).toContainText('박손님');
  await row.getByRole('link', { name: `#${customOrderNo}` }).click();
  await expect(admin.getByRole('heading', { name: '매장 주문' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: '매장 수령' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: '배송', exact: true })).toHaveCount(0);
  // the status buttons' island (others on the page wait until they are scrolled into view)
  await expect(
    admin.getByRole('button', { name: /디자인 완료로 변경/ }).locator('xpath=ancestor::astro-island[1]'),
  ).not.toHaveAttribute('ssr');
  await admin.getByRole('button', { name: /디자인 완료로 변경/ }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('디자인 완료', { timeout: 30_000 });
  await office.close();

  await open(page, `/test/pos/custom/detail?customOrderNo=${customOrderNo}`);
  await expect(page.getByTestId('pc-status')).toHaveText('디자인 완료');
  await expect(page.getByText(/디자인 완료/).first()).toBeVisible();

  // the web shop's stock gave the unit to the counter
  const sale = await (await page.request.get(`/api/pos/sales/${saleNo}`)).json();
  const { flatOptions } = await shopApi<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
    page.request,
    'products/100005/options',
  );
  expect(flatOptions.some((o) => o.optionNo === sale.lines[0].optionNo)).toBe(true);
  expect(sale.lines[0].designId).toMatch(/^[A-Za-z0-9_-]{22}$/);

  // the customer changes their mind: refunding the whole custom line stops its production
  await open(page, `/test/pos-order-update?saleNo=${saleNo}`);
  await hydrated(page);
  await expect(page.getByText('커스텀 제작: 모두 환불하면 제작을 멈춥니다')).toBeVisible();
  const qty = page.getByLabel(/환불 수량/);
  await qty.fill(String(sale.lines[0].qty));
  await page.getByLabel('환불 사유 (필수)').fill('고객 변심');
  await page.getByRole('button', { name: '환불하기' }).click();
  await page
    .getByRole('dialog', { name: '이대로 환불할까요?' })
    .getByRole('button', { name: '환불 확정' })
    .click();
  await expect(page.getByRole('heading', { name: /환불했습니다/ })).toBeFocused();
  await expect(page.getByTestId('refund-production-stopped')).toContainText('1건의 제작을 멈췄습니다');
  await open(page, `/test/pos/custom/detail?customOrderNo=${customOrderNo}`);
  await expect(page.getByTestId('pc-status')).toHaveText('제작 취소');
  await expect(page.getByText('환불되어 제작을 멈췄습니다')).toBeVisible();
});
