import { hc } from 'hono/client';
import type { ManagerBoardRoutes } from '../../api/api/manager-board.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/manager`: the manager's boards and inquiry answers (src/api/api/manager-board.ts). */
export const managerBoardApi = hc<ManagerBoardRoutes>('/api/manager', CLIENT_OPTIONS);
