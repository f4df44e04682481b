import { Hono } from 'hono';
import { z } from 'zod';
import { countOutboxMessages, listOutboxMessages } from '../../server/adapters/outbox.ts';
import { db } from '../../server/db/client.ts';
import { notFound } from '../../server/platform/errors.ts';
import { isLive } from '../../server/platform/mode.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

const OutboxQuery = z.object({
  channel: z.enum(['sms', 'mail'], { error: '채널(channel)은 sms 또는 mail입니다.' }).optional(),
  recipient: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * `GET /api/manager/outbox`: what the demo shop's built-in SMS and mail outboxes hold (the code of
 * an SMS, the link of a reset e-mail), newest first. Administrators only (401 signed out, 403 for
 * everyone else); 404 in live mode, where messages go to the real providers. The page
 * `/manager/outbox` shows the same list.
 */
export const managerOutboxRoutes = new Hono<AuthEnv>()
  .use(async (_c, next) => {
    if (isLive()) throw notFound('페이지');
    await next();
  })
  .use(requireAdmin())
  .use(noStore())
  .get('/', validate('query', OutboxQuery), async (c) => {
    const q = c.req.valid('query');
    const recipient =
      q.channel === 'sms' && q.recipient ? q.recipient.replace(/\D/g, '') : q.recipient?.toLowerCase();
    const filter = { channel: q.channel, recipient };
    const conn = await db();
    const [totalCount, items] = await Promise.all([
      countOutboxMessages(conn, filter),
      listOutboxMessages(conn, { ...filter, limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize }),
    ]);
    return c.json({ totalCount, items });
  });
