import type {
  CouponItem,
  CouponsIssuable,
  GetCouponsSummaryResponse,
  IssuedCoupon as ShopbyIssuedCoupon,
} from '@shopby/shop-sdk/build/types/domain/promotion';
import type {
  GetProfileAccumulationsResponse,
  GetProfileAccumulationsSummaryResponse,
  ProfileAccumulationsItems,
} from '@shopby/shop-sdk/build/types/domain/manage';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { formatWon } from '../../lib/money.ts';
import type { Db } from '../db/client.ts';
import { commerceError } from '../order/index.ts';
import { writeTx } from '../db/write-tx.ts';
import { appliesToProduct, issueUseEnd } from '../../lib/coupon-rules.ts';
import * as repo from './repo.ts';

/**
 * Coupons (definitions, members' issued coupons, download) and points (balance and ledger). Using
 * and giving back both happen inside the order's own write transaction (order/complete.ts); this
 * module answers the member's questions and issues.
 */

const ymdt = (iso: string) => toShopbyYmdt(iso);
const EXPIRING_DAYS = 7;

export type CouponListItem = Pick<
  CouponItem,
  | 'couponIssueNo'
  | 'couponNo'
  | 'couponName'
  | 'couponType'
  | 'couponTargetType'
  | 'discountRate'
  | 'discountAmt'
  | 'fixedAmt'
  | 'maxDiscountAmt'
  | 'minSalePrice'
  | 'maxSalePrice'
  | 'freeDelivery'
  | 'used'
  | 'useEndYmdt'
  | 'issueYmdt'
  | 'useYmdt'
  | 'cartCouponUsable'
  | 'productCouponUsable'
  | 'limitPayTypes'
  | 'skipsAccumulation'
  | 'otherCouponUsable'
  | 'minDeliveryAmt'
  | 'reason'
  | 'memberGradeNames'
  | 'memberGroupNames'
> & { extra: { targetProductNos: number[]; expired: boolean } };

function toListItem(c: repo.IssuedCouponRow, now: Date): CouponListItem {
  const expired = Date.parse(c.useEndAt) <= now.getTime();
  return {
    couponIssueNo: c.couponIssueNo,
    couponNo: c.couponNo,
    couponName: c.couponName,
    couponType: c.couponType,
    couponTargetType: c.targetType,
    discountRate: c.discountUnit === 'RATE' ? c.discountValue : 0,
    discountAmt: c.discountUnit === 'WON' ? c.discountValue : 0,
    fixedAmt: c.discountUnit === 'WON',
    maxDiscountAmt: c.maxDiscountAmt,
    minSalePrice: c.minOrderAmt,
    maxSalePrice: 0,
    freeDelivery: false,
    used: c.status === 'USED',
    useEndYmdt: ymdt(c.useEndAt),
    issueYmdt: ymdt(c.issuedAt),
    useYmdt: '',
    cartCouponUsable: c.couponType === 'CART',
    productCouponUsable: c.couponType === 'PRODUCT',
    limitPayTypes: [],
    skipsAccumulation: false,
    otherCouponUsable: true,
    minDeliveryAmt: 0,
    reason: c.status === 'USED' ? '사용한 쿠폰입니다.' : expired ? '사용 기간이 지났습니다.' : '',
    memberGradeNames: [],
    memberGroupNames: [],
    extra: { targetProductNos: [...c.targetProductNos], expired },
  };
}

/** GET /coupons: the member's coupons (usable=true: still usable now), newest expiry first. */
export async function listMemberCoupons(
  db: Db,
  memberNo: number,
  q: { usable?: boolean; pageNumber?: number; pageSize?: number } = {},
  now = new Date(),
): Promise<{ totalCount: number; items: CouponListItem[] }> {
  const all = await repo.selectMemberCoupons(db, memberNo, q.usable ? now.toISOString() : undefined);
  const size = q.pageSize ?? 20;
  const page = q.pageNumber ?? 1;
  return {
    totalCount: all.length,
    items: all.slice((page - 1) * size, page * size).map((c) => toListItem(c, now)),
  };
}

/** GET /coupons/summary */
export async function couponSummary(
  db: Db,
  memberNo: number,
  now = new Date(),
): Promise<GetCouponsSummaryResponse> {
  const usable = await repo.selectMemberCoupons(db, memberNo, now.toISOString());
  const soon = now.getTime() + EXPIRING_DAYS * 24 * 60 * 60 * 1000;
  return {
    usableCouponCnt: usable.length,
    expiringCouponCnt: usable.filter((c) => Date.parse(c.useEndAt) <= soon).length,
  };
}

