import { hc } from 'hono/client';
import type { RecoveryRoutes } from '../../api/shop-api/recovery.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile`: finding the id, resetting the password (src/api/shop-api/recovery.ts). */
export const recoveryApi = hc<RecoveryRoutes>('/shop-api/profile', CLIENT_OPTIONS);
