import { hc } from 'hono/client';
import type { ManagerProductRoutes } from '../../api/api/manager-products.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/manager/products`: the manager's products, options, stock and images (src/api/api/manager-products.ts). */
export const managerProductApi = hc<ManagerProductRoutes>('/api/manager/products', CLIENT_OPTIONS);
