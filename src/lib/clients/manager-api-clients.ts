import { hc } from 'hono/client';
import type { ManagerApiClientRoutes } from '../../api/api/manager-api-clients.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/** `/api/manager/api-clients`: the registered storefronts (src/api/api/manager-api-clients.ts). */
export const managerApiClientsApi = hc<ManagerApiClientRoutes>('/api/manager/api-clients', CLIENT_OPTIONS);

export type AdminApiClientRow = ResponseOf<(typeof managerApiClientsApi)['index']['$get']>['items'][number];
