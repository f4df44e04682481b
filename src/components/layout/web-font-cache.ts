import { afterLoadAndPaint } from '../../lib/after-first-paint.ts';
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
