import { Hono } from 'hono';
import { z } from 'zod';
import { isCalendarYmd, seoulDayRange } from '../../lib/dates.ts';
import { db } from '../../server/db/client.ts';
import {
  listNotifications,
  NOTIFICATION_EVENTS,
  NOTIFICATION_STATUS_OF,
  resendNotification,
} from '../../server/notification/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);
/** An optional query choice; an empty form field is the same as none. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.preprocess(blankAsMissing, z.enum(values, { error }).optional());
const Ymd = z.preprocess(
  blankAsMissing,
  z.string().refine(isCalendarYmd, { error: '날짜를 2026-11-26처럼 입력해 주세요.' }).optional(),
);

export const NotificationQuerySchema = z
  .object({
    state: choice(['queued', 'sent', 'failed'], '상태를 확인해 주세요.'),
    event: choice(NOTIFICATION_EVENTS, '메시지 종류를 확인해 주세요.'),
    channel: choice(['sms', 'mail'], '채널을 확인해 주세요.'),
    from: Ymd,
    to: Ymd,
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(30),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: '시작일이 종료일보다 늦습니다.',
    path: ['from'],
  });
export type NotificationQuery = z.infer<typeof NotificationQuerySchema>;

const NotificationNoParam = z.object({
  notificationNo: z.coerce.number().int().positive({ error: '메시지 번호를 확인해 주세요.' }),
});

/**
 * `/api/manager/notifications` (administrators only: 401 signed out, 403 for members and staff):
 * the notification outbox — messages to shoppers, newest first, filtered by state, event, channel
 * and Seoul days, recipients masked, with the count of each state (`GET /`); and the owner's
 * 다시 보내기 of a failed message (`POST /{notificationNo}/resend`, 409 unless failed, audited).
 * The page is `/manager/notifications` (decision 037).
 */
export const managerNotificationRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', NotificationQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { from, to } = seoulDayRange(q.from ?? null, q.to ?? null);
    const filter = {
      status: q.state ? NOTIFICATION_STATUS_OF[q.state] : undefined,
      event: q.event,
      channel: q.channel,
      from,
      to,
    };
    const page = { limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize };
    return c.json(await listNotifications(await db(), filter, page));
  })
  .post('/:notificationNo/resend', validate('param', NotificationNoParam), async (c) => {
    const { notificationNo } = c.req.valid('param');
    await resendNotification(await db(), notificationNo);
    return c.json({ notificationNo, state: 'queued' as const });
  });

export type ManagerNotificationRoutes = typeof managerNotificationRoutes;
