import { utcBounds } from '../../lib/order-claims.ts';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { formatWon } from '../../lib/money.ts';
import { counterItems } from '../catalog/index.ts';
import { listOrdersForManager } from '../claim/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { saleByNo, type CounterSale } from './sales.ts';
import { storeOf, type Store } from './staff.ts';

/**
 * Counter sales as the order histories read them (issue 14): the counter's sale detail with its
 * refunds, a member's own purchases for my page (lines included, newest first, by Seoul dates) and
 * every store's sales for the back office, alone or beside the web orders (through the claim
 * module's manager list) with the channel each row came from.
 */

export type SaleStatus = CounterSale['status'];
export type PayMethod = CounterSale['payments'][number]['method'];

/** The words the screens use for a sale's status and a payment method. */
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  PAID: '결제완료',
  PARTIALLY_REFUNDED: '부분환불',
  REFUNDED: '환불완료',
};
export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  CASH: '현금',
  CARD: '카드',
  KAKAO_PAY: '카카오페이',
};
export const CASH_RECEIPT_LABELS = { INCOME: '소득공제', EXPENSE: '지출증빙' } as const;

export const isSaleStatus = (v: unknown): v is SaleStatus =>
  v === 'PAID' || v === 'PARTIALLY_REFUNDED' || v === 'REFUNDED';

/** `P20261125-0007`, the form the counter gives its sales. */
export const SALE_NO_PATTERN = /^P\d{8}-\d{4,}$/;

/** 010-****-5678 for a phone number, the business number as it is (it is printed on receipts anyway). */
export function maskReceiptNo(no: string | null): string {
  if (!no) return '';
  if (/^01\d{8,9}$/.test(no)) return `${no.slice(0, 3)}-****-${no.slice(-4)}`;
  if (/^\d{10}$/.test(no)) return `${no.slice(0, 3)}-${no.slice(3, 5)}-${no.slice(5)}`;
  return `${'*'.repeat(Math.max(0, no.length - 4))}${no.slice(-4)}`;
}

export interface SaleRefund {
  refundNo: number;
  createdAt: string;
  staffName: string;
  reason: string;
  /** The money given back (points not included). */
  amount: number;
  pointsBack: number;
  pointsTaken: number;
  lines: { lineNo: number; qty: number; amount: number; productName: string; optionLabel: string }[];
  payments: { paymentNo: number; method: PayMethod; amount: number; cancelNo: string | null }[];
}

export interface SaleHistory extends CounterSale {
  store: Store | null;
  refunds: SaleRefund[];
  /** Points the sale used that refunds have not given back yet. */
  pointsLeft: number;
}

function parseJsonArray(text: unknown): Record<string, unknown>[] {
  try {
    const v = JSON.parse(String(text)) as unknown;
    return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
  } catch {
    return [];
  }
}

/** The refunds made of a sale, oldest first, each naming the lines and methods it went back to. */
export async function refundsOfSale(
  db: Executor,
  sale: Pick<CounterSale, 'saleNo' | 'lines'>,
): Promise<SaleRefund[]> {
  const rs = await db.execute({
    sql: 'SELECT * FROM pos_refunds WHERE sale_no = ? ORDER BY refund_no',
    args: [sale.saleNo],
  });
  return rs.rows.map((r) => ({
    refundNo: Number(r.refund_no),
    createdAt: String(r.created_at),
    staffName: String(r.staff_name),
    reason: String(r.reason),
    amount: Number(r.amount),
    pointsBack: Number(r.points_back),
    pointsTaken: Number(r.points_taken),
    lines: parseJsonArray(r.lines).map((l) => {
      const line = sale.lines.find((x) => x.lineNo === Number(l.lineNo));
      return {
        lineNo: Number(l.lineNo),
        qty: Number(l.qty),
        amount: Number(l.amount),
        productName: line?.productName ?? '',
        optionLabel: line?.optionLabel ?? '',
      };
    }),
    payments: parseJsonArray(r.payments).map((p) => ({
      paymentNo: Number(p.paymentNo),
      method: String(p.method) as PayMethod,
      amount: Number(p.amount),
      cancelNo: p.cancelNo == null ? null : String(p.cancelNo),
    })),
  }));
}

async function withHistory(db: Executor, sale: CounterSale): Promise<SaleHistory> {
  const [store, refunds] = await Promise.all([storeOf(db, sale.storeNo), refundsOfSale(db, sale)]);
  const pointsBack = refunds.reduce((a, r) => a + r.pointsBack, 0);
  return { ...sale, store, refunds, pointsLeft: Math.max(0, sale.usedPoints - pointsBack) };
}

