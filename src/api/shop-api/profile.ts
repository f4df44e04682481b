import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  Birthday,
  Email,
  LoginMemberId,
  LoginPassword,
  MemberId,
  MemberName,
  MobileNo,
  passwordWithoutMemberId,
  Sex,
  StrictPassword,
} from '../../lib/validation.ts';
import {
  assertUpdateToken,
  issueUpdateToken,
  type UpdateToken,
  hitLimit,
  resetLimit,
  CHECK_PASSWORD_LIMIT,
  accountError,
} from '../../server/auth/index.ts';

import { db, type Db } from '../../server/db/client.ts';
import { env } from '../../server/platform/env.ts';
import {
  toShopbyProfile,
  type ShopbyProfile,
  createMember,
  emailExists,
  getProfile,
  memberIdExists,
  mobileExists,
  recordEmailConfirmation,
  registerIdAndPassword,
  updateProfile,
  verifyMemberPassword,
  withdrawMember,
} from '../../server/member/index.ts';

import { linkedProviders } from '../../server/social/index.ts';
import { redeemCertificationKey } from '../../server/verification/index.ts';
import {
  clearAuthCookies,
  memberOf,
  noStore,
  readUpdateToken,
  requireMember,
  setUpdateTokenCookie,
  type AuthEnv,
} from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';

// Shopby's bodies carry many optional fields Podo does not keep (address, nickname, extraInfo …);
// they are dropped rather than refused, so Shopby clients work unchanged.
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === '' ? null : v);
const TermsTypeList = z.array(z.string().regex(/^[A-Z0-9_]{1,60}$/)).max(30);

/** POST /profile (join). `joinTermsAgreements` are terms types; `agreedTermsNos` terms numbers. */
export const PostProfileBody = z
  .object({
    memberId: MemberId,
    password: StrictPassword,
    memberName: MemberName,
    /** Optional (issue 18); when given it is confirmed later by a link sent to it. */
    email: z.preprocess(blankToUndefined, Email.optional()),
    mobileNo: MobileNo,
    /**
     * The key of `GET /authentications/sms` (usage JOIN) for this very number: the phone's holder
     * typed the code sent to it (decision 029). Missing → `join-certification-required`.
     */
    certificationKey: z.preprocess(blankToUndefined, z.string().trim().min(1).max(200).optional()),
    birthday: z.preprocess(blankToUndefined, Birthday.optional()),
    sex: z.preprocess(blankToUndefined, Sex.optional()),
    joinTermsAgreements: TermsTypeList.optional(),
    agreedTermsNos: z.array(z.number().int().positive()).max(30).optional(),
    smsAgreed: z.boolean().optional(),
    directMailAgreed: z.boolean().optional(),
  })
  .superRefine(passwordWithoutMemberId());
export type PostProfileBody = z.infer<typeof PostProfileBody>;

/**
 * PUT /profile: only the fields sent change; `password` is a new password (the member id rule is
 * the service's, which knows the id).
 */
export const PutProfileBody = z.object({
  memberName: MemberName.optional(),
  email: Email.optional(),
  mobileNo: MobileNo.optional(),
  birthday: z.preprocess(blankToNull, Birthday.nullable().optional()),
  sex: z.preprocess(blankToNull, Sex.nullable().optional()),
  smsAgreed: z.boolean().optional(),
  directMailAgreed: z.boolean().optional(),
  password: StrictPassword.optional(),
  joinTermsAgreements: TermsTypeList.optional(),
  /** Needed when `mobileNo` changes: the key of `GET /authentications/sms` (usage CHANGE_MOBILE_NO). */
  certificationKey: z.preprocess(blankToUndefined, z.string().trim().min(1).max(200).optional()),
  /**
   * The SDK's re-check (`PutProfileRequest.currentPassword`): the member's current password,
   * verified here instead of Podo's `userUpdateToken` (decision 017).
   */
  currentPassword: z.preprocess(
    blankToUndefined,
    z
      .string({ error: '현재 비밀번호를 입력해 주세요.' })
      .max(100, { error: '현재 비밀번호가 너무 깁니다.' })
      .optional(),
  ),
});
export type PutProfileBody = z.infer<typeof PutProfileBody>;

