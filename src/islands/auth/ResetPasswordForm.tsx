import { useEffect, useState, type SubmitEvent } from 'react';
import { LoginMemberId } from '../../lib/validation.ts';
import { recoveryApi } from '../../lib/clients/recovery.ts';
import { ApiError, unwrap } from '../../lib/shop-api-client.ts';
import { check, FormMessage, useHydrated, usePending, type Errors, SubmitButton } from './form-kit.tsx';
import { newPasswordErrors } from './member-checks.ts';
import * as Member from './MemberFields.tsx';
import { useAccountForm } from './use-account-form.ts';
import { clearResets, readMailResetId, readSmsReset } from './password-reset.ts';

export interface ResetPasswordFormProps {
  /** The e-mailed link's key (checked by the page); null: the SMS flow's key from this tab. */
  linkKey: string | null;
}

type Key = 'memberId' | 'password' | 'passwordConfirm';

/** /find/password/reset: a new password (strict rule) with the certification key. */
export default function ResetPasswordForm({ linkKey }: ResetPasswordFormProps) {
  const { id, values, setValues, bind, formError, setFormError, fail, hasErrors } = useAccountForm<Key>({
    memberId: '',
    password: '',
    passwordConfirm: '',
  });
  const [key, setKey] = useState<string | null>(linkKey);
  const [fromSms, setFromSms] = useState(false);
  const [missing, setMissing] = useState(false);
  const [pending, run] = usePending();

  // what /find left in this browser's storage, read once React has taken over the page (the
  // server has no storage): the id for the e-mailed link; the id and the key after an SMS code
  const hydrated = useHydrated();
  const [handedOver, setHandedOver] = useState(false);
  if (hydrated && !handedOver) {
    setHandedOver(true);
    const sms = linkKey ? null : readSmsReset();
    if (linkKey) setValues((v) => ({ ...v, memberId: readMailResetId() }));
    else if (!sms) setMissing(true);
    else {
      setKey(sms.key);
      setFromSms(true);
      setValues((v) => ({ ...v, memberId: sms.memberId }));
    }
  }

  useEffect(() => {
    // the key stays out of the address bar (history, screenshots) once read
    if (linkKey) window.history.replaceState(null, '', window.location.pathname);
  }, [linkKey]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors<Key> = {
      memberId: check(LoginMemberId, values.memberId),
      ...newPasswordErrors(values, '새 비밀번호'),
    };
    if (hasErrors(found) || !key) return;
    await run(async () => {
      try {
        await unwrap(
          recoveryApi['change-password-after-cert'].$post({
            json: {
              memberId: values.memberId.trim().toLowerCase(),
              newPassword: values.password,
              findMethod: fromSms ? 'SMS' : 'EMAIL',
              key,
            },
          }),
        );
        clearResets();
        window.location.assign('/find/success');
      } catch (err) {
        const code = err instanceof ApiError ? err.code : '';
        fail(
          err,
          code === 'same-password' || code === 'INVALID_INPUT'
            ? 'password'
            : code === 'L1004' || code === 'L1007'
              ? 'memberId'
              : undefined,
        );
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
    <form method="post" className="af-form" noValidate onSubmit={(e) => void onSubmit(e)}>
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
      <Member.IdField {...bind('memberId')} readOnly={fromSms} />
      <Member.NewPasswordFields
        password={bind('password')}
        confirm={bind('passwordConfirm')}
        label="새 비밀번호"
      />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '변경하는 중…' : '비밀번호 변경'}</SubmitButton>
      </div>
    </form>
  );
}
