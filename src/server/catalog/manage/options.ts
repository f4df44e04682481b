import { josa } from 'es-hangul';
import type { FieldProblem } from '../../platform/errors.ts';

/**
 * A product's options as the manager edits them: up to four dimensions (색상, 사이즈, …) with their
 * values, and one row per combination. The rows are the product's flat options (Shopby's
 * `value1|value2…` naming); each keeps its `optionNo` for life. Pure: the reconciliation decides
 * which rows are kept (by their number, their values may change with a renamed value), which are
 * new, and which are retired (dropped from the dimensions, but carts, orders and reviews still
 * point at them).
 */

export const MAX_DIMENSIONS = 4;
export const MAX_VALUES_PER_DIMENSION = 50;
export const MAX_OPTIONS = 500;

export interface OptionDimension {
  label: string;
  values: string[];
}

export interface OptionRowInput {
  /** Present for an option that exists; absent for a new combination. */
  optionNo?: number | undefined;
  values: string[];
  addPrice: number;
  /** Stock of a NEW option (its first ledger line); an existing option's stock moves only by the ledger. */
  stock?: number | undefined;
  optionManagementCd?: string | null | undefined;
  barcode?: string | null | undefined;
  forcedSoldOut: boolean;
}

export interface ExistingOption {
  optionNo: number;
  values: string[];
  retired: boolean;
}

export interface OptionPlan {
  /** Kept options (existing numbers), in the generated order, with their possibly renamed values. */
  keep: { optionNo: number; row: OptionRowInput; order: number }[];
  /** New combinations, in the generated order. */
  add: { row: OptionRowInput; order: number }[];
  /** Existing options no longer among the combinations. */
  retire: number[];
}

/** Every combination of the dimensions' values, in the order the dimensions list them. */
export function combinations(dimensions: readonly OptionDimension[]): string[][] {
  return dimensions.reduce<string[][]>(
    (acc, d) => acc.flatMap((prefix) => d.values.map((v) => [...prefix, v])),
    [[]],
  );
}

const key = (values: readonly string[]) => JSON.stringify(values);

/** Problems of the dimensions themselves (labels, values, duplicates, sizes). */
export function checkDimensions(dimensions: readonly OptionDimension[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (dimensions.length > MAX_DIMENSIONS) {
    problems.push({
      path: 'options.dimensions',
      message: `옵션은 ${MAX_DIMENSIONS}단까지 만들 수 있습니다.`,
    });
  }
  const labels = new Set<string>();
  dimensions.forEach((d, i) => {
    const path = `options.dimensions.${i}`;
    if (!d.label.trim())
      problems.push({ path: `${path}.label`, message: `${i + 1}번째 옵션명을 입력해 주세요.` });
    else if (labels.has(d.label.trim()))
      problems.push({
        path: `${path}.label`,
        message: `옵션명 ${josa(d.label.trim(), '이/가')} 두 번 있습니다.`,
      });
    labels.add(d.label.trim());
    if (d.label.includes('|'))
      problems.push({ path: `${path}.label`, message: "옵션명에는 '|'를 쓸 수 없습니다." });
    if (d.values.length === 0)
      problems.push({ path: `${path}.values`, message: `${d.label} 옵션에 값을 하나 이상 입력해 주세요.` });
    if (d.values.length > MAX_VALUES_PER_DIMENSION)
      problems.push({
        path: `${path}.values`,
        message: `옵션 하나에는 값을 ${MAX_VALUES_PER_DIMENSION}개까지 넣을 수 있습니다.`,
      });
    const seen = new Set<string>();
    for (const v of d.values) {
      if (!v.trim()) problems.push({ path: `${path}.values`, message: '빈 옵션값이 있습니다.' });
      else if (seen.has(v))
        problems.push({ path: `${path}.values`, message: `옵션값 ${josa(v, '이/가')} 두 번 있습니다.` });
      else if (v.includes('|'))
        problems.push({ path: `${path}.values`, message: "옵션값에는 '|'를 쓸 수 없습니다." });
      seen.add(v);
    }
  });
  const total = dimensions.reduce((n, d) => n * Math.max(1, d.values.length), 1);
  if (total > MAX_OPTIONS)
    problems.push({
      path: 'options.dimensions',
      message: `옵션 조합은 ${MAX_OPTIONS.toLocaleString('ko-KR')}개까지 만들 수 있습니다 (지금 ${total.toLocaleString('ko-KR')}개).`,
    });
  return problems;
}

/**
 * Matches the submitted rows to the combinations of the dimensions and to the existing options.
 * Every combination needs exactly one row; a row naming an optionNo must name one of this
 * product's options, at most once. With no dimensions the product has its one default option.
 */
export function planOptions(
  dimensions: readonly OptionDimension[],
  rows: readonly OptionRowInput[],
  existing: readonly ExistingOption[],
): { plan: OptionPlan; problems: FieldProblem[] } {
  const problems = checkDimensions(dimensions);
  const plan: OptionPlan = { keep: [], add: [], retire: [] };
  if (problems.length > 0) return { plan, problems };
  const combos = dimensions.length === 0 ? [[]] : combinations(dimensions);
  const byValues = new Map<string, { row: OptionRowInput; index: number }>();
  rows.forEach((row, index) => {
    const k = key(row.values);
    if (byValues.has(k))
      problems.push({
        path: `options.rows.${index}`,
        message: `같은 옵션 조합(${row.values.join(' / ')})이 두 행에 있습니다.`,
      });
    byValues.set(k, { row, index });
  });
  const comboKeys = new Set(combos.map(key));
  rows.forEach((row, index) => {
    if (!comboKeys.has(key(row.values)))
      problems.push({
        path: `options.rows.${index}`,
        message: `${josa(row.values.join(' / ') || '기본', '은/는')} 옵션값으로 만들 수 없는 조합입니다. 옵션 목록을 다시 만들어 주세요.`,
      });
  });
  const mine = new Map(existing.map((o) => [o.optionNo, o]));
  const used = new Set<number>();
  combos.forEach((values, order) => {
    const found = byValues.get(key(values));
    if (!found) {
      problems.push({ path: 'options.rows', message: `옵션 조합 ${values.join(' / ')}의 행이 없습니다.` });
      return;
    }
    const { row, index } = found;
    if (row.optionNo === undefined) {
      plan.add.push({ row, order });
      return;
    }
    if (!mine.has(row.optionNo)) {
      problems.push({
        path: `options.rows.${index}`,
        message: '이 상품의 옵션이 아닙니다. 새로 불러온 뒤 다시 저장해 주세요.',
      });
      return;
    }
    if (used.has(row.optionNo)) {
      problems.push({ path: `options.rows.${index}`, message: '같은 옵션 번호가 두 행에 있습니다.' });
      return;
    }
    used.add(row.optionNo);
    plan.keep.push({ optionNo: row.optionNo, row, order });
  });
  plan.retire = existing.filter((o) => !o.retired && !used.has(o.optionNo)).map((o) => o.optionNo);
  return { plan, problems };
}

/** The dimensions of a product's live options: labels from `option_labels`, values in first-seen order. */
export function dimensionsOf(
  optionLabels: string,
  options: readonly { values: (string | null)[] }[],
): OptionDimension[] {
  const labels = optionLabels ? optionLabels.split('|') : [];
  return labels.map((label, i) => ({
    label,
    values: [...new Set(options.map((o) => o.values[i]).filter((v): v is string => typeof v === 'string'))],
  }));
}
