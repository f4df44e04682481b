import { hc } from 'hono/client';
import type { ManagerStoreRoutes } from '../../api/api/manager-stores.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/** `/api/manager/stores`: the stores and where each staff member may sell (src/api/api/manager-stores.ts). */
export const managerStoresApi = hc<ManagerStoreRoutes>('/api/manager/stores', CLIENT_OPTIONS);

type Api = typeof managerStoresApi;
export type AdminStoreRow = ResponseOf<Api['index']['$get']>['items'][number];
export type AdminStaffRow = ResponseOf<Api['staff']['$get']>['items'][number];
