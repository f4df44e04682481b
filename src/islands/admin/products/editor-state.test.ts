import { describe, expect, it } from 'vitest';
import type { ManagedProduct } from '../../../server/catalog/index.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: the body is checked against the server's own schema
import { ProductInputSchema } from '../../../server/catalog/manage/product-input.ts';
import {
  addDimension,
  addValues,
  applyDutyPreset,
  draftFromProduct,
  emptyDraft,
  fieldId,
  isDirty,
  isoToLocalInput,
  localInputToIso,
  moveItem,
  numberOf,
  pathAncestors,
  regenerateRows,
  removeDimension,
  removeValue,
  renameValue,
  rowsMatchDimensions,
  splitValues,
  toProductInput,
  type OptionRowDraft,
  type OptionsState,
} from './editor-state.ts';

function row(values: string[], more: Partial<OptionRowDraft> = {}): OptionRowDraft {
  return {
    key: `r-${values.join('-')}`,
    values,
    addPrice: '0',
    stock: '0',
    optionManagementCd: '',
    barcode: '',
    forcedSoldOut: false,
    ...more,
  };
}

const dims = (...d: [string, string[]][]) => d.map(([label, values], i) => ({ key: `m${i}`, label, values }));

function saved(): ManagedProduct {
  return {
    productNo: 100500,
    version: 3,
    slug: 'round-pad',
    deleted: false,
    registerYmdt: '2026-08-01T00:00:00.000Z',
    updatedYmdt: '2026-08-02T00:00:00.000Z',
    saleCnt: 0,
    reviewCnt: 0,
    productName: '원형 방진패드',
    productNameEn: null,
    productManagementCd: 'RP-1',
    brandNo: null,
    partnerNo: 10001,
    deliveryTemplateNo: 30001,
    categoryNos: [529105],
    salePrice: 12900,
    immediateDiscount: { value: 10, unit: 'RATE', startYmdt: '2026-11-30T15:00:00.000Z', endYmdt: null },
    saleStatus: 'ONSALE',
    saleStartYmdt: '2026-08-01T00:00:00.000Z',
    saleEndYmdt: null,
    frontDisplay: true,
    urlDirectDisplay: false,
    forcedSoldOut: false,
    minBuyCnt: 1,
    maxBuyPersonCnt: 0,
    maxBuyTimeCnt: 0,
    accumulationRate: 1,
    promotionText: null,
    productSummary: null,
    content: '## 소개',
    dutyInfo: [{ label: '재질', value: '실리콘' }],
    searchKeywords: ['방진', '패드'],
    lowStockThreshold: 5,
    customizable: false,
    designTemplateId: null,
    options: {
      dimensions: [
        { label: '색상', values: ['화이트', '블랙'] },
        { label: '크기', values: ['10cm', '12cm'] },
      ],
      rows: [
        ['화이트', '10cm'],
        ['화이트', '12cm'],
        ['블랙', '10cm'],
        ['블랙', '12cm'],
      ].map((values, i) => ({
        optionNo: 9001 + i,
        values,
        addPrice: i * 100,
        stock: 10 + i,
        saleCnt: 0,
        optionManagementCd: `RP-1-${i}`,
        barcode: i === 0 ? '880000000001' : null,
        forcedSoldOut: false,
      })),
    },
    inputs: [{ inputNo: 7, inputLabel: '각인 문구', required: true, maxLength: 20 }],
    images: [],
  };
}

describe('regenerateRows', () => {
  it('makes one row per combination, first dimension outermost', () => {
    const rows = regenerateRows(dims(['색상', ['화이트', '블랙']], ['크기', ['10cm', '12cm']]), [row([])]);
    expect(rows.map((r) => r.values)).toEqual([
      ['화이트', '10cm'],
      ['화이트', '12cm'],
      ['블랙', '10cm'],
      ['블랙', '12cm'],
    ]);
    expect(rows.every((r) => r.optionNo === undefined)).toBe(true);
  });

  it('keeps the rows (optionNo, price, codes, barcode) whose combination still exists', () => {
    const before = [
      row(['화이트', '10cm'], { optionNo: 1, addPrice: '500', optionManagementCd: 'A', barcode: '1234' }),
      row(['블랙', '10cm'], { optionNo: 2 }),
    ];
    const after = regenerateRows(dims(['색상', ['블랙', '화이트', '그레이']], ['크기', ['10cm']]), before);
    expect(after.map((r) => [r.values.join('/'), r.optionNo])).toEqual([
      ['블랙/10cm', 2],
      ['화이트/10cm', 1],
      ['그레이/10cm', undefined],
    ]);
    expect(after[1]).toMatchObject({
      addPrice: '500',
      optionManagementCd: 'A',
      barcode: '1234',
      key: before[0]!.key,
    });
  });

  it('drops the rows of removed values and gives no dimensions one default row', () => {
    const before = [row(['화이트'], { optionNo: 1 }), row(['블랙'], { optionNo: 2 })];
    expect(regenerateRows(dims(['색상', ['블랙']]), before).map((r) => r.optionNo)).toEqual([2]);
    const none = regenerateRows([], before);
    expect(none).toHaveLength(1);
    expect(none[0]!.values).toEqual([]);
    expect(none[0]!.optionNo).toBeUndefined();
  });

  it('keeps the default option when the product still has no dimensions', () => {
    const before = [row([], { optionNo: 5, barcode: '9999' })];
    expect(regenerateRows([], before)).toEqual(before);
  });
});

