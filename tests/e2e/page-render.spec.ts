import { expect, test } from './support/fixtures.ts';

/**
 * A page rendered for the request (not from the page cache) is made whole and sent in one piece
 * with its length (decision 058): Astro's streaming cost ~0.6 ms of CPU per page in async
 * iterators, web streams and one write per chunk, while our pages read their data before their
 * first byte anyway. The cookie of a signed-in visitor (even a stale one) keeps the page out of
 * the cache, so it is rendered here.
 */

const SIGNED_IN = { Cookie: 'podo_access_token=stale-token', 'Accept-Encoding': 'identity' };

for (const path of [
  '/',
  '/categories/529105',
  `/search?${new URLSearchParams({ keyword: '방진' })}`,
  '/board/notice',
]) {
  test(`${path} is rendered for the request and sent whole, with its length`, async ({ request }) => {
    const res = await request.get(path, { headers: SIGNED_IN });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-page-cache']).toBe('bypass');
    const body = await res.body();
    expect(res.headers()['transfer-encoding']).toBeUndefined();
    expect(res.headers()['content-length']).toBe(String(body.length));
    expect(body.toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/body><\/html>/s);
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    // the built server keeps an idle connection longer than nginx keeps its own (decision 087)
    expect(res.headers()['keep-alive']).toBe('timeout=65');
  });
}

test('a product page’s islands are rendered each under its own id prefix (decision 081)', async ({
  request,
}) => {
  const res = await request.get('/products/100029', { headers: SIGNED_IN });
  expect(res.status()).toBe(200);
  const html = await res.text();
  // React's renderToString, given the island's prefix: its useId ids start with that prefix, as the
  // client's do when it hydrates the island with it
  const islands = [...html.matchAll(/<astro-island [^>]*\bprefix="(r\d+)"[^>]*>([\s\S]*?)<\/astro-island>/g)];
  expect(islands.length).toBeGreaterThanOrEqual(4);
  let reactIds = 0;
  for (const [, prefix, inner] of islands) {
    for (const [, id] of (inner ?? '').matchAll(/\bid="(_[^"]*R_[^"]*)"/g)) {
      reactIds += 1;
      expect(id).toMatch(new RegExp(`^_${prefix}R_`));
    }
  }
  expect(reactIds).toBeGreaterThanOrEqual(3);
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

test('a page’s first frame holds its whole header: rendering waits for its main (decision 083)', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  // a slow phone: without the wait the parser yields within the header and a frame shows part of it
  // (the account menu then grew leftwards and the logo moved down as the rest arrived)
  for (const path of ['/', '/products/chair-leg-noise-pad-16p', '/board/notice']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      // a frame's callbacks run just before it is drawn, never while rendering is blocked
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          main: document.getElementById('main') !== null,
          header: document.querySelector('header') !== null,
        };
      });
    });
    await page.goto(path);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { firstFrame?: unknown }).firstFrame), {
        message: path,
      })
      .toEqual({ main: true, header: true });
    await expect(page.locator('head link[rel="expect"][href="#main"][blocking="render"]')).toHaveCount(1);
    await expect(page.locator('#main')).toHaveCount(1);
    await context.close();
  }
});
