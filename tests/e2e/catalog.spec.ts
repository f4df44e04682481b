import type { Locator, Page } from '@playwright/test';
import { expect, open, shopApi, test } from './support/fixtures.ts';

/**
 * The catalogue end to end (issue 2): home → category menu → product with options → header search,
 * then the listing rules (keyword fallback, price sort, pages), the option picker on 4 dimensions,
 * sold-out and unknown products, responsive images, and pages that ship no script.
 *
 * Demo data used (src/server/db/seed): category 529105 방진패드·방진매트; 100001
 * round-washer-dampener-4p (색상 × 사이즈, 15,900원 −10%, 그레이|대 sold out); 100005
 * custom-round-dampener (4 dimensions, 24,900원, free shipping); 100037 digital-counter-jump-rope
 * (no stock).
 */

const DAMPENERS = { no: 529105, label: '방진패드·방진매트' };
const ROUND_PAD = { no: 100001, slug: 'round-washer-dampener-4p', name: '원형 세탁기 방진패드 4개입' };

/** The option picker island, once React has taken it over (before that its selects do nothing). */
async function optionPicker(page: Page): Promise<Locator> {
  const form = page.getByRole('form', { name: '상품 옵션 선택' });
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  return form;
}

/** `data-total` of the picker's total, as a number (the total shows once an option is resolved). */
async function total(form: Locator): Promise<number> {
  const price = form.locator('.option-picker__total-price');
  await expect(price).toBeVisible();
  return Number(await price.getAttribute('data-total'));
}

/** The product grid of a listing page and its cards' links. */
const grid = (page: Page) => page.getByRole('list', { name: '상품 목록' });

/** Prices of the cards of the page, in order (`data-price`: after the immediate discount). */
async function cardPrices(page: Page): Promise<number[]> {
  const prices = await grid(page)
    .locator('.sale-price[data-price]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-price'))));
  expect(prices.length, '카드 가격').toBeGreaterThan(0);
  return prices;
}

