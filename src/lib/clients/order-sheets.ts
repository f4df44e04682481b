import { hc } from 'hono/client';
import type { OrderSheetRoutes } from '../../api/shop-api/order-sheets.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/order-sheets`: order sheets, their coupons and amounts (src/api/shop-api/order-sheets.ts). */
export const orderSheetApi = hc<OrderSheetRoutes>('/shop-api/order-sheets', CLIENT_OPTIONS);
