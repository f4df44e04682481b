import { useId, useState, type SubmitEvent } from 'react';
import { MemberId, passwordProblem, StrictPassword } from '../../lib/validation.ts';
import { apiRequest, ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { loginAgain } from '../stores/auth.ts';
import {
  check,
  Field,
  focusFirstError,
  focusSoon,
  FormMessage,
  useLiveCheck,
  usePending,
  type Errors,
  type FieldStatus,
  SubmitButton,
} from './form-kit.tsx';

type Key = 'memberId' | 'password' | 'passwordConfirm';
const ORDER: readonly Key[] = ['memberId', 'password', 'passwordConfirm'];
const TAKEN = '이미 사용 중인 아이디입니다.';

export interface IdPasswordFormProps {
  /** Where to go once registered (the page then offers the password re-check). */
  next?: string;
}

/**
 * /mypage/info for a member who joined with Naver or Kakao and has no id yet: registers an id and
 * password (POST /shop-api/profile/id-password, the join rules) so the password re-check, the
 * profile edit and unlinking the last social login work (decision 003, section 5).
 */
export default function IdPasswordForm({ next = '/mypage/info?registered=1' }: IdPasswordFormProps) {
  const uid = useId();
  const id = (k: Key | 'alert') => `${uid}-${k}`;
  const [values, setValues] = useState<Record<Key, string>>({
    memberId: '',
    password: '',
    passwordConfirm: '',
  });
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = usePending();

  const idCheck = useLiveCheck(
    values.memberId,
    (v) => MemberId.safeParse(v).success,
    async (v, signal) => {
      const res = await apiRequest<{ exist: boolean }>('/shop-api/profile/id/exist', {
        query: { memberId: v.trim().toLowerCase() },
        signal,
      });
      return res.exist;
    },
  );
  const idStatus: FieldStatus | null =
    idCheck.state === 'checking'
      ? { text: '확인하고 있습니다…', tone: 'info' }
      : idCheck.state === 'available'
        ? { text: '사용할 수 있는 아이디입니다.', tone: 'ok' }
        : idCheck.state === 'taken'
          ? { text: TAKEN, tone: 'error' }
          : null;

  const set = (key: Key) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors<Key> = {
      memberId:
        check(MemberId, values.memberId) ??
        (idCheck.state === 'taken' && idCheck.checkedValue === values.memberId ? TAKEN : undefined),
      password:
        check(StrictPassword, values.password) ??
        passwordProblem(values.password, values.memberId) ??
        undefined,
      passwordConfirm: !values.passwordConfirm
        ? '비밀번호를 한 번 더 입력해 주세요.'
        : values.passwordConfirm !== values.password
          ? '비밀번호가 일치하지 않습니다.'
          : undefined,
    };
    setErrors(found);
    if (focusFirstError(found, ORDER, id)) return;
    await run(async () => {
      try {
        await apiRequest('/shop-api/profile/id-password', {
          method: 'POST',
          body: { memberId: values.memberId.trim().toLowerCase(), password: values.password },
        });
        window.location.assign(next);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          loginAgain(err, '/mypage/info');
          return;
        }
        if (err instanceof ApiError && err.code === 'duplication-id') {
          setErrors((x) => ({ ...x, memberId: errorMessage(err) }));
          focusSoon(id('memberId'));
          return;
        }
        setFormError(errorMessage(err));
        focusSoon(id('alert'));
      }
    });
  }

  return (
    <form method="post" className="af-form" noValidate onSubmit={onSubmit}>
      <FormMessage id={id('alert')} error={formError} />
      <Field
        id={id('memberId')}
        label="아이디"
        name="memberId"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint="영문 소문자, 숫자, -, _ 4~20자"
        value={values.memberId}
        onChange={set('memberId')}
        error={errors.memberId}
        live
        status={idStatus}
      />
      <Field
        id={id('password')}
        label="비밀번호"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="영문, 숫자, 특수문자를 모두 포함해 8~16자"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Field
        id={id('passwordConfirm')}
        label="비밀번호 확인"
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        required
        value={values.passwordConfirm}
        onChange={set('passwordConfirm')}
        error={errors.passwordConfirm}
      />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '등록하는 중…' : '아이디/비밀번호 등록'}</SubmitButton>
      </div>
    </form>
  );
}
