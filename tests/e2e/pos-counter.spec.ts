import type { Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOP_API_HEADERS, expect, open, shopApi, test } from './support/fixtures.ts';
import { writeBarcodeVideo } from './support/fake-camera.ts';
import { STAFF, openCounter, scan, signIn, won } from './support/pos.ts';
import { createMember, hydrated, uniqueAccount } from './support/members.ts';

/**
 * The counter (issue 14, Done when): staff sign in and open the shift; sell with a USB scanner
 * (fast key bursts, the focus elsewhere) and with the camera (Chromium's fake camera playing a
 * barcode), pay cash with change, by card (a practice decline first) and by Kakao Pay QR; lose the
 * connection, sell offline and see the sale recorded once when it is back (closing the shift with
 * its Z report is pos-shift-close.spec.ts, run after every other spec). The web shop's stock follows every counter sale. Other specs sell at the same counter
 * meanwhile, so the checks follow this spec's own sales, never exact shift totals.
 */

interface CounterItem {
  productNo: number;
  optionNo: number;
  productName: string;
  optionLabel: string;
  barcode: string | null;
  unitPrice: number;
  stock: number;
  sellable: boolean;
  soldOut: boolean;
}

/** Options found by `q` that have a barcode and stock to spare (at least one). */
async function itemsToSell(page: Page, q: string): Promise<[CounterItem, ...CounterItem[]]> {
  const res = await page.request.get('/api/pos/items', { params: { q } });
  expect(res.ok(), await res.text()).toBe(true);
  const { items } = (await res.json()) as { items: CounterItem[] };
  const usable = items.filter((i) => i.sellable && !i.soldOut && i.stock >= 10 && i.barcode);
  expect(usable.length, `'${q}'로 팔 수 있는 상품`).toBeGreaterThan(0);
  return usable as [CounterItem, ...CounterItem[]];
}

async function webStock(page: Page, item: CounterItem): Promise<number> {
  const { flatOptions } = await shopApi<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
    page.request,
    `products/${item.productNo}/options`,
  );
  return flatOptions.find((o) => o.optionNo === item.optionNo)!.stockCnt;
}

