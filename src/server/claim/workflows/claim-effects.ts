/**
 * Workflow steps shared by the claim workflows, run inside their write transaction.
 *
 * Steps: loadContext (the claimable lines, `orderSteps.selectGroups`, points and refunds so far) →
 * checkItems / allLeft → restock (catalog's `catalogSteps.returnStock`, `countSale`) →
 * givePointsBack (promotion's `promotionSteps.givePoints`) → restoreFreedCoupons
 * (`orderSteps.selectCoupons`, `promotionSteps.restoreCoupon`).
 *
 * Composes the steps of order (orderSteps), catalog (catalogSteps) and promotion (promotionSteps).
 *
 * What every claim does inside its write transaction: read the order's lines as the claims left
 * them, check the units asked for, and give back stock, points and coupons. Called only from the
 * claim flows, inside `writeTx`; nothing here talks to a payment provider.
 */

import type { Transaction } from '@libsql/client';
import type { ClaimLine, ClaimOrder, ClaimRequestLine } from '../amounts.ts';
import { claimError } from '../errors.ts';
import * as repo from '../repo.ts';
import { orderSteps } from '../../order/index.ts';
import { catalogSteps } from '../../catalog/index.ts';
import { promotionSteps } from '../../promotion/index.ts';

export interface ClaimContext {
  lines: repo.ClaimableLineRow[];
  claimLines: ClaimLine[];
  claimOrder: ClaimOrder;
}

const deliveryKeyOf = (l: { partnerNo: number; deliveryTemplateNo: number }) =>
  `${l.partnerNo}:${l.deliveryTemplateNo}`;

/** Units of a line still the buyer's. */
export const leftOf = (l: repo.ClaimableLineRow) =>
  l.orderCnt - l.canceledCnt - l.returningCnt - l.returnedCnt;

export async function loadContext(tx: repo.Executor, order: orderSteps.OrderRow): Promise<ClaimContext> {
  const [lines, groups, takenPoints, refunded] = await Promise.all([
    repo.selectClaimableLines(tx, order.orderNo),
    orderSteps.selectGroups(tx, order.orderNo),
    repo.takenPointsAmt(tx, order.orderNo),
    repo.refundedPayAmt(tx, order.orderNo),
  ]);
  return {
    lines,
    claimLines: lines.map((l) => ({
      orderOptionNo: l.orderOptionNo,
      orderCnt: l.orderCnt,
      buyPrice: l.buyPrice,
      productCouponAmt: l.productCouponAmt,
      cartCouponAmt: l.cartCouponAmt,
      deliveryKey: deliveryKeyOf(l),
      takenCnt: l.orderCnt - leftOf(l),
      takenDiscountAmt: l.takenDiscountAmt,
      takenProductCouponAmt: l.takenProductCouponAmt,
    })),
    claimOrder: {
      paid: order.orderStatus !== 'DEPOSIT_WAIT',
      usedPointsAmt: order.usedAccumulationAmt,
      takenPointsAmt: takenPoints,
      takenPaidAmt: lines.reduce((a, l) => a + l.takenPaidAmt, 0),
      payAmt: order.payAmt,
      refundedPayAmt: refunded,
      groups: groups.map((g) => ({
        deliveryKey: deliveryKeyOf({ partnerNo: g.partnerNo, deliveryTemplateNo: g.deliveryTemplateNo }),
        feeAmt: g.deliveryAmt + g.remoteDeliveryAmt,
        refunded: false,
      })),
    },
  };
}

/** The asked-for units, merged per line and checked against what is left (404 / 409 otherwise). */
export function checkItems(
  lines: readonly repo.ClaimableLineRow[],
  items: readonly ClaimRequestLine[],
): ClaimRequestLine[] {
  const merged = new Map<number, number>();
  for (const i of items) merged.set(i.orderOptionNo, (merged.get(i.orderOptionNo) ?? 0) + i.cnt);
  const out: ClaimRequestLine[] = [];
  for (const [orderOptionNo, cnt] of merged) {
    const line = lines.find((l) => l.orderOptionNo === orderOptionNo);
    if (!line) throw claimError('ORDER_OPTION_NOT_FOUND');
    if (cnt > leftOf(line)) throw claimError('CLAIM_QUANTITY');
    out.push({ orderOptionNo, cnt });
  }
  if (out.length === 0) throw claimError('CLAIM_QUANTITY');
  return out;
}

/** Every unit still the buyer's. */
export function allLeft(lines: readonly repo.ClaimableLineRow[]): ClaimRequestLine[] {
  return lines.filter((l) => leftOf(l) > 0).map((l) => ({ orderOptionNo: l.orderOptionNo, cnt: leftOf(l) }));
}

/** Units back in stock and off the sale counters. */
export async function restock(
  tx: Transaction,
  lines: readonly repo.ClaimableLineRow[],
  items: readonly ClaimRequestLine[],
  entry: catalogSteps.StockEntry,
): Promise<void> {
  const perProduct = new Map<number, number>();
  for (const i of items) {
    const line = lines.find((l) => l.orderOptionNo === i.orderOptionNo)!;
    await catalogSteps.returnStock(tx, line.optionNo, i.cnt, entry);
    perProduct.set(line.productNo, (perProduct.get(line.productNo) ?? 0) + i.cnt);
  }
  for (const [productNo, cnt] of perProduct) await catalogSteps.countSale(tx, productNo, -cnt);
}

/**
 * Coupons that no longer discount anything come back (decision 009): a product coupon once none
 * of its product's units are kept, the cart coupon once nothing of the order is kept. Run after
 * the claim's counters moved; a coupon already given back is left alone. Returns those restored.
 */
export async function restoreFreedCoupons(tx: Transaction, order: orderSteps.OrderRow): Promise<number[]> {
  if (order.memberNo === null) return [];
  const [coupons, lines] = await Promise.all([
    orderSteps.selectCoupons(tx, order.orderNo),
    repo.selectClaimableLines(tx, order.orderNo),
  ]);
  const kept = (l: repo.ClaimableLineRow) => l.orderCnt - l.canceledCnt - l.returnedCnt;
  const restored: number[] = [];
  for (const c of coupons) {
    const scope = c.couponType === 'CART' ? lines : lines.filter((l) => l.productNo === c.productNo);
    if (scope.some((l) => kept(l) > 0)) continue;
    if (await promotionSteps.restoreCoupon(tx, c.couponIssueNo, order.orderNo))
      restored.push(c.couponIssueNo);
  }
  return restored;
}

/** Points the claim gives back, as one ledger entry carrying the claim's number. */
export async function givePointsBack(
  tx: Transaction,
  order: orderSteps.OrderRow,
  claimNo: number,
  amount: number,
  reason: 'ADD_CANCEL' | 'ADD_RETURN',
  now: string,
): Promise<void> {
  if (order.memberNo === null || amount <= 0) return;
  await promotionSteps.givePoints(tx, {
    memberNo: order.memberNo,
    amount,
    reason,
    reasonDetail: `주문 ${order.orderNo} ${reason === 'ADD_CANCEL' ? '취소' : '반품'}`,
    orderNo: order.orderNo,
    claimNo,
    now,
  });
}
