import type { DateYmdt } from '@shopby/shop-sdk/build/types/common';
import type { OrderNextAction, ProfileOrdersItems } from '@shopby/shop-sdk/build/types/domain/order';
import { toShopbyYmdt } from '../../lib/dates.ts';
import {
  CANCEL_REASONS,
  DEFAULT_RANGE,
  RETURN_REASONS,
  deliveryCompanyOf,
  orderGroupOf,
  rangeOf,
  todayYmd,
  utcBounds,
} from '../../lib/order-claims.ts';
import { PAY_TYPE_LABELS } from '../adapters/payment/index.ts';
import { type ClaimResultView, claimError, claimsOfOrder, claimSteps } from '../claim/index.ts';

import type { Db } from '../db/client.ts';
import { CANCELABLE } from './workflows/complete-order.ts';
import { commerceError } from './errors.ts';
import { pointsOfOrder } from './mypage-confirm.ts';
import * as mypageRepo from './mypage-repo.ts';
import { optionTitleOf } from './mypage-reviewable.ts';
import * as repo from './repo.ts';
import { ORDER_STATUS_LABELS, RETURNED_LABEL, orderStatusLabel } from '../../lib/order-status.ts';
import { amounts, orderDetail, orderOptionView } from './view.ts';
import { shopbyPgType } from './shopby-extras.ts';

/**
 * My page's orders: the member's list by the spec's display groups with counts per status, a
 * Seoul date range and paging (Shopby's GET /profile/orders and /profile/orders/summary/status),
 * and the order detail with shipping, claims and what the member may do next.
 */

export interface DateRangeInput {
  startYmd?: string;
  endYmd?: string;
}

/** The range asked for, or the default (3 months up to today, Seoul). Start after end → 400. */
export function resolveRange(input: DateRangeInput, now = new Date()): { startYmd: string; endYmd: string } {
  const endYmd = input.endYmd ?? todayYmd(now);
  const startYmd = input.startYmd ?? rangeOf(DEFAULT_RANGE, endYmd).startYmd;
  if (startYmd > endYmd) throw claimError('INVALID_DATE_RANGE', '조회 시작일이 종료일보다 늦습니다.');
  return { startYmd, endYmd };
}

/** The label the member sees for an order as a whole (order-status.ts: one word per status). */
export function statusLabelOf(status: repo.OrderStatus, extras: mypageRepo.OrderExtras | null): string {
  return orderStatusLabel(status, { returned: Boolean(extras?.returnedAt) });
}

/** The display group's label (입금대기 … 배송완료), or the status label outside the groups. */
export function groupLabelOf(status: repo.OrderStatus, extras: mypageRepo.OrderExtras | null): string {
  if (extras?.returnedAt) return RETURNED_LABEL;
  return orderGroupOf(status)?.label ?? ORDER_STATUS_LABELS[status];
}

interface ActionFacts {
  orderNo: string;
  status: repo.OrderStatus;
  extras: mypageRepo.OrderExtras | null;
  unitsLeft: number;
  openReturn: boolean;
  hasClaims: boolean;
}

function nextActionsOf(f: ActionFacts): OrderNextAction[] {
  const a = (
    nextActionType: OrderNextAction['nextActionType'],
    actionGroupType: 'NORMAL' | 'CLAIM',
    uri: string,
  ) => ({
    nextActionType,
    actionGroupType,
    uri,
  });
  const base = `/profile/orders/${f.orderNo}`;
  const out: OrderNextAction[] = [];
  const returned = Boolean(f.extras?.returnedAt);
  if (CANCELABLE.includes(f.status) && f.unitsLeft > 0) {
    out.push(a('CANCEL_ALL', 'CLAIM', `${base}/claims/cancel`));
    if (f.status !== 'DEPOSIT_WAIT') out.push(a('CANCEL', 'CLAIM', '/profile/claims/cancel'));
  }
  if ((f.status === 'DELIVERY_ING' || f.status === 'DELIVERY_DONE') && !returned) {
    if (f.unitsLeft > 0) out.push(a('RETURN', 'CLAIM', '/profile/claims/return'));
    if (!f.openReturn) out.push(a('CONFIRM_ORDER', 'NORMAL', `${base}/confirm`));
  }
  if (f.extras?.invoiceNo) out.push(a('VIEW_DELIVERY', 'NORMAL', `${base}`));
  if ((f.status === 'DELIVERY_DONE' || f.status === 'BUY_CONFIRM') && !returned)
    out.push(a('WRITE_REVIEW', 'NORMAL', '/profile/order-options/product-reviewable'));
  if (f.hasClaims) out.push(a('VIEW_CLAIM', 'CLAIM', '/profile/claims'));
  return out;
}

