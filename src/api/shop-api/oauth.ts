import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { SOCIAL_ERRORS } from '../../lib/errors/social.ts';
import { Birthday, Email, MemberName, MobileNo, Sex } from '../../lib/validation.ts';
import {
  SOCIAL_PROVIDERS,
  type SocialProfile,
  type SocialProvider,
} from '../../server/adapters/oauth/index.ts';
import { secureCookies } from '../../server/auth/index.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import {
  completeAtProvider,
  loginWithProfile,
  profileFromOpenAccessToken,
  recordSocialLogin,
  startSocialLogin,
  type SocialLoginOutcome,
  signUpWithSocialToken,
  PARTNER_PROVIDER,
  redeemPartnerLoginTicket,
  socialError,
  unlinkProvider,
  listLinks,
  linkProfile,
} from '../../server/social/index.ts';

import { getProfile } from '../../server/member/index.ts';

import { randomSecret, sha256Hex } from '../../server/verification/index.ts';
import {
  clientIp,
  memberOf,
  noStore,
  requireMember,
  startSession,
  type AuthEnv,
} from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { fromBrowser } from './oauth-token.ts';

/**
 * `/oauth`: social login (Naver, Kakao) and the partner exchange. See
 * docs/decisions/003-social-login.md for the flow and the answers.
 */

/**
 * httpOnly cookie tying an OAuth state to the browser that asked for it. Path `/`: logins start
 * at `/shop-api/oauth/login-url` and at the brand's `/api/{brand}?url=/user/sns-login`, and both
 * must see (and reuse) the same binding, or a second tab would break the first one's login.
 */
const OAUTH_BINDING_COOKIE = 'podo_oauth_binding';
const BINDING_PATH = '/';

/** Each login URL stores a state row: 60 per IP in 10 minutes is plenty for people. */
export const LOGIN_URL_LIMIT = { scope: 'oauth-login-url', max: 60, windowMs: 10 * 60 * 1000 };

const Provider = z.enum(SOCIAL_PROVIDERS, { error: '간편 로그인 제공자를 확인해 주세요.' });
const Flag = z.enum(['true', 'false']).transform((v) => v === 'true');

// Queries are not strict: Shopby clients append their own parameters (platformType, state ...).
const LoginUrlQuery = z.object({ provider: Provider, redirectUri: z.string().max(500).optional() });
const CallbackQuery = z.object({
  provider: Provider,
  code: z.string().min(1).max(1000),
  state: z.string().min(1).max(200),
  redirectUri: z.string().max(500).optional(),
  keepLogin: Flag.optional(),
});
const LinkBody = z
  .object({
    provider: Provider,
    code: z.string().min(1).max(1000),
    state: z.string().min(1).max(200),
    redirectUri: z.string().max(500).nullish(),
  })
  .strict();
const OpenIdBody = z
  .object({
    provider: z.enum([...SOCIAL_PROVIDERS, PARTNER_PROVIDER]),
    openAccessToken: z.string().min(1).max(2000).nullish(),
    code: z.string().min(1).max(1000).nullish(),
    state: z.string().min(1).max(200).nullish(),
    redirectUri: z.string().max(500).nullish(),
    keepLogin: z.boolean().optional(),
  })
  .strict();
const ProviderQuery = z.object({ provider: Provider });

function bindingOf(c: Context): string | null {
  const value = getCookie(c, OAUTH_BINDING_COOKIE);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** Reuses the browser's binding (two tabs may log in at once) or gives it one. */
function ensureBinding(c: Context): string {
  const value = bindingOf(c) ?? randomSecret();
  setCookie(c, OAUTH_BINDING_COOKIE, value, {
    path: BINDING_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c.req.url),
    maxAge: 3600,
  });
  return value;
}

const missingToken = () => appError('INVALID_INPUT', '입력값을 확인해 주세요 (openAccessToken).');

const bindingHashOf = (c: Context) => {
  const value = bindingOf(c);
  return value ? sha256Hex(value) : null;
};

function profileForForm(p: SocialProfile) {
  return { memberName: p.name, email: p.email, mobileNo: p.mobileNo, birthday: p.birthday, sex: p.sex };
}

/** One shape for every way a social identity arrives (code, dev token). */
async function answer(
  c: Context<AuthEnv>,
  provider: SocialProvider | typeof PARTNER_PROVIDER,
  outcome: SocialLoginOutcome,
  keepLogin: boolean,
) {
  switch (outcome.kind) {
    case 'logged-in': {
      const session = await startSession(c, outcome.memberNo, keepLogin);
      await recordSocialLogin(await db(), outcome.memberNo, clientIp(c));
      // browsers get the token only as the httpOnly cookie (docs/decisions/002-access-token-cookie.md)
      const accessToken = fromBrowser(c) ? '' : session.accessToken;
      return c.json({ provider, accessToken, expireIn: session.expireIn, result: 'logged-in' as const });
    }
    case 'existing-account':
      return c.json(
        {
          code: 'existing-account',
          message: SOCIAL_ERRORS['existing-account'].message,
          provider,
          existingAccount: outcome.account,
        },
        409,
      );
    case 'sign-up':
      return c.json({
        provider,
        result: 'sign-up' as const,
        socialSignUpToken: outcome.socialSignUpToken,
        signUpExpireIn: outcome.expireIn,
        profile: profileForForm(outcome.profile),
      });
  }
}

/**
 * A provider's login (or, for a logged-in member with a link callback, link) URL for this
 * browser: the state, the PKCE verifier (Kakao) and the browser binding are stored as for every
 * social login. Shared by `GET /oauth/login-url` and the brand's `/user/sns-login` command; the
 * caller applies LOGIN_URL_LIMIT.
 */
