import { SHOP_UTC_OFFSET_MS } from './dates.ts';
import { formatWon } from './money.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-status.ts';

/**
 * Client-safe words and rules of my page's orders and claims: the spec's order display groups,
 * the date-range shortcuts (section 9) in Seoul dates, claim reasons and statuses, and the
 * delivery companies a manager picks from. Server and islands share them.
 */

// ------------------------------------------------------------------------------ display groups

export type OrderGroupKey = 'DEPOSIT_WAIT' | 'PAY_DONE' | 'PREPARING' | 'SHIPPING' | 'DELIVERED';

/**
 * Spec section 4: what the order list groups by, and which Shopby statuses each holds; a group is
 * named after its (first) status, so a status has one word everywhere (order-status.ts).
 */
export const ORDER_GROUPS: readonly {
  key: OrderGroupKey;
  label: string;
  statuses: readonly OrderStatus[];
}[] = [
  { key: 'DEPOSIT_WAIT', label: ORDER_STATUS_LABELS.DEPOSIT_WAIT, statuses: ['DEPOSIT_WAIT'] },
  { key: 'PAY_DONE', label: ORDER_STATUS_LABELS.PAY_DONE, statuses: ['PAY_DONE'] },
  {
    key: 'PREPARING',
    label: ORDER_STATUS_LABELS.PRODUCT_PREPARE,
    statuses: ['PRODUCT_PREPARE', 'DELIVERY_PREPARE'],
  },
  { key: 'SHIPPING', label: ORDER_STATUS_LABELS.DELIVERY_ING, statuses: ['DELIVERY_ING'] },
  { key: 'DELIVERED', label: ORDER_STATUS_LABELS.DELIVERY_DONE, statuses: ['DELIVERY_DONE', 'BUY_CONFIRM'] },
];

export function orderGroupOf(status: string): (typeof ORDER_GROUPS)[number] | undefined {
  return ORDER_GROUPS.find((g) => (g.statuses as readonly string[]).includes(status));
}

export function isOrderGroupKey(value: string | null | undefined): value is OrderGroupKey {
  return ORDER_GROUPS.some((g) => g.key === value);
}

// ------------------------------------------------------------------------------ dates

export type RangeKey = '1d' | '3d' | '1w' | '1m' | '3m' | '6m' | '1y' | '2y';

/** Spec section 9's shortcuts: the range ends today and starts this long before (Seoul dates). */
export const DATE_RANGES: readonly { key: RangeKey; label: string; days?: number; months?: number }[] = [
  { key: '1d', label: '1일', days: 1 },
  { key: '3d', label: '3일', days: 3 },
  { key: '1w', label: '1주일', days: 7 },
  { key: '1m', label: '1개월', months: 1 },
  { key: '3m', label: '3개월', months: 3 },
  { key: '6m', label: '6개월', months: 6 },
  { key: '1y', label: '1년', months: 12 },
  { key: '2y', label: '2년', months: 24 },
];

/** The range the order list shows when none is chosen. */
export const DEFAULT_RANGE: RangeKey = '3m';

export function isRangeKey(value: string | null | undefined): value is RangeKey {
  return DATE_RANGES.some((r) => r.key === value);
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 'YYYY-MM-DD' (no 2025-02-30), years 2000 to 2099. */
export function isYmd(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2099) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const ymdOf = (d: Date) => d.toISOString().slice(0, 10);

/** Today's date in Seoul. */
export function todayYmd(now = new Date()): string {
  return ymdOf(new Date(now.getTime() + SHOP_UTC_OFFSET_MS));
}

export function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return ymdOf(d);
}

/** Calendar months back or forth; the day is clamped (03-31 minus one month is 02-28 or 02-29). */
function addMonths(ymd: string, months: number): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return ymdOf(first);
}

/** The dates a shortcut stands for, ending `today`. */
export function rangeOf(key: RangeKey, today: string): { startYmd: string; endYmd: string } {
  const r = DATE_RANGES.find((x) => x.key === key)!;
  const startYmd = r.months ? addMonths(today, -r.months) : addDays(today, -(r.days ?? 0));
  return { startYmd, endYmd: today };
}

/** The UTC instants of a Seoul date range: [start 00:00 KST, the day after end 00:00 KST). */
export function utcBounds(startYmd: string, endYmd: string): { from: string; to: string } {
  const at = (ymd: string) => new Date(Date.parse(`${ymd}T00:00:00Z`) - SHOP_UTC_OFFSET_MS).toISOString();
  return { from: at(startYmd), to: at(addDays(endYmd, 1)) };
}

// ------------------------------------------------------------------------------ claims

export type ClaimReasonType =
  | 'CHANGE_MIND'
  | 'DEFECTIVE_PRODUCT'
  | 'WRONG_DELIVERY'
  | 'WRONG_PRODUCT_DETAIL'
  | 'DELAY_DELIVERY'
  | 'OUT_OF_STOCK'
  | 'OTHERS_SELLER'
  | 'OTHERS_BUYER';

export interface ClaimReason {
  claimReasonType: ClaimReasonType;
  label: string;
  responsibleObjectType: 'BUYER' | 'SELLER';
}

