import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Locator, Page } from '@playwright/test';
import { expect, shopApi, test } from './support/fixtures.ts';
import { hydrated, loginInBrowser } from './support/members.ts';

/**
 * The manager's product list (/manager/products) and CSV import page: search, filters and sorts on
 * the server with the view kept in the address, bulk display changes that the storefront's search
 * follows at once, the CSV export, and a dry run that names the row with a problem.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
/** Two demo products (seed) that are the only ones with 폼롤러 in their name. */
const ROLLERS = [
  { productNo: 100031, name: 'EVA 폼롤러' },
  { productNo: 100032, name: '돌기형 마사지 폼롤러 33cm' },
];
/** A demo product whose only option has no stock. */
const SOLD_OUT = { productNo: 100037, name: '카운터 내장 줄넘기' };

async function openList(page: Page, path = '/manager/products') {
  await page.goto(path);
  if (new URL(page.url()).pathname === '/login') {
    await loginInBrowser(page, ADMIN, `/login?redirect=${encodeURIComponent(path)}`);
  }
  await expect(page).toHaveURL(path);
  await hydrated(page);
}

const table = (page: Page) => page.locator('table.pt-table');
const rows = (page: Page) => table(page).locator('tbody tr');
const listStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^상품 [\d,]+개 중|상품이 없습니다/ });
/** Waits until the island has loaded the view it asked for. */
const settled = (page: Page) => expect(table(page)).not.toHaveAttribute('aria-busy', 'true');

async function search(page: Page, text: string) {
  await page.getByLabel('검색어').fill(text);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await settled(page);
}

/** The sale price (the first amount of the 판매가 cell, before any discounted price). */
async function salePrices(list: Locator): Promise<number[]> {
  const cells = await list.locator('td:nth-child(5)').allTextContents();
  return cells.map((t) => Number(/([\d,]+)원/.exec(t)?.[1]?.replaceAll(',', '') ?? NaN));
}

async function storefrontSearch(page: Page, keywords: string): Promise<number[]> {
  const found = await shopApi<{ items: { productNo: number }[] }>(page.request, 'products/search', {
    'filter.keywords': keywords,
  });
  return found.items.map((i) => i.productNo);
}

