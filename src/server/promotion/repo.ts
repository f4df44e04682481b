import { issueUseEnd, type IssuedCoupon } from '../../lib/coupon-rules.ts';

/**
 * Coupons and points SQL. Changes that must never double (use a coupon, spend points) are guarded
 * UPDATEs whose row count the caller checks, run inside the caller's write transaction.
 */

import type { Executor } from '../db/client.ts';

export type { Executor };

/**
 * The products a restricted coupon (`c`) applies to, comma-separated: those listed, and every
 * product of a listed category or of any of its subcategories, as the tree stands now (decision 026).
 * The pure rules (`appliesToProduct`) then only compare product numbers, on the web and at the counter.
 */
export const COUPON_TARGET_NOS_SQL = `(SELECT GROUP_CONCAT(n) FROM (
    SELECT t.product_no AS n FROM coupon_target_products t WHERE t.coupon_no = c.coupon_no
    UNION
    SELECT pc.product_no FROM product_categories pc WHERE pc.category_no IN (
      WITH RECURSIVE covered(no) AS (
        SELECT tc.category_no FROM coupon_target_categories tc WHERE tc.coupon_no = c.coupon_no
        UNION SELECT k.category_no FROM categories k JOIN covered ON k.parent_no = covered.no)
      SELECT no FROM covered)))`;

const ISSUE_COLUMNS = `ci.coupon_issue_no, ci.member_no, ci.status, ci.issued_at, ci.use_end_at, ci.used_order_no,
  c.coupon_no, c.coupon_name, c.coupon_type, c.coupon_target_type, c.discount_unit, c.discount_value,
  c.max_discount_amt, c.min_order_amt,
  ${COUPON_TARGET_NOS_SQL} AS target_nos`;

interface IssueRow {
  coupon_issue_no: number;
  member_no: number;
  status: IssuedCoupon['status'];
  issued_at: string;
  use_end_at: string;
  used_order_no: string | null;
  coupon_no: number;
  coupon_name: string;
  coupon_type: IssuedCoupon['couponType'];
  coupon_target_type: IssuedCoupon['targetType'];
  discount_unit: IssuedCoupon['discountUnit'];
  discount_value: number;
  max_discount_amt: number;
  min_order_amt: number;
  target_nos: string | null;
}

export type IssuedCouponRow = IssuedCoupon & { usedOrderNo: string | null };

const toIssued = (r: IssueRow): IssuedCouponRow => ({
  couponIssueNo: r.coupon_issue_no,
  memberNo: r.member_no,
  status: r.status,
  issuedAt: r.issued_at,
  useEndAt: r.use_end_at,
  usedOrderNo: r.used_order_no,
  couponNo: r.coupon_no,
  couponName: r.coupon_name,
  couponType: r.coupon_type,
  targetType: r.coupon_target_type,
  targetProductNos: r.target_nos ? r.target_nos.split(',').map(Number) : [],
  discountUnit: r.discount_unit,
  discountValue: r.discount_value,
  maxDiscountAmt: r.max_discount_amt,
  minOrderAmt: r.min_order_amt,
});

/** The member's coupons; `usableAt`: only those still ISSUED and not expired at that time. */
export async function selectMemberCoupons(
  db: Executor,
  memberNo: number,
  usableAt?: string,
): Promise<IssuedCouponRow[]> {
  const usable = usableAt ? " AND ci.status = 'ISSUED' AND ci.use_end_at > ?" : '';
  const rs = await db.execute({
    sql: `SELECT ${ISSUE_COLUMNS} FROM coupon_issues ci JOIN coupons c ON c.coupon_no = ci.coupon_no
      WHERE ci.member_no = ?${usable} AND ci.status <> 'WITHDRAWN' ORDER BY ci.use_end_at, ci.coupon_issue_no`,
    args: usableAt ? [memberNo, usableAt] : [memberNo],
  });
  return (rs.rows as unknown as IssueRow[]).map(toIssued);
}

export async function selectIssuedCoupons(
  db: Executor,
  issueNos: readonly number[],
): Promise<IssuedCouponRow[]> {
  if (issueNos.length === 0) return [];
  const rs = await db.execute({
    sql: `SELECT ${ISSUE_COLUMNS} FROM coupon_issues ci JOIN coupons c ON c.coupon_no = ci.coupon_no
      WHERE ci.coupon_issue_no IN (${issueNos.map(() => '?').join(', ')})`,
    args: [...issueNos],
  });
  return (rs.rows as unknown as IssueRow[]).map(toIssued);
}

