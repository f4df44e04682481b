import { josa } from 'es-hangul';
import type { ManagedProduct, ProductInputDraft } from '../../../server/catalog/index.ts';

/**
 * The product editor's state, kept pure so its rules are tested without a browser: the form as
 * the manager types it (numbers stay text until saved, times are Seoul wall-clock), what the save
 * sends (`toProductInput`), and the option grid. The grid's rule is the catalogue's: an option
 * keeps its `optionNo` for life, so regenerating the grid keeps every row whose combination still
 * exists, and renaming a value renames it in the rows that carry it instead of making new ones.
 */

export const MAX_DIMENSIONS = 4;
/** Seoul is UTC+9 all year (no daylight saving since 1988). */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface DimensionDraft {
  key: string;
  label: string;
  values: string[];
}

export interface OptionRowDraft {
  key: string;
  /** The option's number for life; absent for a combination not saved yet. */
  optionNo?: number | undefined;
  values: string[];
  addPrice: string;
  /** The first stock of a new option (an existing option's stock moves only through the ledger). */
  stock: string;
  optionManagementCd: string;
  barcode: string;
  forcedSoldOut: boolean;
}

export interface InputDraft {
  key: string;
  inputNo?: number | undefined;
  inputLabel: string;
  required: boolean;
  maxLength: string;
}

export interface DutyRowDraft {
  key: string;
  label: string;
  value: string;
}

export type SaleStatus = ManagedProduct['saleStatus'];

export interface ProductDraft {
  productName: string;
  productNameEn: string;
  productManagementCd: string;
  slug: string;
  /** '' = none. */
  brandNo: string;
  partnerNo: string;
  deliveryTemplateNo: string;
  categoryNos: number[];
  searchKeywords: string[];
  promotionText: string;
  productSummary: string;
  salePrice: string;
  discountValue: string;
  discountUnit: 'WON' | 'RATE';
  /** `<input type="datetime-local">` values, Seoul time; '' = none. */
  discountStart: string;
  discountEnd: string;
  saleStatus: SaleStatus;
  saleStart: string;
  saleEnd: string;
  frontDisplay: boolean;
  urlDirectDisplay: boolean;
  forcedSoldOut: boolean;
  minBuyCnt: string;
  maxBuyPersonCnt: string;
  maxBuyTimeCnt: string;
  accumulationRate: string;
  lowStockThreshold: string;
  customizable: boolean;
  designTemplateId: string;
  content: string;
  dutyInfo: DutyRowDraft[];
  dimensions: DimensionDraft[];
  rows: OptionRowDraft[];
  inputs: InputDraft[];
}

/** The draft's fields held as text (a text or datetime-local input each), and its on/off fields. */
export type DraftTextKey = {
  [K in keyof ProductDraft]: ProductDraft[K] extends string ? K : never;
}[keyof ProductDraft];
export type DraftFlagKey = {
  [K in keyof ProductDraft]: ProductDraft[K] extends boolean ? K : never;
}[keyof ProductDraft];

/** A text field of the product forms: where the draft keeps it and where the save body files it. */
export interface DraftTextField {
  /** The save body's path (where the server's problem for it is filed). */
  path: string;
  key: DraftTextKey;
  label: string;
  hint?: string;
  suffix?: string;
}

/** The purchase limits and the points rate, as the back office's and the counter's forms show them. */
export const PURCHASE_LIMIT_FIELDS: readonly DraftTextField[] = [
  { path: 'minBuyCnt', key: 'minBuyCnt', label: '최소 구매 수량', suffix: '개' },
  {
    path: 'maxBuyTimeCnt',
    key: 'maxBuyTimeCnt',
    label: '1회 최대 구매 수량',
    suffix: '개',
    hint: '0이면 제한 없음',
  },
  {
    path: 'maxBuyPersonCnt',
    key: 'maxBuyPersonCnt',
    label: '1인 최대 구매 수량',
    suffix: '개',
    hint: '0이면 제한 없음',
  },
  { path: 'accumulationRate', key: 'accumulationRate', label: '적립률', suffix: '%' },
];

let seq = 0;
/** A key for a list item React keeps across edits (never sent to the server). */
export function newKey(prefix = 'k'): string {
  seq += 1;
  return `${prefix}${seq}`;
}

