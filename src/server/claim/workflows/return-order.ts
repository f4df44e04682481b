/**
 * Workflow: return an order (request, approve, reject, withdraw).
 *
 * Steps of a request: checks (reason, photos, status) → the return fee (catalog's `getProduct`) →
 * ONE write transaction: the order touched and read again (`orderSteps.touchIn`, `selectOrder`),
 * the claim's context and amounts, the units held (guarded), the claim recorded. Of an approval:
 * ONE write transaction: the claim moved (guarded), the units settled, stock back (catalog's
 * `catalogSteps` through claim-effects), points and freed coupons back (`promotionSteps` through
 * claim-effects), the order marked returned when nothing is left (`orderSteps.markReturned`) →
 * after the commit, the refund-claim workflow.
 *
 * Composes the steps of order (orderSteps), catalog (getProduct, catalogSteps) and promotion
 * (promotionSteps).
 *
 * Returns after the parcel left (DELIVERY_ING, DELIVERY_DONE): the member asks (reason, photos
 * from their own uploads, where to collect), which holds the units and records the amounts as
 * estimated then; a manager approves — units returned, stock, points and freed coupons back in
 * one transaction, then the money through the provider outside it — or rejects, and the member
 * may withdraw while it waits. Each decision is a guarded move from RETURN_REQUEST.
 */

import type { Transaction } from '@libsql/client';
import { claimReasonOf, type ClaimStatus } from '../../../lib/order-claims.ts';
import { getProduct } from '../../catalog/index.ts';
import type { Db } from '../../db/client.ts';
import { commerceError, orderSteps } from '../../order/index.ts';

import { writeTx } from '../../db/write-tx.ts';
import { notifyClaim } from '../notify.ts';
import { isOwnUpload } from '../../storage/index.ts';
import { claimAmounts, type ClaimRequestLine } from '../amounts.ts';
import { checkItems, givePointsBack, loadContext, restock, restoreFreedCoupons } from './claim-effects.ts';
import { recordAudit } from '../../audit/index.ts';
import { claimError } from '../errors.ts';
import { refundClaim } from './refund-claim.ts';
import * as repo from '../repo.ts';

export const RETURNABLE = ['DELIVERY_ING', 'DELIVERY_DONE'] as const;

export interface ReturnRequest {
  items: readonly ClaimRequestLine[];
  reasonType: string;
  reasonDetail: string;
  imageUrls: readonly string[];
  returnAddress: repo.ReturnAddress | null;
  returnWayType: 'SELLER_COLLECT' | 'BUYER_DIRECT_RETURN';
}

/** The return fee of the buyer's fault: each delivery template's return fee once. */
export async function returnFeeOf(
  db: Db,
  lines: readonly repo.ClaimableLineRow[],
  items: readonly ClaimRequestLine[],
): Promise<number> {
  const productOfTemplate = new Map<number, number>();
  for (const i of items) {
    const line = lines.find((l) => l.orderOptionNo === i.orderOptionNo);
    if (line && !productOfTemplate.has(line.deliveryTemplateNo))
      productOfTemplate.set(line.deliveryTemplateNo, line.productNo);
  }
  let fee = 0;
  for (const productNo of productOfTemplate.values()) {
    const product = await getProduct(db, productNo);
    fee += product?.deliveryFee.returnDeliveryAmt ?? 0;
  }
  return fee;
}

export function addressOfOrder(order: orderSteps.OrderRow): repo.ReturnAddress {
  return {
    name: order.receiverName,
    contact1: order.receiverContact1,
    contact2: order.receiverContact2,
    zipCd: order.receiverZipCd,
    address: order.receiverAddress,
    detailAddress: order.receiverDetailAddress,
    note: '',
  };
}

