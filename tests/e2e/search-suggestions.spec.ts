import { expect, open, test } from './support/fixtures.ts';

/**
 * The search box's suggestions (issue 16): nothing loads before the box gets focus; then products
 * matching what is typed (초성 too) are offered, the keyboard picks one, and the shopper's own
 * searches come back as recent searches (this browser only).
 */
test('suggestions load on focus, find products by 초성, and remember recent searches', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/search/suggestions')) asked.push(r.url());
  });
  await open(page, '/categories/529105');
  const box = page.getByLabel('상품 검색');
  await expect(box).not.toHaveAttribute('role', 'combobox');
  expect(asked).toEqual([]);

  await box.fill('방진패드');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=/);
  await expect(
    page.getByRole('status').filter({ hasText: /‘방진패드’ 검색 결과 [1-9][\d,]*개/ }),
  ).toBeVisible();

  // on the next page too, the suggestions load once the box gets focus, and it becomes a combobox
  await box.fill('');
  const combo = page.getByRole('combobox', { name: '상품 검색' });
  await expect(combo).toBeFocused();
  await expect(page.getByRole('listbox', { name: '최근 검색어' }).getByRole('option')).toHaveText([
    '방진패드',
  ]);

  await combo.fill('ㅂㅈㅍㄷ');
  const products = page.getByRole('listbox', { name: '추천 상품' });
  await expect(products.getByRole('option').first()).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);

  await expect(combo).toHaveAttribute('aria-expanded', 'true');
  await combo.press('Escape');
  await expect(combo).toHaveAttribute('aria-expanded', 'false');
  await combo.fill('ㅂㅈㅍㄷ');
  const first = products.getByRole('option').first();
  await expect(first).toBeVisible();
  const name = (await first.textContent()) ?? '';
  const id = (await first.getAttribute('id')) ?? '';
  // recent and popular searches that fit come first: the arrow keys go past them to the product
  for (let i = 0; i <= Number(id.split('-').pop()); i++) await combo.press('ArrowDown');
  await expect(combo).toHaveAttribute('aria-activedescendant', id);
  await combo.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a search sent before the suggestions have loaded is still remembered', async ({ page }) => {
  // a slow phone: the suggestions' module has not arrived when the shopper presses Enter
  let held = true;
  await page.route(/search-suggestions[^/]*\.js$/, async (route) => {
    while (held) await new Promise((r) => setTimeout(r, 50));
    await route.continue();
  });
  await open(page, '/categories/529105');
  const box = page.getByLabel('상품 검색');
  await box.fill('요가매트');

  // on the results page the shopper empties the box before its script has run (held until then),
  // so the suggestions load at once on a box already focused; their answer is held as well: the
  // recent searches are this browser's own and open without waiting for it, or for another key
  let scriptHeld = true;
  let answerHeld = true;
  await page.route(/SearchBox[^/]*\.js$/, async (route) => {
    while (scriptHeld) await new Promise((r) => setTimeout(r, 50));
    await route.continue();
  });
  await page.route(/\/api\/search\/suggestions/, async (route) => {
    while (answerHeld) await new Promise((r) => setTimeout(r, 50));
    await route.continue();
  });
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=/);
  held = false;
  const again = page.getByLabel('상품 검색');
  await again.fill('');
  await expect(again).toBeFocused();
  await expect(again).not.toHaveAttribute('role', 'combobox');
  scriptHeld = false;
  const combo = page.getByRole('combobox', { name: '상품 검색' });
  await expect(combo).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox', { name: '최근 검색어' }).getByRole('option')).toHaveText([
    '요가매트',
  ]);
  // the answer comes; the recent searches stay open with it
  const answered = page.waitForResponse(/\/api\/search\/suggestions/);
  answerHeld = false;
  expect((await answered).ok()).toBe(true);
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page.getByRole('listbox', { name: '최근 검색어' }).getByRole('option')).toHaveText([
    '요가매트',
  ]);
  await expect(combo).toHaveAttribute('aria-expanded', 'true');
  await expect(combo).toBeFocused();
});
