import { useState } from 'react';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { SOCIAL_PROVIDER_LABELS } from '../../lib/social-providers.ts';
import { FormMessage, useHydrated } from './form-kit.tsx';
import { CALLBACKS, startSocial, type SocialProvider } from './social.ts';

export interface SocialLinkStartProps {
  provider: SocialProvider;
  popup?: boolean;
}

/** /sns/sns-link: the logged-in member links the social account they came with. */
export default function SocialLinkStart({ provider, popup = false }: SocialLinkStartProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const label = SOCIAL_PROVIDER_LABELS[provider];

  async function start() {
    setError(null);
    setBusy(true);
    try {
      await startSocial(provider, { mode: 'link', popup, callback: CALLBACKS.link });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="af-form">
      <FormMessage id="sns-link-alert" error={error} />
      <button
        type="button"
        className={`af-social-button af-social-button--${provider}`}
        onClick={() => void start()}
        disabled={busy || !hydrated}
      >
        {label} 계정 연결하기
      </button>
    </div>
  );
}
