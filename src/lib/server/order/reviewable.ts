import type { Row } from '@libsql/client';
import type { Executor, OrderStatus } from './repo.ts';

/**
 * The order module's answer to the review module: which lines a member bought, and whether they
 * have arrived. Only the member's own lines are ever returned. A line may be reviewed once its
 * order is delivered (DELIVERY_DONE) or confirmed (BUY_CONFIRM); the review module keeps track of
 * which lines already have a review.
 */

export const REVIEWABLE_ORDER_STATUSES: readonly OrderStatus[] = ['DELIVERY_DONE', 'BUY_CONFIRM'];

export interface MemberOrderOption {
  orderOptionNo: number;
  orderNo: string;
  productNo: number;
  optionNo: number;
  productName: string;
  /** Shopby's flat option naming: '색상|두께' and '보라|6mm'; '' for a product without options. */
  optionName: string;
  optionValue: string;
  optionManagementCd: string;
  imageUrl: string;
  orderCnt: number;
  salePrice: number;
  addPrice: number;
  buyPrice: number;
  buyAmt: number;
  accumulationRate: number;
  optionInputs: { inputLabel: string; inputValue: string }[];
  orderStatus: OrderStatus;
  /** UTC ISO: when the order was placed, and its last status change. */
  orderedAt: string;
  statusChangedAt: string;
}

export const isReviewableStatus = (status: OrderStatus): boolean =>
  REVIEWABLE_ORDER_STATUSES.includes(status);

const COLUMNS = `oo.order_option_no, oo.order_no, oo.product_no, oo.option_no, oo.product_name, oo.option_name,
  oo.option_value, oo.option_management_cd, oo.image_url, oo.order_cnt, oo.sale_price, oo.add_price, oo.buy_price,
  oo.buy_amt, oo.accumulation_rate, oo.option_inputs, o.order_status, o.ordered_at, o.updated_at`;

function toLine(r: Row): MemberOrderOption {
  const inputs = JSON.parse(String(r.option_inputs ?? '[]')) as {
    inputLabel?: unknown;
    inputValue?: unknown;
  }[];
  return {
    orderOptionNo: Number(r.order_option_no),
    orderNo: String(r.order_no),
    productNo: Number(r.product_no),
    optionNo: Number(r.option_no),
    productName: String(r.product_name),
    optionName: String(r.option_name),
    optionValue: String(r.option_value),
    optionManagementCd: String(r.option_management_cd),
    imageUrl: String(r.image_url),
    orderCnt: Number(r.order_cnt),
    salePrice: Number(r.sale_price),
    addPrice: Number(r.add_price),
    buyPrice: Number(r.buy_price),
    buyAmt: Number(r.buy_amt),
    accumulationRate: Number(r.accumulation_rate),
    optionInputs: inputs.map((i) => ({
      inputLabel: String(i.inputLabel ?? ''),
      inputValue: String(i.inputValue ?? ''),
    })),
    orderStatus: String(r.order_status) as OrderStatus,
    orderedAt: String(r.ordered_at),
    statusChangedAt: String(r.updated_at),
  };
}

/**
 * One line of the member's own orders, whatever its status (the caller tells "not delivered yet"
 * from "not yours"); null when there is no such line or it is someone else's. Takes a transaction
 * too, so a review is written against the status it was checked against.
 */
export async function findMemberOrderOption(
  db: Executor,
  memberNo: number,
  orderOptionNo: number,
): Promise<MemberOrderOption | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM order_options oo JOIN orders o ON o.order_no = oo.order_no
          WHERE oo.order_option_no = ? AND o.member_no = ?`,
    args: [orderOptionNo, memberNo],
  });
  return rs.rows[0] ? toLine(rs.rows[0]) : null;
}

export interface ReviewableFilter {
  productNo?: number | undefined;
  orderNo?: string | undefined;
  /** UTC ISO bounds of the order time: inclusive lower, exclusive upper. */
  orderedFrom?: string | undefined;
  orderedTo?: string | undefined;
  /** At most this many of the newest lines (default 500). */
  limit?: number | undefined;
}

/** The member's delivered or confirmed lines, newest order first. */
export async function listReviewableOrderOptions(
  db: Executor,
  memberNo: number,
  filter: ReviewableFilter = {},
): Promise<MemberOrderOption[]> {
  const where = [
    'o.member_no = ?',
    `o.order_status IN (${REVIEWABLE_ORDER_STATUSES.map(() => '?').join(', ')})`,
  ];
  const args: (string | number)[] = [memberNo, ...REVIEWABLE_ORDER_STATUSES];
  if (filter.productNo !== undefined) {
    where.push('oo.product_no = ?');
    args.push(filter.productNo);
  }
  if (filter.orderNo !== undefined) {
    where.push('oo.order_no = ?');
    args.push(filter.orderNo);
  }
  if (filter.orderedFrom) {
    where.push('o.ordered_at >= ?');
    args.push(filter.orderedFrom);
  }
  if (filter.orderedTo) {
    where.push('o.ordered_at < ?');
    args.push(filter.orderedTo);
  }
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM order_options oo JOIN orders o ON o.order_no = oo.order_no
          WHERE ${where.join(' AND ')} ORDER BY o.ordered_at DESC, oo.order_option_no DESC LIMIT ?`,
    args: [...args, Math.min(Math.max(filter.limit ?? 500, 1), 2000)],
  });
  return rs.rows.map(toLine);
}
