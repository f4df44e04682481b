import { describe, expect, it } from 'vitest';
import { designOptionOf, optionFitsDesign, optionTitleOf } from './design-option.ts';
import { designConfigOf } from './templates.ts';

const round = designConfigOf(100005, 'round-dampener-100');
const labels = ['색상', '사이즈', '두께', '재질'];
const options = [
  { optionNo: 1, value: '블랙|12cm|2cm|실리콘' },
  { optionNo: 2, value: '화이트|12cm|3cm|실리콘' },
  { optionNo: 3, value: '블랙|10cm|2cm|고무' },
];

describe('the option a saved design is ordered with', () => {
  it('is the option the design was saved with, never another that merely fits', () => {
    const design = { optionNo: 2, templateId: 'round-dampener-120', material: '실리콘' };
    expect(designOptionOf(round, labels, options, design)).toBe(2);
  });

  it('for a design saved without one: none when several options fit (the shopper chooses)', () => {
    const design = { optionNo: null, templateId: 'round-dampener-120', material: '실리콘' };
    expect(designOptionOf(round, labels, options, design)).toBeNull();
  });

  it('for a design saved without one: the only option its template and material fit', () => {
    expect(
      designOptionOf(round, labels, options, {
        optionNo: null,
        templateId: 'round-dampener-100',
        material: null,
      }),
    ).toBe(3);
    const cushion = designConfigOf(100017, 'round-cushion-350');
    const sizes = [
      { optionNo: 7, value: '지름 35cm' },
      { optionNo: 8, value: '지름 45cm' },
    ];
    expect(
      designOptionOf(cushion, ['사이즈'], sizes, {
        optionNo: null,
        templateId: 'round-cushion-450',
        material: null,
      }),
    ).toBe(8);
    const plain = designConfigOf(555, 'square-cushion-450');
    expect(
      designOptionOf(plain, [], [{ optionNo: 9, value: '' }], {
        optionNo: null,
        templateId: 'square-cushion-450',
        material: null,
      }),
    ).toBe(9);
  });

  it('an option fits a design when its size gives the template and its material is the design’s', () => {
    const design = { templateId: 'round-dampener-120', material: '실리콘' };
    expect(optionFitsDesign(round, labels, options[1]!, design)).toBe(true);
    expect(optionFitsDesign(round, labels, options[2]!, design)).toBe(false);
    expect(
      optionFitsDesign(round, labels, options[2]!, { templateId: 'round-dampener-100', material: '실리콘' }),
    ).toBe(false);
  });

  it('says an option in words, dimension by dimension', () => {
    expect(optionTitleOf(labels, '화이트|12cm|3cm|실리콘')).toBe(
      '색상: 화이트 / 사이즈: 12cm / 두께: 3cm / 재질: 실리콘',
    );
    expect(optionTitleOf([], '')).toBe('');
  });
});
