import type { Db } from '../db/client.ts';
import {
  oauthProvider,
  OAuthProviderError,
  type OAuthProviderAdapter,
  type SocialProfile,
  type SocialProvider,
} from '../adapters/oauth/index.ts';
import { accountError } from '../auth/index.ts';
import { env } from '../platform/env.ts';
import { findMemberByEmailOrMobile, getMember, recordMemberLogin } from '../member/index.ts';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { randomSecret, sha256Hex, isoAfter, maskMemberId, maskName } from '../verification/index.ts';

import { resolveCallback, type SocialPurpose } from './callbacks.ts';
import { socialError } from './errors.ts';
import { consumeOAuthState, createOAuthState } from './oauth-state.ts';
import * as repo from './repo.ts';

/**
 * Social login (Naver, Kakao): starting at the provider, coming back with a code, and what the
 * verified identity means for the shop: a linked member logs in, a stranger whose e-mail or phone
 * belongs to a member is sent to log in and link, anybody else gets a sign-up token.
 */

/** How long a verified social identity may take to agree to the terms and become a member. */
const SIGN_UP_TOKEN_SECONDS = 1800;

function requireProvider(provider: SocialProvider): OAuthProviderAdapter {
  const adapter = oauthProvider(provider);
  if (!adapter) throw socialError('provider-unavailable');
  return adapter;
}

/** Where to send the browser; the state is stored with the browser binding and (Kakao) PKCE. */
export async function startSocialLogin(
  db: Db,
  input: {
    provider: SocialProvider;
    redirectUri?: string | undefined;
    memberNo: number | null;
    bindingHash: string;
  },
): Promise<{ loginUrl: string; purpose: SocialPurpose }> {
  const adapter = requireProvider(input.provider);
  const callback = resolveCallback(input.redirectUri, env().PUBLIC_BASE_URL);
  if (callback.purpose === 'link' && input.memberNo === null) throw accountError('login-required');
  const { state, codeVerifier } = await createOAuthState(db, {
    provider: input.provider,
    purpose: callback.purpose,
    redirectUri: callback.absolute,
    memberNo: callback.purpose === 'link' ? input.memberNo : null,
    bindingHash: input.bindingHash,
    pkce: adapter.usesPkce,
  });
  const url = await adapter.authorizationUrl({ state, codeVerifier, redirectUri: callback.absolute });
  return { loginUrl: url.toString(), purpose: callback.purpose };
}

export interface ProviderCallback {
  provider: SocialProvider;
  code: string;
  state: string;
  /** When given, must be the callback the login started with. */
  redirectUri?: string | undefined;
  bindingHash: string | null;
}

/**
 * Checks the state (once), trades the code and reads the provider's profile. For a link, the
 * member who started it comes back too.
 */
export async function completeAtProvider(
  db: Db,
  purpose: SocialPurpose,
  cb: ProviderCallback,
): Promise<{ profile: SocialProfile; memberNo: number | null }> {
  const adapter = requireProvider(cb.provider);
  const started = await consumeOAuthState(db, {
    state: cb.state,
    provider: cb.provider,
    purpose,
    bindingHash: cb.bindingHash,
  });
  if (
    cb.redirectUri !== undefined &&
    resolveCallback(cb.redirectUri, env().PUBLIC_BASE_URL).absolute !== started.redirectUri
  ) {
    throw socialError('invalid-state');
  }
  const profile = await atProvider(async () => {
    const token = await adapter.exchangeCode({
      code: cb.code,
      state: cb.state,
      codeVerifier: started.codeVerifier,
      redirectUri: started.redirectUri,
    });
    return adapter.fetchProfile(token);
  });
  return { profile, memberNo: started.memberNo };
}

/** The profile behind a provider access token the client already holds (dev provider only). */
export async function profileFromOpenAccessToken(
  provider: SocialProvider,
  openAccessToken: string,
): Promise<SocialProfile> {
  const adapter = requireProvider(provider);
  if (adapter.kind !== 'dev') {
    // a real provider's token may have been issued to another app (token substitution): only
    // codes this shop exchanged itself prove the user meant to log in here
    throw accountError(
      'invalid-request',
      '이 간편 로그인은 로그인 주소(login-url)를 통해서만 이용할 수 있습니다.',
    );
  }
  return atProvider(() => adapter.fetchProfile(openAccessToken));
}

async function atProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof OAuthProviderError)) throw err;
    console.warn('[social] provider call failed:', err.message);
    throw err.refused ? accountError('bad-sns_id') : socialError('provider-error');
  }
}

export interface ExistingAccount {
  /** Masked ("po***23"); null when that member has no id (social-only). */
  memberId: string | null;
  memberName: string | null;
  /** Shopby's yyyy-MM-dd HH:mm:ss, Seoul. */
  joinYmdt: string;
  matchedBy: 'email' | 'mobileNo';
  /** Social logins the member already uses, so the page can say which one to pick. */
  providerTypes: SocialProvider[];
}

export type SocialLoginOutcome =
  | { kind: 'logged-in'; memberNo: number }
  | { kind: 'existing-account'; account: ExistingAccount }
  | { kind: 'sign-up'; socialSignUpToken: string; expireIn: number; profile: SocialProfile };

/**
 * What a verified identity means. Linked (and active) → that member, for the caller to start a
 * session. Not linked but its e-mail or phone belongs
 * to a member → existing-account (no automatic linking: the owner logs in first and links).
 * Otherwise → a single-use sign-up token for the terms page.
 */
export async function loginWithProfile(
  db: Db,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<SocialLoginOutcome> {
  const link = await repo.selectLinkByIdentity(db, provider, profile.providerUserId);
  if (link) {
    const member = await getMember(db, link.memberNo);
    if (member?.memberStatus === 'ACTIVE') {
      return { kind: 'logged-in', memberNo: link.memberNo };
    }
    if (member?.memberStatus === 'LOCKED') throw accountError('locked-account');
    // the member left: the identity is free again
    await repo.deleteLinksOfMember(db, link.memberNo);
  }

  const matches = await findMemberByEmailOrMobile(db, { email: profile.email, mobileNo: profile.mobileNo });
  const match = matches.find((m) => m.matchedBy.includes('email')) ?? matches[0];
  if (match) {
    const links = await repo.selectLinksOfMember(db, match.memberNo);
    return {
      kind: 'existing-account',
      account: {
        memberId: match.memberId ? maskMemberId(match.memberId) : null,
        memberName: match.memberName ? maskName(match.memberName) : null,
        joinYmdt: toShopbyYmdt(match.joinedAt),
        matchedBy: match.matchedBy.includes('email') ? 'email' : 'mobileNo',
        providerTypes: links.map((l) => l.provider),
      },
    };
  }

  const socialSignUpToken = randomSecret();
  const now = new Date();
  await repo.insertSignUpToken(db, {
    tokenHash: sha256Hex(socialSignUpToken),
    provider,
    profile,
    expiresAt: isoAfter(now, SIGN_UP_TOKEN_SECONDS),
    now: now.toISOString(),
  });
  return { kind: 'sign-up', socialSignUpToken, expireIn: SIGN_UP_TOKEN_SECONDS, profile };
}

/** Counts a social login on the member (last login time and IP, login count). */
export async function recordSocialLogin(db: Db, memberNo: number, ip: string | null): Promise<void> {
  await recordMemberLogin(db, memberNo, ip);
}