/** A sale of this store with its refunds (the counter's detail and refund screens), or null. */
export async function storeSaleDetail(
  db: Executor,
  storeNo: number,
  saleNo: string,
): Promise<SaleHistory | null> {
  if (!SALE_NO_PATTERN.test(saleNo)) return null;
  const sale = await saleByNo(db, saleNo);
  if (!sale || sale.storeNo !== storeNo) return null;
  return withHistory(db, sale);
}

/** The member's own purchase with its refunds; null for anyone else's (my page answers 404). */
export async function memberSaleDetail(
  db: Executor,
  memberNo: number,
  saleNo: string,
): Promise<SaleHistory | null> {
  if (!SALE_NO_PATTERN.test(saleNo)) return null;
  const sale = await saleByNo(db, saleNo);
  if (!sale || sale.memberNo === null || sale.memberNo !== memberNo) return null;
  return withHistory(db, sale);
}

/** Any store's sale for the back office (read only), or null. */
export async function saleForManager(db: Executor, saleNo: string): Promise<SaleHistory | null> {
  if (!SALE_NO_PATTERN.test(saleNo)) return null;
  const sale = await saleByNo(db, saleNo);
  return sale ? withHistory(db, sale) : null;
}

// ------------------------------------------------------------------------------ my page

export interface MemberSaleLine {
  lineNo: number;
  productNo: number;
  productName: string;
  optionLabel: string;
  qty: number;
  refundedQty: number;
  netAmt: number;
  imageUrl: string | null;
}

export interface MemberSale {
  saleNo: string;
  soldAt: string;
  storeName: string;
  status: SaleStatus;
  payAmt: number;
  refundedAmt: number;
  usedPoints: number;
  earnedPoints: number;
  methods: PayMethod[];
  lines: MemberSaleLine[];
}

/** A Seoul date range (both ends included) as the sold_at bounds, or none. */
function rangeWhere(
  range: { startYmd: string; endYmd: string } | undefined,
  where: string[],
  args: string[],
) {
  if (!range) return;
  const { from, to } = utcBounds(range.startYmd, range.endYmd);
  where.push('s.sold_at >= ? AND s.sold_at < ?');
  args.push(from, to);
}

