import { hc } from 'hono/client';
import type { ProfileOrderRoutes } from '../../api/shop-api/profile-orders.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile/orders`: a member's order (src/api/shop-api/profile-orders.ts). */
export const profileOrderApi = hc<ProfileOrderRoutes>('/shop-api/profile/orders', CLIENT_OPTIONS);
