import { hc } from 'hono/client';
import type { BoardRoutes } from '../../api/shop-api/boards.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/boards`: boards and their articles (src/api/shop-api/boards.ts). */
export const boardApi = hc<BoardRoutes>('/shop-api/boards', CLIENT_OPTIONS);
