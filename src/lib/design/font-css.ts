import type { FontId } from './fonts.ts';
import { canvasFont, font } from './fonts.ts';

/**
 * Browser only: the package CSS of each font, imported on demand so only editor pages download
 * fonts, and only the ones a design uses. The @font-face rules declare `font.cssFamily`.
 */
const FONT_CSS: Record<FontId, () => Promise<unknown>> = {
  arial: () => import('@fontsource/arimo/400.css'),
  courierNew: () => import('@fontsource/cousine/400.css'),
  notoSansKr: () => import('@fontsource/noto-sans-kr/400.css'),
  nanumGothic: () => import('@fontsource/nanum-gothic/400.css'),
  nanumMyeongjo: () => import('@fontsource/nanum-myeongjo/400.css'),
  doHyeon: () => import('@fontsource/do-hyeon/400.css'),
  blackHanSans: () => import('@fontsource/black-han-sans/400.css'),
  gowunDodum: () => import('@fontsource/gowun-dodum/400.css'),
  spoqaHanSansNeo: () => import('spoqa-han-sans/css/SpoqaHanSansNeo.css'),
  jua: () => import('@fontsource/jua/400.css'),
};

/**
 * Loads a font's CSS and then the glyph subsets the given text needs (`document.fonts.load` with the
 * actual text, since @fontsource splits Korean into ~100 unicode-range files). Resolve before drawing,
 * then redraw: Konva measures with whatever font is ready at draw time.
 */
export async function loadDesignFont(id: FontId, text: string): Promise<void> {
  await FONT_CSS[id]();
  if (font(id).cssFamily !== 'Noto Sans KR') await FONT_CSS.notoSansKr();
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  await document.fonts.load(canvasFont(id, 32), text || 'A가');
}