/** How many counter purchases the member made in the range (my page's tab). */
export async function memberSaleCount(
  db: Executor,
  memberNo: number,
  range?: { startYmd: string; endYmd: string },
): Promise<number> {
  const where = ['s.member_no = ?'];
  const args: (string | number)[] = [memberNo];
  const more: string[] = [];
  rangeWhere(range, where, more);
  const rs = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM pos_sales s WHERE ${where.join(' AND ')}`,
    args: [...args, ...more],
  });
  return Number(rs.rows[0]?.n ?? 0);
}

/** The member's counter purchases with their lines, newest first, in a Seoul date range. */
export async function memberSaleHistory(
  db: Executor,
  memberNo: number,
  q: { startYmd?: string; endYmd?: string; pageNumber: number; pageSize: number },
): Promise<{ totalCount: number; items: MemberSale[] }> {
  const range = q.startYmd && q.endYmd ? { startYmd: q.startYmd, endYmd: q.endYmd } : undefined;
  const where = ['s.member_no = ?'];
  const more: string[] = [];
  rangeWhere(range, where, more);
  const args = [memberNo, ...more];
  const [count, rows] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM pos_sales s WHERE ${where.join(' AND ')}`, args }),
    db.execute({
      sql: `SELECT s.sale_no, s.sold_at, s.status, s.pay_amt, s.refunded_amt, s.used_points, s.earned_points,
          st.store_name,
          (SELECT group_concat(DISTINCT p.method) FROM pos_payments p WHERE p.sale_no = s.sale_no) AS methods
        FROM pos_sales s LEFT JOIN stores st ON st.store_no = s.store_no
        WHERE ${where.join(' AND ')} ORDER BY s.sold_at DESC, s.sale_no DESC LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  const saleNos = rows.rows.map((r) => String(r.sale_no));
  const lines =
    saleNos.length === 0
      ? { rows: [] }
      : await db.execute({
          sql: `SELECT * FROM pos_sale_lines WHERE sale_no IN (${saleNos.map(() => '?').join(', ')})
            ORDER BY line_no`,
          args: saleNos,
        });
  const images = await counterItems(
    db,
    lines.rows.map((l) => Number(l.option_no)),
  );
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    items: rows.rows.map((r) => ({
      saleNo: String(r.sale_no),
      soldAt: String(r.sold_at),
      storeName: String(r.store_name ?? ''),
      status: String(r.status) as SaleStatus,
      payAmt: Number(r.pay_amt),
      refundedAmt: Number(r.refunded_amt),
      usedPoints: Number(r.used_points),
      earnedPoints: Number(r.earned_points),
      methods: r.methods ? (String(r.methods).split(',') as PayMethod[]) : [],
      lines: lines.rows
        .filter((l) => String(l.sale_no) === String(r.sale_no))
        .map((l) => ({
          lineNo: Number(l.line_no),
          productNo: Number(l.product_no),
          productName: String(l.product_name),
          optionLabel: String(l.option_label ?? ''),
          qty: Number(l.qty),
          refundedQty: Number(l.refunded_qty),
          netAmt: Number(l.paid_amt),
          imageUrl: images.get(Number(l.option_no))?.imageUrl ?? null,
        })),
    })),
  };
}

// ------------------------------------------------------------------------------ back office

export interface ManagerSale {
  saleNo: string;
  soldAt: string;
  storeNo: number;
  storeName: string;
  status: SaleStatus;
  staffName: string;
  memberNo: number | null;
  memberName: string | null;
  payAmt: number;
  refundedAmt: number;
  /** "EVA 폼롤러 외 2건". */
  summary: string;
  methods: PayMethod[];
  offline: boolean;
  stockShort: boolean;
}

/**
 * Every store's counter sales for the back office, newest first: by status, store and Seoul date
 * range, with the count of each status (the filter's numbers).
 */
export async function storeSalesForManager(
  db: Executor,
  q: {
    status?: SaleStatus | undefined;
    storeNo?: number | undefined;
    startYmd?: string | undefined;
    endYmd?: string | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ totalCount: number; items: ManagerSale[]; counts: Record<SaleStatus, number> }> {
  const base: string[] = [];
  const baseArgs: (string | number)[] = [];
  if (q.storeNo !== undefined) {
    base.push('s.store_no = ?');
    baseArgs.push(q.storeNo);
  }
  const dates: string[] = [];
  rangeWhere(q.startYmd && q.endYmd ? { startYmd: q.startYmd, endYmd: q.endYmd } : undefined, base, dates);
  baseArgs.push(...dates);
  const where = [...base];
  const args = [...baseArgs];
  if (q.status) {
    where.push('s.status = ?');
    args.push(q.status);
  }
  const sqlWhere = (w: string[]) => (w.length ? `WHERE ${w.join(' AND ')}` : '');
  const [count, byStatus, rows] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM pos_sales s ${sqlWhere(where)}`, args }),
    db.execute({
      sql: `SELECT s.status, COUNT(*) AS n FROM pos_sales s ${sqlWhere(base)} GROUP BY s.status`,
      args: baseArgs,
    }),
    db.execute({
      sql: `SELECT s.sale_no, s.sold_at, s.store_no, st.store_name, s.status, s.staff_name, s.member_no,
          m.member_name, s.pay_amt, s.refunded_amt, s.offline, s.stock_short,
          (SELECT COUNT(*) FROM pos_sale_lines l WHERE l.sale_no = s.sale_no) AS line_count,
          (SELECT l.product_name FROM pos_sale_lines l WHERE l.sale_no = s.sale_no ORDER BY l.line_no LIMIT 1) AS first_name,
          (SELECT group_concat(DISTINCT p.method) FROM pos_payments p WHERE p.sale_no = s.sale_no) AS methods
        FROM pos_sales s
        LEFT JOIN stores st ON st.store_no = s.store_no
        LEFT JOIN members m ON m.member_no = s.member_no
        ${sqlWhere(where)} ORDER BY s.sold_at DESC, s.sale_no DESC LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  const counts: Record<SaleStatus, number> = { PAID: 0, PARTIALLY_REFUNDED: 0, REFUNDED: 0 };
  for (const r of byStatus.rows) {
    const status = String(r.status);
    if (isSaleStatus(status)) counts[status] = Number(r.n);
  }
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    counts,
    items: rows.rows.map((r) => {
      const lines = Number(r.line_count ?? 0);
      return {
        saleNo: String(r.sale_no),
        soldAt: String(r.sold_at),
        storeNo: Number(r.store_no),
        storeName: String(r.store_name ?? ''),
        status: String(r.status) as SaleStatus,
        staffName: String(r.staff_name),
        memberNo: r.member_no == null ? null : Number(r.member_no),
        memberName: r.member_name == null ? null : String(r.member_name),
        payAmt: Number(r.pay_amt),
        refundedAmt: Number(r.refunded_amt),
        summary: lines > 1 ? `${String(r.first_name)} 외 ${lines - 1}건` : String(r.first_name ?? ''),
        methods: r.methods ? (String(r.methods).split(',') as PayMethod[]) : [],
        offline: Number(r.offline) === 1,
        stockShort: Number(r.stock_short) === 1,
      };
    }),
  };
}

/** A row of the back office's order list, whichever channel it came from. */
export interface ChannelOrderRow {
  channel: 'ONLINE' | 'STORE';
  /** The web order number or the counter's sale number. */
  no: string;
  /** Seoul "yyyy-MM-dd HH:mm:ss": both channels sort together. */
  ymdt: string;
  who: string;
  summary: string;
  payAmt: number;
  statusLabel: string;
  /** The invoice of a shipped order; the store, methods, refunds and marks of a sale. */
  note: string | null;
}

type OnlineItem = Awaited<ReturnType<typeof listOrdersForManager>>['items'][number];

/** An online order as a row; `paid`: its time is when it was paid (a list by payment day). */
export function onlineOrderRow(o: OnlineItem, time: 'ordered' | 'paid' = 'ordered'): ChannelOrderRow {
  return {
    channel: 'ONLINE',
    no: o.orderNo,
    ymdt: time === 'paid' ? (o.paidYmdt ?? '') : o.orderYmdt,
    who: o.ordererName,
    summary: o.summary,
    payAmt: o.payAmt,
    statusLabel: o.orderStatusLabel,
    note: o.invoiceNo ? `${o.deliveryCompanyTypeLabel ?? ''} ${o.invoiceNo}`.trim() : null,
  };
}

export function storeSaleRow(s: ManagerSale): ChannelOrderRow {
  const note = [
    s.storeName,
    s.methods.map((m) => PAY_METHOD_LABELS[m] ?? m).join('+'),
    s.refundedAmt > 0 ? `환불 ${formatWon(s.refundedAmt)}` : '',
    s.offline ? '오프라인' : '',
    s.stockShort ? '재고 부족' : '',
  ].filter(Boolean);
  return {
    channel: 'STORE',
    no: s.saleNo,
    ymdt: toShopbyYmdt(s.soldAt),
    who: s.memberName ? `${s.memberName} (회원)` : '비회원',
    summary: s.summary,
    payAmt: s.payAmt,
    statusLabel: SALE_STATUS_LABELS[s.status],
    note: note.length ? note.join(' · ') : null,
  };
}

/** The merged list reads the first pages of both channels; deeper pages are asked of one channel. */
export const MAX_MERGED_PAGE = 25;

/**
 * Web orders (every status) and counter sales (every store) in one list, newest first: the first
 * `pageNumber` pages of each, merged by time. Pages past MAX_MERGED_PAGE answer no rows
 * (`tooDeep`), the list stays cheap.
 */
export async function ordersOfBothChannels(
  db: Db,
  q: { pageNumber: number; pageSize: number },
): Promise<{ totalCount: number; pageCount: number; tooDeep: boolean; items: ChannelOrderRow[] }> {
  const tooDeep = q.pageNumber > MAX_MERGED_PAGE;
  const upTo = Math.min(q.pageNumber, MAX_MERGED_PAGE) * q.pageSize;
  const [online, counter] = await Promise.all([
    listOrdersForManager(db, { pageNumber: 1, pageSize: upTo }),
    storeSalesForManager(db, { pageNumber: 1, pageSize: upTo }),
  ]);
  const totalCount = online.totalCount + counter.totalCount;
  const rows = [...online.items.map((o) => onlineOrderRow(o)), ...counter.items.map(storeSaleRow)].sort(
    (a, b) => (a.ymdt === b.ymdt ? b.no.localeCompare(a.no) : b.ymdt.localeCompare(a.ymdt)),
  );
  return {
    totalCount,
    pageCount: Math.min(MAX_MERGED_PAGE, Math.max(1, Math.ceil(totalCount / q.pageSize))),
    tooDeep,
    items: tooDeep ? [] : rows.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize),
  };
}
