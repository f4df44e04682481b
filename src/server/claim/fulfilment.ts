import { CUSTOM_ORDER_STATUS_LABELS } from '../../lib/design/api.ts';
import { customOrdersOfOrder } from '../design/index.ts';
import { commerceError, ORDER_STATUS_LABELS, orderSteps } from '../order/index.ts';
import type { Db } from '../db/client.ts';

import { busySafe, writeTx } from '../db/write-tx.ts';
import { DELIVERY_COMPANIES } from '../../lib/order-claims.ts';
import { recordAudit } from '../audit/index.ts';
import { claimError } from './errors.ts';
import * as repo from './repo.ts';

/**
 * A paid order's way to the buyer, moved by a manager: 상품준비중 (PRODUCT_PREPARE), 배송준비중
 * (DELIVERY_PREPARE), shipped with a delivery company and invoice number (DELIVERY_ING), delivered
 * (DELIVERY_DONE). It sits beside the claims because both move orders after checkout, and a cancel
 * is possible exactly until the parcel leaves. Each step is one guarded UPDATE; repeating a step
 * that already happened answers the order as it is. Shipping and delivery record the orderer's
 * message in the move's transaction (decision 029). An order is not shipped while a custom line it
 * still sends is not made (production status `completion`): the parcel would leave without it.
 */

export type FulfilmentStep = 'prepare' | 'prepare-delivery' | 'ship' | 'deliver';

const TARGET: Record<FulfilmentStep, orderSteps.OrderStatus> = {
  prepare: 'PRODUCT_PREPARE',
  'prepare-delivery': 'DELIVERY_PREPARE',
  ship: 'DELIVERY_ING',
  deliver: 'DELIVERY_DONE',
};

export async function moveOrder(
  db: Db,
  orderNo: string,
  step: FulfilmentStep,
  parcel: { deliveryCompanyType: string; invoiceNo: string } | null = null,
  now = new Date(),
): Promise<{ orderNo: string; orderStatus: orderSteps.OrderStatus }> {
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order) throw commerceError('ORDER_NOT_FOUND');
  const at = now.toISOString();
  let moved: boolean;
  switch (step) {
    case 'prepare':
      moved = await busySafe(orderSteps.markPreparing(db, orderNo, at));
      break;
    case 'prepare-delivery':
      moved = await busySafe(orderSteps.markDeliveryPreparing(db, orderNo, at));
      break;
    case 'ship':
      if (!parcel) throw claimError('ORDER_STATUS_CHANGED', '택배사와 송장 번호를 입력해 주세요.');
      await refuseUnmadeCustomLines(db, orderNo);
      moved = await busySafe(
        writeTx(db, async (tx) => {
          if (!(await orderSteps.markShipped(tx, orderNo, parcel, at))) return false;
          const company = DELIVERY_COMPANIES.find((c) => c.type === parcel.deliveryCompanyType);
          await orderSteps.notifyOrder(
            tx,
            order,
            (facts) => ({
              event: 'SHIPPED',
              order: facts,
              parcel: {
                companyLabel: company?.label ?? parcel.deliveryCompanyType,
                invoiceNo: parcel.invoiceNo,
                trackingUrl: company?.trackingUrl
                  ? `${company.trackingUrl}${encodeURIComponent(parcel.invoiceNo)}`
                  : null,
              },
            }),
            { now },
          );
          return true;
        }),
      );
      break;
    case 'deliver':
      moved = await busySafe(
        writeTx(db, async (tx) => {
          if (!(await orderSteps.markDelivered(tx, orderNo, at))) return false;
          await orderSteps.notifyOrder(tx, order, (facts) => ({ event: 'DELIVERED', order: facts }), { now });
          return true;
        }),
      );
      break;
  }
  const fresh = (await orderSteps.selectOrder(db, orderNo))!;
  if (!moved && fresh.orderStatus !== TARGET[step]) {
    throw claimError(
      'ORDER_STATUS_CHANGED',
      `${ORDER_STATUS_LABELS[fresh.orderStatus]} 상태의 주문은 이 단계로 옮길 수 없습니다.`,
    );
  }
  if (moved)
    await recordAudit(db, {
      action: `order.${step}`,
      targetType: 'order',
      targetId: orderNo,
      summary: `주문 ${orderNo}: ${ORDER_STATUS_LABELS[order.orderStatus]} → ${ORDER_STATUS_LABELS[fresh.orderStatus]}${parcel ? ` (${parcel.deliveryCompanyType} ${parcel.invoiceNo})` : ''}`,
      before: { orderStatus: order.orderStatus },
      after: { orderStatus: fresh.orderStatus, ...(parcel ?? {}) },
    });
  return { orderNo, orderStatus: fresh.orderStatus };
}

/** Refuses shipping while a custom line with units still to send is not made, naming the line. */
async function refuseUnmadeCustomLines(db: Db, orderNo: string): Promise<void> {
  const reason = await customLineNotMade(db, orderNo);
  if (reason) throw claimError('CUSTOM_NOT_MADE', reason);
}

/** Why the order cannot be shipped yet because of a custom line, or null. */
export async function customLineNotMade(db: Db, orderNo: string): Promise<string | null> {
  const custom = (await customOrdersOfOrder(db, orderNo)).filter(
    (c) => c.cancelledAt === null && c.status !== 'completion',
  );
  if (custom.length === 0) return null;
  const lines = await repo.selectClaimableLines(db, orderNo);
  for (const c of custom) {
    const line = lines.find((l) => l.orderOptionNo === c.orderOptionNo);
    // a line cancelled or returned in full no longer goes in the parcel
    if (!line || line.orderCnt - line.canceledCnt - line.returningCnt - line.returnedCnt <= 0) continue;
    const name = (await orderSteps.selectOptions(db, orderNo)).find(
      (o) => o.orderOptionNo === c.orderOptionNo,
    )?.productName;
    return `커스텀 상품 '${name ?? `제작 주문 #${c.customOrderNo}`}'의 제작이 끝나지 않아 발송할 수 없습니다. 지금 제작 상태는 '${CUSTOM_ORDER_STATUS_LABELS[c.status]}'입니다. 제작 완료 뒤에 발송해 주세요.`;
  }
  return null;
}
