/**
 * Choosing one sellable option out of Shopby's flat options: each flat option carries its values
 * for up to four dimensions joined by '|' ("빨강|M"), in the order of the product's option labels.
 * The shopper picks dimension by dimension; a value is offered as sold out when no option under
 * it can be bought.
 */

export interface PickerOption {
  optionNo: number;
  /** One value per dimension, in label order. */
  values: string[];
  addPrice: number;
  /** Price of one unit: sale price − immediate discount + addPrice. */
  buyPrice: number;
  stockCnt: number;
  available: boolean;
}

export interface FlatOptionLike {
  optionNo: number;
  value: string;
  addPrice: number;
  buyPrice: number;
  stockCnt: number;
  saleType: string;
  forcedSoldOut: boolean;
}

/** Stock at or below this is shown to the shopper ("3개 남음"). */
export const LOW_STOCK = 5;

export function toPickerOptions(flat: readonly FlatOptionLike[], dimensions: number): PickerOption[] {
  return flat.map((o) => {
    const parts = dimensions > 0 ? o.value.split('|') : [];
    const values = Array.from({ length: dimensions }, (_, i) => parts[i] ?? '');
    return {
      optionNo: o.optionNo,
      values,
      addPrice: o.addPrice,
      buyPrice: o.buyPrice,
      stockCnt: o.stockCnt,
      available: o.saleType !== 'SOLD_OUT' && !o.forcedSoldOut && o.stockCnt > 0,
    };
  });
}

function matchesPrefix(o: PickerOption, chosen: readonly (string | undefined)[], upTo: number): boolean {
  for (let i = 0; i < upTo; i++) if (o.values[i] !== chosen[i]) return false;
  return true;
}

export interface ValueChoice {
  value: string;
  available: boolean;
  /** Set on the last dimension, where a value is one option. */
  option?: PickerOption | undefined;
}

/** Distinct values of `dim` under the values already chosen before it, in first-seen order. */
export function valuesFor(
  options: readonly PickerOption[],
  dim: number,
  chosen: readonly (string | undefined)[],
): ValueChoice[] {
  const last = options[0] ? dim === options[0].values.length - 1 : false;
  const seen = new Map<string, ValueChoice>();
  for (const o of options) {
    if (!matchesPrefix(o, chosen, dim)) continue;
    const v = o.values[dim] ?? '';
    const prev = seen.get(v);
    if (!prev) seen.set(v, { value: v, available: o.available, option: last ? o : undefined });
    else if (o.available) prev.available = true;
  }
  return [...seen.values()];
}

/** The option every dimension's choice points at, or undefined while a choice is missing. */
export function resolveOption(
  options: readonly PickerOption[],
  chosen: readonly (string | undefined)[],
): PickerOption | undefined {
  const dims = options[0]?.values.length ?? 0;
  if (dims === 0) return options[0];
  if (chosen.length < dims || chosen.slice(0, dims).some((v) => v === undefined)) return undefined;
  return options.find((o) => matchesPrefix(o, chosen, dims));
}

/** Choose `value` on `dim`; later dimensions are cleared because their values depend on it. */
export function choose(
  chosen: readonly (string | undefined)[],
  dim: number,
  value: string | undefined,
): (string | undefined)[] {
  const next = chosen.slice(0, dim);
  next[dim] = value;
  return next;
}

/** Largest quantity that can be ordered at once: stock, then the per-order limit when set. */
export function maxQuantity(option: PickerOption | undefined, maxBuyTimeCnt: number): number {
  if (!option || !option.available) return 0;
  return maxBuyTimeCnt > 0 ? Math.min(option.stockCnt, maxBuyTimeCnt) : option.stockCnt;
}

export function clampQuantity(q: number, min: number, max: number): number {
  if (!Number.isFinite(q)) return min;
  return Math.max(min, Math.min(Math.trunc(q), Math.max(min, max)));
}
