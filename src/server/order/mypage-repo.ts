import type { Executor, OrderStatus } from './repo.ts';

/**
 * SQL of my page's order list and of what happens to a paid order afterwards (preparing,
 * shipping, delivery, buy confirmation): the columns migration 0008 added to orders, and lists.
 * Every status change is a guarded UPDATE from the statuses it may come from.
 */

/** Statuses a member's order list shows: paid orders and the ones cancelled after payment. */
const LISTED_STATUSES: readonly OrderStatus[] = [
  'DEPOSIT_WAIT',
  'PAY_DONE',
  'PRODUCT_PREPARE',
  'DELIVERY_PREPARE',
  'DELIVERY_ING',
  'DELIVERY_DONE',
  'BUY_CONFIRM',
  'CANCEL_DONE',
];

/**
 * Shopby's orderRequestTypes: a status (an order fully returned counts as RETURN_DONE, not as its
 * status), a claim state, or ALL / CLAIM (with a claim) / NORMAL (without).
 */
export const REQUEST_TYPES = [
  'ALL',
  'CLAIM',
  'NORMAL',
  ...LISTED_STATUSES,
  'RETURN_DONE',
  'CANCEL_PROCESSING',
  'RETURN_PROCESSING',
] as const;
export type OrderRequestType = (typeof REQUEST_TYPES)[number];

export interface OrderExtras {
  deliveryCompanyType: string | null;
  invoiceNo: string | null;
  preparedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  buyConfirmedAt: string | null;
  accumulationGivenAmt: number;
  returnedAt: string | null;
}

const EXTRA_COLUMNS = `o.delivery_company_type, o.invoice_no, o.prepared_at, o.shipped_at, o.delivered_at,
  o.buy_confirmed_at, o.accumulation_given_amt, o.returned_at`;

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toExtras(r: Record<string, unknown>): OrderExtras {
  return {
    deliveryCompanyType: s(r.delivery_company_type),
    invoiceNo: s(r.invoice_no),
    preparedAt: s(r.prepared_at),
    shippedAt: s(r.shipped_at),
    deliveredAt: s(r.delivered_at),
    buyConfirmedAt: s(r.buy_confirmed_at),
    accumulationGivenAmt: Number(r.accumulation_given_amt ?? 0),
    returnedAt: s(r.returned_at),
  };
}