export async function socialLoginUrl(
  c: Context<AuthEnv>,
  input: { provider: SocialProvider; redirectUri?: string | undefined },
): Promise<string> {
  const binding = ensureBinding(c);
  const { loginUrl } = await startSocialLogin(await db(), {
    provider: input.provider,
    redirectUri: input.redirectUri,
    memberNo: c.get('member')?.memberNo ?? null,
    bindingHash: sha256Hex(binding),
  });
  return loginUrl;
}

export const oauthRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .get('/login-url', rateLimit(LOGIN_URL_LIMIT), validate('query', LoginUrlQuery), async (c) => {
    const { provider, redirectUri } = c.req.valid('query');
    return c.json({ loginUrl: await socialLoginUrl(c, { provider, redirectUri }) });
  })
  .get('/openid/list', requireMember(), async (c) => {
    return c.json(await listLinks(await db(), memberOf(c).memberNo));
  })
  .get('/openid/link', requireMember(), validate('query', CallbackQuery), async (c) => {
    return link(c, c.req.valid('query'));
  })
  .post('/openid/link', requireMember(), validate('json', LinkBody), async (c) => {
    const body = c.req.valid('json');
    return link(c, { ...body, redirectUri: body.redirectUri ?? undefined });
  })
  .get('/openid', validate('query', CallbackQuery), async (c) => {
    const q = c.req.valid('query');
    const conn = await db();
    const { profile } = await completeAtProvider(conn, 'login', { ...q, bindingHash: bindingHashOf(c) });
    return answer(c, q.provider, await loginWithProfile(conn, q.provider, profile), q.keepLogin === true);
  })
  .post('/openid', validate('json', OpenIdBody), async (c) => {
    const body = c.req.valid('json');
    const conn = await db();
    const keepLogin = body.keepLogin === true;
    if (body.provider === PARTNER_PROVIDER) {
      if (!body.openAccessToken) throw missingToken();
      const memberNo = await redeemPartnerLoginTicket(conn, body.openAccessToken);
      return answer(c, PARTNER_PROVIDER, { kind: 'logged-in', memberNo }, keepLogin);
    }
    const provider = body.provider;
    if (body.code && body.state) {
      const { profile } = await completeAtProvider(conn, 'login', {
        provider,
        code: body.code,
        state: body.state,
        redirectUri: body.redirectUri ?? undefined,
        bindingHash: bindingHashOf(c),
      });
      return answer(c, provider, await loginWithProfile(conn, provider, profile), keepLogin);
    }
    if (!body.openAccessToken) throw missingToken();
    const profile = await profileFromOpenAccessToken(provider, body.openAccessToken);
    return answer(c, provider, await loginWithProfile(conn, provider, profile), keepLogin);
  })
  .delete('/openid', requireMember(), validate('query', ProviderQuery), async (c) => {
    await unlinkProvider(await db(), memberOf(c).memberNo, c.req.valid('query').provider);
    return c.body(null, 204);
  });

async function link(
  c: Context<AuthEnv>,
  cb: { provider: SocialProvider; code: string; state: string; redirectUri?: string | undefined },
) {
  const conn = await db();
  const member = memberOf(c);
  const { profile, memberNo } = await completeAtProvider(conn, 'link', {
    ...cb,
    bindingHash: bindingHashOf(c),
  });
  // the state remembers who started the link: another member's session cannot finish it
  if (memberNo !== member.memberNo) throw socialError('invalid-state');
  await linkProfile(conn, member.memberNo, cb.provider, profile);
  return c.json({ provider: cb.provider, linked: true, providers: await listLinks(conn, member.memberNo) });
}

const SocialSignUpBody = z
  .object({
    socialSignUpToken: z.string().min(1).max(200),
    joinTermsAgreements: z.array(z.string().min(1).max(60)).max(30).default([]),
    memberName: MemberName.optional(),
    email: Email.optional(),
    mobileNo: MobileNo.optional(),
    birthday: Birthday.optional(),
    sex: Sex.optional(),
    smsAgreed: z.boolean().optional(),
    directMailAgreed: z.boolean().optional(),
    pushNotificationAgreed: z.boolean().optional(),
    keepLogin: z.boolean().optional(),
  })
  .strict();
export type SocialSignUpBody = z.infer<typeof SocialSignUpBody>;

/** `/profile/openid`: the social sign-up after the terms consent; logs the new member in. */
export const socialProfileRoutes = new Hono<AuthEnv>().post(
  '/openid',
  noStore(),
  validate('json', SocialSignUpBody),
  async (c) => {
    const body = c.req.valid('json');
    const conn = await db();
    const { memberNo, provider } = await signUpWithSocialToken(conn, body);
    const session = await startSession(c, memberNo, body.keepLogin === true);
    await recordSocialLogin(conn, memberNo, clientIp(c));
    const profile = await getProfile(conn, memberNo);
    return c.json(
      {
        memberNo,
        memberId: null,
        memberName: profile?.memberName ?? '',
        email: profile?.email ?? undefined,
        mobileNo: profile?.mobileNo ?? undefined,
        memberStatus: 'ACTIVE',
        memberType: 'OPEN_ID',
        providerType: provider,
        providerTypes: [provider],
        joinYmdt: toShopbyYmdt(profile?.joinedAt ?? new Date()),
        accessToken: fromBrowser(c) ? '' : session.accessToken,
        expireIn: session.expireIn,
      },
      201,
    );
  },
);

/** For the islands' typed client (src/lib/clients/oauth.ts). */
export type OauthRoutes = typeof oauthRoutes;
export type SocialProfileRoutes = typeof socialProfileRoutes;