export const CheckPasswordBody = z.object({ password: LoginPassword });
const IdExistQuery = z.object({ memberId: LoginMemberId });
const EmailExistQuery = z.object({
  email: z.string().trim().min(1, { error: '이메일을 입력해 주세요.' }).max(100),
  memberTypes: z.string().max(100).optional(),
});
const MobileExistQuery = z.object({ mobileNo: MobileNo });
const DeleteProfileQuery = z.object({ reason: z.string().max(500).optional() });
/** POST /profile/id-password: a social-only member's new id and password (join rules). */
const IdPasswordBody = z
  .object({ memberId: MemberId, password: StrictPassword })
  .superRefine(passwordWithoutMemberId());

const TEN_MINUTES = 10 * 60 * 1000;
/** Live duplicate checks of the join form: generous for typing, not for walking the member list. */
const EXIST_CHECK_LIMIT = { scope: 'exist-check', max: 120, windowMs: TEN_MINUTES };
const joinLimit = () => ({ scope: 'join', max: env().JOIN_LIMIT_PER_HOUR, windowMs: 60 * 60 * 1000 });
/** Registering an id hashes a password and probes ids: as sparing as joining. */
const ID_PASSWORD_LIMIT = { scope: 'id-password', max: 20, windowMs: 60 * 60 * 1000 };

/**
 * A member's own profile in Shopby's shape, with the social logins (`providerType(s)`) asked of
 * the social-login module. Null for unknown or withdrawn members.
 */
export async function shopbyProfileOf(conn: Db, memberNo: number): Promise<ShopbyProfile | null> {
  const [profile, providers] = await Promise.all([
    getProfile(conn, memberNo),
    linkedProviders(conn, memberNo),
  ]);
  return profile ? toShopbyProfile(profile, env().BRAND_NAME, providers) : null;
}

/**
 * Join, shared by `POST /profile` and the brand route. The phone number must come with the
 * certification key of a JOIN code sent to that number; the key is used in the join's own
 * transaction, after the duplicate and terms checks, so a refused join leaves it usable and a key
 * never makes two members.
 */
export async function joinMember(body: PostProfileBody) {
  const conn = await db();
  const { certificationKey, ...input } = body;
  const created = await createMember(conn, {
    ...input,
    agreedTermsTypes: body.joinTermsAgreements,
    agreedTermsNos: body.agreedTermsNos,
    afterInsert: async (tx, memberNo) => {
      if (!certificationKey) throw accountError('join-certification-required');
      await redeemCertificationKey(tx, certificationKey, {
        usage: 'JOIN',
        mobileNo: body.mobileNo.replace(/\D/g, ''),
      });
      // an e-mail given is confirmed by a link sent to it, recorded with the join
      const email = body.email?.trim().toLowerCase();
      if (email) await recordEmailConfirmation(tx, { memberNo, memberName: body.memberName.trim(), email });
    },
  });
  const profile = await shopbyProfileOf(conn, created.memberNo);
  if (!profile) throw accountError('exceptions');
  return profile;
}

/**
 * Password re-check: a user-update token valid 30 minutes, in an httpOnly cookie for browsers
 * and in the body for API clients (who authenticate with the header). Wrong passwords count
 * towards `token-retry-over` (5 in 10 minutes).
 */
export async function checkPassword(c: Context<AuthEnv>, password: string): Promise<UpdateToken> {
  const conn = await db();
  const member = memberOf(c);
  const subject = String(member.memberNo);
  const tries = await hitLimit(conn, CHECK_PASSWORD_LIMIT, subject);
  if (tries.blocked) throw accountError('token-retry-over');
  if (!(await verifyMemberPassword(conn, member.memberNo, password))) throw accountError('wrong-password');
  await resetLimit(conn, CHECK_PASSWORD_LIMIT, subject);
  const token = await issueUpdateToken(conn, member.memberNo);
  setUpdateTokenCookie(c, token);
  return token;
}

/**
 * The SDK's `currentPassword` re-check: the member's password, counted like `check-password`
 * (`token-retry-over` after 5 wrong ones in 10 minutes; `wrong-password` 400 otherwise).
 */
async function assertCurrentPassword(conn: Db, memberNo: number, password: string): Promise<void> {
  const subject = String(memberNo);
  const tries = await hitLimit(conn, CHECK_PASSWORD_LIMIT, subject);
  if (tries.blocked) throw accountError('token-retry-over');
  if (!(await verifyMemberPassword(conn, memberNo, password))) throw accountError('wrong-password');
  await resetLimit(conn, CHECK_PASSWORD_LIMIT, subject);
}