export async function selectOrderExtras(db: Executor, orderNo: string): Promise<OrderExtras | null> {
  const rs = await db.execute({
    sql: `SELECT ${EXTRA_COLUMNS} FROM orders o WHERE o.order_no = ?`,
    args: [orderNo],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toExtras(r) : null;
}

function requestTypeClause(t: OrderRequestType, args: (string | number)[]): string | null {
  switch (t) {
    case 'ALL':
      return null;
    case 'CLAIM':
      return 'EXISTS (SELECT 1 FROM claims c WHERE c.order_no = o.order_no)';
    case 'NORMAL':
      return 'NOT EXISTS (SELECT 1 FROM claims c WHERE c.order_no = o.order_no)';
    case 'RETURN_DONE':
      return 'o.returned_at IS NOT NULL';
    case 'RETURN_PROCESSING':
      return "EXISTS (SELECT 1 FROM claims c WHERE c.order_no = o.order_no AND c.claim_status IN ('RETURN_REQUEST', 'RETURN_PROC_WAITING_REFUND'))";
    case 'CANCEL_PROCESSING':
      return "EXISTS (SELECT 1 FROM claims c WHERE c.order_no = o.order_no AND c.claim_status = 'CANCEL_PROC_WAITING_REFUND')";
    default:
      args.push(t);
      return '(o.order_status = ? AND o.returned_at IS NULL)';
  }
}

/** Which day a period reads: when the order was placed (주문일) or when it was paid (결제일). */
export type OrderDateBasis = 'ordered' | 'paid';

export interface MemberOrderFilter {
  memberNo?: number;
  from?: string | undefined;
  to?: string | undefined;
  /** Left out: the order day. By payment day, orders not paid yet are left out of any period. */
  dateBasis?: OrderDateBasis | undefined;
  requestTypes?: readonly OrderRequestType[] | undefined;
  /**
   * The back office's search: an order number (its start), a phone number (orderer or recipient,
   * digits), or words of a name (orderer, recipient) or of a product ordered.
   */
  search?: { kind: 'orderNo' | 'phone' | 'text'; value: string } | undefined;
  payType?: string | undefined;
  sort?: OrderSort | undefined;
  limit: number;
  offset: number;
}

export type OrderSort = 'newest' | 'oldest' | 'amount_desc' | 'amount_asc';

const ORDER_BY: Record<OrderSort, string> = {
  newest: 'o.ordered_at DESC, o.order_no DESC',
  oldest: 'o.ordered_at ASC, o.order_no ASC',
  amount_desc: 'o.pay_amt DESC, o.ordered_at DESC',
  amount_asc: 'o.pay_amt ASC, o.ordered_at DESC',
};

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListedOrder {
  orderNo: string;
  orderStatus: OrderStatus;
  memberNo: number | null;
  ordererName: string;
  payType: string;
  pgType: string;
  payAmt: number;
  usedAccumulationAmt: number;
  standardAmt: number;
  immediateDiscountAmt: number;
  productCouponDiscountAmt: number;
  cartCouponDiscountAmt: number;
  deliveryAmt: number;
  remoteDeliveryAmt: number;
  orderedAt: string;
  paidAt: string | null;
  extras: OrderExtras;
}

/** A member's (or, without memberNo, everybody's) orders, newest first. */
/** The WHERE clause of an order filter (every filter but paging and sorting). */
function orderFilterClause(f: Omit<MemberOrderFilter, 'limit' | 'offset'>): {
  clause: string;
  args: (string | number)[];
} {
  const args: (string | number)[] = [...LISTED_STATUSES];
  const where = [`o.order_status IN (${LISTED_STATUSES.map(() => '?').join(', ')})`];
  if (f.memberNo !== undefined) {
    where.push('o.member_no = ?');
    args.push(f.memberNo);
  }
  const day = f.dateBasis === 'paid' ? 'o.paid_at' : 'o.ordered_at';
  if (f.from) {
    where.push(`${day} >= ?`);
    args.push(f.from);
  }
  if (f.to) {
    where.push(`${day} < ?`);
    args.push(f.to);
  }
  if (f.search?.kind === 'orderNo') {
    where.push('o.order_no >= ? AND o.order_no < ?');
    args.push(f.search.value, `${f.search.value}\uffff`);
  } else if (f.search?.kind === 'phone') {
    where.push("(REPLACE(o.orderer_contact1, '-', '') = ? OR REPLACE(o.receiver_contact1, '-', '') = ?)");
    args.push(f.search.value, f.search.value);
  } else if (f.search?.kind === 'text') {
    const like = likeOf(f.search.value);
    where.push(`(o.orderer_name LIKE ? ESCAPE '\\' OR o.receiver_name LIKE ? ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM order_options s WHERE s.order_no = o.order_no AND s.product_name LIKE ? ESCAPE '\\'))`);
    args.push(like, like, like);
  }
  if (f.payType) {
    where.push('o.pay_type = ?');
    args.push(f.payType);
  }
  const types = f.requestTypes ?? [];
  if (types.length > 0 && !types.includes('ALL')) {
    const ors = types.map((t) => requestTypeClause(t, args)).filter((c): c is string => c !== null);
    where.push(`(${ors.join(' OR ')})`);
  }
  return { clause: where.join(' AND '), args };
}

export async function listOrders(
  db: Executor,
  f: MemberOrderFilter,
): Promise<{ total: number; rows: ListedOrder[] }> {
  const { clause, args } = orderFilterClause(f);
  const [count, page] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM orders o WHERE ${clause}`, args }),
    db.execute({
      sql: `SELECT o.order_no, o.order_status, o.member_no, o.orderer_name, o.pay_type, o.pg_type, o.pay_amt, o.used_accumulation_amt,
          o.standard_amt, o.immediate_discount_amt, o.product_coupon_discount_amt, o.cart_coupon_discount_amt,
          o.delivery_amt, o.remote_delivery_amt, o.ordered_at, o.paid_at, ${EXTRA_COLUMNS}
        FROM orders o WHERE ${clause} ORDER BY ${ORDER_BY[f.sort ?? 'newest']} LIMIT ? OFFSET ?`,
      args: [...args, f.limit, f.offset],
    }),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: (page.rows as unknown as Record<string, unknown>[]).map((r) => ({
      orderNo: String(r.order_no),
      orderStatus: r.order_status as OrderStatus,
      memberNo: r.member_no === null ? null : Number(r.member_no),
      ordererName: String(r.orderer_name),
      payType: String(r.pay_type),
      pgType: String(r.pg_type),
      payAmt: Number(r.pay_amt),
      usedAccumulationAmt: Number(r.used_accumulation_amt),
      standardAmt: Number(r.standard_amt),
      immediateDiscountAmt: Number(r.immediate_discount_amt),
      productCouponDiscountAmt: Number(r.product_coupon_discount_amt),
      cartCouponDiscountAmt: Number(r.cart_coupon_discount_amt),
      deliveryAmt: Number(r.delivery_amt),
      remoteDeliveryAmt: Number(r.remote_delivery_amt),
      orderedAt: String(r.ordered_at),
      paidAt: r.paid_at === null ? null : String(r.paid_at),
      extras: toExtras(r),
    })),
  };
}

export interface StatusCounts {
  byStatus: Partial<Record<OrderStatus, number>>;
  returnDone: number;
  returnProcessing: number;
  cancelProcessing: number;
}

/** Counts per status of a member's orders in a range (fully returned orders apart). */
export async function statusCounts(
  db: Executor,
  memberNo: number | null,
  from: string | null,
  to: string | null,
): Promise<StatusCounts> {
  const where = ['1 = 1'];
  const args: (string | number)[] = [];
  if (memberNo !== null) {
    where.push('o.member_no = ?');
    args.push(memberNo);
  }
  if (from) {
    where.push('o.ordered_at >= ?');
    args.push(from);
  }
  if (to) {
    where.push('o.ordered_at < ?');
    args.push(to);
  }
  const rs = await db.execute({
    sql: `SELECT o.order_status, o.returned_at IS NOT NULL AS returned, COUNT(*) AS n,
        SUM(EXISTS (SELECT 1 FROM claims c WHERE c.order_no = o.order_no
          AND c.claim_status IN ('RETURN_REQUEST', 'RETURN_PROC_WAITING_REFUND'))) AS open_returns,
        SUM(EXISTS (SELECT 1 FROM claims c WHERE c.order_no = o.order_no
          AND c.claim_status = 'CANCEL_PROC_WAITING_REFUND')) AS canceling
      FROM orders o WHERE ${where.join(' AND ')} GROUP BY o.order_status, returned`,
    args,
  });
  const out: StatusCounts = { byStatus: {}, returnDone: 0, returnProcessing: 0, cancelProcessing: 0 };
  for (const r of rs.rows as unknown as Record<string, unknown>[]) {
    const n = Number(r.n);
    if (Number(r.returned)) out.returnDone += n;
    else {
      const st = r.order_status as OrderStatus;
      out.byStatus[st] = (out.byStatus[st] ?? 0) + n;
    }
    out.returnProcessing += Number(r.open_returns ?? 0);
    out.cancelProcessing += Number(r.canceling ?? 0);
  }
  return out;
}

export interface LineClaimCounts {
  orderOptionNo: number;
  canceledCnt: number;
  returningCnt: number;
  returnedCnt: number;
}

export async function selectLineCounts(
  db: Executor,
  orderNos: readonly string[],
): Promise<LineClaimCounts[]> {
  if (orderNos.length === 0) return [];
  const rs = await db.execute({
    sql: `SELECT order_option_no, canceled_cnt, returning_cnt, returned_cnt FROM order_options
      WHERE order_no IN (${orderNos.map(() => '?').join(', ')})`,
    args: [...orderNos],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    orderOptionNo: Number(r.order_option_no),
    canceledCnt: Number(r.canceled_cnt),
    returningCnt: Number(r.returning_cnt),
    returnedCnt: Number(r.returned_cnt),
  }));
}

/** Per order: has it any claim, and a return request waiting for a decision. */
export async function selectClaimFlags(
  db: Executor,
  orderNos: readonly string[],
): Promise<Map<string, { hasClaims: boolean; openReturn: boolean }>> {
  const out = new Map(orderNos.map((n) => [n, { hasClaims: false, openReturn: false }]));
  if (orderNos.length === 0) return out;
  const rs = await db.execute({
    sql: `SELECT order_no, MAX(claim_status = 'RETURN_REQUEST') AS open_return FROM claims
      WHERE order_no IN (${orderNos.map(() => '?').join(', ')}) GROUP BY order_no`,
    args: [...orderNos],
  });
  for (const r of rs.rows)
    out.set(String(r.order_no), { hasClaims: true, openReturn: Number(r.open_return) === 1 });
  return out;
}

// ------------------------------------------------------------------------------ status changes

async function guarded(
  db: Executor,
  orderNo: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  set: Record<string, string | number | null>,
  now: string,
): Promise<boolean> {
  const cols = Object.keys(set);
  const rs = await db.execute({
    sql: `UPDATE orders SET order_status = ?, updated_at = ?${cols.map((c) => `, ${c} = ?`).join('')}
      WHERE order_no = ? AND order_status IN (${from.map(() => '?').join(', ')})`,
    args: [to, now, ...cols.map((c) => set[c] ?? null), orderNo, ...from],
  });
  return rs.rowsAffected === 1;
}

export const markPreparing = (db: Executor, orderNo: string, now: string) =>
  guarded(db, orderNo, ['PAY_DONE'], 'PRODUCT_PREPARE', { prepared_at: now }, now);

export const markDeliveryPreparing = (db: Executor, orderNo: string, now: string) =>
  guarded(db, orderNo, ['PRODUCT_PREPARE'], 'DELIVERY_PREPARE', {}, now);

export const markShipped = (
  db: Executor,
  orderNo: string,
  parcel: { deliveryCompanyType: string; invoiceNo: string },
  now: string,
) =>
  guarded(
    db,
    orderNo,
    ['PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE'],
    'DELIVERY_ING',
    { delivery_company_type: parcel.deliveryCompanyType, invoice_no: parcel.invoiceNo, shipped_at: now },
    now,
  );

export const markDelivered = (db: Executor, orderNo: string, now: string) =>
  guarded(db, orderNo, ['DELIVERY_ING'], 'DELIVERY_DONE', { delivered_at: now }, now);

/** DELIVERY_ING / DELIVERY_DONE → BUY_CONFIRM, once, unless every unit went back. */
export async function markConfirmed(
  db: Executor,
  orderNo: string,
  points: number,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE orders SET order_status = 'BUY_CONFIRM', buy_confirmed_at = ?, accumulation_given_amt = ?,
        delivered_at = COALESCE(delivered_at, ?), updated_at = ?
      WHERE order_no = ? AND order_status IN ('DELIVERY_ING', 'DELIVERY_DONE') AND returned_at IS NULL`,
    args: [now, points, now, now, orderNo],
  });
  return rs.rowsAffected === 1;
}

