import { Hono } from 'hono';
import { z } from 'zod';
import { MemberName, MobileNo } from '../../lib/validation.ts';
import {
  cancelRestockAlert,
  listMyRestockAlerts,
  requestRestockAlert,
  type AlertRequester,
} from '../../server/catalog/index.ts';
import { db } from '../../server/db/client.ts';
import { getProfile } from '../../server/member/index.ts';
import { appError } from '../../server/platform/errors.ts';
import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';

const id = (what: string) =>
  z.coerce
    .number({ error: `${what}를 입력해 주세요.` })
    .int()
    .positive({ error: `${what}가 올바르지 않습니다.` });

/** A member asks with the phone and e-mail of their profile; a guest gives a phone and consents. */
const RestockAlertBody = z.strictObject({
  productNo: id('상품 번호'),
  optionNo: id('옵션 번호'),
  name: MemberName.optional(),
  mobileNo: MobileNo.optional(),
  consent: z.boolean().optional(),
});

const AlertNoParam = z.strictObject({ alertNo: id('알림 번호') });

/**
 * `/api/restock-alerts`: 재입고 알림 (decision 033). POST from anyone (a guest with a phone number
 * and consent); the list and the cancel belong to the signed-in member's own requests only.
 */
export const restockAlertRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post(
    '/',
    rateLimit({ scope: 'restock-alert', max: 20, windowMs: 60_000 }),
    validate('json', RestockAlertBody),
    async (c) => {
      const body = c.req.valid('json');
      const conn = await db();
      const member = c.get('member');
      let who: AlertRequester;
      if (member) {
        const profile = await getProfile(conn, member.memberNo);
        who = {
          kind: 'member',
          memberNo: member.memberNo,
          name: profile?.memberName ?? member.memberName,
          mobileNo: profile?.mobileNo ?? null,
          email: profile?.email ?? null,
        };
      } else {
        if (!body.mobileNo) throw appError('INVALID_INPUT', '알림을 받을 휴대폰 번호를 입력해 주세요.');
        who = {
          kind: 'guest',
          name: body.name ?? '고객',
          mobileNo: body.mobileNo,
          consent: body.consent === true,
        };
      }
      const { alertNo } = await requestRestockAlert(conn, who, {
        productNo: body.productNo,
        optionNo: body.optionNo,
      });
      return c.json({ alertNo }, 201);
    },
  )
  .get('/', requireMember(), async (c) => {
    const items = await listMyRestockAlerts(await db(), memberOf(c).memberNo);
    return c.json({ items });
  })
  .delete('/:alertNo', requireMember(), validate('param', AlertNoParam), async (c) => {
    await cancelRestockAlert(await db(), memberOf(c).memberNo, c.req.valid('param').alertNo);
    return c.body(null, 204);
  });

export type RestockAlertRoutes = typeof restockAlertRoutes;
