import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { hydrated } from './support/members.ts';

/**
 * The sales figures at the counter (/test/pos/sales, /test/pos/sales/{date}): a counter sale made
 * through the counter's API shows in today's figures (summary, tables, charts) and on its day's
 * page with a link to the sale; each table exports a CSV with its header; the period picker
 * reloads the figures in place. Other specs may sell at the same counter meanwhile, so the checks
 * look for this sale, never for exact totals.
 */

const STAFF = { memberId: 'staff', password: 'podo-staff-1234!' };
const todayInSeoul = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(new Date());

/** The counter's API as the page's signed-in staff member (its cookies, from this site). */
function counterApi(page: Page) {
  const headers = { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin };
  return {
    async get<T>(path: string): Promise<T> {
      const res = await page.request.get(path, { headers });
      expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
    post: (path: string, data: unknown) => page.request.post(path, { headers, data }),
  };
}

interface Item {
  optionNo: number;
  productName: string;
  unitPrice: number;
  stock: number;
  sellable: boolean;
}

/** Sells one unit of an item in stock for cash, opening the store's shift when none is open. */
async function sellOne(page: Page): Promise<{ saleNo: string; item: Item }> {
  const api = counterApi(page);
  const { items } = await api.get<{ items: Item[] }>(`/api/pos/items?q=${encodeURIComponent('매트')}`);
  const item = items.find((i) => i.sellable && i.stock > 0);
  expect(item, '팔 수 있는 매트 상품이 없습니다').toBeDefined();
  for (let attempt = 0; attempt < 2; attempt++) {
    let { shift } = await api.get<{ shift: { shiftNo: number } | null }>('/api/pos/me');
    if (!shift) {
      const opened = await api.post('/api/pos/shifts', { openingCash: 100_000 });
      if (opened.status() === 201) shift = (await opened.json()) as { shiftNo: number };
      else continue; // another spec opened it meanwhile
    }
    const res = await api.post('/api/pos/sales', {
      idempotencyKey: `e2esales${Date.now().toString(36)}${attempt}xxxxxxxx`,
      shiftNo: shift.shiftNo,
      lines: [{ optionNo: item!.optionNo, qty: 1 }],
      payments: [{ method: 'CASH', amount: item!.unitPrice, received: item!.unitPrice }],
      soldAt: new Date().toISOString(),
    });
    if (res.status() === 201)
      return { saleNo: ((await res.json()) as { sale: { saleNo: string } }).sale.saleNo, item: item! };
    // the shift was closed by another spec between the two calls: once more
    expect(res.status(), await res.text()).toBe(409);
  }
  throw new Error('매장 판매를 만들지 못했습니다');
}

test('a counter sale shows in today’s figures and on its day, and every table exports its CSV', async ({
  page,
}) => {
  await open(page, '/');
  const login = await page.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: STAFF });
  expect(login.ok(), `login: ${login.status()}`).toBe(true);
  const { saleNo, item } = await sellOne(page);
  const today = todayInSeoul();

  await open(page, '/test/pos/sales');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '매출', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: '오늘' })).toBeChecked();
  const summary = page.locator('.sales-summary');
  await expect(summary.getByText('판매 건수')).toBeVisible();
  await expect(summary).not.toContainText(/판매 건수\s*0건/);

  const products = page.getByRole('table', { name: /상품별 매출/ });
  await expect(products.getByRole('rowheader', { name: item.productName })).toBeVisible();
  const days = page.getByRole('table', { name: /일별 매출/ });
  await expect(days.getByRole('link', { name: new RegExp(today.replaceAll('-', '.')) })).toHaveAttribute(
    'href',
    `/test/pos/sales/${today}`,
  );
  // the charts come after the island mounted, each named after its table
  await expect(page.getByRole('img', { name: /상품별 매출 그래프/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator('.sales-table')
      .filter({ has: products })
      .getByRole('button', { name: 'CSV 내려받기' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`sales-products-${today}_${today}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.charCodeAt(0), 'UTF-8 BOM').toBe(0xfeff);
  const [header, ...rows] = csv.slice(1).split('\r\n');
  expect(header).toBe(
    '상품,상품번호,매장 수량,온라인 수량,판매 수량,판매액(원),환불 수량,환불액(원),순매출(원)',
  );
  expect(rows.some((r) => r.startsWith(`${item.productName},`))).toBe(true);

  await page.getByRole('radio', { name: '최근 7일' }).check();
  await expect(page.getByRole('status').filter({ hasText: '매출을 불러왔습니다' })).toBeVisible();
  await expect(page).toHaveURL(/\/test\/pos\/sales\?period=last7$/);
  await expect(days.locator('tbody tr')).toHaveCount(7);

  await days.getByRole('link', { name: new RegExp(today.replaceAll('-', '.')) }).click();
  await expect(page).toHaveURL(`/test/pos/sales/${today}`);
  await hydrated(page);
  const sale = page.getByRole('link', { name: saleNo });
  await expect(sale).toHaveAttribute('href', `/test/pos/order-detail?saleNo=${saleNo}`);
  await expect(page.getByRole('table', { name: /시간대별 매출/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: /결제 수단별 매장 매출/ }).getByRole('rowheader', { name: '현금' }),
  ).toBeVisible();
});

test('a day that is not a date is not found; a visitor is sent to the counter’s sign-in', async ({
  page,
  browser,
}) => {
  await open(page, '/');
  const login = await page.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: STAFF });
  expect(login.ok()).toBe(true);
  await open(page, '/test/pos/sales/2026-02-30', 404);
  await expect(page.getByRole('heading', { name: '요청하신 페이지를 찾을 수 없습니다' })).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/test/pos/sales');
  await expect(visitor).toHaveURL(/\/test\/pos\/login\?redirect=%2Ftest%2Fpos%2Fsales/);
  await visitor.close();
});
