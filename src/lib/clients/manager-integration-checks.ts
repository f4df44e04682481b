import { hc } from 'hono/client';
import type { ManagerIntegrationCheckRoutes } from '../../api/api/manager-integration-checks.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/** `/api/manager/integration-checks`: runs a /test/* page's check (src/api/api/manager-integration-checks.ts). */
export const integrationChecksApi = hc<ManagerIntegrationCheckRoutes>(
  '/api/manager/integration-checks',
  CLIENT_OPTIONS,
);

export type CheckReportBody = ResponseOf<(typeof integrationChecksApi)[':checkId']['$post']>;
