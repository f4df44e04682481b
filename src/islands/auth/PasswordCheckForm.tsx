import { useId, useState, type SubmitEvent } from 'react';
import { LoginPassword } from '../../lib/validation.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { loginAgain } from '../stores/auth.ts';
import { check, Field, focusSoon, FormMessage, usePending, SubmitButton } from './form-kit.tsx';

/**
 * /mypage/info: the password re-check (POST /shop-api/profile/check-password). The server puts a
 * 30-minute user-update token in an httpOnly cookie; the edit page checks it.
 */
export default function PasswordCheckForm({ next = '/mypage/info/modify' }: { next?: string }) {
  const uid = useId();
  const ids = { password: `${uid}-password`, alert: `${uid}-alert` };
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = usePending();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const problem = check(LoginPassword, password);
    setError(problem);
    if (problem) {
      focusSoon(ids.password);
      return;
    }
    await run(async () => {
      try {
        await unwrap(profileApi['check-password'].$post({ json: { password } }));
        window.location.assign(next);
      } catch (err) {
        setPassword('');
        if (err instanceof ApiError && err.status === 401) {
          loginAgain(err, '/mypage/info');
          return;
        }
        if (err instanceof ApiError && err.code === 'wrong-password') {
          setError(errorMessage(err));
          focusSoon(ids.password);
        } else {
          setFormError(errorMessage(err));
          focusSoon(ids.alert);
        }
      }
    });
  }

  return (
    <form method="post" className="af-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormMessage id={ids.alert} error={formError} />
      <Field
        id={ids.password}
        label="비밀번호"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
      />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '확인하는 중…' : '확인'}</SubmitButton>
      </div>
    </form>
  );
}
