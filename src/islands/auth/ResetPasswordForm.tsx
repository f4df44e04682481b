import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { LoginMemberId, passwordProblem, StrictPassword } from '../../lib/validation.ts';
import { apiRequest, ApiError, errorMessage } from '../../lib/shop-api-client.ts';
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
import { clearResets, readMailResetId, readSmsReset } from './password-reset.ts';

export interface ResetPasswordFormProps {
  /** The e-mailed link's key (checked by the page); null: the SMS flow's key from this tab. */
  linkKey: string | null;
}

type Key = 'memberId' | 'newPassword' | 'confirm';
const ORDER: readonly Key[] = ['memberId', 'newPassword', 'confirm'];

/** /find/password/reset: a new password (strict rule) with the certification key. */
export default function ResetPasswordForm({ linkKey }: ResetPasswordFormProps) {
  const uid = useId();
  const id = (k: Key | 'alert') => `${uid}-${k}`;
  const [key, setKey] = useState<string | null>(linkKey);
  const [fromSms, setFromSms] = useState(false);
  const [missing, setMissing] = useState(false);
  const [values, setValues] = useState<Record<Key, string>>({ memberId: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = usePending();

  useEffect(() => {
    if (linkKey) {
      setValues((v) => ({ ...v, memberId: readMailResetId() }));
      // the key stays out of the address bar (history, screenshots) once read
      window.history.replaceState(null, '', window.location.pathname);
      return;
    }
    const sms = readSmsReset();
    if (!sms) {
      setMissing(true);
      return;
    }
    setKey(sms.key);
    setFromSms(true);
    setValues((v) => ({ ...v, memberId: sms.memberId }));
  }, [linkKey]);

  const set = (k: Key) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors<Key> = {
      memberId: check(LoginMemberId, values.memberId),
      newPassword:
        check(StrictPassword, values.newPassword) ??
        passwordProblem(values.newPassword, values.memberId) ??
        undefined,
      confirm: !values.confirm
        ? '새 비밀번호를 한 번 더 입력해 주세요.'
        : values.confirm !== values.newPassword
          ? '비밀번호가 일치하지 않습니다.'
          : undefined,
    };
    setErrors(found);
    if (focusFirstError(found, ORDER, id) || !key) return;
    await run(async () => {
      try {
        await apiRequest('/shop-api/profile/change-password-after-cert', {
          method: 'POST',
          body: {
            memberId: values.memberId.trim().toLowerCase(),
            newPassword: values.newPassword,
            findMethod: fromSms ? 'SMS' : 'EMAIL',
            key,
          },
        });
        clearResets();
        window.location.assign('/find/success');
      } catch (err) {
        const code = err instanceof ApiError ? err.code : '';
        const field: Key | undefined =
          code === 'same-password' || code === 'INVALID_INPUT'
            ? 'newPassword'
            : code === 'L1004' || code === 'L1007'
              ? 'memberId'
              : undefined;
        if (field) {
          setErrors((x) => ({ ...x, [field]: errorMessage(err) }));
          focusSoon(id(field));
        } else {
          setFormError(errorMessage(err));
          focusSoon(id('alert'));
        }
      }
    });
  }

  if (missing) {
    return (
      <div className="af-alert" role="alert">
        인증 정보가 없거나 만료되었습니다.{' '}
        <a href="/find?tab=password">비밀번호 찾기를 처음부터 다시 진행해 주세요.</a>
      </div>
    );
  }

  return (
    <form method="post" className="af-form" noValidate onSubmit={onSubmit}>
      <FormMessage
        id={id('alert')}
        error={
          formError ? (
            <>
              {formError} <a href="/find?tab=password">비밀번호 찾기로 돌아가기</a>
            </>
          ) : null
        }
      />
      <Field
        id={id('memberId')}
        label="아이디"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        readOnly={fromSms}
        value={values.memberId}
        onChange={set('memberId')}
        error={errors.memberId}
      />
      <Field
        id={id('newPassword')}
        label="새 비밀번호"
        type="password"
        autoComplete="new-password"
        required
        hint="영문, 숫자, 특수문자를 모두 포함해 8~16자"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
      />
      <Field
        id={id('confirm')}
        label="새 비밀번호 확인"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirm}
        onChange={set('confirm')}
        error={errors.confirm}
      />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '변경하는 중…' : '비밀번호 변경'}</SubmitButton>
      </div>
    </form>
  );
}
