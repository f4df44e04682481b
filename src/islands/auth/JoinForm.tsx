import { useEffect, useState, type SubmitEvent } from 'react';
import {
  Birthday,
  Email,
  keepBirthdayDigits,
  MemberId,
  MemberName,
  MobileNo,
  phoneDigits,
} from '../../lib/validation.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, unwrap } from '../../lib/shop-api-client.ts';
import { login } from '../stores/auth.ts';
import {
  readJoinAgreements,
  clearJoinAgreements,
  AGREEMENT_PATH,
  type JoinAgreements,
} from './join-agreements.ts';
import { check, FormMessage, useHydrated, usePending, type Errors, SubmitButton } from './form-kit.tsx';
import { newPasswordErrors, useExistCheck } from './member-checks.ts';
import * as Member from './MemberFields.tsx';
import { useAccountForm } from './use-account-form.ts';

type Key = 'memberId' | 'password' | 'passwordConfirm' | 'memberName' | 'email' | 'mobileNo' | 'birthday';
/** Server codes that belong to one field. */
const FIELD_OF_CODE: Record<string, Key> = {
  'duplication-id': 'memberId',
  'duplication-email': 'email',
  'duplication-phone': 'mobileNo',
};

export interface JoinFormProps {
  /** `?redirect=` checked by the page. */
  redirect: string | null;
}

/** The join form (/join): live duplicate checks, the shared rules, POST /shop-api/profile, then login. */
export default function JoinForm({ redirect }: JoinFormProps) {
  const { id, values, bind, formError, setFormError, fail, hasErrors } = useAccountForm<Key>(
    {
      memberId: '',
      password: '',
      passwordConfirm: '',
      memberName: '',
      email: '',
      mobileNo: '',
      birthday: '',
    },
    { named: true, clean: { birthday: keepBirthdayDigits } },
  );
  /** The consents of the agreement page (this tab's sessionStorage); undefined until read. */
  const [agreements, setAgreements] = useState<JoinAgreements | null | undefined>(undefined);
  const [sex, setSex] = useState<Member.Sex>('');
  const [pending, run] = usePending();
  // read once React has taken over the page (the server has no sessionStorage)
  const hydrated = useHydrated();
  if (hydrated && agreements === undefined) setAgreements(readJoinAgreements());

  useEffect(() => {
    if (agreements !== null) return;
    // the terms come first: back to the agreement page, keeping the target
    window.location.replace(
      redirect ? `${AGREEMENT_PATH}?redirect=${encodeURIComponent(redirect)}` : AGREEMENT_PATH,
    );
  }, [agreements, redirect]);

  const idCheck = useExistCheck('memberId', values.memberId);
  const emailCheck = useExistCheck('email', values.email);
  const mobileCheck = useExistCheck('mobileNo', values.mobileNo);

  function validate(): Errors<Key> {
    return {
      memberId: check(MemberId, values.memberId) ?? idCheck.taken,
      ...newPasswordErrors(values),
      memberName: check(MemberName, values.memberName),
      email: check(Email, values.email) ?? emailCheck.taken,
      mobileNo: check(MobileNo, values.mobileNo) ?? mobileCheck.taken,
      birthday: values.birthday ? check(Birthday, values.birthday) : undefined,
    };
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (hasErrors(validate())) return;
    if (!agreements) return;
    await run(async () => {
      try {
        await unwrap(
          profileApi.index.$post({
            json: {
              memberId: values.memberId.trim().toLowerCase(),
              password: values.password,
              memberName: values.memberName.trim(),
              email: values.email.trim(),
              mobileNo: phoneDigits(values.mobileNo),
              ...(values.birthday ? { birthday: values.birthday } : {}),
              ...(sex ? { sex } : {}),
              joinTermsAgreements: agreements.termsTypes,
              smsAgreed: agreements.smsAgreed,
              directMailAgreed: agreements.directMailAgreed,
            },
          }),
        );
      } catch (err) {
        fail(err, err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined);
        return;
      }
      clearJoinAgreements();
      try {
        const target = await login(
          { memberId: values.memberId.trim(), password: values.password, keepLogin: false },
          redirect,
        );
        window.location.assign(target);
      } catch {
        // joined but not logged in: the login page can finish it
        window.location.assign('/login');
      }
    });
  }

  if (!agreements) {
    return <p role="status">약관 동의 정보를 확인하고 있습니다…</p>;
  }

  return (
    <form method="post" className="af-form af-form--wide" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormMessage id={id('alert')} error={formError} />
      <Member.NewIdField {...bind('memberId')} status={idCheck.status} />
      <Member.NewPasswordFields password={bind('password')} confirm={bind('passwordConfirm')} />
      <Member.NameField {...bind('memberName')} />
      <Member.EmailField {...bind('email')} live status={emailCheck.status} />
      <Member.MobileField
        {...bind('mobileNo')}
        hint="숫자만 입력해 주세요. (예: 01012345678)"
        live
        status={mobileCheck.status}
      />
      <Member.BirthdayField {...bind('birthday')} />
      <Member.SexField value={sex} onChange={setSex} />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '가입하는 중…' : '가입하기'}</SubmitButton>
      </div>
    </form>
  );
}
