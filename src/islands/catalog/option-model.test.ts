import { describe, expect, it } from 'vitest';
import {
  choose,
  clampQuantity,
  maxQuantity,
  resolveOption,
  toPickerOptions,
  valuesFor,
  type FlatOptionLike,
} from './option-model.ts';

const opt = (
  optionNo: number,
  value: string,
  stockCnt = 10,
  extra: Partial<FlatOptionLike> = {},
): FlatOptionLike => ({
  optionNo,
  value,
  addPrice: 0,
  buyPrice: 10000,
  stockCnt,
  saleType: 'AVAILABLE',
  forcedSoldOut: false,
  ...extra,
});

describe('option model', () => {
  const options = toPickerOptions(
    [
      opt(1, '빨강|S'),
      opt(2, '빨강|M', 0),
      opt(3, '파랑|S', 0),
      opt(4, '파랑|M', 3, { forcedSoldOut: true }),
      opt(5, '검정|L', 2, { addPrice: 1000, buyPrice: 11000 }),
    ],
    2,
  );

  it('lists first-dimension values with availability', () => {
    expect(valuesFor(options, 0, [])).toEqual([
      { value: '빨강', available: true, option: undefined },
      { value: '파랑', available: false, option: undefined },
      { value: '검정', available: true, option: undefined },
    ]);
  });

  it('lists last-dimension values under the first choice, each with its option', () => {
    const v = valuesFor(options, 1, ['빨강']);
    expect(v.map((c) => [c.value, c.available, c.option?.optionNo])).toEqual([
      ['S', true, 1],
      ['M', false, 2],
    ]);
  });

  it('resolves a full choice to one option and nothing before', () => {
    expect(resolveOption(options, ['검정'])).toBeUndefined();
    expect(resolveOption(options, ['검정', 'L'])?.optionNo).toBe(5);
  });

  it('clears later dimensions when an earlier one changes', () => {
    expect(choose(['빨강', 'S'], 0, '검정')).toEqual(['검정']);
  });

  it('resolves a product without option dimensions to its default option', () => {
    const single = toPickerOptions([opt(9, '', 4)], 0);
    expect(resolveOption(single, [])?.optionNo).toBe(9);
  });

  it('handles four dimensions', () => {
    const four = toPickerOptions([opt(1, 'a|b|c|d'), opt(2, 'a|b|c|e', 0)], 4);
    expect(valuesFor(four, 3, ['a', 'b', 'c']).map((c) => c.available)).toEqual([true, false]);
    expect(resolveOption(four, ['a', 'b', 'c', 'e'])?.optionNo).toBe(2);
  });

  it('limits quantity by stock and per-order limit', () => {
    const o = resolveOption(options, ['검정', 'L']);
    expect(maxQuantity(o, 0)).toBe(2);
    expect(maxQuantity(o, 1)).toBe(1);
    expect(clampQuantity(5, 1, 2)).toBe(2);
    expect(clampQuantity(Number.NaN, 1, 2)).toBe(1);
  });
});
