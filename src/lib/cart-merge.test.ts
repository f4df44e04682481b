import { describe, expect, it } from 'vitest';
import { hasCustomInput, isSameLine, mergeCartLines } from './cart-merge.ts';
import { DESIGN_INPUT_LABEL } from './design/api.ts';

const engraved = (text: string) => [{ inputLabel: '각인 문구', inputValue: text }];

describe('cart merge rule (spec section 4)', () => {
  const cart = [
    { cartNo: 1, productNo: 101, optionNo: 1011, orderCnt: 2 },
    { cartNo: 2, productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('하나') },
  ];

  it('adds the quantity of the same product and option without custom input into the existing line', () => {
    const plan = mergeCartLines(cart, [{ productNo: 101, optionNo: 1011, orderCnt: 3 }]);
    expect(plan.updates).toEqual([{ cartNo: 1, orderCnt: 5, added: 3 }]);
    expect(plan.inserts).toEqual([]);
    expect(plan.placements).toEqual([{ kind: 'update', cartNo: 1 }]);
  });

  it('appends another option of the same product as a new line', () => {
    const plan = mergeCartLines(cart, [{ productNo: 102, optionNo: 1021, orderCnt: 1 }]);
    expect(plan.updates).toEqual([]);
    expect(plan.inserts).toEqual([{ productNo: 102, optionNo: 1021, orderCnt: 1 }]);
  });

  it('never merges lines with custom input, even an identical one', () => {
    const same = mergeCartLines(cart, [
      { productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('하나') },
    ]);
    expect(same.updates).toEqual([]);
    expect(same.inserts).toHaveLength(1);
    const other = mergeCartLines(cart, [
      { productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('둘') },
    ]);
    expect(other.inserts).toHaveLength(1);
    // a plain line never merges into a line with input either
    const plain = mergeCartLines(cart, [{ productNo: 104, optionNo: 1041, orderCnt: 1 }]);
    expect(plain.inserts).toHaveLength(1);
  });

  it('keeps every design line (option input 디자인 번호) a line of its own, the same design too', () => {
    const design = [{ inputLabel: DESIGN_INPUT_LABEL, inputValue: 'AAAAAAAAAAAAAAAAAAAAAA' }];
    const withDesign = [
      ...cart,
      { cartNo: 3, productNo: 100005, optionNo: 7, orderCnt: 1, optionInputs: design },
    ];
    const plan = mergeCartLines(withDesign, [
      { productNo: 100005, optionNo: 7, orderCnt: 1, optionInputs: design },
      { productNo: 100005, optionNo: 7, orderCnt: 2, optionInputs: design },
      { productNo: 100005, optionNo: 7, orderCnt: 1 },
    ]);
    expect(plan.updates).toEqual([]);
    expect(plan.inserts.map((l) => l.orderCnt)).toEqual([1, 2, 1]);
    expect(plan.placements).toEqual([
      { kind: 'insert', index: 0 },
      { kind: 'insert', index: 1 },
      { kind: 'insert', index: 2 },
    ]);
  });

  it('treats blank input values as no custom input', () => {
    expect(
      hasCustomInput({ productNo: 1, optionNo: 1, optionInputs: [{ inputLabel: 'x', inputValue: '  ' }] }),
    ).toBe(false);
    expect(
      isSameLine(
        { productNo: 1, optionNo: 1, optionInputs: [{ inputLabel: 'x', inputValue: '' }] },
        { productNo: 1, optionNo: 1 },
      ),
    ).toBe(true);
  });

  it('combines incoming duplicates of one option into one new line, and into one update', () => {
    const plan = mergeCartLines(cart, [
      { productNo: 103, optionNo: 1031, orderCnt: 1 },
      { productNo: 101, optionNo: 1011, orderCnt: 1 },
      { productNo: 103, optionNo: 1031, orderCnt: 2 },
      { productNo: 101, optionNo: 1011, orderCnt: 4 },
    ]);
    expect(plan.inserts).toEqual([{ productNo: 103, optionNo: 1031, orderCnt: 3 }]);
    expect(plan.updates).toEqual([{ cartNo: 1, orderCnt: 7, added: 5 }]);
    expect(plan.placements).toEqual([
      { kind: 'insert', index: 0 },
      { kind: 'update', cartNo: 1 },
      { kind: 'insert', index: 0 },
      { kind: 'update', cartNo: 1 },
    ]);
  });

  it('merges a whole guest cart into an empty member cart as new lines', () => {
    const plan = mergeCartLines(
      [],
      [
        { productNo: 101, optionNo: 1011, orderCnt: 1 },
        { productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('a') },
        { productNo: 104, optionNo: 1041, orderCnt: 1, optionInputs: engraved('a') },
      ],
    );
    expect(plan.updates).toEqual([]);
    expect(plan.inserts).toHaveLength(3);
  });
});
