import {
  CANCEL_REASONS,
  RETURN_REASONS,
  claimReasonOf,
  utcBounds,
  type ClaimStatus,
} from '../../lib/order-claims.ts';
import type { Db } from '../db/client.ts';
import { CANCELABLE, orderSteps } from '../order/index.ts';
import { claimAmounts, type ClaimRequestLine } from './amounts.ts';
import { checkItems, leftOf, loadContext } from './workflows/claim-effects.ts';
import { claimError } from './errors.ts';
import * as repo from './repo.ts';
import { RETURNABLE, addressOfOrder, returnFeeOf } from './workflows/return-order.ts';
import {
  claimResultOf,
  estimateOf,
  profileClaimOf,
  type ClaimResultView,
  type ProfileClaimView,
} from './view.ts';

/** What a member (or a manager) reads about claims: results, lists, estimates, the claim form. */

export async function claimResult(db: Db, claim: repo.ClaimRow): Promise<ClaimResultView> {
  const [order, options, lines] = await Promise.all([
    orderSteps.selectOrder(db, claim.orderNo),
    repo.selectClaimOptions(db, [claim.claimNo]),
    orderSteps.selectOptions(db, claim.orderNo),
  ]);
  return claimResultOf(claim, options, lines, order!);
}

/** GET /profile/claims/{claimNo}/result: the member's own claim only (404 otherwise). */
export async function memberClaimResult(db: Db, memberNo: number, claimNo: number): Promise<ClaimResultView> {
  const claim = await repo.selectClaim(db, claimNo);
  if (!claim || claim.memberNo !== memberNo) throw claimError('CLAIM_NOT_FOUND');
  return claimResult(db, claim);
}

/** The order of the lines asked about: they must all be in one order of this member. */
export async function orderOfLines(
  db: Db,
  memberNo: number,
  items: readonly ClaimRequestLine[],
): Promise<orderSteps.OrderRow> {
  const orderNos = new Set<string>();
  for (const i of items) {
    const no = await repo.orderNoOfLine(db, i.orderOptionNo);
    if (!no) throw claimError('ORDER_OPTION_NOT_FOUND');
    orderNos.add(no);
  }
  if (orderNos.size !== 1) throw claimError('CLAIM_ONE_ORDER');
  const order = await orderSteps.selectOrder(db, [...orderNos][0]!);
  if (!order || order.memberNo !== memberNo) throw claimError('ORDER_OPTION_NOT_FOUND');
  return order;
}

export interface ClaimListQuery {
  claimTypes?: readonly ('CANCEL' | 'RETURN' | 'EXCHANGE')[];
  statuses?: readonly ClaimStatus[];
  startYmd?: string;
  endYmd?: string;
  pageNumber?: number;
  pageSize?: number;
}

/** GET /profile/claims (member), and the manager's list (memberNo null). Newest first. */
export async function listClaims(
  db: Db,
  memberNo: number | null,
  q: ClaimListQuery,
): Promise<{ totalCount: number; items: ProfileClaimView[] }> {
  const size = q.pageSize ?? 20;
  const page = q.pageNumber ?? 1;
  if (q.startYmd && q.endYmd && q.startYmd > q.endYmd)
    throw claimError('INVALID_DATE_RANGE', '조회 시작일이 종료일보다 늦습니다.');
  const { total, rows } = await repo.listClaims(db, {
    memberNo: memberNo ?? undefined,
    claimTypes: q.claimTypes?.filter((t): t is 'CANCEL' | 'RETURN' => t !== 'EXCHANGE'),
    statuses: q.statuses,
    from: q.startYmd ? utcBounds(q.startYmd, q.startYmd).from : undefined,
    to: q.endYmd ? utcBounds(q.endYmd, q.endYmd).to : undefined,
    limit: size,
    offset: (page - 1) * size,
  });
  if (q.claimTypes && q.claimTypes.every((t) => t === 'EXCHANGE')) return { totalCount: 0, items: [] };
  const options = await repo.selectClaimOptions(
    db,
    rows.map((r) => r.claimNo),
  );
  const items: ProfileClaimView[] = [];
  for (const claim of rows) {
    const [order, lines] = await Promise.all([
      orderSteps.selectOrder(db, claim.orderNo),
      orderSteps.selectOptions(db, claim.orderNo),
    ]);
    items.push(profileClaimOf(claimResultOf(claim, options, lines, order!), order!));
  }
  return { totalCount: total, items };
}