/**
 * Profile edit behind a re-check, shared by `PUT /profile` and the brand route: the SDK's
 * `currentPassword` in the body (verified here) or Podo's user-update token (`userUpdateToken`
 * header or its httpOnly cookie). A new phone number also needs `certificationKey` (SMS code to
 * that number, CHANGE_MOBILE_NO).
 */
export async function editProfile(c: Context<AuthEnv>, body: PutProfileBody, updateToken: string | null) {
  const conn = await db();
  const member = memberOf(c);
  const { password, joinTermsAgreements, certificationKey, currentPassword, ...fields } = body;
  if (currentPassword !== undefined) await assertCurrentPassword(conn, member.memberNo, currentPassword);
  else await assertUpdateToken(conn, member.memberNo, updateToken);
  const profile = await updateProfile(
    conn,
    member.memberNo,
    { ...fields, newPassword: password, agreedTermsTypes: joinTermsAgreements },
    { keepSession: c.get('accessToken'), mobileCertificationKey: certificationKey },
  );
  return toShopbyProfile(profile, env().BRAND_NAME, await linkedProviders(conn, member.memberNo));
}

/** `/profile`: join, duplicate checks, own profile, password re-check, edit and leave. */
export const profileRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post('/', rateLimit(joinLimit), validate('json', PostProfileBody), async (c) => {
    return c.json(await joinMember(c.req.valid('json')), 201);
  })
  .get('/id/exist', rateLimit(EXIST_CHECK_LIMIT), validate('query', IdExistQuery), async (c) => {
    return c.json({ exist: await memberIdExists(await db(), c.req.valid('query').memberId) });
  })
  .get('/email/exist', rateLimit(EXIST_CHECK_LIMIT), validate('query', EmailExistQuery), async (c) => {
    const { email, memberTypes } = c.req.valid('query');
    const types = memberTypes
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    return c.json({ exist: await emailExists(await db(), email, types) });
  })
  .get('/mobile/exist', rateLimit(EXIST_CHECK_LIMIT), validate('query', MobileExistQuery), async (c) => {
    const found = await mobileExists(await db(), c.req.valid('query').mobileNo);
    return c.json({ exist: found.exist, mobileNoExist: found.exist, memberId: found.maskedMemberId });
  })
  .get('/', requireMember(), async (c) => {
    const profile = await shopbyProfileOf(await db(), memberOf(c).memberNo);
    if (!profile) throw accountError('no-account');
    return c.json(profile);
  })
  .post('/check-password', requireMember(), validate('json', CheckPasswordBody), async (c) => {
    const token = await checkPassword(c, c.req.valid('json').password);
    const forApiClient = c.get('authVia') === 'header';
    return c.json({ expireIn: token.expireIn, ...(forApiClient ? { updateToken: token.updateToken } : {}) });
  })
  /**
   * A social-only member registers an id and password (before unlinking its last social login,
   * `need-to-register`): 200 with the profile (`memberType: 'MALL'`), `already-registered` when it
   * has an id, `duplication-id` when the id is taken or was a former member's.
   */
  .post(
    '/id-password',
    requireMember(),
    rateLimit(ID_PASSWORD_LIMIT),
    validate('json', IdPasswordBody),
    async (c) => {
      const { memberId, password } = c.req.valid('json');
      const conn = await db();
      const { memberNo } = memberOf(c);
      await registerIdAndPassword(conn, memberNo, memberId, password);
      const profile = await shopbyProfileOf(conn, memberNo);
      if (!profile) throw accountError('no-account');
      return c.json(profile);
    },
  )
  .put('/', requireMember(), validate('json', PutProfileBody), async (c) => {
    return c.json(await editProfile(c, c.req.valid('json'), readUpdateToken(c)));
  })
  .delete('/', requireMember(), validate('query', DeleteProfileQuery), async (c) => {
    await withdrawMember(await db(), memberOf(c).memberNo, c.req.valid('query').reason);
    clearAuthCookies(c);
    return c.body(null, 204);
  });

/** For the islands' typed client (src/lib/clients/profile.ts). */
export type ProfileRoutes = typeof profileRoutes;
