import { hc } from 'hono/client';
import type { LikeProductRoutes } from '../../api/shop-api/like-products.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile/like-products`: the member's wishlist (src/api/shop-api/like-products.ts). */
export const likeProductApi = hc<LikeProductRoutes>('/shop-api/profile/like-products', CLIENT_OPTIONS);
