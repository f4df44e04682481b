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

test('the product page hydrates its islands only after its load and first paint: no island script before (decision 048)', async ({
  page,
}) => {
  await open(page, '/products/chair-leg-noise-pad-16p');
  // client:idle can come before the first paint (a fast load, Lighthouse's simulated idle): none here
  const directives = await page
    .locator('astro-island')
    .evaluateAll((els) => els.map((e) => e.getAttribute('client')));
  expect(directives.length).toBeGreaterThan(3);
  for (const d of directives) expect(['painted', 'visible']).toContain(d);
  // the islands are there and work once hydrated
  await expect(page.locator('astro-island').first()).not.toHaveAttribute('ssr', { timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      firstPaint:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      load: nav.loadEventStart,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
    };
  });
  expect(t.firstPaint).toBeLessThan(Number.POSITIVE_INFINITY);
  // the search box's few-line loader (and Vite's helper for its later import) is the page's own
  // module script; every island's file comes later
  const ownLoader = (path: string) =>
    path.includes('SearchBox.astro_astro_type_script') || /\/_astro\/preload-helper\.[\w-]+\.js$/.test(path);
  const early = t.scripts.filter((s) => !ownLoader(s.path) && (s.start <= t.firstPaint || s.start < t.load));
  expect(early, `scripts started before the first paint (${t.firstPaint} ms) or load (${t.load} ms)`).toEqual(
    [],
  );
  expect(t.scripts.some((s) => /\/_astro\/AddToCart\.[\w-]+\.js$/.test(s.path))).toBe(true);
});
