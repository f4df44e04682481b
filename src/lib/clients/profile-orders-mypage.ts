import { hc } from 'hono/client';
import type { MypageOrderRoutes } from '../../api/shop-api/profile-orders-mypage.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile/orders`: the member's orders on my page (src/api/shop-api/profile-orders-mypage.ts). */
export const mypageOrderApi = hc<MypageOrderRoutes>('/shop-api/profile/orders', CLIENT_OPTIONS);
