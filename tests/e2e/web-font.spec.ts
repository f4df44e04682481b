import { expect, open, test } from './support/fixtures.ts';

/**
 * Korean text renders the same on every machine: the UI font (Pretendard, its dynamic subsets) is
 * served by the shop itself, preloaded, swapped in, and cached for good (decision 030).
 */
test('the UI font is served by the shop, preloaded and used', async ({ page, request }) => {
  await open(page, '/');
  const preloads = page.locator('link[rel="preload"][as="font"]');
  await expect(preloads).not.toHaveCount(0);
  const hrefs = await preloads.evaluateAll((links) =>
    links.map((l) => ({
      href: l.getAttribute('href') ?? '',
      type: l.getAttribute('type'),
      crossorigin: l.getAttribute('crossorigin'),
    })),
  );
  for (const { href, type, crossorigin } of hrefs) {
    expect(href).toMatch(/^\/_astro\/PretendardVariable\.subset\.\d+\.[\w-]+\.woff2$/);
    expect(type).toBe('font/woff2');
    expect(crossorigin).not.toBeNull();
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect((await res.body()).subarray(0, 4).toString('latin1')).toBe('wOF2');
  }

  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"?Pretendard Variable"?/);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    await document.fonts.load('16px "Pretendard Variable"', '장바구니');
    return [...document.fonts]
      .filter((f) => f.family.replace(/"/g, '') === 'Pretendard Variable' && f.status === 'loaded')
      .map((f) => f.display);
  });
  expect(loaded.length).toBeGreaterThan(0);
  expect(new Set(loaded)).toEqual(new Set(['swap']));
});
