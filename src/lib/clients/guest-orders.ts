import { hc } from 'hono/client';
import type { GuestOrderRoutes } from '../../api/shop-api/guest-orders.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/guest/orders`: a guest's order (src/api/shop-api/guest-orders.ts). */
export const guestOrderApi = hc<GuestOrderRoutes>('/shop-api/guest/orders', CLIENT_OPTIONS);