// ------------------------------------------------------------------------------ times and numbers

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored UTC time as a `datetime-local` value in Seoul ('' for none). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + SEOUL_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A `datetime-local` value read as Seoul time, as ISO with its offset; null for none. */
export function localInputToIso(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(local.trim());
  if (!m) return local.trim() === '' ? null : local.trim();
  return `${m[1]}T${m[2]}${m[3] ?? ':00'}+09:00`;
}

/**
 * A number field's text as the save sends it: '' is `empty` (null for a required number, so the
 * server names the field), thousands separators are ignored, anything else that is not a number
 * goes as null too (the server answers "…은 숫자로 입력해 주세요").
 */
export function numberOf(text: string, empty: number | null = null): number | null {
  const t = text.replace(/[,\s]/g, '');
  if (t === '') return empty;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const nullIfBlank = (s: string) => (s.trim() === '' ? null : s.trim());

// ------------------------------------------------------------------------------ draft ⇄ product

interface DraftDefaults {
  partnerNo: number | null;
  deliveryTemplateNo: number | null;
}

function defaultRow(): OptionRowDraft {
  return {
    key: newKey('r'),
    values: [],
    addPrice: '0',
    stock: '0',
    optionManagementCd: '',
    barcode: '',
    forcedSoldOut: false,
  };
}

/** A new product's form: awaiting sale, shown, one default option. */
export function emptyDraft(defaults: DraftDefaults): ProductDraft {
  return {
    productName: '',
    productNameEn: '',
    productManagementCd: '',
    slug: '',
    brandNo: '',
    partnerNo: defaults.partnerNo ? String(defaults.partnerNo) : '',
    deliveryTemplateNo: defaults.deliveryTemplateNo ? String(defaults.deliveryTemplateNo) : '',
    categoryNos: [],
    searchKeywords: [],
    promotionText: '',
    productSummary: '',
    salePrice: '',
    discountValue: '0',
    discountUnit: 'WON',
    discountStart: '',
    discountEnd: '',
    saleStatus: 'READY',
    saleStart: '',
    saleEnd: '',
    frontDisplay: true,
    urlDirectDisplay: false,
    forcedSoldOut: false,
    minBuyCnt: '1',
    maxBuyPersonCnt: '0',
    maxBuyTimeCnt: '0',
    accumulationRate: '0',
    lowStockThreshold: '5',
    customizable: false,
    designTemplateId: '',
    content: '',
    dutyInfo: [],
    dimensions: [],
    rows: [defaultRow()],
    inputs: [],
  };
}

/** A saved product as the form shows it. */
export function draftFromProduct(p: ManagedProduct): ProductDraft {
  return {
    productName: p.productName,
    productNameEn: p.productNameEn ?? '',
    productManagementCd: p.productManagementCd ?? '',
    slug: p.slug,
    brandNo: p.brandNo ? String(p.brandNo) : '',
    partnerNo: String(p.partnerNo),
    deliveryTemplateNo: String(p.deliveryTemplateNo),
    categoryNos: [...p.categoryNos],
    searchKeywords: [...p.searchKeywords],
    promotionText: p.promotionText ?? '',
    productSummary: p.productSummary ?? '',
    salePrice: String(p.salePrice),
    discountValue: String(p.immediateDiscount.value),
    discountUnit: p.immediateDiscount.unit,
    discountStart: isoToLocalInput(p.immediateDiscount.startYmdt),
    discountEnd: isoToLocalInput(p.immediateDiscount.endYmdt),
    saleStatus: p.saleStatus,
    saleStart: isoToLocalInput(p.saleStartYmdt),
    saleEnd: isoToLocalInput(p.saleEndYmdt),
    frontDisplay: p.frontDisplay,
    urlDirectDisplay: p.urlDirectDisplay,
    forcedSoldOut: p.forcedSoldOut,
    minBuyCnt: String(p.minBuyCnt),
    maxBuyPersonCnt: String(p.maxBuyPersonCnt),
    maxBuyTimeCnt: String(p.maxBuyTimeCnt),
    accumulationRate: String(p.accumulationRate),
    lowStockThreshold: String(p.lowStockThreshold),
    customizable: p.customizable,
    designTemplateId: p.designTemplateId ?? '',
    content: p.content,
    dutyInfo: p.dutyInfo.map((d) => ({ key: newKey('d'), label: d.label, value: d.value })),
    dimensions: p.options.dimensions.map((d) => ({
      key: newKey('m'),
      label: d.label,
      values: [...d.values],
    })),
    rows: p.options.rows.map((r) => ({
      key: newKey('r'),
      optionNo: r.optionNo,
      values: [...r.values],
      addPrice: String(r.addPrice),
      stock: String(r.stock),
      optionManagementCd: r.optionManagementCd ?? '',
      barcode: r.barcode ?? '',
      forcedSoldOut: r.forcedSoldOut,
    })),
    inputs: p.inputs.map((n) => ({
      key: newKey('i'),
      inputNo: n.inputNo,
      inputLabel: n.inputLabel,
      required: n.required,
      maxLength: String(n.maxLength),
    })),
  };
}

/**
 * The body of POST /api/manager/products and the `product` of PUT /{productNo}: what the
 * manager typed, unjudged (the server checks every field and answers per field).
 */
export function toProductInput(d: ProductDraft): ProductInputDraft {
  const discount = numberOf(d.discountValue, 0);
  return {
    productName: d.productName.trim(),
    productNameEn: nullIfBlank(d.productNameEn),
    productManagementCd: nullIfBlank(d.productManagementCd),
    slug: nullIfBlank(d.slug),
    brandNo: numberOf(d.brandNo),
    partnerNo: numberOf(d.partnerNo) as number,
    deliveryTemplateNo: numberOf(d.deliveryTemplateNo) as number,
    categoryNos: [...new Set(d.categoryNos)],
    searchKeywords: d.searchKeywords,
    promotionText: nullIfBlank(d.promotionText),
    productSummary: nullIfBlank(d.productSummary),
    salePrice: numberOf(d.salePrice) as number,
    immediateDiscount: {
      value: discount as number,
      unit: d.discountUnit,
      startYmdt: discount ? localInputToIso(d.discountStart) : null,
      endYmdt: discount ? localInputToIso(d.discountEnd) : null,
    },
    saleStatus: d.saleStatus,
    saleStartYmdt: localInputToIso(d.saleStart),
    saleEndYmdt: localInputToIso(d.saleEnd),
    frontDisplay: d.frontDisplay,
    urlDirectDisplay: d.urlDirectDisplay,
    forcedSoldOut: d.forcedSoldOut,
    minBuyCnt: numberOf(d.minBuyCnt, 1) as number,
    maxBuyPersonCnt: numberOf(d.maxBuyPersonCnt, 0) as number,
    maxBuyTimeCnt: numberOf(d.maxBuyTimeCnt, 0) as number,
    accumulationRate: numberOf(d.accumulationRate, 0) as number,
    lowStockThreshold: numberOf(d.lowStockThreshold, 0) as number,
    customizable: d.customizable,
    designTemplateId: d.customizable ? nullIfBlank(d.designTemplateId) : null,
    content: d.content,
    dutyInfo: d.dutyInfo.map((x) => ({ label: x.label.trim(), value: x.value.trim() })),
    options: {
      dimensions: d.dimensions.map((x) => ({ label: x.label.trim(), values: x.values })),
      rows: d.rows.map((r) => ({
        ...(r.optionNo ? { optionNo: r.optionNo } : { stock: numberOf(r.stock, 0) as number }),
        values: r.values,
        addPrice: numberOf(r.addPrice, 0) as number,
        optionManagementCd: nullIfBlank(r.optionManagementCd),
        barcode: nullIfBlank(r.barcode),
        forcedSoldOut: r.forcedSoldOut,
      })),
    },
    inputs: d.inputs.map((n) => ({
      ...(n.inputNo ? { inputNo: n.inputNo } : {}),
      inputLabel: n.inputLabel.trim(),
      required: n.required,
      maxLength: numberOf(n.maxLength, 100) as number,
    })),
  };
}

/** Whether the form holds something the last save did not (what leaving the page would lose). */
export function isDirty(draft: ProductDraft, saved: ProductDraft): boolean {
  return JSON.stringify(toProductInput(draft)) !== JSON.stringify(toProductInput(saved));
}

// ------------------------------------------------------------------------------ option dimensions and rows

const comboKey = (values: readonly string[]) => JSON.stringify(values.map((v) => v.trim()));

/** Every combination of the dimensions' values, first dimension outermost (as the server makes them). */
function combinations(dimensions: readonly Pick<DimensionDraft, 'values'>[]): string[][] {
  return dimensions.reduce<string[][]>(
    (acc, d) => acc.flatMap((prefix) => d.values.map((v) => [...prefix, v])),
    [[]],
  );
}

/**
 * The grid for the dimensions as they are now: one row per combination, in order. A row whose
 * combination still exists is kept whole (optionNo, add price, codes, barcode, typed stock);
 * when two rows share a combination (a dimension was removed) the first keeps it. New
 * combinations get fresh rows. No dimensions: the one default row.
 */
export function regenerateRows(
  dimensions: readonly Pick<DimensionDraft, 'values'>[],
  rows: readonly OptionRowDraft[],
): OptionRowDraft[] {
  const byKey = new Map<string, OptionRowDraft>();
  for (const r of rows) {
    const k = comboKey(r.values);
    if (!byKey.has(k)) byKey.set(k, r);
  }
  const combos = dimensions.length === 0 ? [[]] : combinations(dimensions);
  return combos.map((values) => {
    const kept = byKey.get(comboKey(values));
    return kept ? { ...kept, values } : { ...defaultRow(), values };
  });
}

/** Whether the grid is exactly the dimensions' combinations (else the save would be refused). */
export function rowsMatchDimensions(
  dimensions: readonly Pick<DimensionDraft, 'values'>[],
  rows: readonly Pick<OptionRowDraft, 'values'>[],
): boolean {
  const combos = dimensions.length === 0 ? [[]] : combinations(dimensions);
  if (combos.length !== rows.length) return false;
  return combos.every((c, i) => comboKey(c) === comboKey(rows[i]!.values));
}

export interface OptionsState {
  dimensions: DimensionDraft[];
  rows: OptionRowDraft[];
}

type OptionsChange = { ok: true; state: OptionsState } | { ok: false; message: string };

export function addDimension(s: OptionsState): OptionsChange {
  if (s.dimensions.length >= MAX_DIMENSIONS)
    return { ok: false, message: `옵션은 ${MAX_DIMENSIONS}단까지 만들 수 있습니다.` };
  return {
    ok: true,
    state: { ...s, dimensions: [...s.dimensions, { key: newKey('m'), label: '', values: [] }] },
  };
}

/**
 * Removes a dimension; the rows lose that value at once, so "옵션 목록 만들기" then keeps the
 * first row of each remaining combination (its optionNo) instead of making every row new.
 */
export function removeDimension(s: OptionsState, index: number): OptionsState {
  const drop = (values: string[]) => values.filter((_, i) => i !== index);
  return {
    dimensions: s.dimensions.filter((_, i) => i !== index),
    rows: s.rows.map((r) => (r.values.length === s.dimensions.length ? { ...r, values: drop(r.values) } : r)),
  };
}

/** Values typed into a dimension's field: split on commas, trimmed, blanks and repeats left out. */
export function splitValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，\n]/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** Adds values to a dimension (those it already has are reported, not added twice). */
export function addValues(
  s: OptionsState,
  dimIndex: number,
  text: string,
): { state: OptionsState; added: string[]; repeated: string[] } {
  const dim = s.dimensions[dimIndex];
  if (!dim) return { state: s, added: [], repeated: [] };
  const typed = splitValues(text);
  const added = typed.filter((v) => !dim.values.includes(v));
  const repeated = typed.filter((v) => dim.values.includes(v));
  const dimensions = s.dimensions.map((d, i) =>
    i === dimIndex ? { ...d, values: [...d.values, ...added] } : d,
  );
  return { state: { ...s, dimensions }, added, repeated };
}

