import { hc } from 'hono/client';
import type { RestockAlertRoutes } from '../../api/api/restock-alerts.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/restock-alerts`: 재입고 알림 requests (src/api/api/restock-alerts.ts). */
export const restockAlertsApi = hc<RestockAlertRoutes>('/api/restock-alerts', CLIENT_OPTIONS);
