/**
 * The one word for each order status (Shopby's OrderStatusType names), for every page, module and
 * island that shows one: the shopper's order list and detail, the result and guest order pages,
 * the back office, the counter. The display groups of the spec (section 4) are named after their
 * statuses (order-claims.ts), so PAY_DONE reads 결제완료 on every page (decision 021).
 */

export type OrderStatus =
  | 'PAY_WAIT'
  | 'DEPOSIT_WAIT'
  | 'PAY_DONE'
  | 'PRODUCT_PREPARE'
  | 'DELIVERY_PREPARE'
  | 'DELIVERY_ING'
  | 'DELIVERY_DONE'
  | 'BUY_CONFIRM'
  | 'PAY_FAIL'
  | 'PAY_CANCEL'
  | 'CANCEL_DONE';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PAY_WAIT: '결제대기',
  DEPOSIT_WAIT: '입금대기',
  PAY_DONE: '결제완료',
  PRODUCT_PREPARE: '상품준비중',
  DELIVERY_PREPARE: '배송준비중',
  DELIVERY_ING: '배송중',
  DELIVERY_DONE: '배송완료',
  BUY_CONFIRM: '구매확정',
  PAY_FAIL: '결제실패',
  PAY_CANCEL: '결제포기',
  CANCEL_DONE: '취소완료',
};

/** A delivered order every unit of which came back (decision 009: the status stays DELIVERY_DONE). */
export const RETURNED_LABEL = '반품완료';

/** The word for an order's status; a wholly returned order says so. Unknown statuses as they are. */
export function orderStatusLabel(status: OrderStatus, opts: { returned?: boolean } = {}): string {
  if (opts.returned) return RETURNED_LABEL;
  return ORDER_STATUS_LABELS[status] ?? status;
}
