import { hc } from 'hono/client';
import type { ProfileRoutes } from '../../api/shop-api/profile.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile`: the member's profile (src/api/shop-api/profile.ts). */
export const profileApi = hc<ProfileRoutes>('/shop-api/profile', CLIENT_OPTIONS);