export interface CouponRow {
  coupon_no: number;
  coupon_name: string;
  coupon_type: 'PRODUCT' | 'CART';
  coupon_target_type: 'ALL_PRODUCT' | 'PRODUCT';
  discount_unit: 'WON' | 'RATE';
  discount_value: number;
  max_discount_amt: number;
  min_order_amt: number;
  downloadable: number;
  issue_start_at: string;
  issue_end_at: string | null;
  use_end_at: string | null;
  use_days: number | null;
  issue_per_member_limit: number;
  total_issue_limit: number | null;
  issued_cnt: number;
  target_nos: string | null;
  my_issued_cnt: number;
}

const COUPON_COLUMNS = `c.coupon_no, c.coupon_name, c.coupon_type, c.coupon_target_type, c.discount_unit, c.discount_value,
  c.max_discount_amt, c.min_order_amt, c.downloadable, c.issue_start_at, c.issue_end_at, c.use_end_at, c.use_days,
  c.issue_per_member_limit, c.total_issue_limit, c.issued_cnt,
  ${COUPON_TARGET_NOS_SQL} AS target_nos,
  (SELECT COUNT(*) FROM coupon_issues mi WHERE mi.coupon_no = c.coupon_no AND mi.member_no = :member) AS my_issued_cnt`;

/** Active coupons within their issue period at `now` (downloadable ones only, unless `all`). */
export async function selectIssuableCoupons(
  db: Executor,
  now: string,
  memberNo: number | null,
  opts: { all?: boolean; couponNo?: number } = {},
): Promise<CouponRow[]> {
  const where = [
    'c.active = 1',
    'c.issue_start_at <= :now',
    '(c.issue_end_at IS NULL OR c.issue_end_at > :now)',
    '(c.use_end_at IS NULL OR c.use_end_at > :now)',
  ];
  if (!opts.all) where.push('c.downloadable = 1');
  if (opts.couponNo !== undefined) where.push('c.coupon_no = :coupon');
  const rs = await db.execute({
    sql: `SELECT ${COUPON_COLUMNS} FROM coupons c WHERE ${where.join(' AND ')} ORDER BY c.coupon_no`,
    args: { now, member: memberNo ?? 0, coupon: opts.couponNo ?? 0 },
  });
  return rs.rows as unknown as CouponRow[];
}

/**
 * Issues one coupon to a member, guarded on the total limit (in the same statement that counts
 * it) and on the per-member limit (read inside the caller's write transaction). False: none left.
 */
export async function takeFromIssueLimit(db: Executor, couponNo: number): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE coupons SET issued_cnt = issued_cnt + 1
      WHERE coupon_no = ? AND (total_issue_limit IS NULL OR issued_cnt < total_issue_limit)`,
    args: [couponNo],
  });
  return rs.rowsAffected === 1;
}

export async function countIssuedTo(db: Executor, couponNo: number, memberNo: number): Promise<number> {
  const rs = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM coupon_issues WHERE coupon_no = ? AND member_no = ?',
    args: [couponNo, memberNo],
  });
  return Number(rs.rows[0]?.n ?? 0);
}

export async function insertIssue(
  db: Executor,
  couponNo: number,
  memberNo: number,
  issuedAt: string,
  useEndAt: string,
): Promise<number> {
  const rs = await db.execute({
    sql: `INSERT INTO coupon_issues (coupon_no, member_no, status, issued_at, use_end_at)
      VALUES (?, ?, 'ISSUED', ?, ?) RETURNING coupon_issue_no`,
    args: [couponNo, memberNo, issuedAt, useEndAt],
  });
  return Number(rs.rows[0]?.coupon_issue_no);
}

/** ISSUED → USED for this order; false when it was not ISSUED (used meanwhile) or not the member's. */
export async function useCoupon(
  db: Executor,
  couponIssueNo: number,
  memberNo: number,
  orderNo: string,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE coupon_issues SET status = 'USED', used_at = ?, used_order_no = ?
      WHERE coupon_issue_no = ? AND member_no = ? AND status = 'ISSUED'`,
    args: [now, orderNo, couponIssueNo, memberNo],
  });
  return rs.rowsAffected === 1;
}

