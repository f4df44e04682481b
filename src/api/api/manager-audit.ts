import { Hono } from 'hono';
import { z } from 'zod';
import { isCalendarYmd, seoulDayRange } from '../../lib/dates.ts';
import { listAudit } from '../../server/audit/index.ts';
import { db } from '../../server/db/client.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

const Ymd = z.string().refine(isCalendarYmd, { error: '날짜를 2026-11-26처럼 입력해 주세요.' }).optional();

export const AuditQuerySchema = z
  .object({
    from: Ymd,
    to: Ymd,
    actorMemberNo: z.coerce.number().int().positive({ error: '회원 번호를 확인해 주세요.' }).optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z_]+(\.[a-z_-]+)*$/, { error: '작업 종류를 확인해 주세요.' })
      .max(50)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    targetType: z.string().trim().max(30).optional(),
    targetId: z.string().trim().max(60).optional(),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(30),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: '시작일이 종료일보다 늦습니다.',
    path: ['from'],
  });

/**
 * `GET /api/manager/audit`: the audit trail, newest first, filtered by Seoul days, who, what and
 * the target (decision 022). Administrators only. Read-only: lines are never changed or removed.
 */
export const managerAuditRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', AuditQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const range = seoulDayRange(q.from ?? null, q.to ?? null);
    return c.json(
      await listAudit(await db(), {
        ...q,
        from: range.from,
        to: range.to,
        targetType: q.targetType || undefined,
        targetId: q.targetId || undefined,
      }),
    );
  });
