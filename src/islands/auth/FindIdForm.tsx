import { useId, useState, type SubmitEvent } from 'react';
import { Email, MemberName, MobileNo, phoneDigits } from '../../lib/validation.ts';
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
import { CODE_ERRORS, CODE_PATTERN, useSmsCode } from './sms-code.ts';

type Key = 'memberName' | 'mobileNo' | 'code' | 'email';
type Method = 'sms' | 'email';

interface FoundId {
  memberId: string | null;
  joinYmdt: string;
  providerTypes?: string[];
}

/** Where the masked result is shown (the values are masked by the server already). */
export function successUrl(found: FoundId | undefined): string {
  const q = new URLSearchParams();
  if (found?.memberId) q.set('memberId', found.memberId);
  if (found?.joinYmdt) q.set('joinYmdt', found.joinYmdt.slice(0, 10));
  if (found?.providerTypes?.length) q.set('providers', found.providerTypes.join(','));
  return `/find/id/success?${q}`;
}

/** Find id: name + phone with an SMS code, or name + e-mail (spec: /find). */
export default function FindIdForm() {
  const uid = useId();
  const id = (k: Key | 'alert') => `${uid}-${k}`;
  const [method, setMethod] = useState<Method>('sms');
  const [values, setValues] = useState<Record<Key, string>>({
    memberName: '',
    mobileNo: '',
    code: '',
    email: '',
  });
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, run] = usePending();
  const hydrated = useHydrated();
  const sms = useSmsCode('FIND_ID');
  /**
   * The certification key of a verified code: a wrong name (L1006, which only the phone's holder
   * gets to see) leaves it usable, so the name can be corrected without a new code.
   */
  const [certified, setCertified] = useState<{ mobileNo: string; key: string } | null>(null);
  const remain = useCountdown(sms.deadline);

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

  async function sendCode() {
    setFormError(null);
    setNotice(null);
    const found: Errors<Key> = {
      memberName: check(MemberName, values.memberName),
      mobileNo: check(MobileNo, values.mobileNo),
    };
    setErrors(found);
    if (focusFirstError(found, ['memberName', 'mobileNo'], id)) return;
    setSending(true);
    try {
      await sms.send(values.mobileNo, values.memberName.trim());
      setCertified(null);
      setNotice('인증번호를 보냈습니다. 3분 안에 입력해 주세요.');
      focusSoon(id('code'));
    } catch (err) {
      fail(err, err instanceof ApiError && err.code === 'INVALID_INPUT' ? 'mobileNo' : undefined);
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const digits = phoneDigits(values.mobileNo);
    const certifiedKey = certified?.mobileNo === digits ? certified.key : null;
    const found: Errors<Key> =
      method === 'sms'
        ? {
            memberName: check(MemberName, values.memberName),
            mobileNo: check(MobileNo, values.mobileNo),
            code: certifiedKey
              ? undefined
              : !sms.sentTo
                ? '먼저 인증번호를 받아 주세요.'
                : CODE_PATTERN.test(values.code.trim())
                  ? undefined
                  : '인증번호 6자리를 숫자로 입력해 주세요.',
          }
        : { memberName: check(MemberName, values.memberName), email: check(Email, values.email) };
    setErrors(found);
    if (focusFirstError(found, ['memberName', 'mobileNo', 'code', 'email'], id)) return;
    await run(async () => {
      try {
        let result: FoundId[];
        if (method === 'sms') {
          let key = certifiedKey;
          if (!key) {
            try {
              key = await sms.verify(values.mobileNo, values.code);
            } catch (err) {
              fail(err, err instanceof ApiError && CODE_ERRORS.has(err.code) ? 'code' : undefined);
              return;
            }
            setCertified({ mobileNo: digits, key });
          }
          try {
            result = await apiRequest<FoundId[]>('/shop-api/profile/find-id', {
              method: 'POST',
              body: { findMethod: 'SMS', memberName: values.memberName.trim(), mobileNo: digits, key },
            });
          } catch (err) {
            if (err instanceof ApiError && err.code === 'L1006') {
              fail(err, 'memberName');
              return;
            }
            if (err instanceof ApiError && err.code === 'L1001') setCertified(null);
            throw err;
          }
        } else {
          result = await apiRequest<FoundId[]>('/shop-api/profile/id', {
            query: { memberName: values.memberName.trim(), email: values.email.trim() },
          });
        }
        window.location.assign(successUrl(result[0]));
      } catch (err) {
        fail(err);
      }
    });
  }

  return (
    <form method="post" className="af-form" noValidate onSubmit={onSubmit} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="visually-hidden">
        아이디 찾기
      </h2>
      <FormMessage id={id('alert')} error={formError} notice={notice} />
      <fieldset className="af-fieldset">
        <legend className="af-legend">찾는 방법</legend>
        <div className="af-radios">
          <label className="af-check">
            <input type="radio" name="method" checked={method === 'sms'} onChange={() => setMethod('sms')} />
            휴대폰 인증
          </label>
          <label className="af-check">
            <input
              type="radio"
              name="method"
              checked={method === 'email'}
              onChange={() => setMethod('email')}
            />
            이메일
          </label>
        </div>
      </fieldset>
      <Field
        id={id('memberName')}
        label="이름"
        autoComplete="name"
        required
        value={values.memberName}
        onChange={set('memberName')}
        error={errors.memberName}
      />
      {method === 'sms' ? (
        <>
          <Field
            id={id('mobileNo')}
            label="휴대폰 번호"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
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
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
      )}
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '찾는 중…' : '아이디 찾기'}</SubmitButton>
      </div>
    </form>
  );
}