test('home → category menu → product: choose options, see price and stock, change quantity → search', async ({
  page,
  request,
}) => {
  // the option data the page must agree with, from the shop API
  const opts = await shopApi<{
    flatOptions: { optionNo: number; value: string; buyPrice: number; stockCnt: number; saleType: string }[];
  }>(request, `products/${ROUND_PAD.no}/options`);
  const blackMedium = opts.flatOptions.find((o) => o.value === '블랙|중 (10cm)');
  const blackSmall = opts.flatOptions.find((o) => o.value === '블랙|소 (8cm)');
  expect(blackMedium?.saleType).toBe('AVAILABLE');
  expect(blackSmall?.saleType).toBe('AVAILABLE');

  await open(page, '/');
  await page
    .getByRole('navigation', { name: '상품 카테고리' })
    .getByRole('link', { name: DAMPENERS.label, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/categories/${DAMPENERS.no}$`));
  await expect(page.getByRole('heading', { level: 1, name: DAMPENERS.label })).toBeVisible();

  await grid(page).getByRole('link', { name: ROUND_PAD.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${ROUND_PAD.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: ROUND_PAD.name })).toBeVisible();

  const form = await optionPicker(page);
  const colour = form.getByLabel('색상', { exact: true });
  const size = form.getByLabel('사이즈', { exact: true });
  // the second dimension waits for the first
  await expect(size).toBeDisabled();
  await expect(form.locator('.option-picker__total-price')).toHaveCount(0);

  // sold-out values are offered but cannot be chosen: 그레이 / 대 has no stock
  await colour.selectOption('그레이');
  await expect(size).toBeEnabled();
  await expect(size.getByRole('option', { name: /^대 \(12cm\).*\(품절\)$/ })).toBeDisabled();
  await expect(size.getByRole('option', { name: /^소 \(8cm\)/ })).toBeEnabled();

  // changing the first dimension clears the second, then 블랙 / 중 resolves to one option
  await colour.selectOption('블랙');
  await expect(size).toHaveValue('');
  await size.selectOption('중 (10cm)');
  await expect(form).toHaveAttribute('data-selected-option-no', String(blackMedium?.optionNo));
  expect(await total(form)).toBe(blackMedium?.buyPrice);
  await expect(form.getByText(blackMedium!.buyPrice.toLocaleString('ko-KR') + '원').first()).toBeVisible();
  const stock = form.locator('.option-picker__stock');
  await expect(stock).toHaveText(blackMedium!.stockCnt <= 5 ? /품절 임박/ : '구매 가능');

  // another value: another option, another price
  await size.selectOption('소 (8cm)');
  await expect(form).toHaveAttribute('data-selected-option-no', String(blackSmall?.optionNo));
  const one = await total(form);
  expect(one).toBe(blackSmall?.buyPrice);
  expect(one).toBeLessThan(blackMedium!.buyPrice);

  // two of them: the total doubles
  await form.getByRole('button', { name: '수량 늘리기' }).click();
  await expect(form.getByLabel('수량', { exact: true })).toHaveValue('2');
  await expect(form.locator('.option-picker__total-price')).toHaveAttribute('data-total', String(one * 2));
  await form.getByRole('button', { name: '수량 줄이기' }).click();
  await expect(form.locator('.option-picker__total-price')).toHaveAttribute('data-total', String(one));

  // the header's search box
  const search = page.getByLabel('상품 검색');
  await search.fill('방진');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=%EB%B0%A9%EC%A7%84$/);
  await expect(page.getByRole('heading', { level: 1, name: '‘방진’ 검색 결과' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /‘방진’ 검색 결과 \d+개/ })).toBeVisible();
  await expect(grid(page).getByRole('listitem').first()).toBeVisible();
  await expect(grid(page).getByRole('link', { name: ROUND_PAD.name, exact: true })).toBeVisible();
  await expect(search).toHaveValue('방진');
});

test('the category strip and the phone drawer list the same categories, children and current page', async ({
  page,
}) => {
  const washerPads = { no: 529106, label: '세탁기·건조기 방진패드' };
  await open(page, `/categories/${washerPads.no}`);
  await expect(page.getByRole('heading', { level: 1, name: washerPads.label })).toBeVisible();

  // wide screens: the strip, its children opened by hover (or focus) under their parent
  const strip = page.getByRole('navigation', { name: '상품 카테고리' }).locator('.top');
  const parent = strip.getByRole('link', { name: DAMPENERS.label, exact: true });
  await expect(parent).not.toHaveAttribute('aria-current', /.*/);
  await expect(strip.getByRole('link', { name: washerPads.label })).toBeHidden();
  await parent.hover();
  const stripChild = strip.getByRole('link', { name: washerPads.label });
  await expect(stripChild).toBeVisible();
  await expect(stripChild).toHaveAttribute('aria-current', 'page');
  await expect(stripChild).toHaveAttribute('href', `/categories/${washerPads.no}`);
  await expect(strip.getByRole('link', { name: '베스트', exact: true })).toHaveAttribute('href', '/best');

  // phones: the drawer lists the same links, every child shown under its parent
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '전체 카테고리' }).click();
  const drawer = page.getByRole('dialog', { name: '전체 카테고리' });
  await expect(drawer).toBeVisible();
  const drawerChild = drawer.getByRole('link', { name: washerPads.label });
  await expect(drawerChild).toBeVisible();
  await expect(drawerChild).toHaveAttribute('aria-current', 'page');
  await expect(drawer.getByRole('link', { name: DAMPENERS.label, exact: true })).not.toHaveAttribute(
    'aria-current',
    /.*/,
  );
  const labels = async (list: Locator) => (await list.locator('a').allTextContents()).map((t) => t.trim());
  expect(await labels(drawer)).toEqual(await labels(strip));
});

test('short keywords of one or two letters still find products (the fallback beside the trigram index)', async ({
  page,
}) => {
  for (const keyword of ['패', '방진', '세탁기']) {
    await open(page, `/search?keyword=${encodeURIComponent(keyword)}`);
    const count = page.getByRole('status').filter({ hasText: `‘${keyword}’ 검색 결과` });
    await expect(count).toHaveText(/검색 결과 [1-9][\d,]*개/);
    await expect(grid(page).getByRole('listitem').first()).toBeVisible();
  }
  await open(page, `/search?keyword=${encodeURIComponent('없는상품이름')}`);
  await expect(page.getByText('‘없는상품이름’에 대한 검색 결과가 없습니다.')).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
});

test('낮은 가격순 sorts by the price after discount, ascending', async ({ page }) => {
  await open(page, `/categories/${DAMPENERS.no}`);
  const sortNav = page.getByRole('navigation', { name: '상품 정렬' });
  await sortNav.getByRole('link', { name: '낮은 가격순' }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(sortNav.getByRole('link', { name: '낮은 가격순' })).toHaveAttribute('aria-current', 'true');
  const prices = await cardPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await sortNav.getByRole('link', { name: '높은 가격순' }).click();
  await expect(page).toHaveURL(/sort=price-desc/);
  const high = await cardPrices(page);
  expect(high).toEqual([...high].sort((a, b) => b - a));
});

test('pages: the second page has other products, and the page links say where you are', async ({ page }) => {
  await open(page, '/shop');
  const pages = page.getByRole('navigation', { name: '페이지 이동' });
  await expect(pages.getByRole('link', { name: '페이지 1' })).toHaveAttribute('aria-current', 'page');
  const firstPage = await grid(page).getByRole('heading').allTextContents();
  expect(firstPage).toHaveLength(20);

  await pages.getByRole('link', { name: '페이지 2' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('page') === '2');
  await expect(pages.getByRole('link', { name: '페이지 2' })).toHaveAttribute('aria-current', 'page');
  const secondPage = await grid(page).getByRole('heading').allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

  await pages.getByRole('link', { name: '이전 페이지' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && !url.searchParams.has('page'));
  expect(await grid(page).getByRole('heading').allTextContents()).toEqual(firstPage);
});

test('a product with four option dimensions resolves one option with its price', async ({
  page,
  request,
}) => {
  const opts = await shopApi<{
    labels: string[];
    flatOptions: { optionNo: number; value: string; buyPrice: number; saleType: string }[];
  }>(request, 'products/100005/options');
  expect(opts.labels).toEqual(['색상', '사이즈', '두께', '재질']);
  const wanted = opts.flatOptions.find((o) => o.value === '민트|12cm|3cm|고무');
  const soldOut = opts.flatOptions.find((o) => o.value === '민트|12cm|3cm|실리콘');
  expect(soldOut?.saleType).toBe('SOLD_OUT');

  await open(page, '/products/custom-round-dampener');
  const form = await optionPicker(page);
  const choices: [string, string][] = [
    ['색상', '민트'],
    ['사이즈', '12cm'],
    ['두께', '3cm'],
  ];
  for (const [label, value] of choices) {
    await form.getByLabel(label, { exact: true }).selectOption(value);
  }
  const material = form.getByLabel('재질', { exact: true });
  await expect(material.getByRole('option', { name: /^실리콘.*\(품절\)$/ })).toBeDisabled();
  await material.selectOption('고무');
  await expect(form).toHaveAttribute('data-selected-option-no', String(wanted?.optionNo));
  expect(await total(form)).toBe(wanted?.buyPrice);
  await expect(form.locator('.option-picker__selected-values')).toHaveText('민트 / 12cm / 3cm / 고무');
  // made from a design: the engraving text is the editor's, and the button opens the editor there
  await expect(form.getByLabel(/각인 문구/)).toHaveCount(0);
  await expect(form.getByRole('link', { name: '디자인하기' })).toHaveAttribute(
    'href',
    `/products/custom-round-dampener/customize?option=${wanted?.optionNo}`,
  );
});

test('a sold-out product says 품절 and cannot be put in the cart', async ({ page }) => {
  await open(page, '/product/digital-counter-jump-rope');
  await expect(page.getByRole('heading', { level: 1, name: '카운터 내장 줄넘기' })).toBeVisible();
  await expect(page.getByText('품절된 상품입니다.').first()).toBeVisible();
  const form = await optionPicker(page);
  await expect(form.getByRole('button', { name: '품절' })).toBeDisabled();
  await expect(form.getByRole('button', { name: '장바구니 담기' })).toHaveCount(0);
  await expect(form.getByLabel('수량', { exact: true })).toBeDisabled();
});

test('an unknown product gives the not-found page with status 404', async ({ page }) => {
  for (const path of ['/product/no-such-product', '/products/99999999', '/categories/1']) {
    await open(page, path, 404);
    await expect(page.getByRole('heading', { name: '요청하신 페이지를 찾을 수 없습니다' })).toBeVisible();
  }
});

test('catalogue images have their size and a srcset, and only the first rows load at once', async ({
  page,
}) => {
  const checkImages = async (images: Locator, what: string) => {
    const attrs = await images.evaluateAll((els) =>
      els.map((el) => ({
        src: el.getAttribute('src'),
        width: el.getAttribute('width'),
        height: el.getAttribute('height'),
        srcset: el.getAttribute('srcset') ?? '',
        loading: el.getAttribute('loading'),
      })),
    );
    expect(attrs.length, what).toBeGreaterThan(0);
    for (const a of attrs) {
      expect(Number(a.width), `${what}: ${a.src} width`).toBeGreaterThan(0);
      expect(Number(a.height), `${what}: ${a.src} height`).toBeGreaterThan(0);
      // at least two candidates (densities 1 and 2, or two widths)
      expect(a.srcset.split(',').length, `${what}: ${a.src} srcset`).toBeGreaterThanOrEqual(2);
    }
    return attrs;
  };

  await open(page, `/categories/${DAMPENERS.no}`);
  // card images are decorative (alt=""): the product name is the card's link text
  const cards = await checkImages(grid(page).locator('img'), 'product cards');
  expect(cards.slice(0, 4).every((a) => a.loading === 'eager')).toBe(true);
  expect(cards.slice(4).every((a) => a.loading === 'lazy')).toBe(true);

  await open(page, `/product/${ROUND_PAD.slug}`);
  const gallery = await checkImages(
    page.getByRole('list', { name: '상품 이미지' }).getByRole('img'),
    'gallery',
  );
  expect(gallery[0]?.loading).toBe('eager');
  await checkImages(page.getByRole('list', { name: '이미지 선택' }).getByRole('img'), 'thumbnails');
});

test('a listing page ships no island and no script of its own', async ({ request }) => {
  const res = await request.get(`/categories/${DAMPENERS.no}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  expect(main.length).toBeGreaterThan(1000);
  expect(main).not.toContain('<script');
  expect(main).not.toContain('<astro-island');
});

test('a listing page ships no island, only the search box loader of its suggestions and the font loader (issues 16, 18)', async ({
  request,
}) => {
  const html = await (await request.get(`/categories/${DAMPENERS.no}`)).text();
  expect(html).not.toContain('<astro-island');
  // two module scripts of a few lines: one imports the suggestions when the search box gets focus,
  // one fetches the UI font's subsets after load for the next page (decision 048)
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(2);
  const codes = await Promise.all(
    scripts.map(async ([tag, body = '']) => {
      const src = /src="([^"]+)"/.exec(tag)?.[1];
      return src ? await (await request.get(src)).text() : body;
    }),
  );
  for (const code of codes) {
    // the font loader carries the one wait for the first paint (capped, decision 061): ~1.1 KB
    expect(code.length).toBeLessThan(1500);
    expect(code).not.toMatch(/react/i);
  }
  expect(codes.filter((code) => code.includes('focus'))).toHaveLength(1);
  expect(codes.filter((code) => code.includes('document.fonts.load'))).toHaveLength(1);
});
