import { hc } from 'hono/client';
import type { CartRoutes } from '../../api/shop-api/cart.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/cart`: the member cart (src/api/shop-api/cart.ts). */
export const cartApi = hc<CartRoutes>('/shop-api/cart', CLIENT_OPTIONS);