export async function requestReturn(
  db: Db,
  memberNo: number,
  orderNo: string,
  req: ReturnRequest,
  now = new Date(),
): Promise<repo.ClaimRow> {
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order || order.memberNo !== memberNo) throw commerceError('ORDER_NOT_FOUND');
  const reason = claimReasonOf('RETURN', req.reasonType);
  if (!reason) throw claimError('CLAIM_REASON_INVALID');
  if (req.imageUrls.some((url) => !isOwnUpload({ kind: 'member', memberNo }, url)))
    throw claimError('CLAIM_IMAGE_INVALID');
  if (!(RETURNABLE as readonly string[]).includes(order.orderStatus))
    throw claimError('ORDER_NOT_RETURNABLE');
  const lines = await repo.selectClaimableLines(db, orderNo);
  const fee = reason.responsibleObjectType === 'BUYER' ? await returnFeeOf(db, lines, req.items) : 0;
  const at = now.toISOString();

  const claimNo = await writeTx(db, async (tx) => {
    if (!(await orderSteps.touchIn(tx, orderNo, RETURNABLE, at))) throw claimError('ORDER_NOT_RETURNABLE');
    const fresh = (await orderSteps.selectOrder(tx, orderNo))!;
    const ctx = await loadContext(tx, fresh);
    const items = checkItems(ctx.lines, req.items);
    const amounts = claimAmounts('RETURN', ctx.claimOrder, ctx.claimLines, items, fee);
    for (const i of items) {
      if (!(await orderSteps.takeUnits(tx, i.orderOptionNo, 'return', i.cnt)))
        throw claimError('CLAIM_QUANTITY');
    }
    const no = await repo.insertClaim(tx, {
      orderNo,
      memberNo,
      claimType: 'RETURN',
      claimClassType: 'RETURN',
      claimStatus: 'RETURN_REQUEST',
      claimReasonType: reason.claimReasonType,
      claimReasonDetail: req.reasonDetail,
      responsibleObjectType: reason.responsibleObjectType,
      claimImageUrls: [...req.imageUrls],
      returnWayType: req.returnWayType,
      returnAddress: req.returnAddress ?? addressOfOrder(fresh),
      productAmt: amounts.productAmt,
      productCouponAmt: amounts.productCouponAmt,
      cartCouponAmt: amounts.cartCouponAmt,
      deliveryRefundAmt: 0,
      returnDeliveryAmt: amounts.returnDeliveryAmt,
      pointsShareAmt: amounts.pointsShareAmt,
      refundSubPayAmt: amounts.refundSubPayAmt,
      refundPayAmt: amounts.refundPayAmt,
      restoredCoupons: [],
      refundType:
        amounts.refundPayAmt > 0 ? 'PG' : amounts.refundSubPayAmt > 0 ? 'ACCUMULATION' : 'ZERO_REFUND',
      refundStatus: null,
      createdAt: at,
      completedAt: null,
    });
    for (const l of amounts.lines) await repo.insertClaimOption(tx, { claimNo: no, ...l });
    await notifyClaim(
      tx,
      fresh,
      { claimNo: no, claimType: 'RETURN', refundPayAmt: amounts.refundPayAmt },
      'CLAIM_RECEIVED',
      now,
    );
    return no;
  });
  return (await repo.selectClaim(db, claimNo))!;
}

async function settle(
  tx: Transaction,
  claim: repo.ClaimRow,
  outcome: 'returned' | 'released',
): Promise<void> {
  for (const o of await repo.selectClaimOptions(tx, [claim.claimNo])) {
    if (!(await orderSteps.settleReturning(tx, o.orderOptionNo, o.cnt, outcome)))
      throw claimError('CLAIM_ALREADY_DECIDED');
  }
}

const APPROVED: readonly ClaimStatus[] = ['RETURN_PROC_WAITING_REFUND', 'RETURN_DONE', 'RETURN_NO_REFUND'];

