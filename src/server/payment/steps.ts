/**
 * What other modules' workflows may do with payments inside their own transaction: record a
 * reservation, the provider's latest state, mark a free order's placeholder payment paid, and
 * read an order's latest payment.
 */
export {
  insertPaymentStatement,
  markFreePaymentPaid,
  recordProviderState,
  selectLatestOfOrder,
} from './repo.ts';
export type { PaymentRow } from './repo.ts';