function shippingOf(extras: mypageRepo.OrderExtras | null) {
  if (!extras?.invoiceNo) return null;
  const company = deliveryCompanyOf(extras.deliveryCompanyType);
  return {
    deliveryCompanyType: extras.deliveryCompanyType ?? 'ETC',
    deliveryCompanyTypeLabel: company?.label ?? '기타',
    invoiceNo: extras.invoiceNo,
    retrieveInvoiceUrl: company?.trackingUrl
      ? `${company.trackingUrl}${encodeURIComponent(extras.invoiceNo)}`
      : '',
    shippedYmdt: extras.shippedAt ? toShopbyYmdt(extras.shippedAt) : null,
    deliveredYmdt: extras.deliveredAt ? toShopbyYmdt(extras.deliveredAt) : null,
  };
}

function lineClaimState(c: mypageRepo.LineClaimCounts | undefined, orderCnt: number) {
  const canceledCnt = c?.canceledCnt ?? 0;
  const returningCnt = c?.returningCnt ?? 0;
  const returnedCnt = c?.returnedCnt ?? 0;
  const label =
    canceledCnt === orderCnt
      ? ORDER_STATUS_LABELS.CANCEL_DONE
      : returnedCnt + canceledCnt === orderCnt && returnedCnt > 0
        ? RETURNED_LABEL
        : returningCnt > 0
          ? '반품신청'
          : canceledCnt > 0 || returnedCnt > 0
            ? '부분 취소·반품'
            : null;
  return { canceledCnt, returningCnt, returnedCnt, keptCnt: orderCnt - canceledCnt - returnedCnt, label };
}

export type OrderListItem = Pick<
  ProfileOrdersItems,
  | 'orderNo'
  | 'orderYmdt'
  | 'payType'
  | 'payTypeLabel'
  | 'pgType'
  | 'member'
  | 'nextActions'
  | 'escrow'
  | 'firstOrderAmt'
  | 'lastOrderAmt'
> & {
  orderOptions: ReturnType<typeof listOption>[];
  extra: {
    orderStatusType: repo.OrderStatus;
    orderStatusLabel: string;
    displayGroup: string;
    returned: boolean;
  };
};

/** No design summaries in the list: a line's design shows in the order detail. */
const NO_DESIGNS = new Map<string, never>();

/** A line's delivery as Shopby's `OrderOption.delivery`, from the order's shipment. */
function lineDelivery(shipping: ReturnType<typeof shippingOf>) {
  return {
    usesShippingInfoLaterInput: false,
    invoiceNo: shipping?.invoiceNo ?? '',
    deliveryCompanyType: shipping?.deliveryCompanyType,
    deliveryCompanyTypeLabel: shipping?.deliveryCompanyTypeLabel,
    retrieveInvoiceUrl: shipping?.retrieveInvoiceUrl ?? '',
  };
}

function lineStatusDate(
  base: ReturnType<typeof orderOptionView>['orderStatusDate'],
  extras: mypageRepo.OrderExtras | null,
) {
  return { ...base, buyConfirmYmdt: extras?.buyConfirmedAt ? toShopbyYmdt(extras.buyConfirmedAt) : '' };
}

/** A listed order's line: the detail's `OrderOption` fields, and its claim counts in `extra`. */
function listOption(
  order: mypageRepo.ListedOrder,
  o: repo.OrderOptionRow,
  c: mypageRepo.LineClaimCounts | undefined,
) {
  const claim = lineClaimState(c, o.orderCnt);
  const line = orderOptionView(order, o, NO_DESIGNS);
  return {
    ...line,
    optionTitle: optionTitleOf(o.optionName, o.optionValue),
    orderStatusTypeLabel: statusLabelOf(order.orderStatus, order.extras),
    delivery: lineDelivery(shippingOf(order.extras)),
    orderStatusDate: lineStatusDate(line.orderStatusDate, order.extras),
    extra: claim,
  };
}

export interface OrderListQuery extends DateRangeInput {
  orderRequestTypes?: readonly mypageRepo.OrderRequestType[];
  pageNumber?: number;
  pageSize?: number;
}

