import { useRef, useState, type SubmitEvent } from 'react';
import { posApi } from '../../lib/clients/pos.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import {
  Field,
  FormMessage,
  SubmitButton,
  focusSoon,
  useAdoptTypedValues,
  usePending,
} from '../auth/form-kit.tsx';
import { login, logout } from '../stores/auth.ts';

/**
 * Staff sign-in at the counter: the shop's own login (POST /shop-api/oauth/token), then the
 * counter's API is asked who this is: a member who is not staff is told so and signed out again.
 */
export interface PosLoginProps {
  /** Where to go afterwards: a same-site path, checked by the page. */
  target: string;
}

const NOT_STAFF = '매장 직원 계정이 아닙니다. 매장 직원이나 관리자 계정으로 로그인해 주세요.';

export default function PosLogin({ target }: PosLoginProps) {
  const ids = { id: 'pos-login-id', password: 'pos-login-password', alert: 'pos-login-alert' };
  const [memberId, setMemberId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ id?: string; password?: string }>({});
  const [pending, run] = usePending();
  const form = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(form, { memberId: setMemberId, password: setPassword });

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = {
      ...(memberId.trim() ? {} : { id: '아이디를 입력해 주세요.' }),
      ...(password ? {} : { password: '비밀번호를 입력해 주세요.' }),
    };
    setFieldErrors(found);
    setError(null);
    if (found.id || found.password) {
      focusSoon(found.id ? ids.id : ids.password);
      return;
    }
    await run(async () => {
      try {
        await login({ memberId: memberId.trim(), password, keepLogin: false }, target);
      } catch (err) {
        setError(errorMessage(err));
        setPassword('');
        focusSoon(ids.alert);
        return;
      }
      try {
        await unwrap(posApi.me.$get());
      } catch (err) {
        if (err instanceof ApiError && err.status === 403) {
          await logout({ navigate: false });
          setError(NOT_STAFF);
          setPassword('');
          focusSoon(ids.alert);
          return;
        }
        // the counter itself will say what is wrong
      }
      window.location.assign(target);
    });
  }

  return (
    <form ref={form} className="af-form pos-login" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <FormMessage id={ids.alert} error={error} />
      <Field
        id={ids.id}
        label="아이디"
        name="memberId"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={memberId}
        onChange={(e) => setMemberId(e.target.value)}
        error={fieldErrors.id}
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
        error={fieldErrors.password}
        required
      />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '로그인 중…' : '직원 로그인'}</SubmitButton>
      </div>
    </form>
  );
}