describe('renaming a value keeps the option numbers', () => {
  const state = (): OptionsState => ({
    dimensions: dims(['색상', ['흰색', '블랙']], ['크기', ['10cm', '12cm']]),
    rows: [
      row(['흰색', '10cm'], { optionNo: 1 }),
      row(['흰색', '12cm'], { optionNo: 2 }),
      row(['블랙', '10cm'], { optionNo: 3 }),
      row(['블랙', '12cm'], { optionNo: 4 }),
    ],
  });

  it('renames the value in the dimension and in every row carrying it', () => {
    const r = renameValue(state(), 0, '흰색', '화이트');
    if (!r.ok) throw new Error(r.message);
    expect(r.state.dimensions[0]!.values).toEqual(['화이트', '블랙']);
    expect(r.state.rows.map((x) => [x.optionNo, x.values.join('/')])).toEqual([
      [1, '화이트/10cm'],
      [2, '화이트/12cm'],
      [3, '블랙/10cm'],
      [4, '블랙/12cm'],
    ]);
    expect(rowsMatchDimensions(r.state.dimensions, r.state.rows)).toBe(true);
    // regenerating afterwards changes nothing
    expect(regenerateRows(r.state.dimensions, r.state.rows).map((x) => x.optionNo)).toEqual([1, 2, 3, 4]);
  });

  it('renames in the second dimension only where that dimension has the value', () => {
    const r = renameValue(state(), 1, '10cm', '10 cm');
    if (!r.ok) throw new Error(r.message);
    expect(r.state.rows.map((x) => x.values[1])).toEqual(['10 cm', '12cm', '10 cm', '12cm']);
  });

  it('refuses a name the dimension already has, an empty one and the separator', () => {
    expect(renameValue(state(), 0, '흰색', '블랙')).toEqual({
      ok: false,
      message: '블랙은 이미 있는 옵션값입니다.',
    });
    expect(renameValue(state(), 0, '흰색', '  ').ok).toBe(false);
    expect(renameValue(state(), 0, '흰색', 'a|b').ok).toBe(false);
    expect(renameValue(state(), 0, '없음', 'x').ok).toBe(false);
  });
});

