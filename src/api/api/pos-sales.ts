import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import {
  MAX_REPORT_DAYS,
  daysBetween,
  isCalendarDate,
  listSales,
  salesReport,
} from '../../server/pos/index.ts';
import { noStore, requireStaff, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { cashier, counterStore } from './pos-cashier.ts';

/**
 * The counter's sales figures under /api/pos/reports (staff and administrators: 401 signed out,
 * 403 for everyone else). Days are Asia/Seoul, amounts won; src/server/pos/reports.ts says what
 * counts when.
 * - GET /api/pos/reports/sales?from=2026-11-01&to=2026-11-30 — the period's figures
 * - GET /api/pos/reports/days/2026-11-25?pageNumber&pageSize — a day's figures and its counter sales
 */

/** `label` with its object particle: 시작일을, 날짜를. */
const Ymd = (labelWithParticle: string) =>
  z
    .string({ error: `${labelWithParticle} 입력해 주세요.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${labelWithParticle} 2026-11-25처럼 입력해 주세요.` })
    .refine(isCalendarDate, { error: `달력에 없는 날짜입니다. ${labelWithParticle} 확인해 주세요.` });

const PeriodQuery = z
  .object({
    from: Ymd('시작일을'),
    to: Ymd('종료일을'),
  })
  .refine((q) => q.from <= q.to, {
    error: '종료일은 시작일과 같거나 그 뒤여야 합니다.',
    path: ['to'],
  })
  .refine((q) => daysBetween(q.from, q.to) <= MAX_REPORT_DAYS, {
    error: `기간은 ${MAX_REPORT_DAYS}일까지 조회할 수 있습니다.`,
    path: ['to'],
  });

const DayParam = z.object({ date: Ymd('날짜를') });
const DayQuery = z.object({
  pageNumber: z.coerce
    .number({ error: '페이지 번호를 숫자로 입력해 주세요.' })
    .int({ error: '페이지 번호를 확인해 주세요.' })
    .min(1, { error: '페이지 번호는 1 이상이어야 합니다.' })
    .max(10_000, { error: '페이지 번호를 확인해 주세요.' })
    .default(1),
  pageSize: z.coerce
    .number({ error: '한 페이지 건수를 숫자로 입력해 주세요.' })
    .int({ error: '한 페이지 건수를 확인해 주세요.' })
    .min(1, { error: '한 페이지 건수는 1 이상이어야 합니다.' })
    .max(100, { error: '한 페이지에 100건까지 볼 수 있습니다.' })
    .default(50),
});

export const posSalesRoutes = new Hono<AuthEnv>()
  .use(requireStaff(), noStore(), counterStore())
  .get('/sales', validate('query', PeriodQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    return c.json(await salesReport(await db(), { storeNo: (await cashier(c)).storeNo, from, to }));
  })
  .get('/days/:date', validate('param', DayParam), validate('query', DayQuery), async (c) => {
    const { date } = c.req.valid('param');
    const { storeNo } = await cashier(c);
    const conn = await db();
    const [report, sales] = await Promise.all([
      salesReport(conn, { storeNo, from: date, to: date }),
      listSales(conn, { storeNo, date, ...c.req.valid('query') }),
    ]);
    return c.json({ report, sales });
  });

export type PosSalesRoutes = typeof posSalesRoutes;
