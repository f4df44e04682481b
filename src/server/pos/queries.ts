import type { CounterCoupon } from '../../lib/pos/cart.ts';
import type { Db, Executor } from '../db/client.ts';
import { findMemberByEmailOrMobile } from '../member/index.ts';
import { promotionSteps } from '../promotion/index.ts';

/** Lists of counter sales (the counter's order list, a member's purchases) and the member lookup. */

export interface SaleSummary {
  saleNo: string;
  soldAt: string;
  status: 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  staffName: string;
  memberNo: number | null;
  memberName: string | null;
  payAmt: number;
  refundedAmt: number;
  itemCount: number;
  /** "EVA 폼롤러 외 2건". */
  summary: string;
  methods: string[];
  offline: boolean;
  stockShort: boolean;
}

const SUMMARY_SELECT = `SELECT s.sale_no, s.sold_at, s.status, s.staff_name, s.member_no, m.member_name, s.pay_amt,
    s.refunded_amt, s.offline, s.stock_short,
    (SELECT SUM(l.qty) FROM pos_sale_lines l WHERE l.sale_no = s.sale_no) AS item_count,
    (SELECT COUNT(*) FROM pos_sale_lines l WHERE l.sale_no = s.sale_no) AS line_count,
    (SELECT l.product_name FROM pos_sale_lines l WHERE l.sale_no = s.sale_no ORDER BY l.line_no LIMIT 1) AS first_name,
    (SELECT group_concat(DISTINCT p.method) FROM pos_payments p WHERE p.sale_no = s.sale_no) AS methods
  FROM pos_sales s LEFT JOIN members m ON m.member_no = s.member_no`;

function toSummary(r: Record<string, unknown>): SaleSummary {
  const lines = Number(r.line_count ?? 0);
  return {
    saleNo: String(r.sale_no),
    soldAt: String(r.sold_at),
    status: String(r.status) as SaleSummary['status'],
    staffName: String(r.staff_name),
    memberNo: r.member_no == null ? null : Number(r.member_no),
    memberName: r.member_name == null ? null : String(r.member_name),
    payAmt: Number(r.pay_amt),
    refundedAmt: Number(r.refunded_amt),
    itemCount: Number(r.item_count ?? 0),
    summary: lines > 1 ? `${String(r.first_name)} 외 ${lines - 1}건` : String(r.first_name ?? ''),
    methods: r.methods ? String(r.methods).split(',') : [],
    offline: Number(r.offline) === 1,
    stockShort: Number(r.stock_short) === 1,
  };
}

/** A store's counter sales, newest first: of a day (Asia/Seoul, `2026-11-25`) or all, by sale number. */
export async function listSales(
  db: Executor,
  q: {
    storeNo: number;
    date?: string | undefined;
    saleNo?: string | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ totalCount: number; items: SaleSummary[] }> {
  const where = ['s.store_no = ?'];
  const args: (string | number)[] = [q.storeNo];
  if (q.date) {
    // the Seoul day as UTC bounds
    const from = new Date(`${q.date}T00:00:00+09:00`).toISOString();
    const to = new Date(new Date(`${q.date}T00:00:00+09:00`).getTime() + 86_400_000).toISOString();
    where.push('s.sold_at >= ? AND s.sold_at < ?');
    args.push(from, to);
  }
  if (q.saleNo) {
    where.push("s.sale_no LIKE ? ESCAPE '\\'");
    args.push(`%${q.saleNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const [count, rows] = await Promise.all([
    db.execute({ sql: `SELECT COUNT(*) AS n FROM pos_sales s WHERE ${where.join(' AND ')}`, args }),
    db.execute({
      sql: `${SUMMARY_SELECT} WHERE ${where.join(' AND ')} ORDER BY s.sold_at DESC, s.sale_no DESC LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    items: rows.rows.map((r) => toSummary(r as Record<string, unknown>)),
  };
}

/** A member's counter purchases, newest first (my page lists them beside the web orders). */
export async function memberCounterSales(
  db: Executor,
  memberNo: number,
  q: { pageNumber: number; pageSize: number },
): Promise<{ totalCount: number; items: SaleSummary[] }> {
  const [count, rows] = await Promise.all([
    db.execute({ sql: 'SELECT COUNT(*) AS n FROM pos_sales WHERE member_no = ?', args: [memberNo] }),
    db.execute({
      sql: `${SUMMARY_SELECT} WHERE s.member_no = ? ORDER BY s.sold_at DESC LIMIT ? OFFSET ?`,
      args: [memberNo, q.pageSize, (q.pageNumber - 1) * q.pageSize],
    }),
  ]);
  return {
    totalCount: Number(count.rows[0]?.n ?? 0),
    items: rows.rows.map((r) => toSummary(r as Record<string, unknown>)),
  };
}

export interface CounterMember {
  memberNo: number;
  /** 홍*동: enough for the staff to ask "홍길동 님 맞으세요?", no more. */
  maskedName: string;
  /** 010-****-5678. */
  maskedMobile: string;
  points: number;
  /** Coupons the member can use now (issued, not used, not expired). */
  coupons: CounterCoupon[];
}

export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Members with this mobile number (the customer says it at the counter), with their points. */
export async function membersByPhone(db: Db, phone: string): Promise<CounterMember[]> {
  const digits = phone.replace(/\D/g, '');
  if (!/^01\d{8,9}$/.test(digits)) return [];
  const found = await findMemberByEmailOrMobile(db, { mobileNo: digits });
  const active = found.filter((m) => m.memberStatus === 'ACTIVE');
  return Promise.all(
    active.map(async (m) => ({
      memberNo: m.memberNo,
      maskedName: maskName(m.memberName ?? ''),
      maskedMobile: `${digits.slice(0, 3)}-****-${digits.slice(-4)}`,
      points: await promotionSteps.selectBalance(db, m.memberNo),
      coupons: (await promotionSteps.selectMemberCoupons(db, m.memberNo, new Date().toISOString())).map(
        (c): CounterCoupon => ({
          couponIssueNo: c.couponIssueNo,
          couponNo: c.couponNo,
          couponName: c.couponName,
          couponType: c.couponType,
          targetType: c.targetType,
          targetProductNos: c.targetProductNos,
          discountUnit: c.discountUnit,
          discountValue: c.discountValue,
          maxDiscountAmt: c.maxDiscountAmt,
          minOrderAmt: c.minOrderAmt,
          useEndAt: c.useEndAt,
        }),
      ),
    })),
  );
}
