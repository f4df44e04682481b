/** The payment module's public entry: code outside src/server/payment/ imports only this file. */
export { runCommerceMaintenance } from './maintenance.ts';
export type { PaymentRow } from './repo.ts';
export { sendSandboxWebhook } from './sandbox-webhooks.ts';
export { confirmReturn, receiveWebhook } from './service.ts';
export { returnQuery, verifyStandardWebhook } from './signature.ts';
export * as paymentSteps from './steps.ts';
