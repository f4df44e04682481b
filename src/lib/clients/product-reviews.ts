import { hc } from 'hono/client';
import type { ProductReviewRoutes } from '../../api/shop-api/product-reviews.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/products`: product reviews (src/api/shop-api/product-reviews.ts). */
export const productReviewApi = hc<ProductReviewRoutes>('/shop-api/products', CLIENT_OPTIONS);
