import { hc } from 'hono/client';
import type { PaymentRoutes } from '../../api/shop-api/payments.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/payments`: payment reservation and confirmation (src/api/shop-api/payments.ts). */
export const paymentApi = hc<PaymentRoutes>('/shop-api/payments', CLIENT_OPTIONS);
