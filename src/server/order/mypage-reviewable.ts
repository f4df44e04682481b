import { toShopbyYmdt } from '../../lib/dates.ts';
import type { Executor } from './repo.ts';

/**
 * The lines a member may review (for the review module): lines of the member's orders that were
 * delivered or confirmed (DELIVERY_DONE, BUY_CONFIRM) and of which at least one unit was kept
 * (not cancelled, not returned). Whether a line already has a review is the review module's
 * knowledge: it passes the line numbers it has reviews for, and each line says `reviewed`.
 */

export interface ReviewableOption {
  orderNo: string;
  orderOptionNo: number;
  productNo: number;
  optionNo: number;
  productName: string;
  /** '색상|두께' */
  optionName: string;
  /** '보라|6mm' */
  optionValue: string;
  /** '색상: 보라 / 두께: 6mm' ('' for a product without options) */
  optionTitle: string;
  optionInputs: { inputLabel: string; inputValue: string }[];
  imageUrl: string;
  /** Units kept (ordered − cancelled − returned). */
  orderCnt: number;
  orderStatusType: 'DELIVERY_DONE' | 'BUY_CONFIRM';
  /** Shopby times (Seoul). */
  orderYmdt: string;
  deliveredYmdt: string | null;
  buyConfirmYmdt: string | null;
  reviewed: boolean;
}

export type ReviewedLookup =
  ReadonlySet<number> | ((orderOptionNos: readonly number[]) => Promise<ReadonlySet<number>>);

export interface ReviewableQuery {
  /** Line numbers that already have a review (a set, or a look-up called with the lines found). */
  reviewed?: ReviewedLookup;
  /** Only this product's lines. */
  productNo?: number;
  /** Only this line (for checking one before writing a review). */
  orderOptionNo?: number;
  /** Only lines without a review (needs `reviewed`). */
  onlyUnreviewed?: boolean;
}

export function optionTitleOf(optionName: string, optionValue: string): string {
  if (!optionName) return '';
  const values = optionValue.split('|');
  return optionName
    .split('|')
    .map((label, i) => `${label}: ${values[i] ?? ''}`)
    .join(' / ');
}

/** Newest delivery first. */
export async function listReviewableOptions(
  db: Executor,
  memberNo: number,
  query: ReviewableQuery = {},
): Promise<ReviewableOption[]> {
  const where = [
    'o.member_no = :member',
    "o.order_status IN ('DELIVERY_DONE', 'BUY_CONFIRM')",
    'o.returned_at IS NULL',
    'oo.order_cnt - oo.canceled_cnt - oo.returned_cnt > 0',
  ];
  if (query.productNo !== undefined) where.push('oo.product_no = :product');
  if (query.orderOptionNo !== undefined) where.push('oo.order_option_no = :line');
  const rs = await db.execute({
    sql: `SELECT o.order_no, o.order_status, o.ordered_at, o.delivered_at, o.buy_confirmed_at,
        oo.order_option_no, oo.product_no, oo.option_no, oo.product_name, oo.option_name, oo.option_value,
        oo.option_inputs, oo.image_url, oo.order_cnt - oo.canceled_cnt - oo.returned_cnt AS kept
      FROM orders o JOIN order_options oo ON oo.order_no = o.order_no
      WHERE ${where.join(' AND ')}
      ORDER BY COALESCE(o.delivered_at, o.ordered_at) DESC, oo.order_option_no DESC`,
    args: { member: memberNo, product: query.productNo ?? 0, line: query.orderOptionNo ?? 0 },
  });
  const rows = rs.rows as unknown as Record<string, string | number | null>[];
  const nos = rows.map((r) => Number(r.order_option_no));
  const reviewed =
    typeof query.reviewed === 'function' ? await query.reviewed(nos) : (query.reviewed ?? new Set<number>());
  const items = rows.map((r): ReviewableOption => {
    const inputs = JSON.parse(String(r.option_inputs)) as ReviewableOption['optionInputs'];
    return {
      orderNo: String(r.order_no),
      orderOptionNo: Number(r.order_option_no),
      productNo: Number(r.product_no),
      optionNo: Number(r.option_no),
      productName: String(r.product_name),
      optionName: String(r.option_name),
      optionValue: String(r.option_value),
      optionTitle: optionTitleOf(String(r.option_name), String(r.option_value)),
      optionInputs: inputs.map((i) => ({ inputLabel: i.inputLabel, inputValue: i.inputValue })),
      imageUrl: String(r.image_url),
      orderCnt: Number(r.kept),
      orderStatusType: r.order_status as ReviewableOption['orderStatusType'],
      orderYmdt: toShopbyYmdt(String(r.ordered_at)),
      deliveredYmdt: r.delivered_at ? toShopbyYmdt(String(r.delivered_at)) : null,
      buyConfirmYmdt: r.buy_confirmed_at ? toShopbyYmdt(String(r.buy_confirmed_at)) : null,
      reviewed: reviewed.has(Number(r.order_option_no)),
    };
  });
  return query.onlyUnreviewed ? items.filter((i) => !i.reviewed) : items;
}

/** One line, if the member may review it (null otherwise: not theirs, not delivered, all sent back). */
export async function findReviewableOption(
  db: Executor,
  memberNo: number,
  orderOptionNo: number,
): Promise<ReviewableOption | null> {
  const [found] = await listReviewableOptions(db, memberNo, { orderOptionNo });
  return found ?? null;
}
