import { useEffect, useState, type SubmitEvent } from 'react';
import { Birthday, Email, keepBirthdayDigits, MemberId, MemberName, MobileNo } from '../../lib/validation.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, unwrap } from '../../lib/shop-api-client.ts';
import { login } from '../stores/auth.ts';
import {
  readJoinAgreements,
  clearJoinAgreements,
  AGREEMENT_PATH,
  type JoinAgreements,
} from './join-agreements.ts';
import {
  check,
  FormMessage,
  useHydrated,
  usePending,
  type Errors,
  type FieldStatus,
  SubmitButton,
} from './form-kit.tsx';
import { CODE_PATTERN } from './sms-code.ts';
import { ConfirmCodeField, SendCodeButton } from './SmsCodeStep.tsx';
import { useMobileVerification } from './mobile-verification.ts';
import { newPasswordErrors, useExistCheck } from './member-checks.ts';
import * as Member from './MemberFields.tsx';
import { useAccountForm } from './use-account-form.ts';

type Key =
  | 'memberId'
  | 'password'
  | 'passwordConfirm'
  | 'memberName'
  | 'email'
  | 'mobileNo'
  | 'mobileCode'
  | 'birthday';
/** Server codes that belong to one field. */
const FIELD_OF_CODE: Record<string, Key> = {
  'duplication-id': 'memberId',
  'duplication-email': 'email',
  'duplication-phone': 'mobileNo',
  'join-certification-required': 'mobileNo',
  L1001: 'mobileNo',
};

export interface JoinFormProps {
  /** `?redirect=` checked by the page. */
  redirect: string | null;
}

/**
 * The join form (/join): live duplicate checks, the shared rules, the phone number verified by an
 * SMS code (인증번호 받기 → 확인, usage JOIN; the certification key goes with the join), POST
 * /shop-api/profile, then login and the welcome page.
 */
export default function JoinForm({ redirect }: JoinFormProps) {
  const form = useAccountForm<Key>(
    {
      memberId: '',
      password: '',
      passwordConfirm: '',
      memberName: '',
      email: '',
      mobileNo: '',
      mobileCode: '',
      birthday: '',
    },
    { named: true, clean: { birthday: keepBirthdayDigits } },
  );
  const { id, values, bind, formError, setFormError, fail, hasErrors } = form;
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

  // the phone number's SMS step
  const mobile = useMobileVerification(form, { usage: 'JOIN', needed: true, taken: mobileCheck.taken });
  const mobileStatus: FieldStatus | null = mobile.verified
    ? { text: '휴대폰 번호가 인증되었습니다.', tone: 'ok' }
    : mobile.notice
      ? { text: mobile.notice, tone: 'info' }
      : null;

  function validate(): Errors<Key> {
    return {
      memberId: check(MemberId, values.memberId) ?? idCheck.taken,
      ...newPasswordErrors(values),
      memberName: check(MemberName, values.memberName),
      // optional: checked only when given
      email: values.email.trim() ? (check(Email, values.email) ?? emailCheck.taken) : undefined,
      mobileNo:
        check(MobileNo, values.mobileNo) ??
        mobileCheck.taken ??
        (!mobile.verified && !mobile.codeSent
          ? '휴대폰 번호 인증을 위해 인증번호를 받아 주세요.'
          : undefined),
      mobileCode:
        mobile.codeSent && !CODE_PATTERN.test(values.mobileCode.trim())
          ? '휴대폰으로 받은 인증번호 6자리를 입력해 주세요.'
          : undefined,
      birthday: values.birthday ? check(Birthday, values.birthday) : undefined,
    };
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (hasErrors(validate())) return;
    if (!agreements) return;
    await run(async () => {
      let certificationKey = mobile.key;
      if (!certificationKey) {
        // a typed code is checked on joining too
        const key = await mobile.confirm();
        if (!key) return;
        certificationKey = key;
      }
      let welcome: string;
      try {
        await unwrap(
          profileApi.index.$post({
            json: {
              memberId: values.memberId.trim().toLowerCase(),
              password: values.password,
              memberName: values.memberName.trim(),
              ...(values.email.trim() ? { email: values.email.trim() } : {}),
              mobileNo: mobile.digits,
              certificationKey,
              ...(values.birthday ? { birthday: values.birthday } : {}),
              ...(sex ? { sex } : {}),
              joinTermsAgreements: agreements.termsTypes,
              smsAgreed: agreements.smsAgreed,
              directMailAgreed: agreements.directMailAgreed,
            },
          }),
        );
        welcome = redirect ? `/member/welcome?redirect=${encodeURIComponent(redirect)}` : '/member/welcome';
      } catch (err) {
        // the key is used or expired: the SMS step again
        if (err instanceof ApiError && (err.code === 'L1001' || err.code === 'join-certification-required'))
          mobile.forget();
        fail(err, err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined);
        return;
      }
      clearJoinAgreements();
      try {
        await login(
          { memberId: values.memberId.trim(), password: values.password, keepLogin: false },
          welcome,
        );
        // the welcome page names the benefit given at the join, then leads on to `redirect`
        window.location.assign(welcome);
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
      <Member.EmailField
        {...bind('email')}
        required={false}
        label={
          <>
            이메일 <span className="af-optional">(선택)</span>
          </>
        }
        hint="입력하시면 주소 확인 메일을 보내 드립니다. 주문·배송 안내도 이 주소로 받습니다."
        live
        status={values.email.trim() ? emailCheck.status : null}
      />
      <Member.MobileField
        {...bind('mobileNo')}
        hint="숫자만 입력해 주세요. (예: 01012345678) 가입하려면 휴대폰 인증이 필요합니다."
        live
        status={mobileStatus ?? mobileCheck.status}
        addon={
          mobile.verified ? undefined : (
            <SendCodeButton sms={mobile.sms} resend={mobile.codeSent} onSend={mobile.send} />
          )
        }
      />
      <ConfirmCodeField {...bind('mobileCode')} verification={mobile} />
      <Member.BirthdayField {...bind('birthday')} />
      <Member.SexField value={sex} onChange={setSex} />
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '가입하는 중…' : '가입하기'}</SubmitButton>
      </div>
    </form>
  );
}