/** One coupon USED by this order → ISSUED again (a claim left nothing it discounted); false if it was not. */
export async function restoreCoupon(db: Executor, couponIssueNo: number, orderNo: string): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE coupon_issues SET status = 'ISSUED', used_at = NULL, used_order_no = NULL
      WHERE coupon_issue_no = ? AND used_order_no = ? AND status = 'USED'`,
    args: [couponIssueNo, orderNo],
  });
  return rs.rowsAffected === 1;
}

/** USED by this order → ISSUED again (the order was cancelled). */
export async function restoreCoupons(db: Executor, orderNo: string): Promise<number> {
  const rs = await db.execute({
    sql: `UPDATE coupon_issues SET status = 'ISSUED', used_at = NULL, used_order_no = NULL
      WHERE used_order_no = ? AND status = 'USED'`,
    args: [orderNo],
  });
  return rs.rowsAffected;
}

// ------------------------------------------------------------------------------ points

export async function selectBalance(db: Executor, memberNo: number): Promise<number> {
  const rs = await db.execute({
    sql: 'SELECT balance FROM accumulation_balances WHERE member_no = ?',
    args: [memberNo],
  });
  return Number(rs.rows[0]?.balance ?? 0);
}

export interface LedgerEntry {
  memberNo: number;
  amount: number;
  reason: string;
  reasonDetail?: string;
  orderNo?: string | null;
  /** The claim (cancel, return) that gives the points back: one entry per order, reason and claim. */
  claimNo?: number | null;
  now: string;
}

async function insertEntry(db: Executor, e: LedgerEntry, status: 'GIVE' | 'SUBTRACTION'): Promise<void> {
  await db.execute({
    sql: `INSERT INTO accumulations (member_no, accumulation_status, accumulation_amt, balance_after, reason, reason_detail, order_no, claim_no, created_at)
      VALUES (?, ?, ?, (SELECT balance FROM accumulation_balances WHERE member_no = ?), ?, ?, ?, ?, ?)`,
    args: [
      e.memberNo,
      status,
      e.amount,
      e.memberNo,
      e.reason,
      e.reasonDetail ?? '',
      e.orderNo ?? null,
      e.claimNo ?? null,
      e.now,
    ],
  });
}

/** Adds points (creating the balance row on first use) and records the entry. */
export async function givePoints(db: Executor, e: LedgerEntry): Promise<void> {
  await db.execute({
    sql: `INSERT INTO accumulation_balances (member_no, balance, updated_at) VALUES (?, ?, ?)
      ON CONFLICT (member_no) DO UPDATE SET balance = balance + excluded.balance, updated_at = excluded.updated_at`,
    args: [e.memberNo, e.amount, e.now],
  });
  await insertEntry(db, e, 'GIVE');
}

/** Spends points only if the balance covers them (guarded); false otherwise, and nothing changes. */
export async function subtractPoints(db: Executor, e: LedgerEntry): Promise<boolean> {
  const rs = await db.execute({
    sql: 'UPDATE accumulation_balances SET balance = balance - ?, updated_at = ? WHERE member_no = ? AND balance >= ?',
    args: [e.amount, e.now, e.memberNo, e.amount],
  });
  if (rs.rowsAffected !== 1) return false;
  await insertEntry(db, e, 'SUBTRACTION');
  return true;
}

export interface LedgerRow {
  accumulation_no: number;
  accumulation_status: 'GIVE' | 'SUBTRACTION';
  accumulation_amt: number;
  balance_after: number;
  reason: string;
  reason_detail: string;
  order_no: string | null;
  created_at: string;
}

export async function selectLedger(
  db: Executor,
  memberNo: number,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: LedgerRow[] }> {
  const [count, page] = await Promise.all([
    db.execute({ sql: 'SELECT COUNT(*) AS n FROM accumulations WHERE member_no = ?', args: [memberNo] }),
    db.execute({
      sql: `SELECT accumulation_no, accumulation_status, accumulation_amt, balance_after, reason, reason_detail, order_no, created_at
        FROM accumulations WHERE member_no = ? ORDER BY accumulation_no DESC LIMIT ? OFFSET ?`,
      args: [memberNo, limit, offset],
    }),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: page.rows as unknown as LedgerRow[] };
}

/**
 * The sign-up step (decision 024): every running coupon marked `issue_on_signup` (active, within
 * its issue period, use end not past) given to the new member in the join's own transaction. One
 * whose total limit is used up is skipped (the join never fails for a coupon); answers the issues.
 */
export async function issueSignupCoupons(db: Executor, memberNo: number, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const rs = await db.execute({
    sql: `SELECT coupon_no, use_end_at, use_days FROM coupons
      WHERE issue_on_signup = 1 AND active = 1 AND issue_start_at <= :now
        AND (issue_end_at IS NULL OR issue_end_at > :now) AND (use_end_at IS NULL OR use_end_at > :now)
      ORDER BY coupon_no`,
    args: { now: at },
  });
  const issued: number[] = [];
  for (const r of rs.rows) {
    const couponNo = Number(r.coupon_no);
    if (!(await takeFromIssueLimit(db, couponNo))) continue;
    const useEndAt = issueUseEnd(now, {
      useEndAt: (r.use_end_at as string | null) ?? null,
      useDays: r.use_days === null ? null : Number(r.use_days),
    });
    issued.push(await insertIssue(db, couponNo, memberNo, at, useEndAt));
  }
  return issued;
}

/** The sign-up coupons a member was given (coupons flagged `issue_on_signup`), newest issue first. */
export async function selectSignupIssues(
  db: Executor,
  memberNo: number,
): Promise<
  {
    couponName: string;
    discountUnit: 'WON' | 'RATE';
    discountValue: number;
    maxDiscountAmt: number;
    useEndAt: string;
  }[]
> {
  const rs = await db.execute({
    sql: `SELECT c.coupon_name, c.discount_unit, c.discount_value, c.max_discount_amt, i.use_end_at
          FROM coupon_issues i JOIN coupons c ON c.coupon_no = i.coupon_no
          WHERE i.member_no = ? AND c.issue_on_signup = 1
          ORDER BY i.coupon_issue_no DESC`,
    args: [memberNo],
  });
  return rs.rows.map((r) => ({
    couponName: String(r.coupon_name),
    discountUnit: r.discount_unit as 'WON' | 'RATE',
    discountValue: Number(r.discount_value),
    maxDiscountAmt: Number(r.max_discount_amt),
    useEndAt: String(r.use_end_at),
  }));
}

/** The welcome points of every new member (promotion_settings `signup_points`; 0 when never set). */
export async function selectSignupPoints(db: Executor): Promise<number> {
  const rs = await db.execute(
    "SELECT setting_value FROM promotion_settings WHERE setting_key = 'signup_points'",
  );
  return Number(rs.rows[0]?.setting_value ?? 0);
}

export async function putSignupPoints(db: Executor, amount: number, now: string): Promise<void> {
  await db.execute({
    sql: `INSERT INTO promotion_settings (setting_key, setting_value, updated_at) VALUES ('signup_points', ?, ?)
          ON CONFLICT (setting_key) DO UPDATE SET setting_value = excluded.setting_value, updated_at = excluded.updated_at`,
    args: [amount, now],
  });
}

/** The welcome points a member got at the join (their ADD_SIGNUP ledger line), 0 when none. */
export async function selectSignupPointsGiven(db: Executor, memberNo: number): Promise<number> {
  const rs = await db.execute({
    sql: "SELECT coalesce(sum(accumulation_amt), 0) AS amt FROM accumulations WHERE member_no = ? AND reason = 'ADD_SIGNUP'",
    args: [memberNo],
  });
  return Number(rs.rows[0]?.amt ?? 0);
}

/** The join's welcome points, in the join's transaction (nothing when the owner set none). */
export async function giveSignupPoints(db: Executor, memberNo: number, now: Date): Promise<number> {
  const amount = await selectSignupPoints(db);
  if (amount <= 0) return 0;
  await givePoints(db, {
    memberNo,
    amount,
    reason: 'ADD_SIGNUP',
    reasonDetail: '회원 가입 축하 적립금',
    now: now.toISOString(),
  });
  return amount;
}
