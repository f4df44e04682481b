import type { APIRequestContext, Page } from '@playwright/test';
import { formatWon } from '../../src/lib/money.ts';
import { expect, open, shopApi, test } from './support/fixtures.ts';
import { createMember, loginInBrowser, uniqueAccount } from './support/members.ts';

/**
 * The storefront on a phone (issue 18, decision 030): the product page's fixed purchase bar and
 * 바로 구매, the header's cart count, recently viewed products, the category drawer.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const BAND = { no: 100030, name: '롱 튜빙 밴드 (손잡이형)' };
const SEAT = { no: 100019, name: '사무실 의자 메모리폼 방석' };

async function buyPriceOf(request: APIRequestContext, productNo: number, value: string): Promise<number> {
  const res = await shopApi<{ flatOptions: { value: string; buyPrice: number }[] }>(
    request,
    `products/${productNo}/options`,
  );
  const option = res.flatOptions.find((o) => o.value === value);
  if (!option) throw new Error(`${value} 옵션이 없습니다.`);
  return option.buyPrice;
}

async function productPageReady(page: Page) {
  await expect(page.getByRole('form', { name: '상품 옵션 선택' })).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('astro-island[component-url*="/AddToCart."]')).not.toHaveAttribute('ssr', /.*/);
  await expect(page.locator('astro-island[component-url*="/CartLink."]')).not.toHaveAttribute('ssr', /.*/);
}

const cartLink = (page: Page) =>
  page.getByRole('navigation', { name: '회원 메뉴' }).getByRole('link', { name: /^장바구니/ });

