import { Hono, type Context, type Next } from 'hono';
import { z } from 'zod';
import { LoginMemberId, LoginPassword, StrictPassword } from '../../lib/validation.ts';
import { SOCIAL_PROVIDERS } from '../../server/adapters/oauth/index.ts';
import {
  assertUpdateToken,
  resolveSession,
  type AuthMember,
  hitLimit,
  resetLimit,
  CHECK_PASSWORD_LIMIT,
  verifyLogin,
  accountError,
} from '../../server/auth/index.ts';

import { db } from '../../server/db/client.ts';
import { env } from '../../server/platform/env.ts';
import { AppError } from '../../server/platform/errors.ts';
import {
  changePassword,
  getMemberById,
  getProfile,
  verifyMemberPassword,
} from '../../server/member/index.ts';
import { issuePartnerLoginTicket } from '../../server/social/index.ts';
import { clientIp, readUpdateToken, type AuthEnv } from '../middleware/auth.ts';
import {
  CheckPasswordBody,
  PostProfileBody,
  PutProfileBody,
  checkPassword,
  editProfile,
  joinMember,
  shopbyProfileOf,
} from '../shop-api/profile.ts';
import { LOGIN_URL_LIMIT, socialLoginUrl } from '../shop-api/oauth.ts';
import { fromBrowser, passwordLogin } from '../shop-api/oauth-token.ts';

/**
 * The brand's own member endpoints (`/api/{BRAND_SLUG}`), as the spec names them: the command is
 * the `url` query (`?url=/login`) or the path after the brand (`/api/podo/login`); bodies are
 * `{ data: {...} }` and answers `{ data: { message } }`, except `/user/sns-login`, whose body is
 * `{ command, ... }` and answer `{ message }` as the spec gives them. They call the same services
 * as the shop API. The login answer's `token` is a one-time partner ticket for the spec's second
 * step (`POST /shop-api/oauth/openid { provider: 'ncpstore', openAccessToken }`), never the
 * session token: a browser's session is the httpOnly cookie set here, an API client's starts with
 * the exchange (docs/decisions/002-access-token-cookie.md). Commands this module does not know
 * fall through to other brand routes (custom orders …).
 */

const BrandLoginData = z.object({
  memberId: LoginMemberId,
  password: LoginPassword,
  keepLogin: z.boolean().optional(),
});
const PasswordUpdateData = z.object({ password: LoginPassword, newPassword: StrictPassword });
const UserUpdateData = PutProfileBody.extend({
  memberId: z.string().trim().toLowerCase().max(100).optional(),
});
/**
 * The spec's update-token check: `{ command: 'valid-update-token', access_token, update_token }`.
 * Browsers cannot read either token and send them empty (the cookies count); API clients send
 * their own.
 */
const ValidUpdateTokenBody = z.object({
  command: z.literal('valid-update-token'),
  access_token: z.string().max(200).optional(),
  update_token: z.string().max(200).optional(),
});
/** The spec's social-login command: `{ command: 'login-url', provider, redirect_url }`. */
const LoginUrlCommandBody = z.object({
  command: z.literal('login-url'),
  provider: z.enum(SOCIAL_PROVIDERS, { error: '간편 로그인 제공자를 확인해 주세요.' }),
  redirect_url: z.string().max(500).optional(),
});
const UserSearchQuery = z.object({
  url: z.string().optional(),
  memberId: z.string().trim().toLowerCase().max(100).optional(),
});

const reply = (c: Context, message: unknown, status: 200 | 201 = 200) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json({ data: { message } }, status);
};

/** Reads a JSON body; anything else is the same 400 `invalid-request` every route gives. */
async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw accountError('invalid-request');
  try {
    return (await c.req.json()) as unknown;
  } catch {
    throw accountError('invalid-request');
  }
}

/** Reads and checks a JSON body (400 `invalid-request`, with the rule's Korean message). */
async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parse(schema, await jsonBody(c));
}

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw accountError('invalid-request', message && /[가-힣]/.test(message) ? message : undefined);
  }
  return parsed.data;
}

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

function requireSignedIn(c: Context<AuthEnv>) {
  const member = c.get('member');
  if (member) return member;
  throw c.get('authFailure') === 'expired'
    ? accountError('token-has-expired')
    : accountError('login-required');
}

