import { useState, type SubmitEvent } from 'react';
import { ERRORS } from '../../lib/errors/index.ts';
import { posStoresApi, type CounterStoreChoice } from '../../lib/clients/pos-stores.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { Field, FormMessage, SubmitButton, focusSoon, usePending } from '../auth/form-kit.tsx';
import { login, logout } from '../stores/auth.ts';
import StorePicker from './StorePicker.tsx';

/**
 * Staff sign-in at the counter: the shop's own login (POST /shop-api/oauth/token), then the
 * counter's API is asked which stores this member may sell at (GET /api/pos/stores): a member who
 * is not staff is told so and signed out again; one store goes straight to the counter; several
 * show the store picker in place of the form (decision 018).
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
  const [choice, setChoice] = useState<{ stores: CounterStoreChoice[]; current: number | null } | null>(null);

  async function refuse(message: string) {
    await logout({ navigate: false });
    setError(message);
    setPassword('');
    focusSoon(ids.alert);
  }

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
        const { stores, current } = await unwrap(posStoresApi.stores.$get());
        const only = stores[0];
        if (!only) return await refuse(ERRORS.POS_NO_STORE.message);
        if (stores.length > 1) {
          setChoice({ stores, current });
          return;
        }
        // one store: straight in (a choice left in this browser by someone else is replaced)
        if (current !== only.storeNo)
          await unwrap(posStoresApi.store.$put({ json: { storeNo: only.storeNo } }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 403) return await refuse(NOT_STAFF);
        // the counter itself will say what is wrong
      }
      window.location.assign(target);
    });
  }

  if (choice)
    return (
      <>
        <p className="pos-login__chosen" role="status">
          로그인했습니다. 오늘 판매할 매장을 골라 주세요.
        </p>
        <StorePicker
          stores={choice.stores}
          current={choice.current}
          target={target}
          idPrefix="pos-login-store"
          autoFocus
        />
      </>
    );

  return (
    <form className="af-form pos-login" method="post" noValidate onSubmit={(e) => void submit(e)}>
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
