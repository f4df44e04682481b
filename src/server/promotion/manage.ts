import { josa } from 'es-hangul';
import { seoulDayRange, toShopbyYmdt } from '../../lib/dates.ts';
import { formatPhone, phoneDigits } from '../../lib/phone.ts';
import { issueUseEnd } from '../../lib/coupon-rules.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { appError, fieldsError } from '../platform/errors.ts';
import type { CouponCreateInput, PointsAdjustInput } from './manage-schema.ts';
import * as repo from './repo.ts';
import { accumulationLedger } from './service.ts';

/**
 * The back office's promotions (issue 15, decision 024): coupons with their usage figures, made,
 * issued to chosen members and stopped; points granted or deducted by hand with a reason. Every
 * write records its audit line inside its own transaction. Balances are never set: a grant or a
 * deduction is a ledger line through the same guarded functions orders use.
 */

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

export interface ManagedCoupon {
  couponNo: number;
  couponName: string;
  couponType: 'PRODUCT' | 'CART';
  discountUnit: 'WON' | 'RATE';
  discountValue: number;
  maxDiscountAmt: number;
  minOrderAmt: number;
  /** Products chosen one by one. */
  targetProductNos: number[];
  /** Categories chosen: their products and those of their subcategories (decision 026). */
  targetCategoryNos: number[];
  downloadable: boolean;
  /** Given to every new member in the join while it runs. */
  issueOnSignup: boolean;
  issueStartYmdt: string;
  issueEndYmdt: string | null;
  useEndYmdt: string | null;
  useDays: number | null;
  perMemberLimit: number;
  totalLimit: number | null;
  /** Stopped: no more downloads or issues; coupons already issued stay usable (decision 024). */
  stopped: boolean;
  figures: { issued: number; used: number; unused: number; remaining: number | null };
  createdYmdt: string;
}

interface ManagedRow {
  coupon_no: number;
  coupon_name: string;
  coupon_type: 'PRODUCT' | 'CART';
  discount_unit: 'WON' | 'RATE';
  discount_value: number;
  max_discount_amt: number;
  min_order_amt: number;
  downloadable: number;
  issue_on_signup: number;
  issue_start_at: string;
  issue_end_at: string | null;
  use_end_at: string | null;
  use_days: number | null;
  issue_per_member_limit: number;
  total_issue_limit: number | null;
  issued_cnt: number;
  active: number;
  created_at: string;
  target_nos: string | null;
  target_category_nos: string | null;
  used_cnt: number;
  withdrawn_cnt: number;
}

const MANAGED_SQL = `SELECT c.*,
  (SELECT GROUP_CONCAT(t.product_no) FROM coupon_target_products t WHERE t.coupon_no = c.coupon_no) AS target_nos,
  (SELECT GROUP_CONCAT(t.category_no) FROM coupon_target_categories t WHERE t.coupon_no = c.coupon_no) AS target_category_nos,
  (SELECT COUNT(*) FROM coupon_issues i WHERE i.coupon_no = c.coupon_no AND i.status = 'USED') AS used_cnt,
  (SELECT COUNT(*) FROM coupon_issues i WHERE i.coupon_no = c.coupon_no AND i.status = 'WITHDRAWN') AS withdrawn_cnt
  FROM coupons c`;

const sortedNos = (list: string | null): number[] =>
  list
    ? list
        .split(',')
        .map(Number)
        .sort((a, b) => a - b)
    : [];

function toManaged(r: ManagedRow): ManagedCoupon {
  return {
    couponNo: r.coupon_no,
    couponName: r.coupon_name,
    couponType: r.coupon_type,
    discountUnit: r.discount_unit,
    discountValue: r.discount_value,
    maxDiscountAmt: r.max_discount_amt,
    minOrderAmt: r.min_order_amt,
    targetProductNos: sortedNos(r.target_nos),
    targetCategoryNos: sortedNos(r.target_category_nos),
    downloadable: r.downloadable === 1,
    issueOnSignup: r.issue_on_signup === 1,
    issueStartYmdt: toShopbyYmdt(r.issue_start_at),
    issueEndYmdt: r.issue_end_at ? toShopbyYmdt(r.issue_end_at) : null,
    useEndYmdt: r.use_end_at ? toShopbyYmdt(r.use_end_at) : null,
    useDays: r.use_days,
    perMemberLimit: r.issue_per_member_limit,
    totalLimit: r.total_issue_limit,
    stopped: r.active === 0,
    figures: {
      issued: r.issued_cnt,
      used: Number(r.used_cnt),
      unused: r.issued_cnt - Number(r.used_cnt) - Number(r.withdrawn_cnt),
      remaining: r.total_issue_limit === null ? null : r.total_issue_limit - r.issued_cnt,
    },
    createdYmdt: toShopbyYmdt(r.created_at),
  };
}

