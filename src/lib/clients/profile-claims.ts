import { hc } from 'hono/client';
import type { ProfileClaimRoutes, ProfileOrderClaimRoutes } from '../../api/shop-api/profile-claims.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile/claims`: the member's claims (src/api/shop-api/profile-claims.ts). */
export const profileClaimApi = hc<ProfileClaimRoutes>('/shop-api/profile/claims', CLIENT_OPTIONS);
/** `/shop-api/profile/orders`: cancelling a whole order (src/api/shop-api/profile-claims.ts). */
export const profileOrderClaimApi = hc<ProfileOrderClaimRoutes>('/shop-api/profile/orders', CLIENT_OPTIONS);