/** A claim step touches the order only while it is in one of `from` (guards against racing changes). */
export async function touchIn(
  db: Executor,
  orderNo: string,
  from: readonly OrderStatus[],
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE orders SET updated_at = ? WHERE order_no = ? AND order_status IN (${from.map(() => '?').join(', ')})`,
    args: [now, orderNo, ...from],
  });
  return rs.rowsAffected === 1;
}

export async function markReturned(db: Executor, orderNo: string, now: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE orders SET returned_at = COALESCE(returned_at, ?), updated_at = ? WHERE order_no = ?',
    args: [now, now, orderNo],
  });
}

export interface ExportLine {
  orderNo: string;
  orderedAt: string;
  orderStatus: OrderStatus;
  ordererName: string;
  ordererContact: string;
  receiverName: string;
  receiverContact: string;
  receiverZipCd: string;
  receiverAddress: string;
  deliveryMemo: string;
  productName: string;
  optionValue: string;
  orderCnt: number;
  buyAmt: number;
  payType: string;
  payAmt: number;
  deliveryCompanyType: string | null;
  invoiceNo: string | null;
}

/** One row per order line of the filtered orders (the export), at most `limit` lines. */
export async function selectExportLines(
  db: Executor,
  f: Omit<MemberOrderFilter, 'limit' | 'offset'>,
  limit: number,
): Promise<ExportLine[]> {
  const { clause, args } = orderFilterClause(f);
  const rs = await db.execute({
    sql: `SELECT o.order_no, o.ordered_at, o.order_status, o.orderer_name, o.orderer_contact1, o.receiver_name,
        o.receiver_contact1, o.receiver_zip_cd, o.receiver_address, o.receiver_detail_address, o.delivery_memo,
        o.pay_type, o.pay_amt, o.delivery_company_type, o.invoice_no, oo.product_name, oo.option_value, oo.order_cnt,
        oo.buy_amt
      FROM orders o JOIN order_options oo ON oo.order_no = o.order_no
      WHERE ${clause} ORDER BY ${ORDER_BY[f.sort ?? 'newest']}, oo.order_option_no LIMIT ?`,
    args: [...args, limit],
  });
  return (rs.rows as unknown as Record<string, unknown>[]).map((r) => ({
    orderNo: String(r.order_no),
    orderedAt: String(r.ordered_at),
    orderStatus: r.order_status as OrderStatus,
    ordererName: String(r.orderer_name),
    ordererContact: String(r.orderer_contact1 ?? ''),
    receiverName: String(r.receiver_name ?? ''),
    receiverContact: String(r.receiver_contact1 ?? ''),
    receiverZipCd: String(r.receiver_zip_cd ?? ''),
    receiverAddress: `${String(r.receiver_address ?? '')} ${String(r.receiver_detail_address ?? '')}`.trim(),
    deliveryMemo: String(r.delivery_memo ?? ''),
    productName: String(r.product_name),
    optionValue: String(r.option_value ?? ''),
    orderCnt: Number(r.order_cnt),
    buyAmt: Number(r.buy_amt),
    payType: String(r.pay_type),
    payAmt: Number(r.pay_amt),
    deliveryCompanyType: r.delivery_company_type == null ? null : String(r.delivery_company_type),
    invoiceNo: r.invoice_no == null ? null : String(r.invoice_no),
  }));
}
