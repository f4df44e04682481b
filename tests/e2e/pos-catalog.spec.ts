import type { BrowserContext, Page } from '@playwright/test';
import { ean13, ean13CheckDigit } from '../../src/lib/barcode.ts';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, uniqueAccount } from './support/members.ts';
import { scan } from './support/pos.ts';

/**
 * Products, barcodes, labels and stock at the counter (issue 14): staff register an EAN-13 on an
 * option (a wrong check digit first, refused with the right digit named), find the option by
 * scanning it, receive three units by scanning (USB scanner = fast key bursts, focus anywhere),
 * see the stock, and print a label sheet whose barcode is an SVG. The spec makes its own product
 * (hidden from the shop) so other specs' stock and barcodes are left alone.
 */

const STAFF = { memberId: 'staff', password: 'podo-staff-1234!' };

interface Made {
  productNo: number;
  optionNo: number;
  name: string;
  code: string;
}

async function signIn(context: BrowserContext) {
  const res = await context.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: STAFF });
  expect(res.ok(), `staff login: ${res.status()}`).toBe(true);
}

/** The partners and delivery templates the product forms offer. */
async function formOptions(page: Page) {
  const form = await page.request.get('/api/pos/catalog/form-options');
  expect(form.ok()).toBe(true);
  return (await form.json()) as {
    partners: { partnerNo: number; partnerName: string }[];
    deliveryTemplates: { templateNo: number; partnerNo: number }[];
  };
}

