import { hc } from 'hono/client';
import type { PosCatalogRoutes } from '../../api/api/pos-catalog.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/pos/catalog`: products, barcodes and stock at the counter (src/api/api/pos-catalog.ts). */
export const posCatalogApi = hc<PosCatalogRoutes>('/api/pos/catalog', CLIENT_OPTIONS);
