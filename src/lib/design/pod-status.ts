/**
 * The print service's own status of an order (the provider's, kept apart from the production
 * workflow's `status`), in the back office's words. The counter's pickup screen says it for the
 * store instead (src/islands/pos/CustomOrderStatus.tsx).
 */
export const POD_STATUS_LABELS: Readonly<Record<string, string>> = {
  RECEIVED: '접수',
  IN_PRODUCTION: '인쇄 중',
  SHIPPED: '발송',
  DELIVERED: '배송 완료',
  CANCELLED: '취소',
};

/** "인쇄 중 (IN_PRODUCTION)": the word, and the service's code to compare with its console. */
export function podStatusText(status: string | null): string {
  if (!status) return '-';
  const label = POD_STATUS_LABELS[status];
  return label ? `${label} (${status})` : status;
}