const reason = (
  claimReasonType: ClaimReasonType,
  label: string,
  responsibleObjectType: 'BUYER' | 'SELLER',
): ClaimReason => ({ claimReasonType, label, responsibleObjectType });

/** Reasons a member may give (Shopby's CLAIM_REASON_TYPE_MAP labels); the buyer's fault costs return shipping. */
export const CANCEL_REASONS: readonly ClaimReason[] = [
  reason('CHANGE_MIND', '단순변심(색상,사이즈 등)', 'BUYER'),
  reason('DELAY_DELIVERY', '판매자 배송 지연', 'SELLER'),
  reason('OUT_OF_STOCK', '상품 품절/재고 없음', 'SELLER'),
  reason('OTHERS_BUYER', '기타(구매자 귀책)', 'BUYER'),
];

export const RETURN_REASONS: readonly ClaimReason[] = [
  reason('CHANGE_MIND', '단순변심(색상,사이즈 등)', 'BUYER'),
  reason('DEFECTIVE_PRODUCT', '상품불량/파손', 'SELLER'),
  reason('WRONG_DELIVERY', '배송누락/오배송', 'SELLER'),
  reason('WRONG_PRODUCT_DETAIL', '상품상세 정보와 다름', 'SELLER'),
  reason('OTHERS_SELLER', '기타(판매자 귀책)', 'SELLER'),
  reason('OTHERS_BUYER', '기타(구매자 귀책)', 'BUYER'),
];

export function claimReasonOf(type: 'CANCEL' | 'RETURN', reasonType: string): ClaimReason | undefined {
  return (type === 'CANCEL' ? CANCEL_REASONS : RETURN_REASONS).find((r) => r.claimReasonType === reasonType);
}

export const CLAIM_REASON_DETAIL_MAX = 500;
export const CLAIM_IMAGES_MAX = 5;

export type ClaimStatus =
  | 'CANCEL_PROC_WAITING_REFUND'
  | 'CANCEL_DONE'
  | 'CANCEL_NO_REFUND'
  | 'RETURN_REQUEST'
  | 'RETURN_REJECT'
  | 'RETURN_WITHDRAWN'
  | 'RETURN_PROC_WAITING_REFUND'
  | 'RETURN_DONE'
  | 'RETURN_NO_REFUND';

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  CANCEL_PROC_WAITING_REFUND: '취소처리[환불대기]',
  CANCEL_DONE: '취소완료[환불완료]',
  CANCEL_NO_REFUND: '취소완료[환불없음]',
  RETURN_REQUEST: '반품신청[승인대기]',
  RETURN_REJECT: '반품거부',
  RETURN_WITHDRAWN: '반품신청 철회',
  RETURN_PROC_WAITING_REFUND: '반품처리[환불대기]',
  RETURN_DONE: '반품완료[환불완료]',
  RETURN_NO_REFUND: '반품완료[환불없음]',
};

/**
 * What a cancel before the deposit (a virtual account never paid) says in place of refund amounts:
 * nothing was paid, so nothing is refunded; points the order used come back all the same.
 */
export const NOTHING_PAID_NOTE = '결제 전 주문이라 환불할 금액이 없습니다.';
export const pointsBackNote = (amt: number) => `사용하신 적립금 ${formatWon(amt)}은 돌려드립니다.`;

/** A claim's refund in one line for the staff's lists: money + points, or that nothing was paid. */
export function refundLineOf(
  price: { refundMainPayAmt: number; refundSubPayAmt: number },
  nothingPaid: boolean,
): string {
  if (nothingPaid)
    return `${NOTHING_PAID_NOTE}${price.refundSubPayAmt > 0 ? ` (적립금 ${formatWon(price.refundSubPayAmt)} 반환)` : ''}`;
  return `환불 ${formatWon(price.refundMainPayAmt)} + 적립금 ${formatWon(price.refundSubPayAmt)}`;
}

// ------------------------------------------------------------------------------ shipping

/** The delivery companies the manager page offers (Shopby's DeliveryCompanyType names). */
export const DELIVERY_COMPANIES: readonly { type: string; label: string; trackingUrl?: string }[] = [
  { type: 'CJ', label: 'CJ대한통운', trackingUrl: 'https://trace.cjlogistics.com/next/tracking.html?wblNo=' },
  {
    type: 'POST',
    label: '우체국',
    trackingUrl: 'https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=',
  },
  {
    type: 'HANJIN',
    label: '한진택배',
    trackingUrl:
      'https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=',
  },
  {
    type: 'LOTTE',
    label: '롯데택배',
    trackingUrl: 'https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo=',
  },
  { type: 'LOGEN', label: '로젠택배', trackingUrl: 'https://www.ilogen.com/web/personal/trace/' },
  { type: 'KDEXP', label: '경동택배' },
  { type: 'ETC', label: '기타' },
];

export function deliveryCompanyOf(type: string | null | undefined) {
  return DELIVERY_COMPANIES.find((c) => c.type === type);
}

/** Invoice numbers: digits and hyphens, 8 to 20 characters. */
export const INVOICE_NO = /^[0-9][0-9-]{6,18}[0-9]$/;
