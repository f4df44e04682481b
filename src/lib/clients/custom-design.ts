import { hc } from 'hono/client';
import type { CustomDesignRoutes } from '../../api/api/custom-design.ts';
import type { ManagerSharedDesignRoutes, SharedDesignRoutes } from '../../api/api/shared-designs.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/custom`: saved designs and custom orders (src/api/api/custom-design.ts). */
export const customDesignApi = hc<CustomDesignRoutes>('/api/custom', CLIENT_OPTIONS);

/** `/api/custom/shared`: designs members share on /shop/user (src/api/api/shared-designs.ts). */
export const sharedDesignApi = hc<SharedDesignRoutes>('/api/custom/shared', CLIENT_OPTIONS);

/** `/api/manager/shared-designs`: hiding shared designs (administrators). */
export const managerSharedDesignApi = hc<ManagerSharedDesignRoutes>(
  '/api/manager/shared-designs',
  CLIENT_OPTIONS,
);
