import { Hono, type Context, type Next } from 'hono';
import { z } from 'zod';
import { LoginMemberId, LoginPassword, StrictPassword } from '../../lib/validation.ts';
import { accountError } from '../../lib/server/auth/errors.ts';
import { CHECK_PASSWORD_LIMIT } from '../../lib/server/auth/login.ts';
import { hitLimit, resetLimit } from '../../lib/server/auth/rate-limit.ts';
import { assertUpdateToken } from '../../lib/server/auth/update-token.ts';
import { db } from '../../lib/server/db/client.ts';
import { env } from '../../lib/server/env.ts';
import { AppError } from '../../lib/server/errors.ts';
import {
  changePassword,
  getMemberById,
  getProfile,
  verifyMemberPassword,
} from '../../lib/server/member/service.ts';
import { memberOf, readUpdateToken, type AuthEnv } from '../middleware/auth.ts';
import {
  CheckPasswordBody,
  PostProfileBody,
  PutProfileBody,
  checkPassword,
  editProfile,
  joinMember,
  shopbyProfileOf,
} from '../shop-api/profile.ts';
import { passwordLogin } from '../shop-api/oauth-token.ts';

/**
 * The brand's own member endpoints (`/api/{BRAND_SLUG}`), as the spec names them: the command is
 * the `url` query (`?url=/login`) or the path after the brand (`/api/podo/login`); bodies are
 * `{ data: {...} }` and answers `{ data: { message } }`. They call the same member service as
 * the shop API. The spec's login answer carries a token; here the session goes into the httpOnly
 * cookie instead and the answer carries none (docs/decisions/002-access-token-cookie.md).
 * Commands this module does not know fall through to other brand routes (custom orders …).
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
/** The spec's update-token check: `{ command: 'valid-update-token', access_token, update_token }`. */
const ValidUpdateTokenBody = z.object({
  command: z.literal('valid-update-token'),
  access_token: z.string().max(200).optional(),
  update_token: z.string().max(200).optional(),
});
const UserSearchQuery = z.object({
  url: z.string().optional(),
  memberId: z.string().trim().toLowerCase().max(100).optional(),
});

const reply = (c: Context, message: unknown, status: 200 | 201 = 200) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json({ data: { message } }, status);
};

/** Reads and checks a JSON body; a bad one is the same 400 `invalid-request` every route gives. */
async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw accountError('invalid-request');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw accountError('invalid-request');
  }
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

type Command = (c: Context<AuthEnv>) => Promise<Response>;

const postCommands: Record<string, Command> = {
  '/login': async (c) => {
    const { data: input } = await body(c, data(BrandLoginData));
    const result = await passwordLogin(c, input);
    const member = memberOfSession(await getProfile(await db(), result.memberNo));
    return reply(c, {
      ...member,
      expireIn: result.session.expireIn,
      issuedAt: result.session.issuedAt,
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
    requireSignedIn(c);
    const raw = await body(c, z.union([ValidUpdateTokenBody, data(CheckPasswordBody)]));
    if ('command' in raw) {
      const token = raw.update_token || readUpdateToken(c);
      const { expiresAt } = await assertUpdateToken(await db(), memberOf(c).memberNo, token);
      return reply(c, { valid: true, expireIn: Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) });
    }
    const token = await checkPassword(c, raw.data.password);
    return reply(c, { valid: true, expireIn: token.expireIn });
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
function commandOf(c: Context): string {
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