/**
 * Who a command is for: the session of the request (cookie or `accessToken` header), or the
 * `access_token` an API client put in the body (it must be live, and the same member as the
 * request's session when there is one).
 */
async function commandMember(c: Context<AuthEnv>, accessToken: string | undefined): Promise<AuthMember> {
  if (!accessToken) return requireSignedIn(c);
  const found = await resolveSession(await db(), accessToken);
  if (found.status === 'expired') throw accountError('token-has-expired');
  if (found.status !== 'ok') throw accountError('invalid-token');
  const current = c.get('member');
  if (current && current.memberNo !== found.member.memberNo) throw accountError('mismatched-userid');
  return found.member;
}

/** `valid-update-token`: the user-update token (body, `userUpdateToken` header or cookie) is live. */
async function validUpdateToken(c: Context<AuthEnv>, input: z.infer<typeof ValidUpdateTokenBody>) {
  const member = await commandMember(c, input.access_token);
  const token = input.update_token || readUpdateToken(c);
  const { expiresAt } = await assertUpdateToken(await db(), member.memberNo, token);
  return { valid: true, expireIn: Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) };
}

/** The login-url limit of `GET /shop-api/oauth/login-url` (same counter), for the command route. */
async function limitLoginUrls(c: Context): Promise<void> {
  const ip = clientIp(c);
  if (!ip) return;
  const state = await hitLimit(await db(), LOGIN_URL_LIMIT, ip);
  if (state.blocked) {
    c.header('Retry-After', String(state.retryAfterSeconds));
    throw accountError('too-many-requests');
  }
}

type Command = (c: Context<AuthEnv>) => Promise<Response>;

const postCommands: Record<string, Command> = {
  /**
   * Browsers: the session starts here (httpOnly cookie) and `token` is a one-time ticket they may
   * ignore. API clients: no session yet; `token` (60 s, once) is exchanged for one with
   * `POST /shop-api/oauth/openid { provider: 'ncpstore', openAccessToken: token, keepLogin? }`.
   */
  '/login': async (c) => {
    const { data: input } = await body(c, data(BrandLoginData));
    const conn = await db();
    if (!fromBrowser(c)) {
      const verified = await verifyLogin(conn, { ...input, ip: clientIp(c) });
      const ticket = await issuePartnerLoginTicket(conn, verified.memberNo);
      return reply(c, {
        ...memberOfSession(await getProfile(conn, verified.memberNo)),
        token: ticket.ticket,
        tokenExpireIn: ticket.expireIn,
        daysFromLastPasswordChange: verified.daysFromLastPasswordChange,
        passwordChangeRequired: verified.passwordChangeRequired,
      });
    }
    const result = await passwordLogin(c, input);
    const ticket = await issuePartnerLoginTicket(conn, result.memberNo);
    return reply(c, {
      ...memberOfSession(await getProfile(conn, result.memberNo)),
      expireIn: result.session.expireIn,
      issuedAt: result.session.issuedAt,
      token: ticket.ticket,
      tokenExpireIn: ticket.expireIn,
      daysFromLastPasswordChange: result.daysFromLastPasswordChange,
      passwordChangeRequired: result.passwordChangeRequired,
    });
  },
  '/join': async (c) => {
    const { data: input } = await body(c, data(PostProfileBody));
    const profile = await joinMember(input);
    return reply(c, { memberNo: profile.memberNo, memberId: profile.memberId }, 201);
  },
  '/user-verification': async (c) => {
    const raw = await body(c, z.union([ValidUpdateTokenBody, data(CheckPasswordBody)]));
    if ('command' in raw) return reply(c, await validUpdateToken(c, raw));
    requireSignedIn(c);
    const token = await checkPassword(c, raw.data.password);
    return reply(c, { valid: true, expireIn: token.expireIn });
  },
  /**
   * The spec's social-login commands, answered `{ message }`: `login-url` (the provider's login
   * URL, or a link URL for a signed-in member with a link callback, exactly as
   * `GET /shop-api/oauth/login-url`: same state, PKCE, browser binding and limit) and
   * `valid-update-token`. Another command → `command-error`.
   */
  '/user/sns-login': async (c) => {
    const raw = await jsonBody(c);
    const command = raw && typeof raw === 'object' ? (raw as { command?: unknown }).command : undefined;
    c.header('Cache-Control', 'private, no-store');
    if (command === 'login-url') {
      const input = parse(LoginUrlCommandBody, raw);
      await limitLoginUrls(c);
      const loginUrl = await socialLoginUrl(c, { provider: input.provider, redirectUri: input.redirect_url });
      return c.json({ message: { login_url: loginUrl } });
    }
    if (command === 'valid-update-token') {
      return c.json({ message: await validUpdateToken(c, parse(ValidUpdateTokenBody, raw)) });
    }
    throw accountError('command-error');
  },
  '/password/update': async (c) => {
    const member = requireSignedIn(c);
    const { data: input } = await body(c, data(PasswordUpdateData));
    const conn = await db();
    const subject = String(member.memberNo);
    if ((await hitLimit(conn, CHECK_PASSWORD_LIMIT, subject)).blocked) throw accountError('token-retry-over');
    if (!(await verifyMemberPassword(conn, member.memberNo, input.password)))
      throw accountError('wrong-password');
    await resetLimit(conn, CHECK_PASSWORD_LIMIT, subject);
    await changePassword(conn, member.memberNo, input.newPassword, { keepSession: c.get('accessToken') });
    return reply(c, { changed: true });
  },
  '/user/update': async (c) => {
    const member = requireSignedIn(c);
    const { data: input } = await body(c, data(UserUpdateData));
    const { memberId, ...patch } = input;
    if (memberId && memberId !== member.memberId) throw accountError('mismatched-userid');
    try {
      return reply(c, await editProfile(c, patch, readUpdateToken(c)));
    } catch (err) {
      if (err instanceof AppError) throw err;
      console.error('[podo] brand user/update failed', err);
      throw accountError('Error updating item');
    }
  },
};

