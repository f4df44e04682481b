import { hc } from 'hono/client';
import type { PosSalesRoutes } from '../../api/api/pos-sales.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/pos/reports`: the counter's sales figures (src/api/api/pos-sales.ts). */
export const posSalesApi = hc<PosSalesRoutes>('/api/pos/reports', CLIENT_OPTIONS);
