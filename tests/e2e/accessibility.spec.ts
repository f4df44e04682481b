import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser, uniqueAccount } from './support/members.ts';

/**
 * axe-core on the storefront's main pages (issue 18): no violation of WCAG 2.1 A/AA rules, at a
 * phone's width and at a desktop's. A page is checked once its islands have hydrated.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Scrolls through the page so that its `client:visible` islands hydrate too, then waits for all. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await hydrated(page);
}

async function violationsOf(page: Page) {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).slice(0, 5),
  }));
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
      test(`${path} has no axe violations`, async ({ page }) => {
        await open(page, path);
        expect(await violationsOf(page)).toEqual([]);
      });
    }

    test("a member's cart, checkout and my page have no axe violations", async ({ page, request }) => {
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
      expect(await violationsOf(page), '/cart').toEqual([]);
      await page.getByRole('button', { name: /선택 상품 주문/ }).click();
      await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
      await expect(page.getByRole('button', { name: /결제하기$/ })).toBeVisible();
      expect(await violationsOf(page), 'checkout').toEqual([]);
      await open(page, '/mypage/order');
      expect(await violationsOf(page), '/mypage/order').toEqual([]);
    });
  });
}
