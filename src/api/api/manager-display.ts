import { Hono } from 'hono';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';

/** The manager's home banners and display sections (administrators only: 401 signed out, 403 otherwise). */
export const managerDisplayRoutes = new Hono<AuthEnv>().use(requireAdmin(), noStore());

export type ManagerDisplayRoutes = typeof managerDisplayRoutes;
