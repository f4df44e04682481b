import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import { findIntegrationCheck, runIntegrationCheck } from '../../server/integration-checks/index.ts';
import { env } from '../../server/platform/env.ts';
import { notFound } from '../../server/platform/errors.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

const CheckParam = z.object({
  checkId: z.string().regex(/^[a-z0-9-]{1,40}$/, '점검 이름이 올바르지 않습니다.'),
});

/** What a check's page may send: a product's address, a phone and the code sent to it, an OAuth code and state. */
const CheckBody = z
  .object({
    slug: z.string().trim().max(200, '상품 주소는 200자 이하입니다.').optional(),
    phone: z.string().trim().max(20, '휴대폰 번호가 너무 깁니다.').optional(),
    code: z.string().trim().max(2000, '코드가 너무 깁니다.').optional(),
    state: z.string().trim().max(200, 'state가 너무 깁니다.').optional(),
  })
  .strict();

/**
 * `POST /api/manager/integration-checks/{checkId}`: runs one integration check of the /test/* pages
 * through the configured adapters and answers its steps (decision 028). Administrators only (401
 * signed out, 403 for members and staff); every run is an audit line.
 */
export const managerIntegrationCheckRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .post('/:checkId', validate('param', CheckParam), validate('json', CheckBody), async (c) => {
    const check = findIntegrationCheck(c.req.valid('param').checkId);
    if (!check) throw notFound('연동 점검');
    const member = c.get('member');
    const admin = { memberNo: member?.memberNo ?? 0, memberName: member?.memberName ?? '' };
    const report = await runIntegrationCheck(
      check,
      {
        db: await db(),
        admin,
        baseUrl: env().PUBLIC_BASE_URL.replace(/\/+$/, ''),
        sessionKey: c.get('accessToken') ?? '',
      },
      c.req.valid('json'),
    );
    return c.json(report);
  });

export type ManagerIntegrationCheckRoutes = typeof managerIntegrationCheckRoutes;
