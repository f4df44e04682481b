import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { LoginMemberId, LoginPassword } from '../../lib/validation.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { clearClientState, login, saveRedirectTarget } from '../stores/auth.ts';
import {
  check,
  Field,
  focusFirstError,
  focusSoon,
  FormMessage,
  usePending,
  type Errors,
  SubmitButton,
} from './form-kit.tsx';
import SocialLoginButtons from './SocialLoginButtons.tsx';
import type { SocialProvider } from './social.ts';

export interface LoginFormProps {
  /** `?redirect=`, already checked by the page (a same-site path) or null. */
  redirect: string | null;
  /** The session had expired: say so above the form. */
  expired?: boolean;
  /** Social providers to offer below the form (none in link mode). */
  providers?: SocialProvider[];
  /** Open social logins in a popup. */
  popup?: boolean;
  /** Social-link mode (/sns/link): after the login, go on to link this provider. */
  linkProvider?: SocialProvider | null;
}

type Key = 'memberId' | 'password';
const ORDER: readonly Key[] = ['memberId', 'password'];
/** Codes whose message is about the id and password together. */
const CREDENTIAL_CODES = new Set(['login-failed', 'INVALID_INPUT']);

export default function LoginForm({
  redirect,
  expired = false,
  providers = [],
  popup = false,
  linkProvider = null,
}: LoginFormProps) {
  const uid = useId();
  const ids = {
    memberId: `${uid}-id`,
    password: `${uid}-password`,
    keep: `${uid}-keep`,
    alert: `${uid}-alert`,
  };
  const [memberId, setMemberId] = useState('');
  const [password, setPassword] = useState('');
  const [keepLogin, setKeepLogin] = useState(false);
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(
    expired ? '로그인 시간이 만료되었습니다. 다시 로그인해 주세요.' : null,
  );
  const [pending, run] = usePending();

  useEffect(() => {
    // an expired session's client state goes with it (spec section 4), the target is kept
    if (expired) clearClientState();
    if (redirect) saveRedirectTarget(redirect);
  }, [redirect, expired]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors<Key> = {
      memberId: check(LoginMemberId, memberId),
      password: check(LoginPassword, password),
    };
    setErrors(found);
    setFormError(null);
    if (focusFirstError(found, ORDER, (k) => ids[k])) return;
    await run(async () => {
      try {
        const target = await login({ memberId: memberId.trim(), password, keepLogin }, redirect);
        window.location.assign(linkProvider ? `/sns/sns-link?provider=${linkProvider}` : target);
      } catch (err) {
        const message = errorMessage(err);
        setFormError(message);
        setPassword('');
        if (err instanceof ApiError && CREDENTIAL_CODES.has(err.code)) {
          setErrors({ memberId: ' ', password: ' ' });
          focusSoon(ids.password);
        } else {
          focusSoon(ids.alert);
        }
      }
    });
  }

  // the credential error is the alert's text; the fields only point at it
  const fieldError = (key: Key) => (errors[key]?.trim() ? errors[key] : undefined);
  const pointsAtAlert = (key: Key) => Boolean(errors[key] && !errors[key]?.trim());

  return (
    <div className="login">
      <form
        method="post"
        className="af-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-describedby={formError ? ids.alert : undefined}
      >
        <FormMessage id={ids.alert} error={formError} />
        <Field
          id={ids.memberId}
          label="아이디"
          name="memberId"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={memberId}
          onChange={(e) => setMemberId(e.target.value)}
          error={fieldError('memberId')}
          aria-invalid={errors.memberId ? true : undefined}
          {...(pointsAtAlert('memberId') ? { 'aria-describedby': ids.alert } : {})}
          required
        />
        <Field
          id={ids.password}
          label="비밀번호"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError('password')}
          aria-invalid={errors.password ? true : undefined}
          {...(pointsAtAlert('password') ? { 'aria-describedby': ids.alert } : {})}
          required
        />
        <div className="af-check">
          <input
            id={ids.keep}
            type="checkbox"
            checked={keepLogin}
            onChange={(e) => setKeepLogin(e.target.checked)}
          />
          <label htmlFor={ids.keep}>로그인 상태 유지</label>
        </div>
        <div className="af-actions">
          <SubmitButton pending={pending}>{pending ? '로그인 중…' : '로그인'}</SubmitButton>
        </div>
      </form>
      {providers.length > 0 && !linkProvider ? (
        <section className="login-social" aria-labelledby={`${uid}-social`}>
          <h2 id={`${uid}-social`} className="login-social-title">
            간편 로그인
          </h2>
          <SocialLoginButtons providers={providers} popup={popup} redirect={redirect} idPrefix={uid} />
        </section>
      ) : null}
    </div>
  );
}
