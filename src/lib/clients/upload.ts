import { hc } from 'hono/client';
import type { UploadRoutes } from '../../api/api/upload.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/upload`: signed upload URLs (src/api/api/upload.ts). */
export const uploadApi = hc<UploadRoutes>('/api/upload', CLIENT_OPTIONS);
