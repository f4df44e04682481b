import { Hono } from 'hono';
import { z } from 'zod';
import { VERIFICATION_USAGES, type VerificationUsage } from '../../lib/verification-errors.ts';
import { MemberName, MobileNo } from '../../lib/validation.ts';
import { db } from '../../lib/server/db/client.ts';
import { checkSmsUsage } from '../../lib/server/verification/recovery.ts';
import { sendSmsCode, verifySmsCode } from '../../lib/server/verification/service.ts';
import { clientIp, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/authentications`: SMS verification codes (spec section 8, L1001–L1008). A right code answers
 * with a certification key for the next step (find id, password change, join), usable once.
 */

const Usage = z.enum(Object.keys(VERIFICATION_USAGES) as [VerificationUsage, ...VerificationUsage[]], {
  error: '인증 용도를 확인해 주세요.',
});
const Code = z
  .string({ error: '인증번호를 입력해 주세요.' })
  .trim()
  .regex(/^\d{6}$/, { error: '인증번호 6자리를 숫자로 입력해 주세요.' });

const SendSmsBody = z
  .object({ mobileNo: MobileNo, usage: Usage, memberName: MemberName.optional() })
  .strict();
const VerifySmsQuery = z.object({ mobileNo: MobileNo, usage: Usage, key: Code });
/** Shopby's generic form: `notiAccount` is the number; only SMS is offered. */
const SendBody = z
  .object({
    notiAccount: MobileNo,
    usage: Usage,
    memberName: MemberName.optional(),
    type: z.literal('SMS', { error: '휴대폰(SMS) 인증만 지원합니다.' }).optional(),
    memberNo: z.number().int().optional(),
  })
  .strict();
const VerifyQuery = z.object({
  notiAccount: MobileNo,
  usage: Usage,
  certificatedNumber: Code,
  type: z.literal('SMS', { error: '휴대폰(SMS) 인증만 지원합니다.' }).optional(),
});

async function send(
  ip: string | null,
  input: { mobileNo: string; usage: VerificationUsage; memberName?: string | undefined },
) {
  const conn = await db();
  return sendSmsCode(conn, { ...input, ip: ip ?? undefined }, () =>
    checkSmsUsage(conn, input.usage, input.mobileNo),
  );
}

async function verify(input: { mobileNo: string; usage: VerificationUsage; code: string }) {
  const { key, expireIn } = await verifySmsCode(await db(), input);
  return { certificated: true, certificationKey: key, expireIn };
}

export const authenticationRoutes = new Hono<AuthEnv>()
  .post('/sms', validate('json', SendSmsBody), async (c) => {
    return c.json(await send(clientIp(c), c.req.valid('json')));
  })
  .get('/sms', validate('query', VerifySmsQuery), async (c) => {
    const q = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await verify({ mobileNo: q.mobileNo, usage: q.usage, code: q.key }));
  })
  .post('/', validate('json', SendBody), async (c) => {
    const b = c.req.valid('json');
    return c.json(
      await send(clientIp(c), { mobileNo: b.notiAccount, usage: b.usage, memberName: b.memberName }),
    );
  })
  .get('/', validate('query', VerifyQuery), async (c) => {
    const q = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await verify({ mobileNo: q.notiAccount, usage: q.usage, code: q.certificatedNumber }));
  });