test('a member buys now from the fixed bar: the order sheet has that option, quantity and price', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('sfbuy'));
  await loginInBrowser(page, account);
  await open(page, `/products/${BAND.no}`);
  await productPageReady(page);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  const picker = page.getByRole('form', { name: '상품 옵션 선택' });
  // the bar stays at the bottom of the screen while the page scrolls
  const bar = picker.locator('.purchase-bar');
  await page.mouse.wheel(0, 1500);
  const box = await bar.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(844);
  await expect(bar.getByRole('button', { name: '바로 구매' })).toBeInViewport();

  // 장바구니 first: the header's count follows
  await picker.getByLabel('강도').selectOption('약 (10lb)');
  await bar.getByRole('button', { name: '장바구니 담기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '장바구니에 상품을 담았습니다.' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText(/1/);
  await expect(cartLink(page)).toHaveAccessibleName('장바구니 (담긴 상품 1개)');

  // then 바로 구매 of another option, two of them
  await picker.getByLabel('강도').selectOption('중 (20lb)');
  await picker.getByRole('button', { name: '수량 늘리기' }).click();
  await bar.getByRole('button', { name: '바로 구매' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  const unit = await buyPriceOf(request, BAND.no, '중 (20lb)');
  const item = page.locator('.checkout-item').filter({ hasText: BAND.name });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('중 (20lb)');
  await expect(item).toContainText(`2개 · ${formatWon(unit * 2)}`);
  // only that line: the cart's line is not in the sheet, and stays in the cart
  await expect(page.locator('.checkout-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText(/1/);
  // the pay button waits at the bottom of the screen
  const pay = page.getByRole('button', { name: /결제하기$/ });
  await expect(pay).toBeInViewport();
  expect(await pay.evaluate((b) => getComputedStyle(b.parentElement!).position)).toBe('fixed');
});

test('a visitor: the cart count follows the guest cart; recently viewed products on the product page', async ({
  page,
}) => {
  await open(page, `/products/${SEAT.no}`);
  await productPageReady(page);
  await open(page, `/products/${BAND.no}`);
  await productPageReady(page);

  const recent = page.getByRole('region', { name: '최근 본 상품' });
  await recent.scrollIntoViewIfNeeded();
  await expect(recent.getByRole('link', { name: new RegExp(SEAT.name) })).toBeVisible();
  // the page's own product is not listed
  await expect(
    recent.getByRole('link', { name: new RegExp(BAND.name.replace(/[()]/g, '\\$&')) }),
  ).toHaveCount(0);

  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  const picker = page.getByRole('form', { name: '상품 옵션 선택' });
  await picker.getByLabel('강도').selectOption('강 (30lb)');
  await picker.locator('.purchase-bar').getByRole('button', { name: '장바구니 담기' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/1/);

  // another page knows it too (this browser's guest cart), and nothing of it is in the HTML
  await open(page, `/products/${SEAT.no}`);
  await expect(page.getByTestId('cart-count')).toHaveText(/1/);
  const html = await (await page.request.get(`/products/${SEAT.no}`)).text();
  expect(html).not.toContain('cart-count');
  // a visitor's listing page still ships no script: its cart link has no count
  await open(page, '/best');
  await expect(cartLink(page)).toHaveAccessibleName('장바구니');
  await expect(page.locator('astro-island')).toHaveCount(0);
});

test('a visitor buys now: the guest guide, then the order sheet', async ({ page, request }) => {
  await open(page, `/products/${BAND.no}`);
  await productPageReady(page);
  const picker = page.getByRole('form', { name: '상품 옵션 선택' });
  await picker.getByLabel('강도').selectOption('최강 (40lb)');
  await picker.locator('.purchase-bar').getByRole('button', { name: '바로 구매' }).click();
  const guide = page.getByRole('dialog', { name: '로그인 안내' });
  await expect(guide).toContainText('바로 구매하려면');
  await guide.getByRole('button', { name: '비회원으로 계속하기' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  const unit = await buyPriceOf(request, BAND.no, '최강 (40lb)');
  await expect(page.locator('.checkout-item')).toContainText(`1개 · ${formatWon(unit)}`);

  // 주문자 정보와 동일: the receiver is the orderer, as typed there
  await page.getByLabel('주문자 이름 (필수)', { exact: true }).fill('최비회');
  await page.getByLabel('주문자 휴대폰 번호 (필수)', { exact: true }).fill('010-5555-6666');
  await page.getByRole('checkbox', { name: '주문자 정보와 동일' }).check();
  await expect(page.getByLabel('받는 분 (필수)', { exact: true })).toHaveValue('최비회');
  await expect(page.getByLabel('받는 분 휴대폰 번호 (필수)', { exact: true })).toHaveValue('010-5555-6666');
});

test('my page lists the products this browser viewed', async ({ page, request }) => {
  const account = await createMember(request, uniqueAccount('sfrecent'));
  await loginInBrowser(page, account);
  await open(page, `/products/${SEAT.no}`);
  await productPageReady(page);
  await open(page, '/mypage/pick');
  const recent = page.getByRole('region', { name: '최근 본 상품' });
  await expect(recent.getByRole('link', { name: new RegExp(SEAT.name) })).toBeVisible();
});

test('the category drawer opens from the strip and is used with the keyboard', async ({ page }) => {
  await open(page, '/');
  const button = page.getByRole('button', { name: '전체 카테고리' });
  await expect(button).toBeVisible();
  const drawer = page.getByRole('dialog', { name: '전체 카테고리' });
  await expect(drawer).toBeHidden();

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  // the drawer's links come next in the tab order
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: '카테고리 닫기' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  const best = drawer.getByRole('link', { name: '베스트' });
  await best.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/best$/);

  // the strip shows there is more: it scrolls sideways and fades at its edge
  await open(page, '/');
  const strip = page.locator('.category-menu .top');
  const scrolls = await strip.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrolls).toBe(true);
  expect(await strip.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
});

test('the editor on a phone: the canvas first, the tools in a bottom sheet, no shortcut help', async ({
  page,
}) => {
  await open(page, '/products/custom-pet-photo-cushion/customize');
  await expect(page.getByRole('toolbar', { name: '편집 도구' })).toBeVisible();
  const canvas = page.locator('.stage-box');
  await expect(canvas.locator('canvas').first()).toBeVisible();

  const handle = page.getByRole('button', { name: /^도구 열기/ });
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await expect(handle).toBeInViewport();
  const layers = page.getByRole('complementary', { name: '선택한 요소와 레이어' });
  await expect(layers).toBeHidden();
  // the canvas is the first thing of the editor's body, above the sheet's panels
  const canvasBox = (await canvas.boundingBox())!;
  expect(canvasBox.y).toBeLessThan(844);

  await handle.click();
  await expect(page.getByRole('button', { name: /^도구 닫기/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(layers).toBeVisible();
  await expect(page.getByRole('complementary', { name: '상품과 배경' })).toBeInViewport({ ratio: 0.1 });

  // a touch screen gets no keyboard-shortcut help; the touch gestures are still explained
  const help = page.locator('#canvas-help');
  await expect(help).toContainText('두 손가락으로', { useInnerText: true });
  await expect(help).not.toContainText('Ctrl+Z', { useInnerText: true });
});
