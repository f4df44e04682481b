import { useState } from 'react';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { SOCIAL_PROVIDER_LABELS } from '../../lib/social-providers.ts';
import { prepareLogin, saveRedirectTarget } from '../stores/auth.ts';
import { FormMessage, useHydrated } from './form-kit.tsx';
import { startSocial, type SocialProvider } from './social.ts';

export interface SocialLoginButtonsProps {
  /** The providers the server offers (a real client id, or the dev consent page). */
  providers: SocialProvider[];
  /** Open the provider in a 550x600 popup instead of leaving the page. */
  popup?: boolean;
  /** Where to go after the login (already checked by the page). */
  redirect?: string | null;
  idPrefix?: string;
}

/** 네이버 / 카카오 login buttons (GET /shop-api/oauth/login-url, then the provider). */
export default function SocialLoginButtons({
  providers,
  popup = false,
  redirect,
  idPrefix = 'sns',
}: SocialLoginButtonsProps) {
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  if (providers.length === 0) return null;

  async function start(provider: SocialProvider) {
    setError(null);
    setBusy(provider);
    try {
      if (redirect) saveRedirectTarget(redirect);
      prepareLogin();
      await startSocial(provider, { mode: 'login', popup });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      // a redirect leaves the page; a popup or an error gives the buttons back
      setBusy(null);
    }
  }

  return (
    <div className="af-social" role="group" aria-label="간편 로그인">
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`af-social-button af-social-button--${provider}`}
          onClick={() => void start(provider)}
          disabled={busy !== null || !hydrated}
          aria-busy={busy === provider || undefined}
        >
          {SOCIAL_PROVIDER_LABELS[provider]} 로그인
        </button>
      ))}
      <FormMessage id={`${idPrefix}-social-error`} error={error} />
    </div>
  );
}
