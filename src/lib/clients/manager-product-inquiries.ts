import { hc } from 'hono/client';
import type { ManagerProductInquiryRoutes } from '../../api/api/manager-product-inquiries.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/manager/product-inquiries`: the manager's product Q&A answers (src/api/api/manager-product-inquiries.ts). */
export const managerProductInquiryApi = hc<ManagerProductInquiryRoutes>(
  '/api/manager/product-inquiries',
  CLIENT_OPTIONS,
);
