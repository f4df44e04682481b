import { zValidator } from '@hono/zod-validator';
import { Hono, type ValidationTargets } from 'hono';
import type { z } from 'zod';
import { db } from '../../server/db/client.ts';
import { appError, fieldsError } from '../../server/platform/errors.ts';
import * as promo from '../../server/promotion/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The back office's promotions (administrators only: 401 signed out, 403 members and staff).
 * A bad body is a 400 PROMOTION_INVALID whose `fields` list every problem in Korean.
 *
 * /api/manager/coupons
 * - GET / — every coupon with its figures (issued, used, unused, remaining of the total limit)
 * - POST / — a new coupon · GET /{no}
 * - POST /{no}/issue {members: [id or phone]} — to chosen members, all or none
 * - POST /{no}/stop — no more downloads or issues; issued coupons stay usable (decision 024)
 *
 * /api/manager/points
 * - GET /rules (with `signupPoints`) · POST /signup {amount} — the welcome points of every new member
 * - GET /members?q=id-or-phone · GET /members/{no}?pageNumber=
 * - POST /members/{no} {kind: GRANT|DEDUCT, amount, reason} — one ledger line
 */

function body<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw fieldsError('PROMOTION_INVALID', promo.promotionFieldProblems(result.error));
  });
}

export const managerCouponRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', async (c) => c.json({ items: await promo.listManagedCoupons(await db()) }))
  .post('/', body('json', promo.CouponCreate), async (c) =>
    c.json(await promo.createCoupon(await db(), c.req.valid('json')), 201),
  )
  .get('/:couponNo', validate('param', promo.ManagedCouponNoParam), async (c) =>
    c.json(await promo.getManagedCoupon(await db(), c.req.valid('param').couponNo)),
  )
  .post(
    '/:couponNo/issue',
    validate('param', promo.ManagedCouponNoParam),
    body('json', promo.CouponIssueBody),
    async (c) =>
      c.json(
        await promo.issueToMembers(await db(), c.req.valid('param').couponNo, c.req.valid('json').members),
      ),
  )
  .post('/:couponNo/stop', validate('param', promo.ManagedCouponNoParam), async (c) =>
    c.json(await promo.stopCoupon(await db(), c.req.valid('param').couponNo)),
  );

export const managerPointsRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/rules', async (c) => c.json(await promo.pointsRules(await db())))
  .post('/signup', body('json', promo.SignupPointsBody), async (c) =>
    c.json(await promo.setSignupPoints(await db(), c.req.valid('json').amount)),
  )
  .get('/members', body('query', promo.PointsMemberQuery), async (c) => {
    const member = await promo.findPointsMember(await db(), c.req.valid('query').q);
    if (!member) throw appError('POINTS_MEMBER_NOT_FOUND');
    return c.json(member);
  })
  .get(
    '/members/:memberNo',
    validate('param', promo.PointsMemberParam),
    validate('query', promo.PageQuery),
    async (c) =>
      c.json(
        await promo.memberPoints(await db(), c.req.valid('param').memberNo, c.req.valid('query').pageNumber),
      ),
  )
  .post(
    '/members/:memberNo',
    validate('param', promo.PointsMemberParam),
    body('json', promo.PointsAdjust),
    async (c) =>
      c.json(await promo.adjustPoints(await db(), c.req.valid('param').memberNo, c.req.valid('json'))),
  );
