import { canvasFont, font, HANGUL_FALLBACK_FAMILY, type FontId } from '../../lib/design/fonts.ts';

/**
 * The fonts' @font-face rules, brought in only when a design uses the font. They come as text
 * (`?inline`) and go into a <style> element here: imported as stylesheets, Astro would hoist every
 * one of them into the editor page's <head> as render-blocking links (over a megabyte of
 * unicode-range rules for ten fonts) whether the design uses them or not.
 */
const FONT_CSS: Record<FontId, () => Promise<{ default: string }>> = {
  arial: () => import('@fontsource/arimo/400.css?inline'),
  courierNew: () => import('@fontsource/cousine/400.css?inline'),
  notoSansKr: () => import('@fontsource/noto-sans-kr/400.css?inline'),
  nanumGothic: () => import('@fontsource/nanum-gothic/400.css?inline'),
  nanumMyeongjo: () => import('@fontsource/nanum-myeongjo/400.css?inline'),
  doHyeon: () => import('@fontsource/do-hyeon/400.css?inline'),
  blackHanSans: () => import('@fontsource/black-han-sans/400.css?inline'),
  gowunDodum: () => import('@fontsource/gowun-dodum/400.css?inline'),
  spoqaHanSansNeo: () => import('./spoqa-han-sans-neo.css?inline'),
  jua: () => import('@fontsource/jua/400.css?inline'),
};

const installed = new Map<FontId, Promise<void>>();

function install(id: FontId): Promise<void> {
  let done = installed.get(id);
  if (!done) {
    done = FONT_CSS[id]().then(({ default: css }) => {
      const style = document.createElement('style');
      style.dataset.designFont = id;
      style.textContent = css;
      document.head.append(style);
    });
    installed.set(id, done);
    done.catch(() => installed.delete(id));
  }
  return done;
}

/**
 * Loads a font's rules and then the glyph subsets the text needs (`document.fonts.load` with the
 * actual text: the Korean fonts are split into ~100 unicode-range files). Resolve before drawing,
 * then redraw. Noto Sans KR comes along for fonts without Hangul (the shared fallback).
 */
export async function loadDesignFont(id: FontId, text: string): Promise<void> {
  await Promise.all([
    install(id),
    font(id).cssFamily === HANGUL_FALLBACK_FAMILY ? null : install('notoSansKr'),
  ]);
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  await document.fonts.load(canvasFont(id, 32), text || 'A가');
}
