import { useEffect, useRef, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { oauthApi } from '../../lib/clients/oauth.ts';
import { ApiError, errorMessage, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { SOCIAL_ERRORS } from '../../lib/errors/social.ts';
import { completeLogin, prepareLogin } from '../stores/auth.ts';
import {
  CALLBACKS,
  clearPending,
  finishCallback,
  readPending,
  saveSignUp,
  type PendingSocial,
  type SocialProvider,
} from './social.ts';

export interface SocialCallbackProps {
  /** login: /callback/auth-callback; link: /callback/link-callback; mypage: /mypage/info/callback. */
  kind: 'login' | 'link' | 'mypage';
}

/** The account an e-mail or phone already belongs to (masked): the 409 `existing-account` body's. */
type ExistingAccount = Extract<
  InferResponseType<typeof oauthApi.openid.$get, 409>,
  { existingAccount: unknown }
>['existingAccount'];

/** Where the existing-account page is told about the account (masked values only). */
function existingAccountUrl(provider: SocialProvider, a: ExistingAccount | undefined): string {
  const q = new URLSearchParams({ provider });
  if (a?.memberId) q.set('memberId', a.memberId);
  if (a?.memberName) q.set('memberName', a.memberName);
  if (a?.joinYmdt) q.set('joinYmdt', a.joinYmdt.slice(0, 10));
  if (a?.matchedBy) q.set('matchedBy', a.matchedBy);
  return `/member/existing-account?${q}`;
}

async function login(p: SocialProvider, c: string, s: string): Promise<string> {
  prepareLogin();
  let answer: ResponseOf<typeof oauthApi.openid.$get>;
  try {
    answer = await unwrap(
      oauthApi.openid.$get({ query: { provider: p, code: c, state: s, redirectUri: CALLBACKS.login } }),
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === 'existing-account') {
      return existingAccountUrl(p, err.body.existingAccount as ExistingAccount | undefined);
    }
    throw err;
  }
  if (answer.result === 'sign-up' && answer.socialSignUpToken) {
    saveSignUp({
      provider: p,
      socialSignUpToken: answer.socialSignUpToken,
      expiresAt: Date.now() + answer.signUpExpireIn * 1000,
      profile: answer.profile,
    });
    return '/member/member-register-agreement?mode=social';
  }
  return completeLogin();
}

async function link(
  kind: SocialCallbackProps['kind'],
  p: SocialProvider,
  c: string,
  s: string,
): Promise<string> {
  await unwrap(
    oauthApi.openid.link.$post({
      json: {
        provider: p,
        code: c,
        state: s,
        redirectUri: kind === 'mypage' ? CALLBACKS.mypage : CALLBACKS.link,
      },
    }),
  );
  return `/mypage/info?linked=${p}`;
}

/**
 * Trades the provider's `code` + `state` (in this page's address) through the shop API: where to
 * go next, or the message to show.
 */
async function completeCallback(
  kind: SocialCallbackProps['kind'],
): Promise<{ next: string; pending: PendingSocial } | { error: string }> {
  const params = new URLSearchParams(window.location.search);
  // the code is single use: a reload must not send it again
  window.history.replaceState(null, '', window.location.pathname);
  const pending = readPending();
  clearPending();
  if (params.get('error')) return { error: SOCIAL_ERRORS['provider-denied'].message };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state || !pending) return { error: SOCIAL_ERRORS['invalid-state'].message };
  try {
    const next =
      kind === 'login'
        ? await login(pending.provider, code, state)
        : await link(kind, pending.provider, code, state);
    return { next, pending };
  } catch (err) {
    return { error: errorMessage(err) };
  }
}

/**
 * The page a provider sends the browser back to: trades `code` + `state` through the shop API
 * and goes on (logged in → the saved target; first time → the terms consent; e-mail or phone
 * already a member → the existing-account page; link → my page).
 */
export default function SocialCallback({ kind }: SocialCallbackProps) {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const isLink = kind !== 'login';
  const back = isLink
    ? { href: '/mypage/info', label: '회원 정보로 돌아가기' }
    : { href: '/login', label: '로그인으로 돌아가기' };

  useEffect(() => {
    // once per page load (the code is single use), also when an effect runs twice in development
    if (started.current) return;
    started.current = true;
    void completeCallback(kind).then((outcome) => {
      if ('error' in outcome) setError(outcome.error);
      else finishCallback(outcome.next, outcome.pending);
    });
  }, [kind]);

  if (error) {
    return (
      <div className="af-form">
        <div className="af-alert" role="alert">
          {error}
        </div>
        <p>
          <a className="button" href={back.href}>
            {back.label}
          </a>
        </p>
      </div>
    );
  }
  return (
    <p role="status" aria-live="polite">
      {isLink ? '간편 로그인 계정을 연결하고 있습니다…' : '간편 로그인을 처리하고 있습니다…'}
    </p>
  );
}
