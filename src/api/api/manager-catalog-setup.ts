import { Hono } from 'hono';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';

/** The manager's categories, brands, partners and delivery templates (administrators only: 401 signed out, 403 otherwise). */
export const managerCatalogSetupRoutes = new Hono<AuthEnv>().use(requireAdmin(), noStore());

export type ManagerCatalogSetupRoutes = typeof managerCatalogSetupRoutes;