/** A hidden product with one option, no barcode and no stock; and a fresh in-store EAN-13 (prefix 2). */
async function makeProduct(page: Page): Promise<Made> {
  const stamp = `${Date.now()}`.slice(-9);
  const name = `E2E 매장 라벨 상품 ${stamp}`;
  const { partners, deliveryTemplates } = await formOptions(page);
  const partnerNo = partners[0]!.partnerNo;
  await open(page, '/test/pos/products');
  const created = await page.request.post('/api/pos/catalog/products', {
    // a cookie session's write needs the shop's own Origin (CSRF check)
    headers: { Origin: new URL(page.url()).origin },
    data: {
      productName: name,
      partnerNo,
      deliveryTemplateNo: deliveryTemplates.find((t) => t.partnerNo === partnerNo)!.templateNo,
      categoryNos: [],
      salePrice: 12900,
      saleStatus: 'ONSALE',
      frontDisplay: false,
      options: { dimensions: [], rows: [{ values: [], addPrice: 0, stock: 0 }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { productNo } = (await created.json()) as { productNo: number };
  const product = (await (await page.request.get(`/api/pos/catalog/products/${productNo}`)).json()) as {
    options: { rows: { optionNo: number }[] };
  };
  return {
    productNo,
    optionNo: product.options.rows[0]!.optionNo,
    name,
    code: ean13(`2${stamp}00`.slice(0, 12)),
  };
}

async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('staff register an EAN-13, find it by scanning, receive by scanning and print its labels', async ({
  page,
  context,
}) => {
  await signIn(context);
  const made = await makeProduct(page);
  const first12 = made.code.slice(0, 12);
  const wrong = `${first12}${(ean13CheckDigit(first12) + 1) % 10}`;

  // register: a wrong check digit is refused, naming the right one; the valid code is saved
  await open(page, `/test/pos/product/barcode/register?optionNo=${made.optionNo}`);
  await hydrated(page);
  await expect(page.getByText(made.name).first()).toBeVisible();
  const field = page.getByLabel('바코드 (EAN-13 13자리 또는 자체 코드)');
  await field.fill(wrong);
  await field.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: '검증 숫자' });
  await expect(alert).toContainText(`${first12}의 검증 숫자는 ${ean13CheckDigit(first12)}입니다`);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(made.code);
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '바코드를 저장했습니다' })).toContainText(
    made.code,
  );
  await expect(page.locator('[data-current-barcode]')).toHaveText(made.code);

  // 바코드 변경, linked from 바코드 등록, opens with the option's present code
  await page.getByRole('link', { name: '바코드 변경' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '바코드 변경' })).toBeVisible();
  await open(page, `/test/pos/product/barcode/update?optionNo=${made.optionNo}`);
  await expect(page.locator('[data-current-barcode]')).toHaveText(made.code);
  await open(page, '/test/pos/product/barcode/update?optionNo=999999999');
  await expect(page.getByRole('alert')).toContainText('옵션 번호 999999999: 찾을 수 없습니다');

  // search: a scan anywhere on the screen finds the option
  await open(page, '/test/pos/product/barcode/search');
  await hydrated(page);
  await blur(page);
  await scan(page, made.code);
  const card = page.locator('[data-result="found"]');
  await expect(card).toContainText(made.name);
  await expect(card).toContainText('12,900원');
  await expect(card.locator('[data-stock]')).toHaveText('0개');
  await blur(page);
  await scan(page, '2999999999992');
  await expect(page.locator('[data-result="unknown"]')).toContainText('등록되지 않은 바코드');

  // receive: three scans of the same goods, one ledger line of +3 in the staff member's name
  await open(page, '/test/pos/stock?mode=receive');
  await hydrated(page);
  await blur(page);
  for (let i = 0; i < 3; i += 1) await scan(page, made.code);
  const row = page.locator(`[data-stock-lines] tr[data-option-no="${made.optionNo}"]`);
  await expect(row.locator('[data-qty]')).toHaveValue('3');
  await page.keyboard.press('F9');
  const applied = page.locator(`[data-applied] li[data-option-no="${made.optionNo}"]`);
  await expect(applied.locator('[data-stock]')).toHaveText('3개');
  const ledger = await page.request.get(`/api/pos/catalog/products/${made.productNo}/stock-ledger`);
  const { items } = (await ledger.json()) as {
    items: { reason: string; delta: number; actorLabel: string }[];
  };
  expect(items[0]).toMatchObject({ reason: 'RECEIVE', delta: 3, actorLabel: '매장직원' });

  // the product list shows it
  await open(page, `/test/pos/products?q=${encodeURIComponent(made.code)}`);
  const listed = page.locator(`tr[data-option-no="${made.optionNo}"]`);
  await expect(listed).toContainText('3개');
  await expect(listed).toContainText(made.code);
  // "/" outside a field jumps to the search, its text selected for the next scan (search-shortcut.ts)
  await page.locator('h1').first().click();
  await page.keyboard.press('/');
  await expect(page.locator('[data-pc-search]')).toBeFocused();

  // labels: an A4 sheet of 24, the barcode drawn as SVG
  await open(page, `/test/pos/labels?o${made.optionNo}=2&format=a4`);
  const labels = page.locator(`.pc-label[data-option-no="${made.optionNo}"]`);
  await expect(labels).toHaveCount(2);
  await expect(labels.first()).toContainText(made.name);
  await expect(labels.first()).toContainText('12,900원');
  await expect(labels.first().locator('svg[role="img"] use')).toHaveCount(1);
  await expect(labels.first().locator('svg[role="img"]')).toHaveAttribute(
    'aria-label',
    `바코드 ${made.code}`,
  );
  expect(await page.locator(`symbol#pc-bc-${made.optionNo} path`).count()).toBeGreaterThan(0);
  // the label printer's roll: one label a page
  await open(page, `/test/pos/labels?o${made.optionNo}=2&format=roll`);
  await expect(page.locator('.pc-sheets--roll .pc-sheet')).toHaveCount(2);
});

test('a visitor is sent to the counter login and a member is refused on the catalogue pages', async ({
  browser,
  page,
}) => {
  await page.goto('/test/pos/products');
  await expect(page).toHaveURL(/\/test\/pos\/login\?redirect=%2Ftest%2Fpos%2Fproducts/);
  expect((await page.request.get('/api/pos/catalog/products')).status()).toBe(401);
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('posc'));
  const login = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  expect(login.ok()).toBe(true);
  const member = await context.newPage();
  for (const path of [
    '/test/pos/products',
    '/test/pos/product/create',
    '/test/pos/product/update?productNo=100001',
    '/test/pos/product/update/detail?productNo=100001',
    '/test/pos/product/barcode/register',
    '/test/pos/product/barcode/search',
    '/test/pos/product/barcode/update',
    '/test/pos/stock',
    '/test/pos/labels',
  ]) {
    await open(member, path, 403);
    await expect(member.getByRole('heading', { name: '권한이 없습니다' })).toBeVisible();
  }
  expect((await member.request.get('/api/pos/catalog/products')).status()).toBe(403);
  await context.close();
});

