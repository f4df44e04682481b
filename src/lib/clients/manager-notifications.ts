import { hc } from 'hono/client';
import type { ManagerNotificationRoutes } from '../../api/api/manager-notifications.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** The back office's notification outbox (decision 037). */
export const managerNotificationsApi = hc<ManagerNotificationRoutes>(
  '/api/manager/notifications',
  CLIENT_OPTIONS,
);
