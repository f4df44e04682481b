import type { Executor } from '../db/client.ts';
import { notificationSteps, type NotificationInput, type OrderFacts } from '../notification/index.ts';
import { env } from '../platform/env.ts';
import * as repo from './repo.ts';

/**
 * An order's messages to its orderer (decision 029): what the templates say about the order, sent
 * to the phone and e-mail the orderer gave on the order sheet — a guest's too. Recorded in the
 * caller's transaction, beside the move they tell about.
 */

/** The order's page for its orderer: my page for a member, the guest lookup for a guest. */
export function orderUrlOf(order: Pick<repo.OrderRow, 'orderNo' | 'memberNo'>): string {
  const base = env().PUBLIC_BASE_URL.replace(/\/$/, '');
  return order.memberNo === null
    ? `${base}/order/guest-lookup`
    : `${base}/mypage/order/${encodeURIComponent(order.orderNo)}`;
}

export async function orderFactsOf(tx: Executor, order: repo.OrderRow): Promise<OrderFacts> {
  const options = await repo.selectOptions(tx, order.orderNo);
  const names = [...new Set(options.map((o) => o.productName))];
  const first = names[0] ?? '주문 상품';
  return {
    orderNo: order.orderNo,
    ordererName: order.ordererName,
    itemsSummary: names.length > 1 ? `${first} 외 ${names.length - 1}건` : first,
    payAmt: order.payAmt,
    orderUrl: orderUrlOf(order),
  };
}

/**
 * Records one event's messages about `order`. `build` adds what the event needs beyond the order;
 * `ref` is the subject the event is unique for (the order itself, or one of its claims).
 */
export async function notifyOrder(
  tx: Executor,
  order: repo.OrderRow,
  build: (facts: OrderFacts) => NotificationInput,
  options: { ref?: string; now?: Date } = {},
): Promise<void> {
  const input = build(await orderFactsOf(tx, order));
  await notificationSteps.enqueue(
    tx,
    { mobileNo: order.ordererContact1, email: order.ordererEmail },
    input,
    options.ref ?? order.orderNo,
    options.now,
  );
}
