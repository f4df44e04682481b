import { WEB_FONT_CLASS, WEB_FONT_FAMILY, WEB_FONT_HELD_KEY } from '../../lib/web-font.ts';

/**
 * A first visit paints in the system's Korean font; once the page has loaded and painted, this
 * fetches the font's subsets that the page's text needs — into the browser's cache, without using
 * them on this page (nothing moves) — and records that they are held, so the next page paints in
 * Pretendard from its first frame (decision 048). A page already in the font has nothing to do.
 */
export function holdWebFont(): void {
  if (document.documentElement.classList.contains(WEB_FONT_CLASS)) return;
  void afterLoadAndPaint().then(fetchSubsets);
}

function fetchSubsets(): void {
  const text = document.body.textContent ?? '';
  document.fonts
    .load(`1em "${WEB_FONT_FAMILY}"`, text)
    .then((faces) => {
      if (faces.length > 0) localStorage.setItem(WEB_FONT_HELD_KEY, '1');
    })
    .catch(() => undefined); // offline or storage refused: the system font stays
}

/**
 * After `load` and after the first contentful paint (a busy device can paint only after `load`),
 * then one more frame: nothing of the font is fetched while the page's first view is drawn.
 */
async function afterLoadAndPaint(): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  }
  if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    await new Promise<void>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    });
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
