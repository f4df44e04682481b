import type { Executor } from '../db/client.ts';

/**
 * Sales figures of a period (issue 14, /test/pos/sales): by day, by hour, by product, by the
 * counter's payment methods and by channel — the store's counter sales beside the web shop's paid
 * orders. Days and hours are Asia/Seoul (UTC+9, no daylight saving); amounts are integer won.
 *
 * What counts, and when:
 * - A counter sale counts on the day it was sold (`pos_sales.sold_at`, the counter's clock), a web
 *   order on the day it was paid (`orders.paid_at`, set when it reached PAY_DONE). An order that
 *   was paid and later cancelled still counts as a sale on its paid day: its cancel is a refund.
 * - A refund counts on the day it was made, whatever day the sale was: a counter refund at
 *   `pos_refunds.created_at`; a web cancel claim when it was recorded (`claims.created_at`: stock,
 *   points and the refund owed are committed then); a web return when a manager approved it
 *   (`claims.decided_at`); an order the payment provider cancelled (`failure_code =
 *   'PAYMENT_CANCELLED'`, no claim) at `orders.canceled_at`, for what its claims had not refunded.
 *   A claim waiting for the provider's confirmation (`…_PROC_WAITING_REFUND`) is already a refund:
 *   the money is owed and retried until paid.
 * - Refund amounts are money given back; points given back are their own figure.
 *
 * The figures, per channel and together:
 * - gross: the goods at the price they were sold at (counter: catalogue price after its immediate
 *   discount, × qty; web: `standard_amt − immediate_discount_amt`)
 * - discounts: counter line and sale discounts; web product and cart coupons
 * - points used; delivery fees (web)
 * - paid ("net" of a sale): gross − discounts − points + delivery, the money the customers paid
 * - refunds, points given back, net after refunds (paid − refunds), number of sales, average sale
 *   (paid ÷ sales)
 * By product, an amount is the goods after discounts, before points (points pay for the sale as a
 * whole): counter `pos_sale_lines.paid_amt`, web line buy amount less its coupon shares; a
 * product's refunds are the same value of the units that came back.
 *
 * Cross-module read (read-only): the web side reads the order module's `orders` and
 * `order_options` and the claim module's `claims` and `claim_options` here, so one report is a
 * handful of grouped statements over indexed time ranges instead of a walk through two modules'
 * services. It writes nothing. Listed in docs/architecture.md with the other read-only joins.
 *
 * Web orders belong to no store: they are the same whichever store's figures are asked for.
 */

export type SalesChannel = 'COUNTER' | 'WEB';
export type CounterMethod = 'CASH' | 'CARD' | 'KAKAO_PAY';

export const CHANNEL_LABELS: Record<SalesChannel, string> = { COUNTER: '매장', WEB: '온라인' };
export const METHOD_LABELS: Record<CounterMethod, string> = {
  CASH: '현금',
  CARD: '카드',
  KAKAO_PAY: '카카오페이',
};
/** The longest period one report covers (a year and a leap day). */
export const MAX_REPORT_DAYS = 366;

export interface SalesFigures {
  saleCount: number;
  grossAmt: number;
  discountAmt: number;
  pointsUsedAmt: number;
  deliveryAmt: number;
  /** gross − discounts − points + delivery: what the customers paid. */
  paidAmt: number;
  refundCount: number;
  /** Money given back. */
  refundAmt: number;
  refundPointsAmt: number;
  /** paid − refunds. */
  netAmt: number;
  /** paid ÷ sales, rounded to the won (0 without sales). */
  averageSaleAmt: number;
}

/** One channel's share of a day or an hour. */
export interface ChannelSlice {
  saleCount: number;
  paidAmt: number;
  refundCount: number;
  refundAmt: number;
}

export interface PeriodSlice {
  counter: ChannelSlice;
  web: ChannelSlice;
  saleCount: number;
  paidAmt: number;
  refundAmt: number;
  netAmt: number;
}

