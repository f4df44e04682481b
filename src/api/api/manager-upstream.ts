import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import { checkPodConnection, podConnection, resendPodOrder } from '../../server/design/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

const OrderCodeParam = z.object({
  orderCode: z.string().regex(/^[\w-]{1,40}$/, { error: '주문번호를 확인해 주세요.' }),
});

/**
 * `/api/manager/upstream` (administrators only: 401 signed out, 403 for members and staff): the
 * print service's connection (`GET /`), a live check (`POST /check`: a new token and one read,
 * each step's result), and the owner's resend of an outbox row that failed
 * (`POST /outbox/{orderCode}/resend`, an audit line). The page is `/upstream`.
 */
export const managerUpstreamRoutes = new Hono<AuthEnv>()
  .use(requireAdmin())
  .use(noStore())
  .get('/', async (c) => c.json(await podConnection(await db())))
  .post('/check', async (c) => {
    const steps = await checkPodConnection(await db());
    return c.json({ ok: steps.every((s) => s.ok) && steps.length === 2, steps });
  })
  .post('/outbox/:orderCode/resend', validate('param', OrderCodeParam), async (c) => {
    const { orderCode } = c.req.valid('param');
    await resendPodOrder(await db(), orderCode);
    return c.json({ orderCode, state: 'pending' as const });
  });

export type ManagerUpstreamRoutes = typeof managerUpstreamRoutes;
