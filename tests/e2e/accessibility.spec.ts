import type { Page } from '@playwright/test';
import { checkPage, describe, type A11yWorker } from './support/a11y.ts';
import { expect, open, test } from './support/fixtures.ts';
import { createMember, loginInBrowser, uniqueAccount } from './support/members.ts';

/**
 * axe-core on the storefront's main pages (issue 18): no violation of WCAG 2.1 A/AA rules, at a
 * phone's width and at a desktop's. A page is checked once its islands have hydrated.
 */

/** The fixture's check (`support/a11y.ts`), forced: these pages are checked at both widths. */
async function violationsOf(page: Page, worker: A11yWorker) {
  const finding = await checkPage(worker, page, true);
  expect(finding, `${page.url()}: 검사할 문서가 없습니다`).not.toBeNull();
  return finding?.violations.length ? describe([finding]) : '';
}

const PUBLIC_PAGES = [
  '/',
  '/categories/529105',
  '/products/100030',
  '/guest/cart',
  '/login',
  '/board/notice',
];

for (const width of [390, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page, a11yWorker }) => {
        await open(page, path);
        expect(await violationsOf(page, a11yWorker)).toBe('');
      });
    }

    test("a member's cart, checkout and my page have no axe violations", async ({
      page,
      request,
      a11yWorker,
    }) => {
      test.setTimeout(60_000);
      const account = await createMember(request, uniqueAccount(`axe${width}`));
      await loginInBrowser(page, account);
      await open(page, '/products/100030');
      await expect(page.getByRole('form', { name: '상품 옵션 선택' })).toHaveAttribute(
        'data-hydrated',
        'true',
      );
      await expect(page.locator('astro-island[component-url*="/AddToCart."]')).not.toHaveAttribute(
        'ssr',
        /.*/,
      );
      const picker = page.getByRole('form', { name: '상품 옵션 선택' });
      await picker.getByLabel('강도').selectOption('약 (10lb)');
      await picker.getByRole('button', { name: '장바구니 담기' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: '장바구니에 상품을 담았습니다.' }),
      ).toBeVisible();

      await open(page, '/cart');
      expect(await violationsOf(page, a11yWorker), '/cart').toBe('');
      await page.getByRole('button', { name: /선택 상품 주문/ }).click();
      await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
      await expect(page.getByRole('button', { name: /결제하기$/ })).toBeVisible();
      expect(await violationsOf(page, a11yWorker), 'checkout').toBe('');
      await open(page, '/mypage/order');
      expect(await violationsOf(page, a11yWorker), '/mypage/order').toBe('');
    });
  });
}