export function removeValue(s: OptionsState, dimIndex: number, value: string): OptionsState {
  return {
    ...s,
    dimensions: s.dimensions.map((d, i) =>
      i === dimIndex ? { ...d, values: d.values.filter((v) => v !== value) } : d,
    ),
  };
}

/**
 * Renames a value in place: the dimension and every row that carries it, which keep their
 * optionNo (an option renamed from 흰색 to 화이트 is still the option carts and orders point at).
 */
export function renameValue(s: OptionsState, dimIndex: number, from: string, to: string): OptionsChange {
  const dim = s.dimensions[dimIndex];
  const next = to.trim();
  if (!dim || !dim.values.includes(from)) return { ok: false, message: '고칠 옵션값을 찾을 수 없습니다.' };
  if (!next) return { ok: false, message: '옵션값을 입력해 주세요.' };
  if (next === from) return { ok: true, state: s };
  if (dim.values.includes(next))
    return { ok: false, message: `${josa(next, '은/는')} 이미 있는 옵션값입니다.` };
  if (next.includes('|')) return { ok: false, message: "옵션값에는 '|'를 쓸 수 없습니다." };
  return {
    ok: true,
    state: {
      dimensions: s.dimensions.map((d, i) =>
        i === dimIndex ? { ...d, values: d.values.map((v) => (v === from ? next : v)) } : d,
      ),
      rows: s.rows.map((r) =>
        r.values.length === s.dimensions.length && r.values[dimIndex] === from
          ? { ...r, values: r.values.map((v, i) => (i === dimIndex ? next : v)) }
          : r,
      ),
    },
  };
}

