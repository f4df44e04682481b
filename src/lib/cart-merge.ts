/**
 * The cart merge rule (spec section 4), pure and client-safe. Used by the member cart when lines
 * are added (POST /shop-api/cart) and when a guest cart is merged at login:
 *
 *   per incoming line, if the cart already has the same product and option and neither line has a
 *   custom input, the quantities are added into the existing line; otherwise the line is new.
 *
 * Lines with a custom input (engraving text, a design) never merge, even with an identical one:
 * each is made separately.
 */

export interface CartOptionInputValue {
  inputLabel: string;
  inputValue: string;
}

export interface CartLineKey {
  productNo: number;
  optionNo: number;
  optionInputs?: readonly CartOptionInputValue[] | null | undefined;
}

export interface ExistingCartLine extends CartLineKey {
  cartNo: number;
  orderCnt: number;
}

export interface IncomingCartLine extends CartLineKey {
  orderCnt: number;
}

export interface MergePlan<L extends IncomingCartLine> {
  /** Existing lines whose quantity grows: the new total and what was added. */
  updates: { cartNo: number; orderCnt: number; added: number }[];
  /** New lines (same-option incoming lines without input already combined). */
  inserts: L[];
  /** For each incoming line, in order: where it went. */
  placements: ({ kind: 'update'; cartNo: number } | { kind: 'insert'; index: number })[];
}

/** A line carries a custom input when any of its inputs has a non-blank value. */
export function hasCustomInput(line: CartLineKey): boolean {
  return (line.optionInputs ?? []).some((i) => i.inputValue.trim() !== '');
}

/** The same product and option, both without custom input: these lines are one line. */
export function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.productNo === b.productNo && a.optionNo === b.optionNo && !hasCustomInput(a) && !hasCustomInput(b);
}

export function mergeCartLines<L extends IncomingCartLine>(
  existing: readonly ExistingCartLine[],
  incoming: readonly L[],
): MergePlan<L> {
  const updates = new Map<number, { cartNo: number; orderCnt: number; added: number }>();
  const inserts: L[] = [];
  const placements: MergePlan<L>['placements'] = [];
  for (const line of incoming) {
    const target = existing.find((e) => isSameLine(e, line));
    if (target) {
      const u = updates.get(target.cartNo) ?? { cartNo: target.cartNo, orderCnt: target.orderCnt, added: 0 };
      u.orderCnt += line.orderCnt;
      u.added += line.orderCnt;
      updates.set(target.cartNo, u);
      placements.push({ kind: 'update', cartNo: target.cartNo });
      continue;
    }
    const earlier = inserts.findIndex((i) => isSameLine(i, line));
    if (earlier >= 0) {
      const prev = inserts[earlier]!;
      inserts[earlier] = { ...prev, orderCnt: prev.orderCnt + line.orderCnt };
      placements.push({ kind: 'insert', index: earlier });
      continue;
    }
    inserts.push({ ...line });
    placements.push({ kind: 'insert', index: inserts.length - 1 });
  }
  return { updates: [...updates.values()], inserts, placements };
}
