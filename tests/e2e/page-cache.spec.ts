import type { Browser, Page } from '@playwright/test';
import { expect, open, shopApi, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser, uniqueAccount } from './support/members.ts';
import { createProductByApi } from './support/products.ts';

/**
 * The page cache (decision 043) seen from browsers: a visitor's second look at a product page
 * comes from memory; the manager changes the price in the back office and the visitor's very next
 * look shows it; goods received render only that product's page again, the home page stays in
 * memory (decision 053); a member's name never reaches a visitor through a cached page.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

async function newVisitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  return context.newPage();
}

test("a visitor sees the manager's new price on the very next look, and never a member's name", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager');
  await expect(page).toHaveURL('/manager');
  const productNo = await createProductByApi(page, {
    name: '캐시 확인용 방진패드',
    salePrice: 8900,
    saleStatus: 'ONSALE',
    stock: 50,
  });
  const path = `/products/${productNo}`;

  const visitor = await newVisitor(browser, baseURL!);
  const first = await open(visitor, path);
  expect(first!.headers()['x-page-cache']).toBe('miss');
  await expect(visitor.locator('.price--detail .sale-price')).toHaveText('8,900원');
  const again = await open(visitor, path);
  expect(again!.headers()['x-page-cache']).toBe('hit');
  expect(again!.headers()['cache-control']).toBe('private, no-cache');
  await expect(visitor.locator('.price--detail .sale-price')).toHaveText('8,900원');

  // the manager changes the price in the product editor
  await open(page, `/manager/products/${productNo}`);
  await hydrated(page);
  await page.getByLabel('판매가 (필수)', { exact: true }).fill('12900');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible();

  // the visitor's next look: rendered again, with the new price
  const after = await open(visitor, path);
  expect(after!.headers()['x-page-cache']).toBe('miss');
  await expect(visitor.locator('.price--detail .sale-price')).toHaveText('12,900원');
  expect((await open(visitor, path))!.headers()['x-page-cache']).toBe('hit');

  // goods received (the same column an order's stock step writes): the home page stays in memory,
  // only this product's page renders again (decision 053); the page's product header stays inside
  await open(visitor, '/');
  expect((await open(visitor, '/'))!.headers()['x-page-cache']).toBe('hit');
  const { flatOptions } = await shopApi<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
    visitor.request,
    `/products/${productNo}/options`,
  );
  const received = await page.request.post(
    `/api/manager/products/${productNo}/options/${flatOptions[0]!.optionNo}/stock`,
    { headers: { Origin: new URL(page.url()).origin }, data: { kind: 'RECEIVE', quantity: 5 } },
  );
  expect(received.status(), await received.text()).toBe(200);
  const restocked = await open(visitor, path);
  expect(restocked!.headers()['x-page-cache']).toBe('miss');
  expect(restocked!.headers()['x-podo-page-product']).toBeUndefined();
  expect((await open(visitor, '/'))!.headers()['x-page-cache']).toBe('hit');
  expect((await open(visitor, path))!.headers()['x-page-cache']).toBe('hit');

  // a member on the same page: their own page (name in the header), never kept for others
  const member = await newVisitor(browser, baseURL!);
  const account = await createMember(member.request, uniqueAccount('pc'));
  await loginInBrowser(member, account);
  const mine = await open(member, path);
  expect(mine!.headers()['x-page-cache']).toBe('bypass');
  await expect(member.getByText(`${account.memberName}님`)).toBeVisible();

  const visitorAgain = await open(visitor, path);
  expect(visitorAgain!.headers()['x-page-cache']).toBe('hit');
  const html = await visitorAgain!.text();
  expect(html).not.toContain(`${account.memberName}님`);
  expect(html).not.toContain(account.memberId);
  await expect(visitor.getByRole('link', { name: '로그인' })).toBeVisible();
  await member.context().close();
  await visitor.context().close();
});

test('home, category, search, board and terms pages come from memory on the second look', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/categories/529105',
    '/search?keyword=방진',
    '/board/notice',
    '/terms/agreement',
  ]) {
    await open(page, path);
    const second = await open(page, path);
    expect(second!.headers()['x-page-cache'], path).toBe('hit');
  }
});