export type IssuableCoupon = Pick<
  CouponsIssuable,
  | 'downloadable'
  | 'couponName'
  | 'discountInfo'
  | 'couponType'
  | 'couponStatus'
  | 'dateInfo'
  | 'couponNo'
  | 'couponTargetType'
> & {
  useConstraint: Pick<
    CouponsIssuable['useConstraint'],
    'useDays' | 'minSalePrice' | 'useEndYmdt' | 'limitPayTypes' | 'maxSalePrice' | 'minDeliveryAmt'
  >;
  extra: { targetProductNos: number[] };
};

function toIssuable(r: repo.CouponRow): IssuableCoupon {
  const left = r.total_issue_limit === null ? Number.MAX_SAFE_INTEGER : r.total_issue_limit - r.issued_cnt;
  const mine = r.issue_per_member_limit - r.my_issued_cnt;
  return {
    couponNo: r.coupon_no,
    couponName: r.coupon_name,
    couponType: r.coupon_type,
    couponTargetType: r.coupon_target_type,
    downloadable: r.downloadable === 1 && left > 0 && mine > 0,
    discountInfo: {
      discountRate: r.discount_unit === 'RATE' ? r.discount_value : 0,
      discountAmt: r.discount_unit === 'WON' ? r.discount_value : 0,
      fixedAmt: r.discount_unit === 'WON',
      maxDiscountAmt: r.max_discount_amt,
      useOtherCoupon: true,
      skippedAccumulationAmt: false,
      useProductCoupon: r.coupon_type === 'PRODUCT',
      useCartCoupon: r.coupon_type === 'CART',
      freeDelivery: false,
    },
    useConstraint: {
      useDays: r.use_days ?? 0,
      minSalePrice: r.min_order_amt,
      useEndYmdt: r.use_end_at ? ymdt(r.use_end_at) : '',
      limitPayTypes: [],
      maxSalePrice: 0,
      minDeliveryAmt: 0,
    },
    couponStatus: {
      myIssuedCnt: r.my_issued_cnt,
      totalIssuedCnt: r.issued_cnt,
      totalIssuableCnt: r.total_issue_limit ?? 0,
      issuableCnt: Math.max(0, Math.min(left, mine)),
      myIssuedCntToday: 0,
      totalIssuedCntToday: 0,
    },
    dateInfo: {
      issueStartYmdt: ymdt(r.issue_start_at),
      issueEndYmdt: r.issue_end_at ? ymdt(r.issue_end_at) : '',
      issueDaysOfWeek: '',
      issueStartHour: 0,
      issueEndHour: 24,
    },
    extra: { targetProductNos: r.target_nos ? r.target_nos.split(',').map(Number) : [] },
  };
}

/** GET /coupons/issuable and /coupons/products/{productNo}/issuable/coupons. */
export async function issuableCoupons(
  db: Db,
  memberNo: number | null,
  productNo?: number,
  now = new Date(),
): Promise<IssuableCoupon[]> {
  const rows = await repo.selectIssuableCoupons(db, now.toISOString(), memberNo);
  const all = rows.map(toIssuable);
  if (productNo === undefined) return all;
  // on a product page: the product coupons for it, and the cart coupons
  return all.filter(
    (c) =>
      c.couponType === 'CART' ||
      appliesToProduct(
        {
          targetType: c.couponTargetType === 'PRODUCT' ? 'PRODUCT' : 'ALL_PRODUCT',
          targetProductNos: c.extra.targetProductNos,
        },
        productNo,
      ),
  );
}

export type IssuedCouponResponse = ShopbyIssuedCoupon;

/**
 * Issues a coupon to a member: a download (only coupons marked downloadable) or a gift from the
 * shop (`gift`, any active coupon). Limits hold under concurrency: the total limit is a guarded
 * UPDATE, the per-member limit is read inside the same write transaction.
 */
export async function issueCoupon(
  db: Db,
  memberNo: number,
  couponNo: number,
  opts: { gift?: boolean; now?: Date } = {},
): Promise<IssuedCouponResponse> {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const [row] = await repo.selectIssuableCoupons(db, at, memberNo, { all: opts.gift === true, couponNo });
  if (!row) throw commerceError('COUPON_NOT_ISSUABLE');
  const useEndAt = issueUseEnd(now, { useEndAt: row.use_end_at, useDays: row.use_days });
  const couponIssueNo = await writeTx(db, async (tx) => {
    if ((await repo.countIssuedTo(tx, couponNo, memberNo)) >= row.issue_per_member_limit) {
      throw commerceError('COUPON_ALREADY_ISSUED');
    }
    if (!(await repo.takeFromIssueLimit(tx, couponNo))) throw commerceError('COUPON_EXHAUSTED');
    return repo.insertIssue(tx, couponNo, memberNo, at, useEndAt);
  });
  return { couponIssueNo, couponNo, couponName: row.coupon_name, useEndYmdt: ymdt(useEndAt) };
}

