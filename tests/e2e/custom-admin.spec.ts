import type { Page } from '@playwright/test';
import { paidDesignOrder } from './support/designs.ts';
import { expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser } from './support/members.ts';

/**
 * The back office of custom designs (/custom/admin/*): a member's paid design order shows up in
 * the list, its page shows the design as bought with the order and shipping details, the
 * administrator moves it through production with the allowed buttons, downloads the 300 DPI print
 * file and asks the print service; it ends on the completion page.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

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
  // visible is laid out, not yet decoded: the image is drawn once it has loaded
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
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
