import { hc } from 'hono/client';
import type { InquiryRoutes } from '../../api/shop-api/inquiries.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/inquiries`: one-to-one inquiries (src/api/shop-api/inquiries.ts). */
export const inquiryApi = hc<InquiryRoutes>('/shop-api/inquiries', CLIENT_OPTIONS);
