import { type SubmitEvent } from 'react';
import { MemberId } from '../../lib/validation.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, unwrap } from '../../lib/shop-api-client.ts';
import { loginAgain } from '../stores/auth.ts';
import { check, FormMessage, usePending, type Errors, SubmitButton } from './form-kit.tsx';
import { newPasswordErrors, useExistCheck } from './member-checks.ts';
import * as Member from './MemberFields.tsx';
import { useAccountForm } from './use-account-form.ts';

type Key = 'memberId' | 'password' | 'passwordConfirm';

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
  const { id, values, bind, formError, setFormError, fail, hasErrors } = useAccountForm<Key>(
    { memberId: '', password: '', passwordConfirm: '' },
    { named: true },
  );
  const [pending, run] = usePending();
  // a failed check is not reported here: the registration checks the id again
  const idCheck = useExistCheck('memberId', values.memberId, false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors<Key> = {
      memberId: check(MemberId, values.memberId) ?? idCheck.taken,
      ...newPasswordErrors(values),
    };
    if (hasErrors(found)) return;
    await run(async () => {
      try {
        await unwrap(
          profileApi['id-password'].$post({
            json: { memberId: values.memberId.trim().toLowerCase(), password: values.password },
          }),
        );
        window.location.assign(next);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          loginAgain(err, '/mypage/info');
          return;
        }
        fail(err, err instanceof ApiError && err.code === 'duplication-id' ? 'memberId' : undefined);
      }
    });
  }

  return (
    <form method="post" className="af-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormMessage id={id('alert')} error={formError} />
      <Member.NewIdField {...bind('memberId')} status={idCheck.status} />
      <Member.NewPasswordFields password={bind('password')} confirm={bind('passwordConfirm')} />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '등록하는 중…' : '아이디/비밀번호 등록'}</SubmitButton>
      </div>
    </form>
  );
}
