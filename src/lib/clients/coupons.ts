import { hc } from 'hono/client';
import type { CouponRoutes } from '../../api/shop-api/coupons.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/coupons`: coupons (src/api/shop-api/coupons.ts). */
export const couponApi = hc<CouponRoutes>('/shop-api/coupons', CLIENT_OPTIONS);
