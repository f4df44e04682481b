import type { CounterItem } from '../../server/catalog/index.ts';

/**
 * The list a receipt or a stocktake builds by scanning, kept pure so its rules are tested without
 * a browser: a scan adds one of its option (a new line goes on top), counts can be typed, and the
 * batch carries a key the server uses to apply it once however often it is sent.
 */

export type StockMode = 'receive' | 'count';

export interface StockLine {
  item: CounterItem;
  /** Units received, or units counted on the shelf. */
  qty: number;
  /** The stock the screen showed when the option was first scanned (what a count is compared with). */
  systemStock: number;
  /** Why the server did not apply it last time. */
  note?: string | undefined;
}

export const MAX_QTY = 100_000;

/** One more of `item` (its line moves to the top, so the last scan is always in view). */
export function addScan(lines: readonly StockLine[], item: CounterItem, by = 1): StockLine[] {
  const found = lines.find((l) => l.item.optionNo === item.optionNo);
  const line: StockLine = found
    ? { ...found, qty: Math.min(MAX_QTY, found.qty + by), note: undefined }
    : { item, qty: Math.max(0, by), systemStock: item.stock };
  return [line, ...lines.filter((l) => l.item.optionNo !== item.optionNo)];
}

/** One more or one fewer on a line's buttons (never below 0; the line keeps its place). */
export function stepQty(lines: readonly StockLine[], optionNo: number, by: number): StockLine[] {
  return lines.map((l) =>
    l.item.optionNo === optionNo
      ? { ...l, qty: Math.max(0, Math.min(MAX_QTY, l.qty + by)), note: undefined }
      : l,
  );
}

/** A typed count: whole numbers from 0 up to MAX_QTY; anything else leaves the line as it was. */
export function setQty(lines: readonly StockLine[], optionNo: number, text: string): StockLine[] {
  const t = text.replace(/[,\s]/g, '');
  const n = t === '' ? 0 : Number(t);
  if (!Number.isInteger(n) || n < 0) return [...lines];
  return lines.map((l) =>
    l.item.optionNo === optionNo ? { ...l, qty: Math.min(MAX_QTY, n), note: undefined } : l,
  );
}

export function removeLine(lines: readonly StockLine[], optionNo: number): StockLine[] {
  return lines.filter((l) => l.item.optionNo !== optionNo);
}

/** counted − system: what a count line will write (receipts: the quantity itself). */
export function difference(line: StockLine, mode: StockMode): number {
  return mode === 'receive' ? line.qty : line.qty - line.systemStock;
}

/** Why the batch cannot be sent yet, or null. */
export function batchProblem(lines: readonly StockLine[], mode: StockMode): string | null {
  if (lines.length === 0)
    return mode === 'receive' ? '입고할 상품을 스캔해 주세요.' : '센 상품을 스캔해 주세요.';
  if (mode === 'receive') {
    const zero = lines.find((l) => l.qty < 1);
    if (zero)
      return `${zero.item.productName}${zero.item.optionLabel ? ` · ${zero.item.optionLabel}` : ''}: 입고 수량을 1개 이상 입력해 주세요.`;
  }
  return null;
}

/** A batch's key: `R` (receipt) or `C` (count), the Seoul day, and random letters. */
export function newBatchKey(mode: StockMode, now = new Date(), random = Math.random): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(now).replaceAll('-', '');
  const letters = Array.from(
    { length: 8 },
    () => 'abcdefghjkmnpqrstuvwxyz23456789'[Math.floor(random() * 31)],
  ).join('');
  return `${mode === 'receive' ? 'R' : 'C'}-${day}-${letters}`;
}
