import { hc } from 'hono/client';
import type { ManagerOrderRoutes, ManagerClaimRoutes } from '../../api/api/manager-orders.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/manager/orders`: the manager's order work (src/api/api/manager-orders.ts). */
export const managerOrderApi = hc<ManagerOrderRoutes>('/api/manager/orders', CLIENT_OPTIONS);
/** `/api/manager/claims`: the manager's claim work (src/api/api/manager-orders.ts). */
export const managerClaimApi = hc<ManagerClaimRoutes>('/api/manager/claims', CLIENT_OPTIONS);