/** Every coupon, newest first, with its figures: issued, used, still unused, left of the total limit. */
export async function listManagedCoupons(db: Executor): Promise<ManagedCoupon[]> {
  const rs = await db.execute(`${MANAGED_SQL} ORDER BY c.coupon_no DESC`);
  return (rs.rows as unknown as ManagedRow[]).map(toManaged);
}

export async function getManagedCoupon(db: Executor, couponNo: number): Promise<ManagedCoupon> {
  const rs = await db.execute({ sql: `${MANAGED_SQL} WHERE c.coupon_no = ?`, args: [couponNo] });
  const row = rs.rows[0] as unknown as ManagedRow | undefined;
  if (!row) throw appError('MANAGED_COUPON_NOT_FOUND');
  return toManaged(row);
}

/** The discount in words: "3,000원 할인", "10% 할인 (최대 5,000원)". */
export function discountWords(c: Pick<ManagedCoupon, 'discountUnit' | 'discountValue' | 'maxDiscountAmt'>) {
  if (c.discountUnit === 'WON') return `${won(c.discountValue)} 할인`;
  return `${c.discountValue}% 할인${c.maxDiscountAmt > 0 ? ` (최대 ${won(c.maxDiscountAmt)})` : ''}`;
}

/** ", 상품 101, 102 · 분류 529105" for a restricted coupon; nothing for one on every product. */
function targetWords(c: Pick<CouponCreateInput, 'targetProductNos' | 'targetCategoryNos'>): string {
  const parts = [
    c.targetProductNos.length > 0 ? `상품 ${c.targetProductNos.join(', ')}` : '',
    c.targetCategoryNos.length > 0 ? `분류 ${c.targetCategoryNos.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `, ${parts.join(' · ')}` : '';
}

/** Which of `nos` have no row in `table` (the products or categories a coupon names). */
async function missingNos(
  tx: Executor,
  table: 'products' | 'categories',
  column: 'product_no' | 'category_no',
  nos: readonly number[],
): Promise<number[]> {
  if (nos.length === 0) return [];
  const rs = await tx.execute({
    sql: `SELECT ${column} AS no FROM ${table} WHERE ${column} IN (${nos.map(() => '?').join(', ')})`,
    args: [...nos],
  });
  const found = new Set(rs.rows.map((r) => Number(r.no)));
  return nos.filter((n) => !found.has(n));
}

export async function createCoupon(
  db: Db,
  input: CouponCreateInput,
  now = new Date(),
): Promise<ManagedCoupon> {
  const at = now.toISOString();
  const issueStartAt = input.issueStartYmd ? seoulDayRange(input.issueStartYmd, null).from! : at;
  const issueEndAt = input.issueEndYmd ? seoulDayRange(null, input.issueEndYmd).to! : null;
  const useEndAt = input.useEndYmd ? seoulDayRange(null, input.useEndYmd).to! : null;
  if (useEndAt && useEndAt <= at) {
    throw fieldsError('PROMOTION_INVALID', [
      { path: 'useEndYmd', message: '사용 종료일이 이미 지났습니다.' },
    ]);
  }
  const couponNo = await writeTx(db, async (tx) => {
    const missing = [
      ...(await missingNos(tx, 'products', 'product_no', input.targetProductNos)).map((n) => ({
        path: 'targetProductNos',
        message: `없는 상품 번호입니다: ${n}`,
      })),
      ...(await missingNos(tx, 'categories', 'category_no', input.targetCategoryNos)).map((n) => ({
        path: 'targetCategoryNos',
        message: `없는 분류 번호입니다: ${n}`,
      })),
    ];
    if (missing.length > 0) throw fieldsError('PROMOTION_INVALID', missing);
    const ins = await tx.execute({
      sql: `INSERT INTO coupons (coupon_name, coupon_type, coupon_target_type, discount_unit, discount_value,
          max_discount_amt, min_order_amt, downloadable, issue_on_signup, issue_start_at, issue_end_at, use_end_at, use_days,
          issue_per_member_limit, total_issue_limit, issued_cnt, active, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?) RETURNING coupon_no`,
      args: [
        input.couponName,
        input.couponType,
        input.targetProductNos.length + input.targetCategoryNos.length > 0 ? 'PRODUCT' : 'ALL_PRODUCT',
        input.discountUnit,
        input.discountValue,
        input.maxDiscountAmt,
        input.minOrderAmt,
        input.downloadable ? 1 : 0,
        input.issueOnSignup ? 1 : 0,
        issueStartAt,
        issueEndAt,
        useEndAt,
        input.useDays ?? null,
        input.perMemberLimit,
        input.totalLimit,
        at,
      ],
    });
    const no = Number(ins.rows[0]?.coupon_no);
    for (const productNo of input.targetProductNos) {
      await tx.execute({
        sql: 'INSERT INTO coupon_target_products (coupon_no, product_no) VALUES (?, ?)',
        args: [no, productNo],
      });
    }
    for (const categoryNo of input.targetCategoryNos) {
      await tx.execute({
        sql: 'INSERT INTO coupon_target_categories (coupon_no, category_no) VALUES (?, ?)',
        args: [no, categoryNo],
      });
    }
    await recordAudit(
      tx,
      {
        action: 'coupon.create',
        targetType: 'coupon',
        targetId: no,
        summary: `쿠폰 ‘${input.couponName}’ 만듦 (${discountWords(input)}${targetWords(input)}${input.downloadable ? ', 회원 다운로드' : ''}${input.issueOnSignup ? ', 가입 시 발급' : ''})`,
        after: { ...input },
      },
      now,
    );
    return no;
  });
  return getManagedCoupon(db, couponNo);
}

/**
 * Stops a coupon: no more downloads or issues from now on. What members already hold stays
 * usable until its own end (decision 024). Stopping twice is a 409.
 */
export async function stopCoupon(db: Db, couponNo: number, now = new Date()): Promise<ManagedCoupon> {
  await writeTx(db, async (tx) => {
    const before = await getManagedCoupon(tx, couponNo);
    const rs = await tx.execute({
      sql: 'UPDATE coupons SET active = 0 WHERE coupon_no = ? AND active = 1',
      args: [couponNo],
    });
    if (rs.rowsAffected !== 1) throw appError('COUPON_STOPPED');
    await recordAudit(
      tx,
      {
        action: 'coupon.stop',
        targetType: 'coupon',
        targetId: couponNo,
        summary: `쿠폰 ‘${before.couponName}’ 발급 중지 (발급 ${before.figures.issued}장, 사용 ${before.figures.used}장)`,
        before: { stopped: false },
        after: { stopped: true },
      },
      now,
    );
  });
  return getManagedCoupon(db, couponNo);
}

interface FoundMember {
  memberNo: number;
  memberId: string | null;
  memberName: string | null;
  mobileNo: string | null;
}

/** Members by id (case-insensitive) or mobile number, active ones only. */
async function findMembers(db: Executor, keys: readonly string[]): Promise<Map<string, FoundMember>> {
  const found = new Map<string, FoundMember>();
  for (const key of keys) {
    const digits = phoneDigits(key);
    const byPhone = /^01\d{8,9}$/.test(digits) && /^[\d\s-]+$/.test(key);
    const rs = await db.execute({
      sql: `SELECT member_no, member_id, member_name, mobile_no FROM members
        WHERE member_status = 'ACTIVE' AND ${byPhone ? 'mobile_no = ?' : 'member_id = ?'}`,
      args: [byPhone ? digits : key.toLowerCase()],
    });
    const r = rs.rows[0];
    if (r) {
      found.set(key, {
        memberNo: Number(r.member_no),
        memberId: (r.member_id as string | null) ?? null,
        memberName: (r.member_name as string | null) ?? null,
        mobileNo: (r.mobile_no as string | null) ?? null,
      });
    }
  }
  return found;
}

export interface IssueResult {
  couponNo: number;
  issued: { memberNo: number; memberId: string | null; couponIssueNo: number; useEndYmdt: string }[];
}

/**
 * Gives a coupon to chosen members (ids or mobile numbers) in ONE write: every member found and
 * within the limits, or nothing at all. The coupon must be running (not stopped, within its issue
 * period); downloadable or not does not matter. Limits hold as for downloads (guarded UPDATE).
 */
export async function issueToMembers(
  db: Db,
  couponNo: number,
  keys: readonly string[],
  now = new Date(),
): Promise<IssueResult> {
  const at = now.toISOString();
  const unique = [...new Set(keys.map((k) => k.trim()))];
  return writeTx(db, async (tx) => {
    const coupon = await getManagedCoupon(tx, couponNo);
    if (coupon.stopped) throw appError('COUPON_STOPPED');
    const [row] = await repo.selectIssuableCoupons(tx, at, null, { all: true, couponNo });
    if (!row) throw appError('COUPON_NOT_ISSUABLE', '발급 기간이 아니거나 사용 기간이 지난 쿠폰입니다.');
    const found = await findMembers(tx, unique);
    const unknown = unique.filter((k) => !found.has(k));
    if (unknown.length > 0) {
      throw fieldsError(
        'COUPON_ISSUE_MEMBERS_UNKNOWN',
        unknown.map((k) => ({ path: 'members', message: `${josa(k, '은/는')} 찾을 수 없는 회원입니다.` })),
      );
    }
    const members = [...new Map([...found.values()].map((m) => [m.memberNo, m])).values()];
    const useEndAt = issueUseEnd(now, { useEndAt: row.use_end_at, useDays: row.use_days });
    const issued: IssueResult['issued'] = [];
    for (const m of members) {
      if ((await repo.countIssuedTo(tx, couponNo, m.memberNo)) >= row.issue_per_member_limit) {
        throw fieldsError('COUPON_ALREADY_ISSUED', [
          {
            path: 'members',
            message: `${m.memberId ?? formatPhone(m.mobileNo ?? '')} 회원은 이미 한도만큼 받았습니다.`,
          },
        ]);
      }
      if (!(await repo.takeFromIssueLimit(tx, couponNo))) {
        throw appError(
          'COUPON_EXHAUSTED',
          `전체 발급 한도가 모자랍니다 (남은 수량 ${coupon.figures.remaining ?? 0}장).`,
        );
      }
      const couponIssueNo = await repo.insertIssue(tx, couponNo, m.memberNo, at, useEndAt);
      issued.push({
        memberNo: m.memberNo,
        memberId: m.memberId,
        couponIssueNo,
        useEndYmdt: toShopbyYmdt(useEndAt),
      });
    }
    await recordAudit(
      tx,
      {
        action: 'coupon.issue',
        targetType: 'coupon',
        targetId: couponNo,
        summary: `쿠폰 ‘${coupon.couponName}’ 회원 ${issued.length}명에게 발급`,
        before: { issued: coupon.figures.issued },
        after: {
          issued: coupon.figures.issued + issued.length,
          members: issued.map((i) => ({ memberNo: i.memberNo, couponIssueNo: i.couponIssueNo })),
        },
      },
      now,
    );
    return { couponNo, issued };
  });
}

// ------------------------------------------------------------------------------ points

export interface PointsMember {
  memberNo: number;
  memberId: string | null;
  memberName: string | null;
  mobileNo: string | null;
  balance: number;
}

async function pointsMember(db: Executor, memberNo: number): Promise<PointsMember> {
  const rs = await db.execute({
    sql: `SELECT member_no, member_id, member_name, mobile_no FROM members WHERE member_no = ? AND member_status <> 'WITHDRAWN'`,
    args: [memberNo],
  });
  const r = rs.rows[0];
  if (!r) throw appError('POINTS_MEMBER_NOT_FOUND');
  return {
    memberNo,
    memberId: (r.member_id as string | null) ?? null,
    memberName: (r.member_name as string | null) ?? null,
    mobileNo: r.mobile_no ? formatPhone(r.mobile_no as string) : null,
    balance: await repo.selectBalance(db, memberNo),
  };
}

/** The member a search names (id or mobile number), with the balance; null when none. */
export async function findPointsMember(db: Executor, q: string): Promise<PointsMember | null> {
  const found = (await findMembers(db, [q.trim()])).get(q.trim());
  return found ? pointsMember(db, found.memberNo) : null;
}

/** The member, the balance and the newest ledger lines. */
export async function memberPoints(db: Db, memberNo: number, pageNumber = 1) {
  const member = await pointsMember(db, memberNo);
  const ledger = await accumulationLedger(db, memberNo, { pageNumber, pageSize: 30 });
  return { member, totalCount: ledger.totalCount, items: ledger.items };
}

/**
 * Grants or deducts points by hand, with the administrator's reason, as one ledger line
 * (ADD_MANUAL / SUB_MANUAL): the balance moves only through the ledger's own functions, and a
 * deduction beyond the balance is refused (409 POINTS_SHORT) with nothing written.
 */
export async function adjustPoints(
  db: Db,
  memberNo: number,
  input: PointsAdjustInput,
  now = new Date(),
): Promise<PointsMember> {
  await writeTx(db, async (tx) => {
    const member = await pointsMember(tx, memberNo);
    const entry = { memberNo, amount: input.amount, reasonDetail: input.reason, now: now.toISOString() };
    if (input.kind === 'GRANT') {
      await repo.givePoints(tx, { ...entry, reason: 'ADD_MANUAL' });
    } else if (!(await repo.subtractPoints(tx, { ...entry, reason: 'SUB_MANUAL' }))) {
      throw appError('POINTS_SHORT', `보유 적립금(${won(member.balance)})보다 많이 차감할 수 없습니다.`);
    }
    const after = input.kind === 'GRANT' ? member.balance + input.amount : member.balance - input.amount;
    const who = member.memberId ?? member.memberName ?? `회원 ${memberNo}`;
    await recordAudit(
      tx,
      {
        action: input.kind === 'GRANT' ? 'points.grant' : 'points.deduct',
        targetType: 'member',
        targetId: memberNo,
        summary: `${who} 적립금 ${won(input.amount)} ${input.kind === 'GRANT' ? '지급' : '차감'} (${input.reason}) ${won(member.balance)} → ${won(after)}`,
        before: { balance: member.balance },
        after: { balance: after, amount: input.amount, reason: input.reason },
      },
      now,
    );
  });
  return pointsMember(db, memberNo);
}

export interface PointsRules {
  /** Products by their earn rate (percent of what the buyer pays, credited at buy confirmation). */
  rates: { ratePercent: number; products: number }[];
  /** The welcome points every new member gets in the join (0: none). */
  signupPoints: number;
}

/** Sets the welcome points of every new member (0: none), with its audit line. */
export async function setSignupPoints(
  db: Db,
  amount: number,
  now = new Date(),
): Promise<{ signupPoints: number }> {
  await writeTx(db, async (tx) => {
    const before = await repo.selectSignupPoints(tx);
    await repo.putSignupPoints(tx, amount, now.toISOString());
    await recordAudit(
      tx,
      {
        action: 'points.signup',
        targetType: 'setting',
        targetId: 'signup_points',
        summary: `가입 적립금 ${won(before)} → ${won(amount)}`,
        before: { signupPoints: before },
        after: { signupPoints: amount },
      },
      now,
    );
  });
  return { signupPoints: amount };
}

/** The earn rules as the shop has them: a rate per product (edited on the product), decision 021. */
export async function pointsRules(db: Executor): Promise<PointsRules> {
  const rs = await db.execute(
    'SELECT accumulation_rate AS rate, COUNT(*) AS n FROM products GROUP BY accumulation_rate ORDER BY accumulation_rate',
  );
  return {
    rates: rs.rows.map((r) => ({ ratePercent: Number(r.rate), products: Number(r.n) })),
    signupPoints: await repo.selectSignupPoints(db),
  };
}