/** POST /profile/claims/estimate: what a cancel or return of these units would give back. */
export async function estimateClaim(
  db: Db,
  memberNo: number,
  kind: 'CANCEL' | 'RETURN',
  items: readonly ClaimRequestLine[],
  reasonType?: string,
) {
  const order = await orderOfLines(db, memberNo, items);
  const reason = reasonType ? claimReasonOf(kind, reasonType) : undefined;
  if (reasonType && !reason) throw claimError('CLAIM_REASON_INVALID');
  if (kind === 'CANCEL' && !CANCELABLE.includes(order.orderStatus)) throw claimError('ORDER_NOT_CANCELABLE');
  if (kind === 'RETURN' && !(RETURNABLE as readonly string[]).includes(order.orderStatus))
    throw claimError('ORDER_NOT_RETURNABLE');
  const ctx = await loadContext(db, order);
  const checked = checkItems(ctx.lines, items);
  const responsible = reason?.responsibleObjectType ?? 'SELLER';
  const fee = kind === 'RETURN' && responsible === 'BUYER' ? await returnFeeOf(db, ctx.lines, checked) : 0;
  const amounts = claimAmounts(kind, ctx.claimOrder, ctx.claimLines, checked, fee);
  return estimateOf(kind, amounts, responsible, order.payType, order.orderStatus === 'DEPOSIT_WAIT');
}

/**
 * GET /profile/order-options/{orderOptionNo}/claims?claimType: what the cancel or refund modal
 * needs — the line, the order's other lines that can go with it, the reasons, the return address.
 */
export async function claimForm(db: Db, memberNo: number, orderOptionNo: number, kind: 'CANCEL' | 'RETURN') {
  const order = await orderOfLines(db, memberNo, [{ orderOptionNo, cnt: 1 }]);
  const [lines, options] = await Promise.all([
    repo.selectClaimableLines(db, order.orderNo),
    orderSteps.selectOptions(db, order.orderNo),
  ]);
  const allowed =
    kind === 'CANCEL'
      ? CANCELABLE.includes(order.orderStatus)
      : (RETURNABLE as readonly string[]).includes(order.orderStatus);
  const claimable = lines
    .filter((l) => leftOf(l) > 0)
    .map((l) => {
      const o = options.find((x) => x.orderOptionNo === l.orderOptionNo)!;
      return {
        orderOptionNo: l.orderOptionNo,
        productNo: o.productNo,
        productName: o.productName,
        optionName: o.optionName,
        optionValue: o.optionValue,
        imageUrl: o.imageUrl,
        orderCnt: o.orderCnt,
        claimableCnt: leftOf(l),
        buyPrice: o.buyPrice,
      };
    });
  const address = addressOfOrder(order);
  return {
    claimType: kind,
    payType: order.payType,
    orderNo: order.orderNo,
    originalOption: claimable.find((c) => c.orderOptionNo === orderOptionNo) ?? null,
    claimableOptions: claimable,
    claimReasonTypes: (kind === 'CANCEL' ? CANCEL_REASONS : RETURN_REASONS).map((r) => ({
      claimReasonType: r.claimReasonType,
      label: r.label,
      responsibleObjectType: r.responsibleObjectType,
    })),
    responsibleObjectTypes: ['BUYER', 'SELLER'],
    returnAddress: {
      receiverName: address.name,
      receiverContact1: address.contact1,
      receiverContact2: address.contact2,
      receiverZipCd: address.zipCd,
      receiverAddress: address.address,
      receiverDetailAddress: address.detailAddress,
      receiverJibunAddress: '',
      deliveryMemo: '',
      countryCd: 'KR',
      customsIdNumber: '',
      addressView: `(${address.zipCd}) ${address.address} ${address.detailAddress}`.trim(),
    },
    nonClaimReason: allowed ? null : ['ORDER_STATUS_TYPE'],
  };
}

/** GET /profile/claims/{claimNo}/check-withdraw */
export async function checkWithdraw(db: Db, memberNo: number, claimNo: number) {
  const claim = await repo.selectClaim(db, claimNo);
  if (!claim || claim.memberNo !== memberNo) throw claimError('CLAIM_NOT_FOUND');
  return {
    claimNo,
    afterClaimNos: [],
    shippingNos: [],
    validationType: claim.claimStatus === 'RETURN_REQUEST' ? 'WITHDRAWABLE' : 'EXISTS_SAME_SHIPPING_NO_CLAIM',
    extra: { withdrawable: claim.claimStatus === 'RETURN_REQUEST' },
  };
}

/** The claims of one order, for the order detail page. */
export async function claimsOfOrder(db: Db, order: orderSteps.OrderRow): Promise<ClaimResultView[]> {
  const claims = await repo.selectClaimsOfOrder(db, order.orderNo);
  if (claims.length === 0) return [];
  const [options, lines] = await Promise.all([
    repo.selectClaimOptions(
      db,
      claims.map((c) => c.claimNo),
    ),
    orderSteps.selectOptions(db, order.orderNo),
  ]);
  return claims.map((c) => claimResultOf(c, options, lines, order));
}