describe('dimensions', () => {
  it('adds up to four dimensions', () => {
    let s: OptionsState = { dimensions: [], rows: [row([])] };
    for (let i = 0; i < 4; i++) {
      const r = addDimension(s);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(s.dimensions).toHaveLength(4);
    expect(addDimension(s)).toEqual({ ok: false, message: '옵션은 4단까지 만들 수 있습니다.' });
  });

  it('removing a dimension keeps the first row of each remaining combination', () => {
    const s: OptionsState = {
      dimensions: dims(['색상', ['화이트', '블랙']], ['크기', ['10cm', '12cm']]),
      rows: [
        row(['화이트', '10cm'], { optionNo: 1 }),
        row(['화이트', '12cm'], { optionNo: 2 }),
        row(['블랙', '10cm'], { optionNo: 3 }),
        row(['블랙', '12cm'], { optionNo: 4 }),
      ],
    };
    const next = removeDimension(s, 1);
    expect(next.dimensions.map((d) => d.label)).toEqual(['색상']);
    expect(rowsMatchDimensions(next.dimensions, next.rows)).toBe(false);
    expect(regenerateRows(next.dimensions, next.rows).map((r) => [r.values, r.optionNo])).toEqual([
      [['화이트'], 1],
      [['블랙'], 3],
    ]);
  });

  it('adds comma-separated values once each and reports repeats', () => {
    const s: OptionsState = { dimensions: dims(['색상', ['화이트']]), rows: [] };
    const r = addValues(s, 0, '블랙, 화이트,그레이,, 블랙');
    expect(r.added).toEqual(['블랙', '그레이']);
    expect(r.repeated).toEqual(['화이트']);
    expect(r.state.dimensions[0]!.values).toEqual(['화이트', '블랙', '그레이']);
    expect(removeValue(r.state, 0, '블랙').dimensions[0]!.values).toEqual(['화이트', '그레이']);
    expect(splitValues(' a ,b，c\n')).toEqual(['a', 'b', 'c']);
  });

  it('tells when the grid no longer matches the dimensions', () => {
    const d = dims(['색상', ['화이트', '블랙']]);
    expect(rowsMatchDimensions(d, [row(['화이트']), row(['블랙'])])).toBe(true);
    expect(rowsMatchDimensions(d, [row(['블랙']), row(['화이트'])])).toBe(false);
    expect(rowsMatchDimensions([], [row([])])).toBe(true);
    expect(rowsMatchDimensions(d, [row([])])).toBe(false);
  });
});

describe('the form and the save body', () => {
  it('reads Seoul wall-clock times and sends them with +09:00', () => {
    expect(isoToLocalInput('2026-11-30T15:00:00.000Z')).toBe('2026-12-01T00:00');
    expect(isoToLocalInput(null)).toBe('');
    expect(localInputToIso('2026-12-01T00:00')).toBe('2026-12-01T00:00:00+09:00');
    expect(localInputToIso('')).toBeNull();
    expect(new Date(localInputToIso(isoToLocalInput('2026-08-01T03:04:00.000Z'))!).toISOString()).toBe(
      '2026-08-01T03:04:00.000Z',
    );
  });

  it('reads numbers with separators; blanks are the default or null, words null', () => {
    expect(numberOf('12,900')).toBe(12900);
    expect(numberOf('')).toBeNull();
    expect(numberOf('', 0)).toBe(0);
    expect(numberOf('열')).toBeNull();
  });

  it('round-trips a saved product into a body the server schema accepts', () => {
    const p = saved();
    const body = toProductInput(draftFromProduct(p));
    const parsed = ProductInputSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body.options.rows.map((r) => r.optionNo)).toEqual([9001, 9002, 9003, 9004]);
    // an existing option's stock moves only through the ledger: the save does not send it
    expect(body.options.rows.every((r) => r.stock === undefined)).toBe(true);
    expect(body.inputs).toEqual([{ inputNo: 7, inputLabel: '각인 문구', required: true, maxLength: 20 }]);
    expect(body.immediateDiscount).toEqual({
      value: 10,
      unit: 'RATE',
      startYmdt: '2026-12-01T00:00:00+09:00',
      endYmdt: null,
    });
    expect(parsed.data?.immediateDiscount.startYmdt).toBe('2026-11-30T15:00:00.000Z');
  });

  it('sends a new row with its first stock and no number', () => {
    const d = draftFromProduct(saved());
    d.dimensions[1]!.values.push('15cm');
    d.rows = regenerateRows(d.dimensions, d.rows);
    d.rows[2]!.stock = '30';
    const body = toProductInput(d);
    expect(body.options.rows[2]).toMatchObject({ values: ['화이트', '15cm'], stock: 30 });
    expect(body.options.rows[2]!.optionNo).toBeUndefined();
    expect(body.options.rows.filter((r) => r.optionNo).map((r) => r.optionNo)).toEqual([
      9001, 9002, 9003, 9004,
    ]);
  });

  it('sends a blank price as null so the server names the field', () => {
    const d = emptyDraft({ partnerNo: 10001, deliveryTemplateNo: 30001 });
    const body = toProductInput(d);
    expect(body.salePrice).toBeNull();
    expect(body.options.rows).toEqual([
      { stock: 0, values: [], addPrice: 0, optionManagementCd: null, barcode: null, forcedSoldOut: false },
    ]);
    const parsed = ProductInputSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['productName', '상품명을 입력해 주세요.'],
        ['salePrice', '판매가를 입력해 주세요.'],
      ]),
    );
  });

  it('knows when the form differs from the last save', () => {
    const p = saved();
    const base = draftFromProduct(p);
    const same = draftFromProduct(p);
    expect(isDirty(same, base)).toBe(false);
    same.salePrice = '13900';
    expect(isDirty(same, base)).toBe(true);
  });
});

describe('helpers', () => {
  it('moves items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('names fields by their path and finds the nearest one', () => {
    expect(fieldId('options.rows.2.barcode')).toBe('pe-options-rows-2-barcode');
    expect(pathAncestors('options.rows.2.barcode')).toEqual([
      'options.rows.2.barcode',
      'options.rows.2',
      'options.rows',
      'options',
    ]);
  });

  it('adds a preset notice without repeating items already there', () => {
    const rows = applyDutyPreset([{ key: 'x', label: '재질', value: '실리콘' }], '생활용품');
    expect(rows[0]).toEqual({ key: 'x', label: '재질', value: '실리콘' });
    expect(rows.map((r) => r.label)).toEqual([
      '재질',
      '품명 및 모델명',
      '구성품',
      '크기',
      '제조자(수입자)',
      '제조국',
      '품질보증기준',
      'A/S 책임자와 전화번호',
    ]);
  });
});
