/**
 * What other modules' workflows may do with payments inside their own transaction: record a
 * reservation, the provider's latest state, and read an order's latest payment.
 */
export { insertPaymentStatement, recordProviderState, selectLatestOfOrder } from './repo.ts';
export type { PaymentRow } from './repo.ts';