/** Moves a value within its dimension (the grid follows at the next "옵션 목록 만들기"). */
export function moveValue(s: OptionsState, dimIndex: number, from: number, to: number): OptionsState {
  return {
    ...s,
    dimensions: s.dimensions.map((d, i) =>
      i === dimIndex ? { ...d, values: moveItem(d.values, from, to) } : d,
    ),
  };
}

/** `list` with the item at `from` moved to `to` (out-of-range moves leave it as it is). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** How a row is named to the manager ("화이트 / 10cm", or "기본 옵션"). */
export function rowLabel(values: readonly string[]): string {
  return values.length > 0 ? values.join(' / ') : '기본 옵션';
}

// ------------------------------------------------------------------------------ fields and errors

/** The element id of a field by its path in the save body (`options.rows.2.barcode`). */
export function fieldId(path: string): string {
  return `pe-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** The path itself, then each shorter one (`a.b.2.c`, `a.b.2`, `a.b`, `a`): where to look for its field. */
export function pathAncestors(path: string): string[] {
  const parts = path.split('.').filter(Boolean);
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** The first message per path. */
export function problemsByPath(fields: readonly FieldProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) out[f.path] ??= f.message;
  return out;
}

// ------------------------------------------------------------------------------ 상품정보제공고시

/** The notice items the law asks for, by kind of goods (전자상거래 상품정보제공 고시). */
export const DUTY_PRESETS: Record<string, readonly string[]> = {
  생활용품: [
    '품명 및 모델명',
    '재질',
    '구성품',
    '크기',
    '제조자(수입자)',
    '제조국',
    '품질보증기준',
    'A/S 책임자와 전화번호',
  ],
  스포츠용품: [
    '품명 및 모델명',
    '크기, 중량',
    '색상',
    '재질',
    '제품 구성',
    '출시년월',
    '제조자(수입자)',
    '제조국',
    '상품별 세부 사양',
    '품질보증기준',
    'A/S 책임자와 전화번호',
  ],
  '침구류·커튼': [
    '제품 소재',
    '색상',
    '치수',
    '제품 구성',
    '제조자(수입자)',
    '제조국',
    '세탁방법 및 취급시 주의사항',
    '품질보증기준',
    'A/S 책임자와 전화번호',
  ],
  가구: [
    '품명',
    'KC 인증 필 유무',
    '색상',
    '구성품',
    '주요 소재',
    '제조자(수입자)',
    '제조국',
    '크기',
    '배송·설치비용',
    '품질보증기준',
    'A/S 책임자와 전화번호',
  ],
  소형전자: [
    '품명 및 모델명',
    'KC 인증정보',
    '정격전압, 소비전력',
    '출시년월',
    '제조자(수입자)',
    '제조국',
    '크기, 무게',
    '주요 사양',
    '품질보증기준',
    'A/S 책임자와 전화번호',
  ],
  '기타 재화': [
    '품명 및 모델명',
    '법에 의한 인증·허가 등을 받았음을 확인할 수 있는 경우 그에 대한 사항',
    '제조국 또는 원산지',
    '제조자(수입자)',
    'A/S 책임자와 전화번호',
  ],
};

/** The rows with a preset's items added after them (items already there by label stay as they are). */
export function applyDutyPreset(rows: readonly DutyRowDraft[], preset: string): DutyRowDraft[] {
  const labels = DUTY_PRESETS[preset] ?? [];
  const have = new Set(rows.map((r) => r.label.trim()));
  const kept = rows.filter((r) => r.label.trim() !== '' || r.value.trim() !== '');
  return [
    ...kept,
    ...labels.filter((l) => !have.has(l)).map((label) => ({ key: newKey('d'), label, value: '' })),
  ];
}
