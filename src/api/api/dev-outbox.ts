import { Hono } from 'hono';
import { z } from 'zod';
import { listOutboxMessages } from '../../lib/server/adapters/outbox.ts';
import { db } from '../../lib/server/db/client.ts';
import { env } from '../../lib/server/env.ts';
import { notFound } from '../../lib/server/errors.ts';
import { validate } from '../middleware/validate.ts';

const OutboxQuery = z.object({
  channel: z.enum(['sms', 'mail']).optional(),
  recipient: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * `/dev/outbox`: what the built-in SMS and mail outboxes hold, newest first, for developers and
 * browser tests (the code of an SMS, the link of a reset e-mail). 404 in production.
 */
export const devOutboxRoutes = new Hono()
  .use(async (_c, next) => {
    if (env().NODE_ENV === 'production') throw notFound('페이지');
    await next();
  })
  .get('/', validate('query', OutboxQuery), async (c) => {
    const q = c.req.valid('query');
    const recipient =
      q.channel === 'sms' && q.recipient ? q.recipient.replace(/\D/g, '') : q.recipient?.toLowerCase();
    c.header('Cache-Control', 'no-store');
    return c.json(await listOutboxMessages(await db(), { channel: q.channel, recipient, limit: q.limit }));
  });
