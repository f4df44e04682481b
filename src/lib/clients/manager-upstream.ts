import { hc } from 'hono/client';
import type { ManagerUpstreamRoutes } from '../../api/api/manager-upstream.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/** `/api/manager/upstream`: the print service's connection (src/api/api/manager-upstream.ts). */
export const managerUpstreamApi = hc<ManagerUpstreamRoutes>('/api/manager/upstream', CLIENT_OPTIONS);

export type UpstreamCheck = ResponseOf<(typeof managerUpstreamApi)['check']['$post']>;
