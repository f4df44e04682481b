import { describe, expect, it } from 'vitest';
import { FONTS, canvasFont, isFontId } from './fonts.ts';

describe('fonts', () => {
  it('lists the 10 fonts of the spec', () => {
    expect(FONTS.map((f) => f.specName)).toEqual([
      'Arial',
      'Courier New',
      'Noto Sans KR',
      'Nanum Gothic',
      'Nanum Myeongjo',
      'Do Hyeon',
      'Black Han Sans',
      'Gowun Dodum',
      'Spoqa Han Sans Neo',
      'Jua',
    ]);
    expect(new Set(FONTS.map((f) => f.id)).size).toBe(10);
  });

  it('stands Arimo and Cousine in for Arial and Courier New, with a Korean fallback', () => {
    expect(canvasFont('arial', 48)).toBe('400 48px "Arimo", "Noto Sans KR", sans-serif');
    expect(canvasFont('courierNew', 10)).toContain('"Cousine"');
    expect(canvasFont('notoSansKr', 12.345)).toBe('400 12.35px "Noto Sans KR", sans-serif');
    expect(isFontId('comicSans')).toBe(false);
  });
});