/** GET /profile/orders */
export async function listMemberOrders(
  db: Db,
  memberNo: number,
  q: OrderListQuery,
  now = new Date(),
): Promise<{ totalCount: number; items: OrderListItem[]; extra: { startYmd: string; endYmd: string } }> {
  const range = resolveRange(q, now);
  const { from, to } = utcBounds(range.startYmd, range.endYmd);
  const size = q.pageSize ?? 10;
  const page = q.pageNumber ?? 1;
  const { total, rows } = await mypageRepo.listOrders(db, {
    memberNo,
    from,
    to,
    requestTypes: q.orderRequestTypes,
    limit: size,
    offset: (page - 1) * size,
  });
  const orderNos = rows.map((r) => r.orderNo);
  const [counts, flags, optionsOf] = await Promise.all([
    mypageRepo.selectLineCounts(db, orderNos),
    mypageRepo.selectClaimFlags(db, orderNos),
    Promise.all(orderNos.map((no) => repo.selectOptions(db, no))),
  ]);
  const items: OrderListItem[] = [];
  rows.forEach((order, i) => {
    const lines = optionsOf[i]!.map((o) =>
      listOption(
        order,
        o,
        counts.find((c) => c.orderOptionNo === o.orderOptionNo),
      ),
    );
    const unitsLeft = lines.reduce((a, l) => a + l.extra.keptCnt - l.extra.returningCnt, 0);
    const flag = flags.get(order.orderNo) ?? { hasClaims: false, openReturn: false };
    items.push({
      orderNo: order.orderNo,
      orderYmdt: toShopbyYmdt(order.orderedAt) as DateYmdt,
      payType: order.payType as OrderListItem['payType'],
      payTypeLabel: PAY_TYPE_LABELS[order.payType as keyof typeof PAY_TYPE_LABELS] ?? order.payType,
      pgType: shopbyPgType(order.pgType, order.payType),
      member: true,
      escrow: false,
      nextActions: nextActionsOf({
        orderNo: order.orderNo,
        status: order.orderStatus,
        extras: order.extras,
        unitsLeft,
        openReturn: flag.openReturn,
        hasClaims: flag.hasClaims,
      }),
      orderOptions: lines,
      // as the order detail: the amounts the order was placed with
      firstOrderAmt: amounts(order),
      lastOrderAmt: amounts(order),
      extra: {
        orderStatusType: order.orderStatus,
        orderStatusLabel: statusLabelOf(order.orderStatus, order.extras),
        displayGroup: groupLabelOf(order.orderStatus, order.extras),
        returned: Boolean(order.extras.returnedAt),
      },
    });
  });
  return { totalCount: total, items, extra: range };
}

/** GET /profile/orders/summary/status: Shopby's counts, and the spec's groups in `extra`. */
export async function orderStatusSummary(db: Db, memberNo: number, input: DateRangeInput, now = new Date()) {
  const range = resolveRange(input, now);
  const { from, to } = utcBounds(range.startYmd, range.endYmd);
  const c = await mypageRepo.statusCounts(db, memberNo, from, to);
  const n = (s: repo.OrderStatus) => c.byStatus[s] ?? 0;
  return {
    depositWaitCnt: n('DEPOSIT_WAIT'),
    payDoneCnt: n('PAY_DONE'),
    productPrepareCnt: n('PRODUCT_PREPARE'),
    deliveryPrepareCnt: n('DELIVERY_PREPARE'),
    deliveryIngCnt: n('DELIVERY_ING'),
    deliveryDoneCnt: n('DELIVERY_DONE'),
    buyConfirmCnt: n('BUY_CONFIRM'),
    cancelDoneCnt: n('CANCEL_DONE'),
    returnDoneCnt: c.returnDone,
    exchangeDoneCnt: 0,
    cancelProcessingCnt: c.cancelProcessing,
    returnProcessingCnt: c.returnProcessing,
    exchangeProcessingCnt: 0,
    extra: {
      ...range,
      groups: {
        DEPOSIT_WAIT: n('DEPOSIT_WAIT'),
        PAY_DONE: n('PAY_DONE'),
        PREPARING: n('PRODUCT_PREPARE') + n('DELIVERY_PREPARE'),
        SHIPPING: n('DELIVERY_ING'),
        DELIVERED: n('DELIVERY_DONE') + n('BUY_CONFIRM'),
      },
    },
  };
}