export interface DayFigures extends PeriodSlice {
  /** `2026-11-25`, Seoul. */
  date: string;
}

export interface HourFigures extends PeriodSlice {
  /** 0–23, Seoul. */
  hour: number;
}

export interface ProductFigures {
  productNo: number;
  productName: string;
  qty: number;
  /** After discounts, before points. */
  amount: number;
  refundQty: number;
  refundAmt: number;
  netAmt: number;
  counterQty: number;
  webQty: number;
}

export interface MethodFigures {
  method: CounterMethod;
  /** Counter sales paid (partly) with the method. */
  saleCount: number;
  amount: number;
  refundCount: number;
  refundAmt: number;
  netAmt: number;
}

export interface SalesReport {
  from: string;
  to: string;
  storeNo: number;
  totals: SalesFigures;
  channels: Record<SalesChannel, SalesFigures>;
  /** Every day of the period, oldest first, days without sales included. */
  days: DayFigures[];
  /** 0 to 23, each hour summed over the period's days. */
  hours: HourFigures[];
  /** Products sold or refunded in the period, the largest amount first. */
  products: ProductFigures[];
  /** The counter's methods, always all three. */
  methods: MethodFigures[];
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-02-30` is not a date; `2026-02-28` is. */
export function isCalendarDate(ymd: string): boolean {
  const m = YMD.exec(ymd);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

const DAY_MS = 86_400_000;

/** The UTC instant (ISO, as stored) that starts a Seoul day. */
function seoulMidnight(ymd: string): string {
  return new Date(`${ymd}T00:00:00+09:00`).toISOString();
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

function addDay(ymd: string): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Statements. `:from`/`:to` are the period's UTC bounds (from included, to excluded), compared
// with the stored ISO strings. Each statement ranges over one time column: pos_sales.sold_at
// (index pos_sales_sold), claims.created_at (claims_status: status, created_at), and
// orders.paid_at, pos_refunds.created_at and claims.decided_at, whose indexes a migration adds
// (orders_paid, pos_refunds_created, claims_decided). `bucket` is the Seoul hour, `2026-11-25 14`.
// ---------------------------------------------------------------------------------------------

const BUCKET = (col: string) => `strftime('%Y-%m-%d %H', ${col}, '+9 hours')`;

const COUNTER_SALES = `SELECT ${BUCKET('sold_at')} AS bucket, COUNT(*) AS n, SUM(goods_amt) AS gross,
    SUM(line_discount_amt + coupon_discount_amt + order_discount_amt) AS discount, SUM(used_points) AS points, 0 AS delivery,
    SUM(pay_amt) AS paid
  FROM pos_sales WHERE sold_at >= :from AND sold_at < :to AND store_no = :store
  GROUP BY bucket`;

const COUNTER_REFUNDS = `SELECT ${BUCKET('r.created_at')} AS bucket, COUNT(*) AS n, SUM(r.amount) AS money,
    SUM(r.points_back) AS points
  FROM pos_refunds r JOIN pos_sales s ON s.sale_no = r.sale_no
  WHERE r.created_at >= :from AND r.created_at < :to AND s.store_no = :store
  GROUP BY bucket`;

/**
 * Orders paid in the period. `paid_at` is written once, by the move to PAY_DONE (order module's
 * completeOrder / markDeposited), and every later status (PRODUCT_PREPARE … BUY_CONFIRM, or
 * CANCEL_DONE after a cancel) keeps it, so the time range alone selects the paid orders (and can
 * use an index on paid_at, which a status list would keep the planner from).
 */
const PAID_ORDER = `o.paid_at >= :from AND o.paid_at < :to`;

const WEB_SALES = `SELECT ${BUCKET('o.paid_at')} AS bucket, COUNT(*) AS n,
    SUM(o.standard_amt - o.immediate_discount_amt) AS gross,
    SUM(o.product_coupon_discount_amt + o.cart_coupon_discount_amt) AS discount,
    SUM(o.used_accumulation_amt) AS points, SUM(o.delivery_amt + o.remote_delivery_amt) AS delivery,
    SUM(o.pay_amt) AS paid
  FROM orders o WHERE ${PAID_ORDER}
  GROUP BY bucket`;

const CANCEL_REFUNDED = `('CANCEL_PROC_WAITING_REFUND', 'CANCEL_DONE', 'CANCEL_NO_REFUND')`;
const RETURN_REFUNDED = `('RETURN_PROC_WAITING_REFUND', 'RETURN_DONE', 'RETURN_NO_REFUND')`;

/**
 * The web shop's refunds of the period: claims that took units back (cancels when recorded,
 * returns when approved) of paid orders, and orders the payment provider cancelled without a
 * claim, for what their claims had not already given back.
 */
const WEB_REFUND_EVENTS = `WITH refund_claims AS (
    SELECT c.claim_no, c.order_no, c.created_at AS at, c.refund_pay_amt AS money, c.refund_sub_pay_amt AS points
    FROM claims c JOIN orders o ON o.order_no = c.order_no
    WHERE c.claim_status IN ${CANCEL_REFUNDED} AND c.created_at >= :from AND c.created_at < :to
      AND o.paid_at IS NOT NULL
    UNION ALL
    SELECT c.claim_no, c.order_no, c.decided_at, c.refund_pay_amt, c.refund_sub_pay_amt
    FROM claims c
    WHERE c.claim_status IN ${RETURN_REFUNDED} AND c.decided_at >= :from AND c.decided_at < :to
  ),
  provider_cancels AS (
    SELECT o.order_no, o.canceled_at AS at,
      MAX(0, o.pay_amt - COALESCE((SELECT SUM(c.refund_pay_amt) FROM claims c WHERE c.order_no = o.order_no
        AND c.claim_status IN ${CANCEL_REFUNDED}), 0)) AS money,
      MAX(0, o.used_accumulation_amt - COALESCE((SELECT SUM(c.refund_sub_pay_amt) FROM claims c
        WHERE c.order_no = o.order_no AND c.claim_status IN ${CANCEL_REFUNDED}), 0)) AS points
    FROM orders o
    WHERE o.order_status = 'CANCEL_DONE' AND o.failure_code = 'PAYMENT_CANCELLED' AND o.paid_at IS NOT NULL
      AND o.canceled_at >= :from AND o.canceled_at < :to
  )`;

const WEB_REFUNDS = `${WEB_REFUND_EVENTS}
  SELECT ${BUCKET('at')} AS bucket, COUNT(*) AS n, SUM(money) AS money, SUM(points) AS points
  FROM (SELECT at, money, points FROM refund_claims UNION ALL SELECT at, money, points FROM provider_cancels)
  GROUP BY bucket`;

const COUNTER_PRODUCTS = `SELECT l.product_no, MAX(l.product_name) AS name, SUM(l.qty) AS qty, SUM(l.paid_amt) AS amount
  FROM pos_sales s JOIN pos_sale_lines l ON l.sale_no = s.sale_no
  WHERE s.sold_at >= :from AND s.sold_at < :to AND s.store_no = :store
  GROUP BY l.product_no`;

const COUNTER_PRODUCT_REFUNDS = `SELECT l.product_no, MAX(l.product_name) AS name,
    SUM(json_extract(j.value, '$.qty')) AS qty, SUM(json_extract(j.value, '$.amount')) AS amount
  FROM pos_refunds r JOIN pos_sales s ON s.sale_no = r.sale_no
    JOIN json_each(r.lines) j
    JOIN pos_sale_lines l ON l.line_no = json_extract(j.value, '$.lineNo') AND l.sale_no = r.sale_no
  WHERE r.created_at >= :from AND r.created_at < :to AND s.store_no = :store
  GROUP BY l.product_no`;

const WEB_PRODUCTS = `SELECT oo.product_no, MAX(oo.product_name) AS name, SUM(oo.order_cnt) AS qty,
    SUM(oo.buy_amt - oo.product_coupon_discount_amt - oo.cart_coupon_discount_amt) AS amount
  FROM orders o JOIN order_options oo ON oo.order_no = o.order_no
  WHERE ${PAID_ORDER}
  GROUP BY oo.product_no`;

const WEB_PRODUCT_REFUNDS = `${WEB_REFUND_EVENTS}
  SELECT product_no, MAX(name) AS name, SUM(qty) AS qty, SUM(amount) AS amount FROM (
    SELECT oo.product_no, oo.product_name AS name, co.cnt AS qty, co.paid_amt AS amount
    FROM refund_claims rc JOIN claim_options co ON co.claim_no = rc.claim_no
      JOIN order_options oo ON oo.order_option_no = co.order_option_no
    UNION ALL
    SELECT oo.product_no, oo.product_name, oo.order_cnt - oo.canceled_cnt - oo.returned_cnt,
      oo.buy_amt - oo.product_coupon_discount_amt - oo.cart_coupon_discount_amt
        - COALESCE((SELECT SUM(co.paid_amt) FROM claim_options co JOIN claims c ON c.claim_no = co.claim_no
            WHERE co.order_option_no = oo.order_option_no AND c.claim_status IN ${CANCEL_REFUNDED}), 0)
    FROM provider_cancels pc JOIN order_options oo ON oo.order_no = pc.order_no
  )
  GROUP BY product_no`;

const COUNTER_METHODS = `SELECT p.method, COUNT(DISTINCT p.sale_no) AS n, SUM(p.amount) AS amount
  FROM pos_sales s JOIN pos_payments p ON p.sale_no = s.sale_no
  WHERE s.sold_at >= :from AND s.sold_at < :to AND s.store_no = :store
  GROUP BY p.method`;

const COUNTER_METHOD_REFUNDS = `SELECT json_extract(j.value, '$.method') AS method, COUNT(DISTINCT r.refund_no) AS n,
    SUM(json_extract(j.value, '$.amount')) AS amount
  FROM pos_refunds r JOIN pos_sales s ON s.sale_no = r.sale_no JOIN json_each(r.payments) j
  WHERE r.created_at >= :from AND r.created_at < :to AND s.store_no = :store
  GROUP BY method`;

// ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;
const num = (v: unknown) => (v == null ? 0 : Number(v));

interface SaleBucket {
  bucket: string;
  n: number;
  gross: number;
  discount: number;
  points: number;
  delivery: number;
  paid: number;
}

interface RefundBucket {
  bucket: string;
  n: number;
  money: number;
  points: number;
}

const saleBucket = (r: Row): SaleBucket => ({
  bucket: String(r.bucket),
  n: num(r.n),
  gross: num(r.gross),
  discount: num(r.discount),
  points: num(r.points),
  delivery: num(r.delivery),
  paid: num(r.paid),
});

const refundBucket = (r: Row): RefundBucket => ({
  bucket: String(r.bucket),
  n: num(r.n),
  money: num(r.money),
  points: num(r.points),
});

function emptyFigures(): SalesFigures {
  return {
    saleCount: 0,
    grossAmt: 0,
    discountAmt: 0,
    pointsUsedAmt: 0,
    deliveryAmt: 0,
    paidAmt: 0,
    refundCount: 0,
    refundAmt: 0,
    refundPointsAmt: 0,
    netAmt: 0,
    averageSaleAmt: 0,
  };
}

function figuresOf(sales: readonly SaleBucket[], refunds: readonly RefundBucket[]): SalesFigures {
  const f = emptyFigures();
  for (const s of sales) {
    f.saleCount += s.n;
    f.grossAmt += s.gross;
    f.discountAmt += s.discount;
    f.pointsUsedAmt += s.points;
    f.deliveryAmt += s.delivery;
    f.paidAmt += s.paid;
  }
  for (const r of refunds) {
    f.refundCount += r.n;
    f.refundAmt += r.money;
    f.refundPointsAmt += r.points;
  }
  return finish(f);
}

function finish(f: SalesFigures): SalesFigures {
  f.netAmt = f.paidAmt - f.refundAmt;
  f.averageSaleAmt = f.saleCount > 0 ? Math.round(f.paidAmt / f.saleCount) : 0;
  return f;
}

function addFigures(a: SalesFigures, b: SalesFigures): SalesFigures {
  const f = emptyFigures();
  for (const k of Object.keys(f) as (keyof SalesFigures)[]) f[k] = a[k] + b[k];
  return finish(f);
}

const emptySlice = (): ChannelSlice => ({ saleCount: 0, paidAmt: 0, refundCount: 0, refundAmt: 0 });

function emptyPeriod(): PeriodSlice {
  return { counter: emptySlice(), web: emptySlice(), saleCount: 0, paidAmt: 0, refundAmt: 0, netAmt: 0 };
}

/** Adds the hour buckets into slices chosen by `keyOf` (the day or the hour of a bucket). */
function spread<K>(
  slices: Map<K, PeriodSlice>,
  keyOf: (bucket: string) => K,
  channel: 'counter' | 'web',
  sales: readonly SaleBucket[],
  refunds: readonly RefundBucket[],
): void {
  for (const s of sales) {
    const slice = slices.get(keyOf(s.bucket));
    if (!slice) continue;
    slice[channel].saleCount += s.n;
    slice[channel].paidAmt += s.paid;
  }
  for (const r of refunds) {
    const slice = slices.get(keyOf(r.bucket));
    if (!slice) continue;
    slice[channel].refundCount += r.n;
    slice[channel].refundAmt += r.money;
  }
}

function settle(slice: PeriodSlice): void {
  slice.saleCount = slice.counter.saleCount + slice.web.saleCount;
  slice.paidAmt = slice.counter.paidAmt + slice.web.paidAmt;
  slice.refundAmt = slice.counter.refundAmt + slice.web.refundAmt;
  slice.netAmt = slice.paidAmt - slice.refundAmt;
}

function productsOf(parts: { channel: SalesChannel; sold: Row[]; refunded: Row[] }[]): ProductFigures[] {
  const byNo = new Map<number, ProductFigures>();
  const get = (r: Row) => {
    const productNo = num(r.product_no);
    let p = byNo.get(productNo);
    if (!p) {
      p = {
        productNo,
        productName: String(r.name ?? ''),
        qty: 0,
        amount: 0,
        refundQty: 0,
        refundAmt: 0,
        netAmt: 0,
        counterQty: 0,
        webQty: 0,
      };
      byNo.set(productNo, p);
    }
    return p;
  };
  for (const part of parts) {
    for (const r of part.sold) {
      const p = get(r);
      p.qty += num(r.qty);
      p.amount += num(r.amount);
      if (part.channel === 'COUNTER') p.counterQty += num(r.qty);
      else p.webQty += num(r.qty);
    }
    for (const r of part.refunded) {
      const p = get(r);
      p.refundQty += num(r.qty);
      p.refundAmt += num(r.amount);
    }
  }
  for (const p of byNo.values()) p.netAmt = p.amount - p.refundAmt;
  return [...byNo.values()].sort((a, b) => b.amount - a.amount || b.qty - a.qty || a.productNo - b.productNo);
}

function methodsOf(sold: Row[], refunded: Row[]): MethodFigures[] {
  return (Object.keys(METHOD_LABELS) as CounterMethod[]).map((method) => {
    const s = sold.find((r) => r.method === method);
    const r = refunded.find((x) => x.method === method);
    const amount = num(s?.amount);
    const refundAmt = num(r?.amount);
    return {
      method,
      saleCount: num(s?.n),
      amount,
      refundCount: num(r?.n),
      refundAmt,
      netAmt: amount - refundAmt,
    };
  });
}

/**
 * The figures of `from`…`to` (Seoul days, both included; checked calendar dates, at most
 * MAX_REPORT_DAYS) for a store's counter and the web shop.
 */
export async function salesReport(
  db: Executor,
  q: { storeNo: number; from: string; to: string },
): Promise<SalesReport> {
  if (!isCalendarDate(q.from) || !isCalendarDate(q.to) || q.from > q.to)
    throw new RangeError(`bad report period ${q.from}…${q.to}`);
  if (daysBetween(q.from, q.to) > MAX_REPORT_DAYS) throw new RangeError('report period too long');
  const args = { from: seoulMidnight(q.from), to: seoulMidnight(addDay(q.to)), store: q.storeNo };
  const counterRun = async (sql: string) => (await db.execute({ sql, args })).rows as unknown as Row[];
  // the web shop's statements take no store
  const webRun = async (sql: string) =>
    (await db.execute({ sql, args: { from: args.from, to: args.to } })).rows as unknown as Row[];

  const [
    counterSales,
    counterRefunds,
    webSales,
    webRefunds,
    counterProducts,
    counterProductRefunds,
    webProducts,
    webProductRefunds,
    methodSales,
    methodRefunds,
  ] = await Promise.all([
    counterRun(COUNTER_SALES),
    counterRun(COUNTER_REFUNDS),
    webRun(WEB_SALES),
    webRun(WEB_REFUNDS),
    counterRun(COUNTER_PRODUCTS),
    counterRun(COUNTER_PRODUCT_REFUNDS),
    webRun(WEB_PRODUCTS),
    webRun(WEB_PRODUCT_REFUNDS),
    counterRun(COUNTER_METHODS),
    counterRun(COUNTER_METHOD_REFUNDS),
  ]);
  const counter = { sales: counterSales.map(saleBucket), refunds: counterRefunds.map(refundBucket) };
  const web = { sales: webSales.map(saleBucket), refunds: webRefunds.map(refundBucket) };

  const channels: Record<SalesChannel, SalesFigures> = {
    COUNTER: figuresOf(counter.sales, counter.refunds),
    WEB: figuresOf(web.sales, web.refunds),
  };

  const dayMap = new Map<string, PeriodSlice>();
  for (let d = q.from; d <= q.to; d = addDay(d)) dayMap.set(d, emptyPeriod());
  const hourMap = new Map<number, PeriodSlice>();
  for (let h = 0; h < 24; h++) hourMap.set(h, emptyPeriod());
  const dayOf = (bucket: string) => bucket.slice(0, 10);
  const hourOf = (bucket: string) => Number(bucket.slice(11, 13));
  spread(dayMap, dayOf, 'counter', counter.sales, counter.refunds);
  spread(dayMap, dayOf, 'web', web.sales, web.refunds);
  spread(hourMap, hourOf, 'counter', counter.sales, counter.refunds);
  spread(hourMap, hourOf, 'web', web.sales, web.refunds);
  for (const s of [...dayMap.values(), ...hourMap.values()]) settle(s);

  return {
    from: q.from,
    to: q.to,
    storeNo: q.storeNo,
    totals: addFigures(channels.COUNTER, channels.WEB),
    channels,
    days: [...dayMap].map(([date, s]) => ({ date, ...s })),
    hours: [...hourMap].map(([hour, s]) => ({ hour, ...s })),
    products: productsOf([
      { channel: 'COUNTER', sold: counterProducts, refunded: counterProductRefunds },
      { channel: 'WEB', sold: webProducts, refunded: webProductRefunds },
    ]),
    methods: methodsOf(methodSales, methodRefunds),
  };
}
