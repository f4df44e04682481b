import { EDITOR_FIRST_DRAW_BUDGET_KB, firstDrawScripts } from '../bench/first-draw.ts';
import { expect, open, test } from './support/fixtures.ts';

/**
 * What a page makes the browser download before it is used (issue 16): the editor's canvas draws
 * after at most 150 KB gzip of JavaScript, and pages that display (catalogue, product) ship no zod —
 * validation libraries come with the form that needs them.
 */

test(`the editor draws its canvas after at most ${EDITOR_FIRST_DRAW_BUDGET_KB} KB gzip of JavaScript`, async ({
  page,
}) => {
  const draw = await firstDrawScripts(page, '/custom/dampener');
  const kb = draw.gzipBytes / 1024;
  expect(
    kb,
    `${kb.toFixed(1)} KB gzip before the first draw:\n${draw.scripts
      .map((s) => `${(s.gzip / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`)
      .join('\n')}`,
  ).toBeLessThanOrEqual(EDITOR_FIRST_DRAW_BUDGET_KB);
  // the rest of the editor still comes: its tools are there without a click
  await expect(page.getByRole('toolbar', { name: '편집 도구' })).toBeVisible();
});

test('pages that display ship no zod (home, category, search, product pages)', async ({ page }) => {
  test.setTimeout(60_000);
  const withZod: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const text = await res.text().catch(() => '');
    if (text.includes('ZodError')) withZod.push(new URL(res.url()).pathname);
  });
  for (const path of [
    '/',
    '/categories/529105',
    `/search?keyword=${encodeURIComponent('방진')}`,
    '/products/chair-leg-noise-pad-16p',
    '/products/custom-round-dampener',
  ]) {
    await open(page, path);
    // the islands hydrated when seen (reviews, questions) too
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(withZod).toEqual([]);
});