/** The order detail of GET /profile/orders/{orderNo} with shipping, claims and next actions. */
export async function orderDetailForMypage(db: Db, order: repo.OrderRow) {
  const [base, extras, claims, counts, claimable] = await Promise.all([
    orderDetail(db, order),
    mypageRepo.selectOrderExtras(db, order.orderNo),
    claimsOfOrder(db, order),
    mypageRepo.selectLineCounts(db, [order.orderNo]),
    claimSteps.selectClaimableLines(db, order.orderNo),
  ]);
  const shipping = shippingOf(extras);
  let unitsLeft = 0;
  const groups = base.orderOptionsGroupByPartner.map((p) => ({
    ...p,
    orderOptionsGroupByDelivery: p.orderOptionsGroupByDelivery.map((g) => ({
      ...g,
      invoiceNo: shipping?.invoiceNo ?? '',
      deliveryCompanyType: shipping?.deliveryCompanyType,
      deliveryCompanyTypeLabel: shipping?.deliveryCompanyTypeLabel,
      retrieveInvoiceUrl: shipping?.retrieveInvoiceUrl ?? '',
      orderOptions: g.orderOptions.map((o) => {
        const claim = lineClaimState(
          counts.find((c) => c.orderOptionNo === o.orderOptionNo),
          o.orderCnt,
        );
        unitsLeft += claim.keptCnt - claim.returningCnt;
        const latest = claims
          .filter((c) => c.claimedOptions.some((x) => x.orderOptionNo === o.orderOptionNo))
          .at(-1);
        return {
          ...o,
          orderStatusTypeLabel: claim.label ?? statusLabelOf(order.orderStatus, extras),
          claimNo: latest?.claimNo,
          claimStatusType: latest?.claimedOptions.find((x) => x.orderOptionNo === o.orderOptionNo)
            ?.claimStatusType,
          claimStatusTypeLabel: latest?.extra.claimStatusLabel,
          delivery: lineDelivery(shipping),
          orderStatusDate: lineStatusDate(o.orderStatusDate, extras),
          claimExtra: claim,
        };
      }),
    })),
  }));
  const openReturn = claims.some((c) => c.extra.claimStatus === 'RETURN_REQUEST');
  const nextActions = nextActionsOf({
    orderNo: order.orderNo,
    status: order.orderStatus,
    extras,
    unitsLeft,
    openReturn,
    hasClaims: claims.length > 0,
  });
  return {
    ...base,
    orderOptionsGroupByPartner: groups,
    nextActions,
    refundInfos: claims.filter((c) => c.extra.claimStatus !== 'RETURN_REJECT').map(refundInfoOf),
    claimReasonTypes: [...CANCEL_REASONS, ...RETURN_REASONS].map((r) => ({
      claimReasonType: r.claimReasonType,
      label: r.label,
      responsibleObjectType: r.responsibleObjectType,
    })),
    extra: {
      ...base.extra,
      orderStatusLabel: statusLabelOf(order.orderStatus, extras),
      // the payment side's label stays (docs/commerce-api.md); a returned order says so
      displayGroup: extras?.returnedAt ? RETURNED_LABEL : base.extra.displayGroup,
      /** My page's group label (입금대기 / 결제완료 / 상품준비중 / 배송중 / 배송완료: the spec's display groups). */
      orderGroupLabel: groupLabelOf(order.orderStatus, extras),
      shipping,
      buyConfirmYmdt: extras?.buyConfirmedAt ? toShopbyYmdt(extras.buyConfirmedAt) : null,
      accumulationGivenAmt: extras?.accumulationGivenAmt ?? 0,
      returned: Boolean(extras?.returnedAt),
      unitsLeft,
      openReturn,
      /** Points the buy confirmation gives (for the units kept so far). */
      expectedAccumulationAmt: await pointsOfOrder(db, order, claimable),
      claims,
    },
  };
}

function refundInfoOf(c: ClaimResultView) {
  return {
    claimNo: c.claimNo,
    claimClassType: c.claimClassType,
    claimImageUrls: c.claimImageUrls,
    refundType: c.claimPriceInfo.refundType,
    refundTypeLabel: c.claimPriceInfo.refundTypeLabel,
    refundPayType: c.claimPriceInfo.refundPayType,
    refundMainPayAmt: c.claimPriceInfo.refundMainPayAmt,
    refundSubPayAmt: c.claimPriceInfo.refundSubPayAmt,
    refundPayAmt: c.claimPriceInfo.refundPayAmt,
    productAmtInfo: c.claimPriceInfo.productAmtInfo,
    deliveryAmtInfo: c.claimPriceInfo.deliveryAmtInfo,
    subtractionAmtInfo: c.claimPriceInfo.subtractionAmtInfo,
    returnWayType: c.returnWayType ?? undefined,
    returnAddress: c.returnAddress ?? undefined,
    refundBankAccount: {},
  };
}

export type MypageOrderDetail = Awaited<ReturnType<typeof orderDetailForMypage>>;

/** GET /profile/orders/{orderNo}: the member's own order only (404 otherwise). */
export async function getMypageOrder(db: Db, memberNo: number, orderNo: string): Promise<MypageOrderDetail> {
  const order = await repo.selectOrder(db, orderNo);
  if (!order || order.memberNo !== memberNo) throw commerceError('ORDER_NOT_FOUND');
  return orderDetailForMypage(db, order);
}
