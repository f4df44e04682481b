/**
 * The editor's 10 fonts (spec: Editor options). A design stores a font id; the browser loads the
 * font from the npm package's CSS (`src/islands/editor/font-loader.ts`) and the server registers the
 * same package files with @napi-rs/canvas under the same family name, so both draw with identical
 * glyphs.
 *
 * Arial and Courier New are not free to ship: Arimo and Cousine stand in for them (metric-compatible,
 * docs/decisions/006-design-fonts.md). Every font list ends with Noto Sans KR so Korean in a Latin-only
 * font still gets Korean glyphs (the same fallback in the browser and on the server).
 */

export interface DesignFont {
  readonly id: string;
  /** The name the specification uses. */
  readonly specName: string;
  /** Shown in the font picker (Korean where that is the font's usual name). */
  readonly label: string;
  /** The CSS family the package's @font-face declares; the server registers its files under it. */
  readonly cssFamily: string;
  /** Generic family after the fallback. */
  readonly generic: 'sans-serif' | 'serif' | 'monospace';
  /** Covers Hangul itself (otherwise Korean falls back to Noto Sans KR). */
  readonly hangul: boolean;
  /**
   * Files the server registers (weight 400): an @fontsource package's `files/*-400-normal.woff2`
   * (every unicode-range subset), or explicit files of another package.
   */
  readonly source:
    | { readonly kind: 'fontsource'; readonly package: string }
    | { readonly kind: 'files'; readonly package: string; readonly files: readonly string[] };
}

export const FONTS = [
  {
    id: 'arial',
    specName: 'Arial',
    label: 'Arial',
    cssFamily: 'Arimo',
    generic: 'sans-serif',
    hangul: false,
    source: { kind: 'fontsource', package: '@fontsource/arimo' },
  },
  {
    id: 'courierNew',
    specName: 'Courier New',
    label: 'Courier New',
    cssFamily: 'Cousine',
    generic: 'monospace',
    hangul: false,
    source: { kind: 'fontsource', package: '@fontsource/cousine' },
  },
  {
    id: 'notoSansKr',
    specName: 'Noto Sans KR',
    label: '본고딕 (Noto Sans KR)',
    cssFamily: 'Noto Sans KR',
    generic: 'sans-serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/noto-sans-kr' },
  },
  {
    id: 'nanumGothic',
    specName: 'Nanum Gothic',
    label: '나눔고딕',
    cssFamily: 'Nanum Gothic',
    generic: 'sans-serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/nanum-gothic' },
  },
  {
    id: 'nanumMyeongjo',
    specName: 'Nanum Myeongjo',
    label: '나눔명조',
    cssFamily: 'Nanum Myeongjo',
    generic: 'serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/nanum-myeongjo' },
  },
  {
    id: 'doHyeon',
    specName: 'Do Hyeon',
    label: '도현체',
    cssFamily: 'Do Hyeon',
    generic: 'sans-serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/do-hyeon' },
  },
  {
    id: 'blackHanSans',
    specName: 'Black Han Sans',
    label: '검은고딕',
    cssFamily: 'Black Han Sans',
    generic: 'sans-serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/black-han-sans' },
  },
  {
    id: 'gowunDodum',
    specName: 'Gowun Dodum',
    label: '고운돋움',
    cssFamily: 'Gowun Dodum',
    generic: 'sans-serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/gowun-dodum' },
  },
  {
    id: 'spoqaHanSansNeo',
    specName: 'Spoqa Han Sans Neo',
    label: '스포카 한 산스 Neo',
    cssFamily: 'Spoqa Han Sans Neo',
    generic: 'sans-serif',
    hangul: true,
    source: {
      kind: 'files',
      package: 'spoqa-han-sans',
      files: ['Subset/SpoqaHanSansNeo/SpoqaHanSansNeo-Regular.woff2'],
    },
  },
  {
    id: 'jua',
    specName: 'Jua',
    label: '주아체',
    cssFamily: 'Jua',
    generic: 'sans-serif',
    hangul: true,
    source: { kind: 'fontsource', package: '@fontsource/jua' },
  },
] as const satisfies readonly DesignFont[];

export type FontId = (typeof FONTS)[number]['id'];

export const FONT_IDS = FONTS.map((f) => f.id) as [FontId, ...FontId[]];

/** The family every font list ends with, so Hangul always has glyphs. */
export const HANGUL_FALLBACK_FAMILY = 'Noto Sans KR';

export const DEFAULT_FONT: FontId = 'notoSansKr';

const byId = new Map<string, DesignFont>(FONTS.map((f) => [f.id, f]));

export function isFontId(id: string): id is FontId {
  return byId.has(id);
}

export function font(id: FontId): DesignFont {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown font id: ${id}`);
  return found;
}

/**
 * The canvas `font` shorthand for a font at a size in pixels, the same string in the browser and on
 * the server: `400 48px "Do Hyeon", "Noto Sans KR", sans-serif`.
 */
export function canvasFont(id: FontId, sizePx: number): string {
  const f = font(id);
  const families =
    f.cssFamily === HANGUL_FALLBACK_FAMILY
      ? `"${f.cssFamily}"`
      : `"${f.cssFamily}", "${HANGUL_FALLBACK_FAMILY}"`;
  return `400 ${Math.max(0.01, Math.round(sizePx * 100) / 100)}px ${families}, ${f.generic}`;
}
