import { hc } from 'hono/client';
import type { PosStoreRoutes } from '../../api/api/pos-stores.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/** `/api/pos/stores`, `/api/pos/store`: the stores the counter may sell at and the choice (src/api/api/pos-stores.ts). */
export const posStoresApi = hc<PosStoreRoutes>('/api/pos', CLIENT_OPTIONS);

export type CounterStoreChoice = ResponseOf<typeof posStoresApi.stores.$get>['stores'][number];
