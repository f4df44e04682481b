/**
 * The UI font's names shared by the page's head script, its loader and the tests (decision 048).
 * `WEB_FONT_HELD_KEY` in `localStorage` says this browser holds the font's files (fetched once,
 * cached as immutable); it is not personal, so logout's clearing of `podo:` keys leaves it.
 */
export const WEB_FONT_FAMILY = 'Pretendard Variable';
export const WEB_FONT_CLASS = 'web-font';
export const WEB_FONT_HELD_KEY = 'web-font-held:pretendard';
