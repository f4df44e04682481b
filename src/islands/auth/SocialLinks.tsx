import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { oauthApi } from '../../lib/clients/oauth.ts';
import { ApiError, errorMessage, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { loginAgain } from '../stores/auth.ts';
import { SOCIAL_PROVIDER_LABELS } from '../../lib/social-providers.ts';
import { FormMessage, useHydrated } from './form-kit.tsx';
import { CALLBACKS, startSocial, type SocialProvider } from './social.ts';

/** A social login linked to the member (GET /oauth/openid/list). */
export type LinkedProvider = ResponseOf<typeof oauthApi.openid.list.$get>[number];

export interface SocialLinksProps {
  /** Providers the shop offers. */
  providers: SocialProvider[];
  links: LinkedProvider[];
  popup?: boolean;
  /**
   * The page's "아이디/비밀번호 등록" form (a member without an id): `need-to-register` then
   * links to it.
   */
  registerHref?: string | undefined;
}

/** An in-page link that also moves the keyboard focus to its target (not every browser does). */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
  window.history.replaceState(null, '', href);
}

/**
 * /mypage/info: the member's social logins with 연결하기 / 연결 해제 (GET /oauth/login-url with the
 * my-page callback; DELETE /oauth/openid?provider). Unlinking the last way to log in answers
 * need-to-register, shown with a link to the page's id/password registration.
 */
export default function SocialLinks({
  providers,
  links: initial,
  popup = false,
  registerHref,
}: SocialLinksProps) {
  const uid = useId();
  const [links, setLinks] = useState(initial);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function link(provider: SocialProvider) {
    setError(null);
    setNotice(null);
    setBusy(provider);
    try {
      await startSocial(provider, { mode: 'link', popup, callback: CALLBACKS.mypage });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function unlink(provider: SocialProvider) {
    setError(null);
    setNotice(null);
    setBusy(provider);
    try {
      await unwrap(oauthApi.openid.$delete({ query: { provider } }));
      setLinks(await unwrap(oauthApi.openid.list.$get()));
      setNotice(`${SOCIAL_PROVIDER_LABELS[provider]} 연결을 해제했습니다.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        loginAgain(err, '/mypage/info');
        return;
      }
      if (err instanceof ApiError && err.code === 'need-to-register' && registerHref) {
        setError(
          <>
            {errorMessage(err)}{' '}
            <a href={registerHref} onClick={(e) => focusTarget(e, registerHref)}>
              아이디/비밀번호 등록하기
            </a>
          </>,
        );
        return;
      }
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="af-form af-form--wide">
      <FormMessage id={`${uid}-alert`} error={error} notice={notice} />
      <ul className="af-provider-list" role="list">
        {providers.map((provider) => {
          const linked = links.find((l) => l.provider === provider);
          const label = SOCIAL_PROVIDER_LABELS[provider];
          return (
            <li key={provider} className="af-provider">
              <div>
                <strong>{label}</strong>{' '}
                <span className="af-provider-state">
                  {linked ? `연결됨${linked.email ? ` (${linked.email})` : ''}` : '연결 안 됨'}
                </span>
              </div>
              {linked ? (
                <button
                  type="button"
                  className="af-small-button"
                  disabled={busy !== null || !hydrated}
                  onClick={() => void unlink(provider)}
                  aria-label={`${label} 연결 해제`}
                >
                  연결 해제
                </button>
              ) : (
                <button
                  type="button"
                  className="af-small-button"
                  disabled={busy !== null || !hydrated}
                  onClick={() => void link(provider)}
                  aria-label={`${label} 연결하기`}
                >
                  연결하기
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
