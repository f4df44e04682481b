import { useState, type SubmitEvent } from 'react';
import {
  Birthday,
  Email,
  keepBirthdayDigits,
  MemberName,
  MobileNo,
  phoneDigits,
  StrictPassword,
} from '../../lib/validation.ts';
import { formatPhone } from '../../lib/phone.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { loginAgain } from '../stores/auth.ts';
import {
  check,
  FormMessage,
  formatRemain,
  useCountdown,
  usePending,
  type Errors,
  type FieldStatus,
  SubmitButton,
} from './form-kit.tsx';
import * as Member from './MemberFields.tsx';
import { useMobileVerification } from './mobile-verification.ts';
import { CODE_PATTERN } from './sms-code.ts';
import { ConfirmCodeField, SendCodeButton } from './SmsCodeStep.tsx';
import { useAccountForm } from './use-account-form.ts';

export interface EditableProfile {
  memberName: string;
  email: string;
  mobileNo: string;
  birthday: string;
  sex: Member.Sex;
  smsAgreed: boolean;
  directMailAgreed: boolean;
  /** Terms types the member agreed to. */
  agreedTerms: string[];
  /** Has an id and password (a password can be changed here). */
  hasPassword: boolean;
}

export interface ProfileEditFormProps {
  profile: EditableProfile;
  /** Optional terms the member may give or withdraw consent to. */
  optionalTerms: { termsType: string; title: string }[];
  /** Epoch ms the user-update token ends (30 minutes after the re-check). */
  updateExpiresAt: number;
}

type Key = 'memberName' | 'email' | 'mobileNo' | 'mobileCode' | 'birthday' | 'password' | 'passwordConfirm';
/** The user-update token's own codes (403) → the reason /mypage/info shows. */
const UPDATE_TOKEN_REASON: Record<string, 'expired' | 'required' | undefined> = {
  'update-token-expired': 'expired',
  'update-token-required': 'required',
};
const FIELD_OF_CODE: Record<string, Key> = {
  'duplication-email': 'email',
  'duplication-phone': 'mobileNo',
  'same-password': 'password',
  // the new password contains the member id (the common list is checked here already)
  'weak-password': 'password',
};

/**
 * /mypage/info/modify: PUT /shop-api/profile behind the user-update token. A different phone
 * number needs its own SMS code first (인증번호 받기 → 확인, usage CHANGE_MOBILE_NO); the
 * certification key goes along with the save as `certificationKey`.
 */
