import { hc } from 'hono/client';
import type { SearchRoutes } from '../../api/api/catalog.ts';

/** `/api/search`: the search box's suggestions (src/api/api/catalog.ts). */
export const searchApi = hc<SearchRoutes>('/api/search');
