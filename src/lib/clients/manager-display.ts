import { hc } from 'hono/client';
import type { ManagerDisplayRoutes } from '../../api/api/manager-display.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/manager/display`: home banners and display sections (src/api/api/manager-display.ts). */
export const managerDisplayApi = hc<ManagerDisplayRoutes>('/api/manager/display', CLIENT_OPTIONS);
