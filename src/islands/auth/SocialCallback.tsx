import { useEffect, useRef, useState } from 'react';
import { apiRequest, ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { SOCIAL_ERRORS } from '../../lib/social-errors.ts';
import { completeLogin, prepareLogin } from '../stores/auth.ts';
import {
  CALLBACKS,
  clearPending,
  finishCallback,
  readPending,
  saveSignUp,
  type SocialProvider,
} from './social.ts';

export interface SocialCallbackProps {
  /** login: /callback/auth-callback; link: /callback/link-callback; mypage: /mypage/info/callback. */
  kind: 'login' | 'link' | 'mypage';
}

interface LoginAnswer {
  result?: 'logged-in' | 'sign-up';
  socialSignUpToken?: string;
  signUpExpireIn?: number;
  profile?: {
    memberName: string | null;
    email: string | null;
    mobileNo: string | null;
    birthday: string | null;
    sex: 'M' | 'F' | null;
  };
}

interface ExistingAccount {
  memberId: string | null;
  memberName: string | null;
  joinYmdt: string;
  matchedBy: 'email' | 'mobileNo';
}

/** Where the existing-account page is told about the account (masked values only). */
function existingAccountUrl(provider: SocialProvider, a: ExistingAccount | undefined): string {
  const q = new URLSearchParams({ provider });
  if (a?.memberId) q.set('memberId', a.memberId);
  if (a?.memberName) q.set('memberName', a.memberName);
  if (a?.joinYmdt) q.set('joinYmdt', a.joinYmdt.slice(0, 10));
  if (a?.matchedBy) q.set('matchedBy', a.matchedBy);
  return `/member/existing-account?${q}`;
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
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    // the code is single use: a reload must not send it again
    window.history.replaceState(null, '', window.location.pathname);
    const pending = readPending();
    clearPending();
    if (params.get('error')) {
      setError(SOCIAL_ERRORS['provider-denied'].message);
      return;
    }
    const code = params.get('code');
    const state = params.get('state');
    const provider = pending?.provider;
    if (!code || !state || !provider) {
      setError(SOCIAL_ERRORS['invalid-state'].message);
      return;
    }
    void (isLink ? link(provider, code, state) : login(provider, code, state)).then(
      (next) => finishCallback(next, pending),
      (err: unknown) => setError(errorMessage(err)),
    );

    async function login(p: SocialProvider, c: string, s: string): Promise<string> {
      prepareLogin();
      let answer: LoginAnswer;
      try {
        answer = await apiRequest<LoginAnswer>('/shop-api/oauth/openid', {
          query: { provider: p, code: c, state: s, redirectUri: CALLBACKS.login },
        });
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
          expiresAt: Date.now() + (answer.signUpExpireIn ?? 1800) * 1000,
          profile: answer.profile ?? {
            memberName: null,
            email: null,
            mobileNo: null,
            birthday: null,
            sex: null,
          },
        });
        return '/member/member-register-agreement?mode=social';
      }
      return completeLogin();
    }

    async function link(p: SocialProvider, c: string, s: string): Promise<string> {
      await apiRequest('/shop-api/oauth/openid/link', {
        method: 'POST',
        body: {
          provider: p,
          code: c,
          state: s,
          redirectUri: kind === 'mypage' ? CALLBACKS.mypage : CALLBACKS.link,
        },
      });
      return `/mypage/info?linked=${p}`;
    }
  }, [isLink, kind]);

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
