import { josa } from 'es-hangul';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  Email,
  LoginMemberId,
  MemberName,
  MobileNo,
  passwordWithoutMemberId,
  StrictPassword,
} from '../../lib/validation.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import {
  changePasswordAfterCert,
  countLookup,
  findId,
  memberEquals,
  searchAccount,
  sendPasswordResetMail,
  type FindIdCriteria,
} from '../../server/verification/index.ts';
import { clientIp, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/profile` recovery routes: find id, account search, id ↔ e-mail/phone checks, the e-mailed
 * reset link and the password change after certification. Answers are masked.
 */

const CertKey = z.string().min(1).max(200);

/** v1.1: by name + e-mail, or by name + mobile number with the SMS certification key (`key`). */
const FindIdQuery = z.object({
  memberName: MemberName,
  email: Email.optional(),
  mobileNo: MobileNo.optional(),
  key: CertKey.optional(),
});
const FindIdBody = z
  .object({
    findMethod: z.enum(['SMS', 'EMAIL'], { error: '찾기 방법을 확인해 주세요.' }),
    memberName: MemberName.optional(),
    mobileNo: MobileNo.optional(),
    email: Email.optional(),
    key: CertKey.optional(),
    certificationNo: CertKey.optional(),
  })
  .strict();
const MemberIdQuery = z.object({ memberId: LoginMemberId });
const WithEmailQuery = z.object({ memberId: LoginMemberId, email: Email });
const WithMobileQuery = z.object({ memberId: LoginMemberId, mobileNo: MobileNo });
const ResetMailBody = z
  .object({
    memberId: LoginMemberId,
    email: Email,
    memberName: MemberName.optional(),
    // Shopby clients send where the link should point; Podo's link always goes to its own page
    url: z.string().max(500).optional(),
    uri: z.string().max(500).optional(),
  })
  .strict();
const ChangePasswordBody = z
  .object({
    memberId: LoginMemberId,
    newPassword: StrictPassword,
    findMethod: z.enum(['SMS', 'EMAIL', 'MOBILE']).optional(),
    key: CertKey.optional(),
    certificationNumber: CertKey.optional(),
    certificatedNumber: CertKey.optional(),
  })
  .strict()
  // checked before the certification key is used up, so a refused password leaves it usable
  .superRefine(passwordWithoutMemberId('newPassword'));

const missing = (what: string) => appError('INVALID_INPUT', `${josa(what, '을/를')} 입력해 주세요.`);

function criteriaOf(input: {
  memberName?: string | undefined;
  email?: string | undefined;
  mobileNo?: string | undefined;
  key?: string | undefined;
}): FindIdCriteria {
  if (input.mobileNo) {
    if (!input.key) throw missing('휴대폰 인증 정보(key)');
    return { by: 'sms', memberName: input.memberName, mobileNo: input.mobileNo, certificationKey: input.key };
  }
  if (!input.email) throw missing('이메일 또는 휴대폰 번호');
  if (!input.memberName) throw missing('이름');
  return { by: 'email', memberName: input.memberName, email: input.email };
}

export const recoveryRoutes = new Hono<AuthEnv>()
  .use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  })
  .get('/id', validate('query', FindIdQuery), async (c) => {
    const conn = await db();
    await countLookup(conn, clientIp(c));
    return c.json(await findId(conn, criteriaOf(c.req.valid('query'))));
  })
  .post('/find-id', validate('json', FindIdBody), async (c) => {
    const b = c.req.valid('json');
    const conn = await db();
    await countLookup(conn, clientIp(c));
    if (b.findMethod === 'SMS' && !b.mobileNo) throw missing('휴대폰 번호');
    const criteria =
      b.findMethod === 'SMS'
        ? criteriaOf({ memberName: b.memberName, mobileNo: b.mobileNo, key: b.key ?? b.certificationNo })
        : criteriaOf({ memberName: b.memberName, email: b.email });
    return c.json(await findId(conn, criteria));
  })
  .get('/password/search-account', validate('query', MemberIdQuery), async (c) => {
    const conn = await db();
    await countLookup(conn, clientIp(c));
    return c.json(await searchAccount(conn, c.req.valid('query').memberId));
  })
  .get('/member/equals/with-email', validate('query', WithEmailQuery), async (c) => {
    const conn = await db();
    await countLookup(conn, clientIp(c));
    const q = c.req.valid('query');
    return c.json({ result: await memberEquals(conn, q.memberId, { email: q.email }) });
  })
  .get('/member/equals/with-mobile', validate('query', WithMobileQuery), async (c) => {
    const conn = await db();
    await countLookup(conn, clientIp(c));
    const q = c.req.valid('query');
    return c.json({ result: await memberEquals(conn, q.memberId, { mobileNo: q.mobileNo }) });
  })
  .put('/password/sending-email-with-url', validate('json', ResetMailBody), async (c) => {
    const b = c.req.valid('json');
    const conn = await db();
    await countLookup(conn, clientIp(c));
    await sendPasswordResetMail(conn, { memberId: b.memberId, email: b.email });
    return c.body(null, 204);
  })
  .post('/change-password-after-cert', validate('json', ChangePasswordBody), async (c) => {
    const b = c.req.valid('json');
    const key = b.key ?? b.certificationNumber ?? b.certificatedNumber;
    if (!key) throw missing('인증 정보(key)');
    await changePasswordAfterCert(await db(), {
      memberId: b.memberId,
      newPassword: b.newPassword,
      certificationKey: key,
    });
    return c.body(null, 204);
  });

/** For the islands' typed client (src/lib/clients/recovery.ts). */
export type RecoveryRoutes = typeof recoveryRoutes;
