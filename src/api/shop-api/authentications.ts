import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { VERIFICATION_USAGES, type VerificationUsage } from '../../lib/verification-rules.ts';
import { MemberName, MobileNo } from '../../lib/validation.ts';
import { db } from '../../server/db/client.ts';
import { sendSmsCode, verifySmsCode, checkSmsUsage } from '../../server/verification/index.ts';

import { accountError } from '../../server/auth/index.ts';
import { clearAuthCookies, clientIp, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/authentications`: SMS verification codes (spec section 8, L1001–L1008). A right code answers
 * with a certification key for the next step (find id, password change, join, a new phone number
 * in `PUT /profile`), usable once.
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

/**
 * Usages for a change to the caller's own account (a new phone number …): only a signed-in member
 * may ask, and the certification key is bound to that member (decision 003, section 7).
 */
const MEMBER_USAGES: ReadonlySet<VerificationUsage> = new Set([
  'CHANGE_MOBILE_NO',
  'CHANGE_EMAIL',
  'CHANGE_ID',
]);

/** The signed-in member a member usage needs (401 with the session's code otherwise). */
function memberFor(c: Context<AuthEnv>, usage: VerificationUsage): number | undefined {
  if (!MEMBER_USAGES.has(usage)) return undefined;
  const member = c.get('member');
  if (member) return member.memberNo;
  const failure = c.get('authFailure');
  // a dead cookie goes, as with every 401 of the shop API
  if (failure && c.get('authVia') === 'cookie') clearAuthCookies(c);
  throw accountError(
    failure === 'expired' ? 'token-has-expired' : failure === 'invalid' ? 'invalid-token' : 'login-required',
  );
}

async function send(
  c: Context<AuthEnv>,
  input: { mobileNo: string; usage: VerificationUsage; memberName?: string | undefined },
) {
  memberFor(c, input.usage);
  const conn = await db();
  return sendSmsCode(conn, { ...input, ip: clientIp(c) ?? undefined }, () =>
    checkSmsUsage(conn, input.usage, input.mobileNo),
  );
}

async function verify(
  c: Context<AuthEnv>,
  input: { mobileNo: string; usage: VerificationUsage; code: string },
) {
  const memberNo = memberFor(c, input.usage);
  const { key, expireIn } = await verifySmsCode(await db(), { ...input, memberNo });
  return { certificated: true, certificationKey: key, expireIn };
}

export const authenticationRoutes = new Hono<AuthEnv>()
  .post('/sms', validate('json', SendSmsBody), async (c) => {
    return c.json(await send(c, c.req.valid('json')));
  })
  .get('/sms', validate('query', VerifySmsQuery), async (c) => {
    const q = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await verify(c, { mobileNo: q.mobileNo, usage: q.usage, code: q.key }));
  })
  .post('/', validate('json', SendBody), async (c) => {
    const b = c.req.valid('json');
    return c.json(await send(c, { mobileNo: b.notiAccount, usage: b.usage, memberName: b.memberName }));
  })
  .get('/', validate('query', VerifyQuery), async (c) => {
    const q = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await verify(c, { mobileNo: q.notiAccount, usage: q.usage, code: q.certificatedNumber }));
  });

/** For the islands' typed client (src/lib/clients/authentications.ts). */
export type AuthenticationRoutes = typeof authenticationRoutes;
