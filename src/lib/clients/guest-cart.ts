import { hc } from 'hono/client';
import type { GuestCartRoutes } from '../../api/shop-api/guest-cart.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/guest/cart`: prices the browser's guest cart (src/api/shop-api/guest-cart.ts). */
export const guestCartApi = hc<GuestCartRoutes>('/shop-api/guest/cart', CLIENT_OPTIONS);
