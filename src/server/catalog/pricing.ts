import { discountedPrice } from '../../lib/money.ts';

/**
 * The catalogue's price and availability rules, in one place. The product search orders and
 * filters by price in SQL (`PRICE_SQL`, `SOLD_OUT_SQL` in repo.ts); pricing.test.ts checks that
 * those mirrors agree with these functions.
 */

export type DiscountUnit = 'WON' | 'RATE';

export interface DiscountSource {
  sale_price: number;
  immediate_discount_value: number;
  immediate_discount_unit: DiscountUnit;
  immediate_discount_start_ymdt: string | null;
  immediate_discount_end_ymdt: string | null;
}

/** A period [start, end) with open ends; times are ISO strings. */
export function withinPeriod(start: string | null, end: string | null, now: Date): boolean {
  const t = now.getTime();
  if (start && Date.parse(start) > t) return false;
  if (end && Date.parse(end) <= t) return false;
  return true;
}

/** The immediate discount in won at `now`: 0 outside its period. */
export function immediateDiscountAmt(p: DiscountSource, now: Date): number {
  if (p.immediate_discount_value <= 0) return 0;
  if (!withinPeriod(p.immediate_discount_start_ymdt, p.immediate_discount_end_ymdt, now)) return 0;
  return p.sale_price - discountedPrice(p.sale_price, p.immediate_discount_value, p.immediate_discount_unit);
}

/**
 * What one unit of an option costs: the sale price after the immediate discount, plus the option's
 * own add price (Shopby applies the discount to the product price, never to the add price).
 */
export function optionBuyPrice(salePrice: number, discountAmt: number, addPrice: number): number {
  return Math.max(0, salePrice - discountAmt + addPrice);
}

export interface StockSource {
  stock_cnt: number;
  forced_sold_out: number;
}

/** An option is sold out when it has no stock or is marked sold out. */
export function isOptionSoldOut(o: StockSource): boolean {
  return o.stock_cnt <= 0 || o.forced_sold_out === 1;
}

/** A product is sold out when marked so, or when none of its options can be bought. */
export function isProductSoldOut(productForcedSoldOut: number, options: readonly StockSource[]): boolean {
  return productForcedSoldOut === 1 || options.every(isOptionSoldOut);
}

/** Stock a shopper can still buy: the sum over options not marked sold out. */
export function availableStock(options: readonly StockSource[]): number {
  return options.reduce((n, o) => n + (o.forced_sold_out === 1 ? 0 : o.stock_cnt), 0);
}

export type SaleStatus = 'READY' | 'ONSALE' | 'FINISHED' | 'STOP' | 'PROHIBITION';

/** The status a shopper sees: an ONSALE product before its start is READY, after its end FINISHED. */
export function effectiveSaleStatus(
  p: { sale_status: SaleStatus; sale_start_ymdt: string; sale_end_ymdt: string | null },
  now: Date,
): SaleStatus {
  if (p.sale_status !== 'ONSALE' && p.sale_status !== 'READY') return p.sale_status;
  if (p.sale_end_ymdt && Date.parse(p.sale_end_ymdt) <= now.getTime()) return 'FINISHED';
  if (p.sale_status === 'READY' || Date.parse(p.sale_start_ymdt) > now.getTime()) return 'READY';
  return 'ONSALE';
}

/** Points on buy confirm for one unit: a percent of what is paid, rounded down. */
export function accumulationAmt(paid: number, ratePercent: number): number {
  return Math.floor((paid * ratePercent) / 100);
}
