import { hc } from 'hono/client';
import type { PaymentSandboxRoutes } from '../../api/api/payment-sandbox.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/payment-sandbox`: the sandbox payment provider (src/api/api/payment-sandbox.ts). */
export const paymentSandboxApi = hc<PaymentSandboxRoutes>('/api/payment-sandbox', CLIENT_OPTIONS);
