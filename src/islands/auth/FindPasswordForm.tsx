import { useId, useState, type SubmitEvent } from 'react';
import { Email, LoginMemberId, MobileNo, phoneDigits } from '../../lib/validation.ts';
import { apiRequest, ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import {
  check,
  Field,
  focusFirstError,
  focusSoon,
  FormMessage,
  formatRemain,
  useCountdown,
  usePending,
  type Errors,
  SubmitButton,
  useHydrated,
} from './form-kit.tsx';
import { saveMailResetId, saveSmsReset } from './password-reset.ts';
import { CODE_ERRORS, CODE_PATTERN, useSmsCode } from './sms-code.ts';

type Key = 'memberId' | 'mobileNo' | 'code' | 'email';
type Method = 'sms' | 'email';

interface Account {
  name: string;
  mobileNo: string;
  email: string;
}

/**
 * Find password: the id first (GET /profile/password/search-account shows the masked contacts),
 * then an SMS code to the member's phone → /find/password/reset, or a reset link by e-mail.
 */
export default function FindPasswordForm() {
  const uid = useId();
  const id = (k: Key | 'alert') => `${uid}-${k}`;
  const [values, setValues] = useState<Record<Key, string>>({
    memberId: '',
    mobileNo: '',
    code: '',
    email: '',
  });
  const [account, setAccount] = useState<Account | null>(null);
  const [method, setMethod] = useState<Method>('sms');
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, run] = usePending();
  const hydrated = useHydrated();
  const sms = useSmsCode('FIND_PASSWORD');
  const remain = useCountdown(sms.deadline);
  const memberId = values.memberId.trim().toLowerCase();

  const set = (key: Key) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
  };

  function fail(err: unknown, field?: Key) {
    if (field) {
      setErrors((x) => ({ ...x, [field]: errorMessage(err) }));
      focusSoon(id(field));
    } else {
      setFormError(errorMessage(err));
      focusSoon(id('alert'));
    }
  }

  async function findAccount() {
    const found: Errors<Key> = { memberId: check(LoginMemberId, values.memberId) };
    setErrors(found);
    if (focusFirstError(found, ['memberId'], id)) return;
    await run(async () => {
      try {
        const a = await apiRequest<Account>('/shop-api/profile/password/search-account', {
          query: { memberId },
        });
        setAccount(a);
        setMethod(a.mobileNo ? 'sms' : 'email');
        focusSoon(`${uid}-method`);
      } catch (err) {
        fail(err, err instanceof ApiError && err.code === 'L1004' ? 'memberId' : undefined);
      }
    });
  }

  async function sendCode() {
    setFormError(null);
    setNotice(null);
    const found: Errors<Key> = { mobileNo: check(MobileNo, values.mobileNo) };
    setErrors(found);
    if (focusFirstError(found, ['mobileNo'], id)) return;
    setSending(true);
    try {
      const same = await apiRequest<{ result: boolean }>('/shop-api/profile/member/equals/with-mobile', {
        query: { memberId, mobileNo: phoneDigits(values.mobileNo) },
      });
      if (!same.result) {
        setErrors({ mobileNo: '회원 정보에 등록된 휴대폰 번호와 다릅니다.' });
        focusSoon(id('mobileNo'));
        return;
      }
      await sms.send(values.mobileNo);
      setNotice('인증번호를 보냈습니다. 3분 안에 입력해 주세요.');
      focusSoon(id('code'));
    } catch (err) {
      fail(err);
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!account) return findAccount();
    if (method === 'sms') {
      const found: Errors<Key> = {
        mobileNo: check(MobileNo, values.mobileNo),
        code: !sms.sentTo
          ? '먼저 인증번호를 받아 주세요.'
          : CODE_PATTERN.test(values.code.trim())
            ? undefined
            : '인증번호 6자리를 숫자로 입력해 주세요.',
      };
      setErrors(found);
      if (focusFirstError(found, ['mobileNo', 'code'], id)) return;
      await run(async () => {
        try {
          const key = await sms.verify(values.mobileNo, values.code);
          saveSmsReset({ memberId, key });
          window.location.assign('/find/password/reset');
        } catch (err) {
          fail(err, err instanceof ApiError && CODE_ERRORS.has(err.code) ? 'code' : undefined);
        }
      });
      return;
    }
    const found: Errors<Key> = { email: check(Email, values.email) };
    setErrors(found);
    if (focusFirstError(found, ['email'], id)) return;
    await run(async () => {
      try {
        await apiRequest('/shop-api/profile/password/sending-email-with-url', {
          method: 'PUT',
          body: { memberId, email: values.email.trim() },
        });
        saveMailResetId(memberId);
        setNotice(
          '비밀번호 재설정 메일을 보냈습니다. 메일의 링크에서 30분 안에 새 비밀번호를 설정해 주세요.',
        );
      } catch (err) {
        fail(err, err instanceof ApiError && err.code === 'L1007' ? 'email' : undefined);
      }
    });
  }

  return (
    <form method="post" className="af-form" noValidate onSubmit={onSubmit} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="visually-hidden">
        비밀번호 찾기
      </h2>
      <FormMessage id={id('alert')} error={formError} notice={notice} />
      <Field
        id={id('memberId')}
        label="아이디"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        readOnly={account !== null}
        value={values.memberId}
        onChange={set('memberId')}
        error={errors.memberId}
        addon={
          account ? (
            <button type="button" className="af-small-button" onClick={() => setAccount(null)}>
              다시 입력
            </button>
          ) : undefined
        }
      />
      {account ? (
        <>
          <fieldset className="af-fieldset">
            <legend className="af-legend" id={`${uid}-method`} tabIndex={-1}>
              인증 방법
            </legend>
            <div className="af-radios">
              {account.mobileNo ? (
                <label className="af-check">
                  <input
                    type="radio"
                    name="method"
                    checked={method === 'sms'}
                    onChange={() => setMethod('sms')}
                  />
                  휴대폰 인증 ({account.mobileNo})
                </label>
              ) : null}
              {account.email ? (
                <label className="af-check">
                  <input
                    type="radio"
                    name="method"
                    checked={method === 'email'}
                    onChange={() => setMethod('email')}
                  />
                  이메일로 재설정 링크 받기 ({account.email})
                </label>
              ) : null}
            </div>
          </fieldset>
          {method === 'sms' ? (
            <>
              <Field
                id={id('mobileNo')}
                label="휴대폰 번호"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                required
                hint="회원 정보에 등록된 휴대폰 번호 전체를 입력해 주세요."
                value={values.mobileNo}
                onChange={set('mobileNo')}
                error={errors.mobileNo}
                addon={
                  <button
                    type="button"
                    className="af-small-button"
                    onClick={() => void sendCode()}
                    disabled={sending || !hydrated}
                  >
                    {sms.sentTo ? '인증번호 다시 받기' : '인증번호 받기'}
                  </button>
                }
              />
              <Field
                id={id('code')}
                label="인증번호"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={values.code}
                onChange={set('code')}
                error={errors.code}
                hint={remain !== null && remain > 0 ? `남은 시간 ${formatRemain(remain)}` : undefined}
                live
                status={
                  remain === 0
                    ? { text: '인증번호 입력 시간이 지났습니다. 인증번호를 다시 받아 주세요.', tone: 'error' }
                    : null
                }
              />
            </>
          ) : (
            <Field
              id={id('email')}
              label="이메일"
              type="email"
              autoComplete="email"
              required
              hint="회원 정보에 등록된 이메일 주소 전체를 입력해 주세요."
              value={values.email}
              onChange={set('email')}
              error={errors.email}
            />
          )}
        </>
      ) : null}
      <div className="af-actions">
        <SubmitButton pending={pending}>
          {!account ? '다음' : method === 'sms' ? '인증하고 비밀번호 재설정' : '재설정 메일 받기'}
        </SubmitButton>
      </div>
    </form>
  );
}
