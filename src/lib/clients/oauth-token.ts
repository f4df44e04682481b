import { hc } from 'hono/client';
import type { OauthTokenRoutes } from '../../api/shop-api/oauth-token.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/oauth/token`: login and logout (src/api/shop-api/oauth-token.ts). */
export const oauthTokenApi = hc<OauthTokenRoutes>('/shop-api/oauth/token', CLIENT_OPTIONS);
