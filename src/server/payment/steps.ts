/**
 * What other modules' workflows may do with payments inside their own transaction: record a
 * reservation, the provider's latest state, the webhook delivery that brought it (decision 060),
 * mark a free order's placeholder payment paid, and read an order's latest payment.
 */
export {
  insertPaymentStatement,
  markFreePaymentPaid,
  recordDelivery,
  recordProviderState,
  selectLatestOfOrder,
} from './repo.ts';
export type { PaymentRow, WebhookDelivery } from './repo.ts';
