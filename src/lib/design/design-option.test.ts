import { describe, expect, it } from 'vitest';
import { designOptionNo } from './design-option.ts';
import { designConfigOf } from './templates.ts';

const round = designConfigOf(100005, 'round-dampener-100');
const labels = ['사이즈', '재질'];
const options = [
  { optionNo: 1, value: '10cm|실리콘', available: true },
  { optionNo: 2, value: '10cm|고무', available: true },
  { optionNo: 3, value: '12cm|고무', available: false },
  { optionNo: 4, value: '12cm|실리콘', available: true },
];

describe('the option a saved design is ordered with', () => {
  it('matches the size of its template and its material', () => {
    expect(
      designOptionNo(round, labels, options, { templateId: 'round-dampener-100', material: '고무' }),
    ).toBe(2);
    expect(designOptionNo(round, labels, options, { templateId: 'round-dampener-120', material: null })).toBe(
      4,
    );
  });

  it('falls back to the size, then to any available option; null without options', () => {
    expect(
      designOptionNo(round, labels, options, { templateId: 'round-dampener-120', material: '고무' }),
    ).toBe(4);
    expect(
      designOptionNo(round, labels, [], { templateId: 'round-dampener-100', material: null }),
    ).toBeNull();
  });

  it('a catalogue product without size or material options: the first available option', () => {
    const cushion = designConfigOf(101, 'square-cushion-450');
    const plain = [
      { optionNo: 7, value: '화이트', available: false },
      { optionNo: 8, value: '블랙', available: true },
    ];
    expect(
      designOptionNo(cushion, ['색상'], plain, { templateId: 'square-cushion-450', material: null }),
    ).toBe(8);
  });
});