/** Nothing focused: the keys go to the page itself. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const cartRow = (page: Page, item: CounterItem) => page.locator(`tbody[data-option-no="${item.optionNo}"]`);

test('a visitor is sent to the counter’s login; a member who is not staff is refused', async ({
  page,
  browser,
}) => {
  for (const path of [
    '/test/pos',
    '/test/pos-order',
    '/test/pos/shift',
    '/test/pos/order?saleNo=P20260101-0001',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/test/pos/login?redirect=${encodeURIComponent(path)}`);
  }
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('posm'));
  const member = await context.newPage();
  // the counter's own login tells a member they are not staff
  await open(member, '/test/pos/login');
  await hydrated(member);
  await member.getByLabel('아이디 (필수)').fill(account.memberId);
  await member.getByLabel('비밀번호 (필수)').fill(account.password);
  await member.getByRole('button', { name: '직원 로그인' }).click();
  await expect(member.getByRole('alert')).toContainText('매장 직원 계정이 아닙니다');
  await expect(member).toHaveURL(/\/test\/pos\/login/);
  // signed in as a member anyway, every counter page answers 403
  const login = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  expect(login.ok()).toBe(true);
  for (const path of [
    '/test/pos',
    '/test/pos-order',
    '/test/pos/shift',
    '/test/pos/order?saleNo=P20260101-0001',
  ]) {
    await open(member, path, 403);
    await expect(member.getByRole('heading', { name: '권한이 없습니다' })).toBeVisible();
    await expect(member.getByRole('combobox', { name: /바코드/ })).toHaveCount(0);
  }
  await context.close();
});

test('staff sign in, open the shift and sell by scanner with cash and change; the web shop’s stock follows', async ({
  page,
}) => {
  await page.goto('/test/pos');
  await expect(page).toHaveURL('/test/pos/login?redirect=%2Ftest%2Fpos');
  await hydrated(page);
  await page.getByLabel('아이디 (필수)').fill(STAFF.memberId);
  await page.getByLabel('비밀번호 (필수)').fill(STAFF.password);
  await page.getByRole('button', { name: '직원 로그인' }).click();
  await expect(page).toHaveURL('/test/pos');
  await openCounter(page);

  const [item] = await itemsToSell(page, '폼롤러');
  const before = await webStock(page, item);
  const field = page.getByRole('combobox', { name: /바코드 · 상품명/ });

  // the scanner works without the scan field: nothing focused … (and on a busy page that takes
  // each key 300 ms late: the keys' own times, not their handling, make it a scan)
  await blur(page);
  await scan(page, item.barcode!, { deliveryGapMs: 300 });
  await expect(cartRow(page, item)).toContainText(item.productName);
  await expect(field).not.toBeFocused();
  await expect(field).toHaveValue('');

  // … and while another field has the focus: its text stays as it was
  const phone = page.getByLabel('휴대폰 번호');
  await phone.fill('010');
  await phone.focus();
  await scan(page, item.barcode!);
  await expect(cartRow(page, item).getByRole('textbox', { name: /수량/ })).toHaveValue('2');
  await expect(phone).toHaveValue('010');
  await phone.fill('');

  // F8 takes the money: cash received, change shown, then the server's sale
  const due = item.unitPrice * 2;
  await expect(page.getByTestId('pos-due')).toHaveText(won(due));
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: '결제' });
  await expect(dialog.getByTestId('pos-pay-due')).toHaveText(won(due));
  const received = Math.ceil(due / 10_000) * 10_000 + 10_000;
  await dialog.getByLabel('받은 현금(원)').fill(String(received));
  await expect(dialog.getByTestId('pos-pay-change')).toContainText(won(received - due));
  await dialog.getByLabel('받은 현금(원)').press('Enter');
  await expect(dialog).toBeHidden();
  const done = page.getByTestId('pos-last-sale');
  await expect(done).toContainText('판매 완료');
  await expect(page.getByTestId('pos-last-change')).toHaveText(won(received - due));
  const saleNo = (await page.getByTestId('pos-last-sale-no').textContent())!.trim();
  expect(saleNo).toMatch(/^P\d{8}-\d{4,}$/);
  await expect(page.getByTestId('pos-due')).toHaveText('0원');
  await expect(field).toBeFocused();

  expect(await webStock(page, item)).toBe(before - 2);

  // the receipt: 80 mm, the sale and its change
  await done.getByRole('link', { name: '영수증 보기' }).click();
  await expect(page).toHaveURL(`/test/pos/order?saleNo=${saleNo}`);
  await expect(page.getByTestId('receipt-sale-no')).toHaveText(saleNo);
  await expect(page.getByTestId('receipt-total')).toHaveText(won(due));
  await expect(page.getByText(`거스름돈 ${won(received - due)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: '영수증 인쇄' })).toBeVisible();
});

test('a card payment: the practice switch declines once, then the terminal approves', async ({ page }) => {
  await signIn(page.context());
  await openCounter(page);
  const [item] = await itemsToSell(page, '요가 블록');
  const before = await webStock(page, item);

  await blur(page);
  await scan(page, item.barcode!);
  await expect(cartRow(page, item)).toBeVisible();
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: '결제' });
  await dialog.getByRole('radio', { name: '카드' }).check();
  await dialog.getByRole('checkbox', { name: '다음 카드 결제 거절(연습)' }).check();
  await dialog.getByRole('button', { name: /^카드 .* 결제/ }).click();
  await expect(dialog.getByTestId('pos-pay-error')).toContainText('카드 결제가 거절되었습니다');
  expect(await webStock(page, item)).toBe(before);

  await dialog.getByRole('radio', { name: '카드' }).check();
  await dialog.getByRole('button', { name: /^카드 .* 결제/ }).click();
  await expect(dialog).toBeHidden();
  const done = page.getByTestId('pos-last-sale');
  await expect(done).toContainText('판매 완료');
  await expect(done).toContainText(/카드 .*승인번호 \d+/);
  expect(await webStock(page, item)).toBe(before - 1);
});

test('Kakao Pay by QR: the customer approves on the phone page and the counter records the sale', async ({
  page,
  context,
}) => {
  await signIn(context);
  await openCounter(page);
  const [item] = await itemsToSell(page, '마사지볼');
  const before = await webStock(page, item);
  await blur(page);
  await scan(page, item.barcode!);
  await expect(cartRow(page, item)).toBeVisible();
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: '결제' });
  await dialog.getByRole('radio', { name: '카카오페이' }).check();
  await dialog.getByRole('button', { name: /카카오페이 .* QR 만들기/ }).click();
  await expect(dialog.getByRole('img', { name: '카카오페이 결제 QR 코드' })).toBeVisible();
  const href = await dialog.getByRole('link', { name: '고객 휴대폰 화면 열기(연습)' }).getAttribute('href');
  const url = new URL(href!);

  // the customer's phone (no staff session)
  const phone = await (await page.context().browser()!.newContext()).newPage();
  await open(phone, `${url.pathname}${url.search}`);
  await hydrated(phone);
  await expect(phone.getByText(won(item.unitPrice))).toBeVisible();
  await phone.getByRole('button', { name: '결제하기' }).click();
  await expect(phone.getByText('결제를 마쳤습니다')).toBeVisible();
  await phone.context().close();

  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('pos-last-sale')).toContainText(/카카오페이 .*승인번호 \d+/);
  expect(await webStock(page, item)).toBe(before - 1);
});

test('the camera scans a barcode (Chromium’s fake camera) and the sale is paid in cash', async ({
  playwright,
}, testInfo) => {
  const launch = testInfo.project.use.launchOptions ?? {};
  const baseURL = testInfo.project.use.baseURL!;
  // the item first, to film its barcode
  const probe = await playwright.request.newContext({ baseURL });
  const login = await probe.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: STAFF });
  expect(login.ok()).toBe(true);
  const found = (await (await probe.get('/api/pos/items', { params: { q: '모래주머니' } })).json()) as {
    items: CounterItem[];
  };
  const item = found.items.filter((i) => i.sellable && i.stock >= 10 && i.barcode).at(-1)!;
  await probe.dispose();
  const video = await writeBarcodeVideo(join(tmpdir(), `podo-pos-camera-${process.pid}.y4m`), item.barcode!);

  const browser = await playwright.chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({ baseURL, permissions: ['camera'], locale: 'ko-KR' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  try {
    await signIn(context);
    await openCounter(page);
    const before = await webStock(page, item);
    await blur(page);
    await page.keyboard.press('F9');
    const camera = page.getByRole('dialog', { name: '카메라로 바코드 찍기' });
    await expect(camera).toBeVisible();
    await expect(camera).toBeHidden({ timeout: 20_000 });
    await expect(cartRow(page, item)).toContainText(item.productName);

    await page.keyboard.press('F8');
    const dialog = page.getByRole('dialog', { name: '결제' });
    await dialog.getByLabel('받은 현금(원)').fill(String(item.unitPrice + 1000));
    await dialog.getByLabel('받은 현금(원)').press('Enter');
    await expect(page.getByTestId('pos-last-change')).toHaveText(won(1000));
    expect(await webStock(page, item)).toBe(before - 1);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('offline: a cash sale is kept on the device and recorded once when the connection is back', async ({
  page,
  context,
}) => {
  await signIn(context);
  await openCounter(page);
  const [item] = await itemsToSell(page, '푸시업');
  const before = await webStock(page, item);

  // seen once online: the counter knows the barcode
  await blur(page);
  await scan(page, item.barcode!);
  await expect(cartRow(page, item)).toBeVisible();
  await cartRow(page, item).getByRole('button', { name: /삭제/ }).click();

  await context.setOffline(true);
  const status = page.getByTestId('pos-queue-status');
  await expect(status).toHaveText(/오프라인: 0건 전송 대기/);
  await blur(page);
  await scan(page, '8800000999992');
  await expect(page.getByTestId('pos-scan-error')).toContainText('오프라인이라 처음 보는 바코드');
  await blur(page);
  await scan(page, item.barcode!);
  await expect(cartRow(page, item)).toBeVisible();
  await page.keyboard.press('F8');
  const dialog = page.getByRole('dialog', { name: '결제' });
  await expect(dialog.getByRole('radio', { name: /카드/ })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: /카카오페이/ })).toBeDisabled();
  await dialog.getByLabel('받은 현금(원)').fill(String(item.unitPrice + 500));
  await dialog.getByLabel('받은 현금(원)').press('Enter');
  await expect(page.getByTestId('pos-last-sale')).toContainText('오프라인 판매 저장됨');
  await expect(page.getByTestId('pos-last-sale')).toContainText(won(500));
  await expect(status).toHaveText(/오프라인: 1건 전송 대기/);

  // back online: sent once, the server's answer shown
  await context.setOffline(false);
  const delivered = page.getByTestId('pos-queue-delivered');
  await expect(delivered).toContainText('오프라인 판매가 기록되었습니다', { timeout: 15_000 });
  const saleNo = (await delivered.getByRole('link').textContent())!.trim();
  await expect(status).toHaveText('연결됨');
  expect(await webStock(page, item)).toBe(before - 1);

  const sale = (await (await page.request.get(`/api/pos/sales/${saleNo}`)).json()) as {
    offline: boolean;
    payAmt: number;
    lines: { optionNo: number; qty: number; shortQty: number }[];
  };
  expect(sale).toMatchObject({ offline: true, payAmt: item.unitPrice });
  expect(sale.lines).toEqual([expect.objectContaining({ optionNo: item.optionNo, qty: 1, shortQty: 0 })]);

  // reloading sends nothing again: the device's queue is empty and the sale is listed once
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('pos-queue-status')).toHaveCount(0);
  const list = (await (
    await page.request.get('/api/pos/sales', { params: { saleNo, pageSize: '100' } })
  ).json()) as {
    items: { saleNo: string }[];
  };
  expect(list.items.filter((s) => s.saleNo === saleNo)).toHaveLength(1);
  expect(await webStock(page, item)).toBe(before - 1);
});

test('a product with an engraving text asks for it when scanned; a custom product is sent to the custom order screen', async ({
  page,
}) => {
  await signIn(page.context());
  await openCounter(page);
  const [mat] = await itemsToSell(page, 'NBR 고밀도 요가매트 10mm');
  const field = page.getByRole('combobox', { name: /바코드 · 상품명/ });

  // the scanner: the dialog asks the text, Esc first adds nothing
  await blur(page);
  await scan(page, mat.barcode!);
  const dialog = page.getByRole('dialog', { name: '입력 사항' });
  await expect(dialog.getByLabel(/각인 문구/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cartRow(page, mat)).toHaveCount(0);
  await expect(field).toBeFocused();

  // a text too long is refused, then the line carries what was typed
  await scan(page, mat.barcode!);
  await dialog.getByLabel(/각인 문구/).fill('PODO YOGA MAT');
  await expect(dialog.getByLabel(/각인 문구/)).toHaveValue('PODO YOGA ');
  await dialog.getByLabel(/각인 문구/).fill('PODO');
  await dialog.getByLabel(/각인 문구/).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(cartRow(page, mat)).toContainText('각인 문구 (선택, 영문 10자): PODO');

  await page.keyboard.press('F8');
  const pay = page.getByRole('dialog', { name: '결제' });
  await pay.getByLabel('받은 현금(원)').fill(String(mat.unitPrice));
  await pay.getByLabel('받은 현금(원)').press('Enter');
  await expect(pay).toBeHidden();
  const saleNo = (await page.getByTestId('pos-last-sale-no').textContent())!.trim();
  await open(page, `/test/pos/order?saleNo=${saleNo}`);
  await expect(page.getByText('각인 문구 (선택, 영문 10자): PODO')).toBeVisible();

  // a custom product (made from a design) is not sold as a plain line
  await openCounter(page);
  const custom = (await (
    await page.request.get('/api/pos/items', { params: { q: '커스텀 원형 방진패드' } })
  ).json()) as {
    items: (CounterItem & { customizable: boolean })[];
  };
  const pad = custom.items.find((i) => i.customizable && i.barcode && i.sellable)!;
  await blur(page);
  await scan(page, pad.barcode!);
  await expect(page.getByTestId('pos-scan-error')).toContainText('커스텀 주문 화면에서 받아 주세요');
  await expect(cartRow(page, pad)).toHaveCount(0);
});