// ------------------------------------------------------------------------------ points

export async function pointsBalance(db: Db, memberNo: number): Promise<number> {
  return repo.selectBalance(db, memberNo);
}

/** GET /profile/accumulations/summary */
export async function accumulationSummary(
  db: Db,
  memberNo: number,
): Promise<GetProfileAccumulationsSummaryResponse> {
  return { totalAvailableAmt: await repo.selectBalance(db, memberNo), totalExpireAmt: 0 };
}

const REASON_LABELS: Record<string, string> = {
  SUB_PAYMENT_USED: '주문 결제에 사용',
  ADD_CANCEL: '주문 취소로 반환',
  ADD_AFTER_PAYMENT: '구매 확정 적립',
  ADD_SIGNUP: '회원 가입 적립',
  ADD_EVENT: '이벤트 적립',
  ADD_MANUAL: '관리자 지급',
  SUB_MANUAL: '관리자 차감',
};

export type AccumulationItem = Pick<
  ProfileAccumulationsItems,
  | 'accumulationNo'
  | 'accumulationStatus'
  | 'accumulationAmt'
  | 'accumulationReserveReason'
  | 'accumulationReserveReasonDisplay'
  | 'reasonDetail'
  | 'orderNo'
  | 'registerYmdt'
  | 'totalAvailableAmt'
  | 'accumulationStatusGroupType'
>;

/** GET /profile/accumulations: the ledger, newest first, each entry with the balance after it. */
export async function accumulationLedger(
  db: Db,
  memberNo: number,
  q: { pageNumber?: number; pageSize?: number } = {},
): Promise<Omit<GetProfileAccumulationsResponse, 'items'> & { items: AccumulationItem[] }> {
  const size = q.pageSize ?? 20;
  const { total, rows } = await repo.selectLedger(db, memberNo, size, ((q.pageNumber ?? 1) - 1) * size);
  return {
    memberNo,
    totalAmt: await repo.selectBalance(db, memberNo),
    totalCount: total,
    items: rows.map((r) => ({
      accumulationNo: r.accumulation_no,
      accumulationStatus: r.accumulation_status,
      accumulationAmt: r.accumulation_amt,
      accumulationReserveReason: r.reason as AccumulationItem['accumulationReserveReason'],
      accumulationReserveReasonDisplay: REASON_LABELS[r.reason] ?? r.reason,
      reasonDetail: r.reason_detail,
      orderNo: r.order_no ?? '',
      registerYmdt: ymdt(r.created_at) as AccumulationItem['registerYmdt'],
      totalAvailableAmt: r.balance_after,
      accumulationStatusGroupType: r.accumulation_status === 'GIVE' ? 'PAYMENT' : 'DEDUCTION',
    })),
  };
}

/** Gives a member points (sign-up gift, event, administrator), in one write transaction. */
export async function givePoints(
  db: Db,
  memberNo: number,
  amount: number,
  reason = 'ADD_MANUAL',
  reasonDetail = '',
  now = new Date(),
): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw commerceError('POINTS_OVER_LIMIT', '지급할 적립금을 확인해 주세요.');
  await writeTx(db, (tx) =>
    repo.givePoints(tx, { memberNo, amount, reason, reasonDetail, now: now.toISOString() }),
  );
}

/**
 * What the member was given at the join, for the welcome page: the welcome points the owner set
 * and the shop's sign-up coupons (decision 024), each with its discount in words and its use end.
 */
export async function welcomeBenefits(
  db: Db,
  memberNo: number,
): Promise<{ points: number; coupons: { couponName: string; discount: string; useEndAt: string }[] }> {
  const [issues, points] = await Promise.all([
    repo.selectSignupIssues(db, memberNo),
    repo.selectSignupPointsGiven(db, memberNo),
  ]);
  const coupons = issues.map((i) => ({
    couponName: i.couponName,
    discount:
      i.discountUnit === 'WON'
        ? `${formatWon(i.discountValue)} 할인`
        : `${i.discountValue}% 할인${i.maxDiscountAmt > 0 ? ` (최대 ${formatWon(i.maxDiscountAmt)})` : ''}`,
    useEndAt: i.useEndAt,
  }));
  return { points, coupons };
}
