import { useState, type SubmitEvent } from 'react';
import { ACCOUNT_ERRORS } from '../../lib/errors/account.ts';
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
import { CODE_ERRORS, CODE_FORMAT_MESSAGE, CODE_PATTERN, CODE_SENT_NOTICE, useSmsCode } from './sms-code.ts';
import { CodeField, FieldButton, SendCodeButton } from './SmsCodeStep.tsx';
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

/** Codes of the new number's SMS step that belong to the number field. */
const MOBILE_CODES = new Set(['L1005', 'L1008', 'INVALID_INPUT', 'mobile-certification-required']);

/**
 * /mypage/info/modify: PUT /shop-api/profile behind the user-update token. A different phone
 * number needs its own SMS code first (인증번호 받기 → 확인, usage CHANGE_MOBILE_NO); the
 * certification key goes along with the save as `certificationKey`.
 */
export default function ProfileEditForm({ profile, optionalTerms, updateExpiresAt }: ProfileEditFormProps) {
  const {
    id,
    focus,
    values,
    setValues,
    bind,
    setErrors,
    formError,
    setFormError,
    showError,
    fail,
    hasErrors,
  } = useAccountForm<Key>(
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
  const [sex, setSex] = useState<Member.Sex>(profile.sex);
  const [smsAgreed, setSmsAgreed] = useState(profile.smsAgreed);
  const [mailAgreed, setMailAgreed] = useState(profile.directMailAgreed);
  const [terms, setTerms] = useState<Record<string, boolean>>(
    Object.fromEntries(optionalTerms.map((t) => [t.termsType, profile.agreedTerms.includes(t.termsType)])),
  );
  const [pending, run] = usePending();
  const remain = useCountdown(updateExpiresAt);

  // the new number's SMS step
  const sms = useSmsCode('CHANGE_MOBILE_NO');
  const [confirming, setConfirming] = useState(false);
  const [mobileNotice, setMobileNotice] = useState<string | null>(null);
  /** The certification key of the number it was issued for. */
  const [certified, setCertified] = useState<{ mobileNo: string; key: string } | null>(null);
  const mobileDigits = phoneDigits(values.mobileNo);
  const mobileChanged = mobileDigits !== phoneDigits(profile.mobileNo);
  const mobileVerified = mobileChanged && certified?.mobileNo === mobileDigits;
  const codeSent = mobileChanged && !mobileVerified && sms.sentTo === mobileDigits;
  const mobileStatus: FieldStatus | null = !mobileChanged
    ? null
    : mobileVerified
      ? { text: '새 휴대폰 번호가 인증되었습니다.', tone: 'ok' }
      : codeSent && mobileNotice
        ? { text: mobileNotice, tone: 'info' }
        : { text: '번호를 바꾸려면 새 번호로 인증번호를 받아 확인해 주세요.', tone: 'info' };

  const fieldError = (key: Key, message: string) => showError(message, key);

  async function sendMobileCode() {
    setFormError(null);
    setMobileNotice(null);
    const problem = check(MobileNo, values.mobileNo);
    if (problem) return fieldError('mobileNo', problem);
    await sms.whileSending(async () => {
      try {
        await sms.send(values.mobileNo);
        setCertified(null);
        setValues((v) => ({ ...v, mobileCode: '' }));
        setErrors((x) => ({ ...x, mobileNo: undefined, mobileCode: undefined }));
        setMobileNotice(CODE_SENT_NOTICE);
        focus('mobileCode');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return loginAgain(err, '/mypage/info');
        if (err instanceof ApiError && err.code === 'L1005')
          return fieldError('mobileNo', ACCOUNT_ERRORS['duplication-phone'].message);
        if (err instanceof ApiError && MOBILE_CODES.has(err.code))
          return fieldError('mobileNo', errorMessage(err));
        fail(err);
      }
    });
  }

  /** Checks the typed code; the certification key, or null (the problem is shown). */
  async function confirmMobileCode(): Promise<string | null> {
    setFormError(null);
    const code = values.mobileCode.trim();
    if (!CODE_PATTERN.test(code)) {
      fieldError('mobileCode', CODE_FORMAT_MESSAGE);
      return null;
    }
    setConfirming(true);
    try {
      const key = await sms.verify(values.mobileNo, code);
      setCertified({ mobileNo: mobileDigits, key });
      setErrors((x) => ({ ...x, mobileNo: undefined, mobileCode: undefined }));
      setMobileNotice(null);
      focus('mobileNo');
      return key;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) loginAgain(err, '/mypage/info');
      else if (err instanceof ApiError && (CODE_ERRORS.has(err.code) || err.code === 'L1001'))
        fieldError('mobileCode', errorMessage(err));
      else if (err instanceof ApiError && err.code === 'L1008') fieldError('mobileNo', errorMessage(err));
      else fail(err);
      return null;
    } finally {
      setConfirming(false);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors<Key> = {
      memberName: check(MemberName, values.memberName),
      email: check(Email, values.email),
      mobileNo:
        check(MobileNo, values.mobileNo) ??
        (mobileChanged && !mobileVerified && !codeSent
          ? '휴대폰 번호를 바꾸려면 인증번호를 받아 확인해 주세요.'
          : undefined),
      // a typed code is checked on saving too
      mobileCode:
        codeSent && !CODE_PATTERN.test(values.mobileCode.trim())
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
      let certificationKey = mobileVerified ? certified?.key : undefined;
      if (codeSent) {
        const key = await confirmMobileCode();
        if (!key) return;
        certificationKey = key;
      }
      try {
        await unwrap(
          profileApi.index.$put({
            json: {
              memberName: values.memberName.trim(),
              email: values.email.trim(),
              mobileNo: mobileDigits,
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
          setCertified(null);
          fieldError('mobileNo', errorMessage(err));
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
          mobileChanged && !mobileVerified ? (
            <SendCodeButton sms={sms} resend={codeSent} onSend={sendMobileCode} />
          ) : undefined
        }
      />
      {codeSent ? (
        <CodeField
          {...bind('mobileCode')}
          remain={sms.remain}
          onKeyDown={(e) => {
            // Enter confirms the code instead of saving the whole form
            if (e.key === 'Enter') {
              e.preventDefault();
              void confirmMobileCode();
            }
          }}
          addon={
            <FieldButton sms={sms} busy={confirming} onClick={confirmMobileCode}>
              확인
            </FieldButton>
          }
        />
      ) : null}
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
