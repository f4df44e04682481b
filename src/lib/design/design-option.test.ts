import { describe, expect, it } from 'vitest';
import { designOptionNo } from './design-option.ts';

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
      designOptionNo(100005, labels, options, { templateId: 'round-dampener-100', material: '고무' }),
    ).toBe(2);
    expect(
      designOptionNo(100005, labels, options, { templateId: 'round-dampener-120', material: null }),
    ).toBe(4);
  });

  it('falls back to the size, then to any available option; null without options', () => {
    expect(
      designOptionNo(100005, labels, options, { templateId: 'round-dampener-120', material: '고무' }),
    ).toBe(4);
    expect(
      designOptionNo(100005, labels, [], { templateId: 'round-dampener-100', material: null }),
    ).toBeNull();
  });
});