test("the counter's two product forms save by Ctrl+S, show a save made in between and follow the partner's delivery template", async ({
  page,
  context,
}) => {
  await signIn(context);
  const made = await makeProduct(page);
  const form = await formOptions(page);
  const other = form.partners.find(
    (p, i) => i > 0 && form.deliveryTemplates.some((t) => t.partnerNo === p.partnerNo),
  )!;
  const otherTemplate = form.deliveryTemplates.find((t) => t.partnerNo === other.partnerNo)!.templateNo;
  const saved = page
    .getByRole('status')
    .filter({ hasText: '저장했습니다. 쇼핑몰과 매장에 바로 반영됩니다.' });
  const conflict = page.getByRole('alert').filter({ hasText: '다른 직원이나 관리자가 먼저 저장했습니다' });
  const reloaded = page.getByRole('status').filter({ hasText: '최신 내용을 불러왔습니다' });

  // a new product: the partner picked brings its first delivery template
  await open(page, '/test/pos/product/create');
  await hydrated(page);
  await page.getByLabel('거래처').selectOption(String(other.partnerNo));
  await expect(page.getByLabel('배송비 템플릿')).toHaveValue(String(otherTemplate));

  // the main form, opened in a second tab as well
  const second = await context.newPage();
  await open(second, `/test/pos/product/update/detail?productNo=${made.productNo}`);
  await hydrated(second);
  await open(page, `/test/pos/product/update?productNo=${made.productNo}`);
  await hydrated(page);
  await page.getByLabel('판매가').fill('13900');
  await page.keyboard.press('Control+s');
  await expect(saved).toBeVisible();

  // the detail form read the version before that save: its save is refused and shown, then read again
  await second.getByLabel('홍보 문구').fill('매장 한정');
  await second.keyboard.press('Control+s');
  await expect(
    second.getByRole('alert').filter({ hasText: '다른 직원이나 관리자가 먼저 저장했습니다' }),
  ).toBeVisible();
  await second.getByRole('button', { name: '최신 내용 불러오기 (입력한 내용은 사라집니다)' }).click();
  await expect(second.getByRole('status').filter({ hasText: '최신 내용을 불러왔습니다' })).toBeVisible();
  await expect(second.getByLabel('홍보 문구')).toHaveValue('');
  await second.getByLabel('거래처').selectOption(String(other.partnerNo));
  await expect(second.getByLabel('배송비 템플릿')).toHaveValue(String(otherTemplate));
  await second.getByLabel('홍보 문구').fill('매장 한정');
  await second.getByLabel('1인 최대 구매 수량').fill('3');
  await second.getByRole('button', { name: /저장/ }).click();
  await expect(
    second.getByRole('status').filter({ hasText: '저장했습니다. 쇼핑몰과 매장에 바로 반영됩니다.' }),
  ).toBeVisible();

  // now the main form is the one behind
  await page.getByLabel('판매가').fill('14900');
  await page.keyboard.press('Control+s');
  await expect(conflict).toBeVisible();
  await page.getByRole('button', { name: '최신 내용 불러오기 (입력한 내용은 사라집니다)' }).click();
  await expect(reloaded).toBeVisible();
  await expect(page.getByLabel('판매가')).toHaveValue('13900');

  const product = (await (await page.request.get(`/api/pos/catalog/products/${made.productNo}`)).json()) as {
    salePrice: number;
    promotionText: string;
    maxBuyPersonCnt: number;
    partnerNo: number;
    deliveryTemplateNo: number;
  };
  expect(product).toMatchObject({
    salePrice: 13900,
    promotionText: '매장 한정',
    maxBuyPersonCnt: 3,
    partnerNo: other.partnerNo,
    deliveryTemplateNo: otherTemplate,
  });
});