test('an administrator searches, filters and sorts the product list, and the address keeps the view', async ({
  page,
}) => {
  await openList(page);
  await expect(page.getByRole('heading', { name: '상품 목록', level: 1 })).toBeVisible();
  await expect(listStatus(page)).toHaveText(/^상품 [\d,]+개 중 1–20$/);

  await search(page, '폼롤러');
  await expect(page).toHaveURL(/[?&]q=%ED%8F%BC%EB%A1%A4%EB%9F%AC/);
  for (const r of ROLLERS) await expect(table(page).getByRole('link', { name: r.name })).toBeVisible();
  await expect(rows(page)).toHaveCount(ROLLERS.length);
  await expect(listStatus(page)).toHaveText(`상품 ${ROLLERS.length}개 중 1–${ROLLERS.length}`);
  await expect(table(page).getByRole('img', { name: ROLLERS[0]!.name })).toBeVisible();

  await search(page, String(SOLD_OUT.productNo));
  await expect(rows(page)).toHaveCount(1);
  await expect(table(page).getByRole('link', { name: SOLD_OUT.name })).toHaveAttribute(
    'href',
    `/manager/products/${SOLD_OUT.productNo}`,
  );

  await page.getByLabel('검색어').fill('');
  await page.getByLabel('재고').selectOption('soldout');
  await expect(page).toHaveURL(/[?&]stock=soldout/);
  await settled(page);
  await expect(
    rows(page)
      .filter({ hasText: SOLD_OUT.name })
      .getByText(/^품절 \d+$/),
  ).toBeVisible();
  await expect(rows(page).filter({ hasText: ROLLERS[0]!.name })).toHaveCount(0);

  await page.getByRole('link', { name: '조건 초기화' }).click();
  await expect(page).toHaveURL('/manager/products');
  await settled(page);

  const priceHeader = table(page).getByRole('columnheader', { name: /판매가/ });
  await priceHeader.getByRole('link').click();
  await expect(page).toHaveURL(/[?&]sort=priceAsc/);
  await settled(page);
  await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await salePrices(rows(page));
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await priceHeader.getByRole('link').click();
  await expect(page).toHaveURL(/[?&]sort=priceDesc/);
  await settled(page);
  await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
  const descending = await salePrices(rows(page));
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThanOrEqual(ascending.at(-1)!);

  await page
    .getByRole('navigation', { name: '상품 목록 페이지' })
    .getByRole('link', { name: '페이지 2' })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await settled(page);
  await expect(listStatus(page)).toHaveText(/^상품 [\d,]+개 중 21–/);

  // a reload renders the same view on the server
  await page.reload();
  await hydrated(page);
  await expect(table(page).getByRole('columnheader', { name: /판매가/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(listStatus(page)).toHaveText(/^상품 [\d,]+개 중 21–/);
});

test('each filter applies at once and the address keeps it; the server renders the same selection', async ({
  page,
}) => {
  await openList(page);
  const search = page.getByRole('search', { name: '상품 검색' });
  // the option to pick: its value, or (brands and partners, named by the shop's settings) the first after 전체
  const picks: [label: string, param: string, value: string | null][] = [
    ['카테고리', 'categoryNo', null],
    ['브랜드', 'brandNo', null],
    ['거래처', 'partnerNo', null],
    ['판매 상태', 'saleStatus', 'ONSALE'],
    ['재고', 'stock', 'low'],
    ['전시', 'display', 'hidden'],
    ['정렬', 'sort', 'priceAsc'],
    ['한 페이지에', 'size', '50'],
  ];
  for (const [label, param, value] of picks) {
    const select = search.getByLabel(label, { exact: true });
    await expect(select, label).toHaveAttribute('name', param);
    const picked = value ?? (await select.locator('option').nth(1).getAttribute('value'))!;
    await select.selectOption(picked);
    await expect(page, label).toHaveURL(new RegExp(`[?&]${param}=${picked}(&|$)`));
    await settled(page);
    await page.reload();
    await hydrated(page);
    await expect(search.getByLabel(label, { exact: true }), label).toHaveValue(picked);
    // 조건 초기화 drops the filters and the sort, and keeps the page size
    await page.getByRole('link', { name: '조건 초기화' }).click();
    await expect(page).toHaveURL(param === 'size' ? `/manager/products?size=${picked}` : '/manager/products');
    await settled(page);
  }
});

test('hiding two products in bulk takes them out of the storefront search, showing puts them back', async ({
  page,
}) => {
  await openList(page, `/manager/products?q=${encodeURIComponent('폼롤러')}`);
  expect(await storefrontSearch(page, '폼롤러')).toEqual(
    expect.arrayContaining(ROLLERS.map((r) => r.productNo)),
  );

  for (const r of ROLLERS) await page.getByRole('checkbox', { name: `${r.name} 선택` }).check();
  const bulk = page.getByRole('form', { name: '선택한 상품 바꾸기' });
  await expect(bulk).toContainText('선택한 상품 2개');
  await bulk.getByLabel('일괄 변경').selectOption('hide');
  await bulk.getByRole('button', { name: '선택한 상품에 적용' }).click();
  await expect(page.getByRole('status').filter({ hasText: '숨겼습니다' })).toHaveText(
    '상품 2개를 숨겼습니다.',
  );
  await settled(page);
  for (const r of ROLLERS) {
    await expect(rows(page).filter({ hasText: r.name }).getByText('숨김', { exact: true })).toBeVisible();
  }
  const hidden = await storefrontSearch(page, '폼롤러');
  for (const r of ROLLERS) expect(hidden).not.toContain(r.productNo);

  await page.getByRole('checkbox', { name: '이 페이지의 상품 모두 선택' }).check();
  await bulk.getByLabel('일괄 변경').selectOption('show');
  await bulk.getByRole('button', { name: '선택한 상품에 적용' }).click();
  await expect(page.getByRole('status').filter({ hasText: '전시했습니다' })).toHaveText(
    '상품 2개를 전시했습니다.',
  );
  await settled(page);
  expect(await storefrontSearch(page, '폼롤러')).toEqual(
    expect.arrayContaining(ROLLERS.map((r) => r.productNo)),
  );
});

test('the list exports as CSV, and a dry run of a file with a bad row names the row', async ({ page }) => {
  await openList(page, `/manager/products?q=${encodeURIComponent('폼롤러')}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSV 내려받기' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
  const [header, ...data] = parsed.data;
  expect(header?.slice(0, 5)).toEqual(['상품번호', '버전', '상품명', '상품 관리코드', '판매가']);
  expect(header).toContain('옵션 번호');
  expect(header).toContain('재고');
  expect(new Set(data.map((r) => Number(r[0])))).toEqual(new Set(ROLLERS.map((r) => r.productNo)));

  // the first product's first row (line 2 of the file) gets a price that is not a number
  const priceAt = header!.indexOf('판매가');
  const bad = data.map((r, i) => (i === 0 ? r.map((v, j) => (j === priceAt ? '만원' : v)) : r));
  const file = Papa.unparse({ fields: header!, data: bad });

  await page
    .getByRole('navigation', { name: '상품 관리 메뉴' })
    .getByRole('link', { name: 'CSV 가져오기' })
    .click();
  await expect(page).toHaveURL('/manager/products/import');
  await hydrated(page);
  await expect(page.getByRole('columnheader', { name: '열 이름' })).toBeVisible();
  await page.getByLabel('CSV 파일').setInputFiles({
    name: 'products-bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  await page.getByRole('button', { name: '미리 검사하기' }).click();
  await expect(page.getByRole('heading', { name: '미리 검사 결과' })).toBeFocused();
  await expect(page.getByText(/검사 결과 문제 1건이 있습니다/)).toBeVisible();
  const problem = page.getByRole('table', { name: '미리 검사에서 찾은 행별 문제' }).getByRole('row').nth(1);
  await expect(problem).toContainText('2번째 줄');
  await expect(problem).toContainText('판매가는 숫자로 입력해 주세요.');
  await expect(page.getByRole('button', { name: '가져오기 실행' })).toBeDisabled();
});
