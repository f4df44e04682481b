import { hc } from 'hono/client';
import type { KakaoSandboxRoutes, PosRoutes } from '../../api/api/pos.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/api/pos`: the counter (src/api/api/pos.ts). */
export const posApi = hc<PosRoutes>('/api/pos', CLIENT_OPTIONS);
/** `/api/pos/kakao-sandbox`: the demo's stand-in for the customer's phone paying by Kakao Pay. */
export const kakaoSandboxApi = hc<KakaoSandboxRoutes>('/api/pos/kakao-sandbox', CLIENT_OPTIONS);
