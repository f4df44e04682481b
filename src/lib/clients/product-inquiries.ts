import { hc } from 'hono/client';
import type {
  ProductInquiryRoutes,
  ProfileProductInquiryRoutes,
} from '../../api/shop-api/product-inquiries.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/products`: product Q&A (src/api/shop-api/product-inquiries.ts). */
export const productInquiryApi = hc<ProductInquiryRoutes>('/shop-api/products', CLIENT_OPTIONS);
/** `/shop-api/profile/product-inquiries`: the member's own product questions (src/api/shop-api/product-inquiries.ts). */
export const profileProductInquiryApi = hc<ProfileProductInquiryRoutes>(
  '/shop-api/profile/product-inquiries',
  CLIENT_OPTIONS,
);