/** Manager: the parcel came back. Approving twice changes nothing the second time. */
export async function approveReturn(
  db: Db,
  managerNo: number,
  claimNo: number,
  now = new Date(),
): Promise<repo.ClaimRow> {
  const at = now.toISOString();
  await writeTx(db, async (tx) => {
    const claim = await repo.selectClaim(tx, claimNo);
    if (!claim || claim.claimType !== 'RETURN') throw claimError('CLAIM_NOT_FOUND');
    if (APPROVED.includes(claim.claimStatus)) return;
    if (claim.claimStatus !== 'RETURN_REQUEST') throw claimError('CLAIM_ALREADY_DECIDED');
    const order = (await orderSteps.selectOrder(tx, claim.orderNo))!;
    const held = order.payAmt - (await repo.refundedPayAmt(tx, order.orderNo, claimNo));
    const refundPayAmt = Math.max(0, Math.min(claim.refundPayAmt, held));
    const next: ClaimStatus =
      refundPayAmt > 0
        ? 'RETURN_PROC_WAITING_REFUND'
        : claim.refundSubPayAmt > 0
          ? 'RETURN_DONE'
          : 'RETURN_NO_REFUND';
    const moved = await repo.moveClaim(tx, claimNo, ['RETURN_REQUEST'], next, at, {
      decided_at: at,
      decided_by: managerNo,
      refund_status: refundPayAmt > 0 ? 'REQUIRED' : null,
      refund_pay_amt: refundPayAmt,
      completed_at: refundPayAmt > 0 ? null : at,
    });
    if (!moved) throw claimError('CLAIM_ALREADY_DECIDED');
    await recordAudit(tx, {
      action: 'claim.approve',
      targetType: 'claim',
      targetId: claimNo,
      summary: `주문 ${order.orderNo}의 반품 ${claimNo} 승인 (환불 ${refundPayAmt.toLocaleString('ko-KR')}원)`,
      before: { claimStatus: claim.claimStatus },
      after: { claimStatus: next, refundPayAmt, refundSubPayAmt: claim.refundSubPayAmt },
    });
    await settle(tx, claim, 'returned');
    const lines = await repo.selectClaimableLines(tx, order.orderNo);
    const items = (await repo.selectClaimOptions(tx, [claimNo])).map((o) => ({
      orderOptionNo: o.orderOptionNo,
      cnt: o.cnt,
    }));
    await restock(tx, lines, items, {
      reason: 'RETURN',
      channel: 'WEB',
      ref: `${order.orderNo} 반품 ${claimNo}`,
      actorMemberNo: managerNo,
      actorLabel: '반품 승인 관리자',
      now: at,
    });
    await givePointsBack(tx, order, claimNo, claim.refundSubPayAmt, 'ADD_RETURN', at);
    const restored = await restoreFreedCoupons(tx, order);
    if (restored.length > 0) await repo.setRestoredCoupons(tx, claimNo, restored);
    if (lines.every((l) => l.orderCnt - l.canceledCnt - l.returnedCnt === 0))
      await orderSteps.markReturned(tx, order.orderNo, at);
    await notifyClaim(tx, order, { claimNo, claimType: 'RETURN', refundPayAmt }, 'CLAIM_APPROVED', now);
  });
  await refundClaim(db, claimNo, now);
  return (await repo.selectClaim(db, claimNo))!;
}

/** Manager: the return is refused (the units are the buyer's again). */
export async function rejectReturn(
  db: Db,
  managerNo: number,
  claimNo: number,
  reason: string,
  now = new Date(),
): Promise<repo.ClaimRow> {
  const at = now.toISOString();
  await writeTx(db, async (tx) => {
    const claim = await repo.selectClaim(tx, claimNo);
    if (!claim || claim.claimType !== 'RETURN') throw claimError('CLAIM_NOT_FOUND');
    if (claim.claimStatus === 'RETURN_REJECT') return;
    const moved = await repo.moveClaim(tx, claimNo, ['RETURN_REQUEST'], 'RETURN_REJECT', at, {
      decided_at: at,
      decided_by: managerNo,
      reject_reason: reason,
      completed_at: at,
    });
    if (!moved) throw claimError('CLAIM_ALREADY_DECIDED');
    await recordAudit(tx, {
      action: 'claim.reject',
      targetType: 'claim',
      targetId: claimNo,
      summary: `주문 ${claim.orderNo}의 반품 ${claimNo} 거절: ${reason}`,
      before: { claimStatus: claim.claimStatus },
      after: { claimStatus: 'RETURN_REJECT', reason },
    });
    await settle(tx, claim, 'released');
  });
  return (await repo.selectClaim(db, claimNo))!;
}

/** The member takes a waiting return request back (404 for another member's claim). */
export async function withdrawReturn(
  db: Db,
  memberNo: number,
  claimNo: number,
  now = new Date(),
): Promise<repo.ClaimRow> {
  const at = now.toISOString();
  await writeTx(db, async (tx) => {
    const claim = await repo.selectClaim(tx, claimNo);
    if (!claim || claim.memberNo !== memberNo) throw claimError('CLAIM_NOT_FOUND');
    if (claim.claimStatus === 'RETURN_WITHDRAWN') return;
    const moved =
      claim.claimType === 'RETURN' &&
      (await repo.moveClaim(tx, claimNo, ['RETURN_REQUEST'], 'RETURN_WITHDRAWN', at, { completed_at: at }));
    if (!moved) throw claimError('CLAIM_NOT_WITHDRAWABLE');
    await settle(tx, claim, 'released');
  });
  return (await repo.selectClaim(db, claimNo))!;
}