const getCommands: Record<string, Command> = {
  /** The signed-in member's account; administrators may look up another by `memberId`. */
  '/user/search': async (c) => {
    const member = requireSignedIn(c);
    const query = UserSearchQuery.safeParse(c.req.query());
    if (!query.success) throw accountError('invalid-request');
    const wanted = query.data.memberId;
    const conn = await db();
    let memberNo = member.memberNo;
    if (wanted && wanted !== member.memberId) {
      if (!member.isAdmin) throw accountError('mismatched-userid');
      const found = await getMemberById(conn, wanted);
      if (!found || found.memberStatus === 'WITHDRAWN') throw accountError('no-account');
      memberNo = found.memberNo;
    }
    const profile = await shopbyProfileOf(conn, memberNo);
    if (!profile) throw accountError('no-account');
    return reply(c, profile);
  },
};

function memberOfSession(profile: Awaited<ReturnType<typeof getProfile>>) {
  if (!profile) throw accountError('no-account');
  return { memberNo: profile.memberNo, memberId: profile.memberId, memberName: profile.memberName };
}

/** `?url=/login` or the path after `/api/{brand}`; normalised to `/login`. */
export function commandOf(c: Context): string {
  const fromQuery = c.req.query('url');
  const brand = c.req.param('brand') ?? '';
  const path = c.req.path;
  const rest = path.slice(path.indexOf(`/${brand}`) + brand.length + 1);
  const command = (fromQuery || rest || '/').split('?')[0]!.replace(/\/+$/, '');
  return command.startsWith('/') ? command : `/${command}`;
}

function dispatch(commands: Record<string, Command>) {
  return async (c: Context<AuthEnv>, next: Next) => {
    if (c.req.param('brand') !== env().BRAND_SLUG) return next();
    const command = commands[commandOf(c)];
    if (!command) return next();
    return command(c);
  };
}

/** Mounted at `/api`: `/:brand` and `/:brand/*`, answering only for BRAND_SLUG. */
export const brandRoutes = new Hono<AuthEnv>()
  .post('/:brand', dispatch(postCommands))
  .post('/:brand/*', dispatch(postCommands))
  .get('/:brand', dispatch(getCommands))
  .get('/:brand/*', dispatch(getCommands));
