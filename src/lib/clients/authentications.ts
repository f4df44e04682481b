import { hc } from 'hono/client';
import type { AuthenticationRoutes } from '../../api/shop-api/authentications.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/authentications`: SMS and e-mail verification (src/api/shop-api/authentications.ts). */
export const authenticationApi = hc<AuthenticationRoutes>('/shop-api/authentications', CLIENT_OPTIONS);
