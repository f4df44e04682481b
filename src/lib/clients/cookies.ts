import { hc } from 'hono/client';
import type { CookieRoutes } from '../../api/api/cookies.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api`: the cookie routes (src/api/api/cookies.ts). */
export const cookieApi = hc<CookieRoutes>('/api', CLIENT_OPTIONS);
