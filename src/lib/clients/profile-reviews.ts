import { hc } from 'hono/client';
import type { ProfileReviewRoutes, ProfileReviewableRoutes } from '../../api/shop-api/profile-reviews.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile/product-reviews`: the member's own reviews (src/api/shop-api/profile-reviews.ts). */
export const profileReviewApi = hc<ProfileReviewRoutes>('/shop-api/profile/product-reviews', CLIENT_OPTIONS);
/** `/shop-api/profile/order-options`: lines waiting for a review (src/api/shop-api/profile-reviews.ts). */
export const profileReviewableApi = hc<ProfileReviewableRoutes>(
  '/shop-api/profile/order-options',
  CLIENT_OPTIONS,
);
