import type { ClaimStatus } from './order-claims.ts';
import { ORDER_STATUS_LABELS } from './order-status.ts';

/**
 * The back office's web-order filters (`/manager/orders?status=…`): which order statuses (and the
 * order module's request types for returns) each tab lists. The dashboard counts the same groups
 * and links to the same tabs, so a figure and the list behind it always agree.
 */
export type ManagerOrderRequestType =
  | 'DEPOSIT_WAIT'
  | 'PAY_DONE'
  | 'PRODUCT_PREPARE'
  | 'DELIVERY_PREPARE'
  | 'DELIVERY_ING'
  | 'DELIVERY_DONE'
  | 'BUY_CONFIRM'
  | 'CANCEL_DONE'
  | 'RETURN_PROCESSING'
  | 'RETURN_DONE';

export interface ManagerOrderFilter {
  key: string;
  label: string;
  /** Left out: every order. */
  types?: readonly ManagerOrderRequestType[];
}

export const MANAGER_ORDER_FILTERS: readonly ManagerOrderFilter[] = [
  { key: 'todo', label: '처리할 주문', types: ['PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE'] },
  ...(['DEPOSIT_WAIT', 'DELIVERY_ING', 'DELIVERY_DONE', 'BUY_CONFIRM'] as const).map((status) => ({
    key: status,
    label: ORDER_STATUS_LABELS[status],
    types: [status],
  })),
  { key: 'CANCEL_DONE', label: '취소', types: ['CANCEL_DONE'] },
  { key: 'RETURN', label: '반품', types: ['RETURN_PROCESSING', 'RETURN_DONE'] },
  { key: 'all', label: '전체' },
];

/** The claims list's tabs (`/manager/orders/claims?status=…`); the first two are work waiting. */
export const MANAGER_CLAIM_FILTERS: readonly {
  key: string;
  label: string;
  statuses?: readonly ClaimStatus[];
}[] = [
  { key: 'request', label: '승인 대기', statuses: ['RETURN_REQUEST'] },
  {
    key: 'refund',
    label: '환불 대기',
    statuses: ['CANCEL_PROC_WAITING_REFUND', 'RETURN_PROC_WAITING_REFUND'],
  },
  {
    key: 'done',
    label: '처리 완료',
    statuses: ['RETURN_DONE', 'RETURN_NO_REFUND', 'RETURN_REJECT', 'RETURN_WITHDRAWN'],
  },
  { key: 'all', label: '전체' },
];
