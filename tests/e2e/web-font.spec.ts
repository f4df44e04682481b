import type { Page } from '@playwright/test';
import { WEB_FONT_HELD_KEY } from '../../src/lib/web-font.ts';
import { expect, open, test } from './support/fixtures.ts';

/**
 * Korean text renders the same on every machine: the UI font (Pretendard, its dynamic subsets) is
 * served by the shop itself and cached for good (decision 030). It never competes with a first
 * visit's first paint nor moves text already painted (decision 048): a first visit paints in the
 * system's font and fetches the subsets after `load`; every later page paints in Pretendard, and
 * with `font-display: optional` a page whose files are not at hand keeps the system font.
 */

const FONT_FILE = /^\/_astro\/PretendardVariable\.subset\.\d+\.[\w-]+\.woff2$/;
/** A phone (the viewport Lighthouse's mobile audit uses), where the notice list once moved by 0.007. */
const PHONE = { width: 412, height: 823 };

interface FontTimeline {
  firstPaint: number;
  load: number;
  fonts: { path: string; start: number; transferSize: number }[];
  layoutShift: number;
}

/** Records layout shifts from the page's first moment (before any of its scripts). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) w.layoutShift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's first contentful paint, its load event and the font files it fetched, in ms. */
async function fontTimeline(page: Page): Promise<FontTimeline> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      firstPaint: fcp?.startTime ?? Number.POSITIVE_INFINITY,
      load: nav.loadEventStart,
      fonts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, transferSize: e.transferSize })),
      layoutShift: (window as unknown as { layoutShift: number }).layoutShift,
    };
  });
}

test('a first visit fetches no font before its first paint and its load: none preloaded, nothing moves', async ({
  browser,
}) => {
  for (const path of ['/', '/products/chair-leg-noise-pad-16p', '/board/notice']) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await watchLayoutShifts(page);
    await open(page, path);
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    const t = await fontTimeline(page);
    expect(t.firstPaint, `${path}: first paint`).toBeLessThan(Number.POSITIVE_INFINITY);
    const early = t.fonts.filter((f) => f.start <= t.firstPaint || f.start < t.load);
    expect(
      early,
      `${path}: fonts started before the first paint (${t.firstPaint} ms) or load (${t.load} ms)`,
    ).toEqual([]);
    // after load the subsets the page's text needs are fetched for the next page, not used on this one
    expect(t.fonts.length, `${path}: subsets fetched after load`).toBeGreaterThan(0);
    for (const f of t.fonts) expect(f.path).toMatch(FONT_FILE);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain('Pretendard');
    expect(t.layoutShift, `${path}: layout shift`).toBe(0);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), WEB_FONT_HELD_KEY)).toBe('1');
    await context.close();
  }
});

test('the next page paints in the shop’s Pretendard, from the browser’s cache, and nothing moves', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await watchLayoutShifts(page);
  await open(page, '/board/notice');
  const first = await fontTimeline(page);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), WEB_FONT_HELD_KEY)).toBe('1');

  await open(page, '/board/notice');
  expect(await page.evaluate(() => document.documentElement.classList.contains('web-font'))).toBe(true);
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"?Pretendard Variable"?/);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.family.replace(/"/g, '') === 'Pretendard Variable' && f.status === 'loaded')
      .map((f) => f.display);
  });
  expect(loaded.length).toBeGreaterThan(0);
  expect(new Set(loaded)).toEqual(new Set(['optional']));
  // painted in it, not only loaded: the heading's width is the font's own measure of its text
  const widths = await page.evaluate(() => {
    const h1 = document.querySelector('h1')!;
    const range = document.createRange();
    range.selectNodeContents(h1);
    const style = getComputedStyle(h1);
    const ctx = document.createElement('canvas').getContext('2d')!;
    const measure = (family: string) => {
      ctx.font = `${style.fontWeight} ${style.fontSize} ${family}`;
      ctx.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
      return ctx.measureText(h1.textContent!.trim()).width;
    };
    return {
      painted: range.getBoundingClientRect().width,
      pretendard: measure('"Pretendard Variable"'),
      system: measure(getComputedStyle(document.documentElement).getPropertyValue('--font-system')),
    };
  });
  expect(Math.abs(widths.pretendard - widths.system)).toBeGreaterThan(1);
  expect(widths.painted).toBeCloseTo(widths.pretendard, 0);
  const again = await fontTimeline(page);
  expect(again.fonts.length).toBeGreaterThan(0);
  // the same subsets as the first visit fetched, now from the cache (nothing over the network)
  expect(again.fonts.filter((f) => f.transferSize > 0)).toEqual([]);
  expect(again.layoutShift).toBe(0);

  for (const { path } of first.fonts.slice(0, 2)) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect((await res.body()).subarray(0, 4).toString('latin1')).toBe('wOF2');
  }
  await context.close();
});

test('a browser that kept the mark but lost the files (its cache cleared) keeps the system font: nothing moves', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.addInitScript((key) => localStorage.setItem(key, '1'), WEB_FONT_HELD_KEY);
  await watchLayoutShifts(page);
  await open(page, '/board/notice');
  expect(await page.evaluate(() => document.documentElement.classList.contains('web-font'))).toBe(true);
  const t = await fontTimeline(page);
  expect(t.fonts.length).toBeGreaterThan(0);
  expect(t.layoutShift).toBe(0);
  await context.close();
});
