import { hc } from 'hono/client';
import type { OauthRoutes, SocialProfileRoutes } from '../../api/shop-api/oauth.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/oauth`: social login and linking (src/api/shop-api/oauth.ts). */
export const oauthApi = hc<OauthRoutes>('/shop-api/oauth', CLIENT_OPTIONS);
/** `/shop-api/profile`: social sign-up (src/api/shop-api/oauth.ts). */
export const socialProfileApi = hc<SocialProfileRoutes>('/shop-api/profile', CLIENT_OPTIONS);
