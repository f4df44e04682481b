import { hc } from 'hono/client';
import type { ManagerMemberRoutes } from '../../api/api/manager-members.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/** `/api/manager/members`: the members back office (src/api/api/manager-members.ts). */
export const managerMembersApi = hc<ManagerMemberRoutes>('/api/manager/members', CLIENT_OPTIONS);

type Api = typeof managerMembersApi;
export type ManagedMemberView = ResponseOf<Api[':memberNo']['$get']>;
export type RevealedMemberView = ResponseOf<Api[':memberNo']['reveal']['$post']>;