export default function ProfileEditForm({ profile, optionalTerms, updateExpiresAt }: ProfileEditFormProps) {
  const form = useAccountForm<Key>(
    {
      memberName: profile.memberName,
      email: profile.email,
      mobileNo: formatPhone(profile.mobileNo),
      mobileCode: '',
      birthday: profile.birthday,
      password: '',
      passwordConfirm: '',
    },
    { clean: { birthday: keepBirthdayDigits } },
  );
  const { id, values, bind, formError, setFormError, showError, fail, hasErrors } = form;
  const [sex, setSex] = useState<Member.Sex>(profile.sex);
  const [smsAgreed, setSmsAgreed] = useState(profile.smsAgreed);
  const [mailAgreed, setMailAgreed] = useState(profile.directMailAgreed);
  const [terms, setTerms] = useState<Record<string, boolean>>(
    Object.fromEntries(optionalTerms.map((t) => [t.termsType, profile.agreedTerms.includes(t.termsType)])),
  );
  const [pending, run] = usePending();
  const remain = useCountdown(updateExpiresAt);

  // the new number's SMS step
  const mobileChanged = phoneDigits(values.mobileNo) !== phoneDigits(profile.mobileNo);
  const mobile = useMobileVerification(form, {
    usage: 'CHANGE_MOBILE_NO',
    needed: mobileChanged,
    onSessionEnd: (err) => loginAgain(err, '/mypage/info'),
  });
  const mobileStatus: FieldStatus | null = !mobileChanged
    ? null
    : mobile.verified
      ? { text: '새 휴대폰 번호가 인증되었습니다.', tone: 'ok' }
      : mobile.notice
        ? { text: mobile.notice, tone: 'info' }
        : { text: '번호를 바꾸려면 새 번호로 인증번호를 받아 확인해 주세요.', tone: 'info' };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors<Key> = {
      memberName: check(MemberName, values.memberName),
      email: check(Email, values.email),
      mobileNo:
        check(MobileNo, values.mobileNo) ??
        (mobileChanged && !mobile.verified && !mobile.codeSent
          ? '휴대폰 번호를 바꾸려면 인증번호를 받아 확인해 주세요.'
          : undefined),
      // a typed code is checked on saving too
      mobileCode:
        mobile.codeSent && !CODE_PATTERN.test(values.mobileCode.trim())
          ? '새 번호로 받은 인증번호 6자리를 입력해 주세요.'
          : undefined,
      birthday: values.birthday ? check(Birthday, values.birthday) : undefined,
      password: values.password ? check(StrictPassword, values.password) : undefined,
      passwordConfirm:
        values.password && values.passwordConfirm !== values.password
          ? '새 비밀번호가 일치하지 않습니다.'
          : undefined,
    };
    if (hasErrors(found)) return;
    await run(async () => {
      let certificationKey = mobile.key;
      if (mobile.codeSent) {
        const key = await mobile.confirm();
        if (!key) return;
        certificationKey = key;
      }
      try {
        await unwrap(
          profileApi.index.$put({
            json: {
              memberName: values.memberName.trim(),
              email: values.email.trim(),
              mobileNo: mobile.digits,
              ...(mobileChanged && certificationKey ? { certificationKey } : {}),
              birthday: values.birthday,
              sex,
              smsAgreed,
              directMailAgreed: mailAgreed,
              joinTermsAgreements: [
                ...profile.agreedTerms.filter((t) => !(t in terms)),
                ...Object.keys(terms).filter((t) => terms[t]),
              ],
              ...(values.password ? { password: values.password } : {}),
            },
          }),
        );
        window.location.assign('/mypage/info?updated=1');
      } catch (err) {
        if (err instanceof ApiError && UPDATE_TOKEN_REASON[err.code]) {
          // the 30 minutes are over, or the re-check was never made here: check the password again
          window.location.assign(`/mypage/info?reason=${UPDATE_TOKEN_REASON[err.code]}`);
          return;
        }
        if (err instanceof ApiError && err.status === 401) {
          // the login session itself is over: log in again, then back to the re-check
          loginAgain(err, '/mypage/info');
          return;
        }
        if (
          err instanceof ApiError &&
          (err.code === 'L1001' || err.code === 'mobile-certification-required')
        ) {
          // the key is used, expired or not this number's: the SMS step again
          mobile.forget();
          showError(errorMessage(err), 'mobileNo');
          return;
        }
        fail(err, err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined);
      }
    });
  }

  return (
    <form method="post" className="af-form af-form--wide" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="af-hint">
        {remain !== null && remain > 0
          ? `정보 수정 가능 시간이 ${formatRemain(remain)} 남았습니다.`
          : '정보 수정 가능 시간이 지났습니다. 저장하면 비밀번호를 다시 확인합니다.'}
      </p>
      <FormMessage id={id('alert')} error={formError} />
      <Member.NameField {...bind('memberName')} />
      <Member.EmailField {...bind('email')} />
      <Member.MobileField
        {...bind('mobileNo')}
        live
        status={mobileStatus}
        addon={
          mobileChanged && !mobile.verified ? (
            <SendCodeButton sms={mobile.sms} resend={mobile.codeSent} onSend={mobile.send} />
          ) : undefined
        }
      />
      <ConfirmCodeField {...bind('mobileCode')} verification={mobile} />
      <Member.BirthdayField {...bind('birthday')} />
      <Member.SexField value={sex} onChange={setSex} />
      <fieldset className="af-fieldset">
        <legend className="af-legend">수신 동의 및 선택 약관</legend>
        <label className="af-check">
          <input type="checkbox" checked={smsAgreed} onChange={(e) => setSmsAgreed(e.target.checked)} />
          SMS 수신 동의
        </label>
        <label className="af-check">
          <input type="checkbox" checked={mailAgreed} onChange={(e) => setMailAgreed(e.target.checked)} />
          이메일 수신 동의
        </label>
        {optionalTerms.map((t) => (
          <label key={t.termsType} className="af-check">
            <input
              type="checkbox"
              checked={Boolean(terms[t.termsType])}
              onChange={(e) => setTerms((x) => ({ ...x, [t.termsType]: e.target.checked }))}
            />
            {t.title}
          </label>
        ))}
      </fieldset>
      {profile.hasPassword ? (
        <fieldset className="af-fieldset">
          <legend className="af-legend">
            비밀번호 변경 <span className="af-optional">(바꿀 때만 입력)</span>
          </legend>
          <Member.NewPasswordFields
            password={bind('password')}
            confirm={bind('passwordConfirm')}
            label="새 비밀번호"
            required={false}
          />
        </fieldset>
      ) : null}
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '저장하는 중…' : '저장'}</SubmitButton>
        <a className="button button--secondary" href="/mypage/info">
          취소
        </a>
      </div>
    </form>
  );
}
