import { useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  Birthday,
  Email,
  keepBirthdayDigits,
  MemberId,
  MemberName,
  MobileNo,
  passwordProblem,
  phoneDigits,
  StrictPassword,
} from '../../lib/validation.ts';
import { apiRequest, ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { login } from '../stores/auth.ts';
import {
  readJoinAgreements,
  clearJoinAgreements,
  AGREEMENT_PATH,
  type JoinAgreements,
} from './join-agreements.ts';
import {
  check,
  Field,
  focusFirstError,
  focusSoon,
  FormMessage,
  useLiveCheck,
  usePending,
  type CheckState,
  type Errors,
  type FieldStatus,
  SubmitButton,
} from './form-kit.tsx';

type Key = 'memberId' | 'password' | 'passwordConfirm' | 'memberName' | 'email' | 'mobileNo' | 'birthday';
const ORDER: readonly Key[] = [
  'memberId',
  'password',
  'passwordConfirm',
  'memberName',
  'email',
  'mobileNo',
  'birthday',
];
/** Server codes that belong to one field. */
const FIELD_OF_CODE: Record<string, Key> = {
  'duplication-id': 'memberId',
  'duplication-email': 'email',
  'duplication-phone': 'mobileNo',
};

const passes = (schema: { safeParse(v: unknown): { success: boolean } }) => (v: string) =>
  schema.safeParse(v).success;
/** GET /shop-api/profile/{id,email,mobile}/exist: whether the value is taken. */
async function exists(path: string, query: Record<string, string>, signal: AbortSignal): Promise<boolean> {
  const res = await apiRequest<{ exist?: boolean; mobileNoExist?: boolean }>(path, { query, signal });
  return Boolean(res.exist ?? res.mobileNoExist);
}

function statusOf(state: CheckState, taken: string, available: string): FieldStatus | null {
  switch (state) {
    case 'checking':
      return { text: '확인하고 있습니다…', tone: 'info' };
    case 'available':
      return { text: available, tone: 'ok' };
    case 'taken':
      return { text: taken, tone: 'error' };
    case 'failed':
      return { text: '중복 여부를 확인하지 못했습니다. 가입할 때 다시 확인합니다.', tone: 'info' };
    default:
      return null;
  }
}

export interface JoinFormProps {
  /** `?redirect=` checked by the page. */
  redirect: string | null;
}

/** The join form (/join): live duplicate checks, the shared rules, POST /shop-api/profile, then login. */
export default function JoinForm({ redirect }: JoinFormProps) {
  const uid = useId();
  const id = (k: Key | 'sex' | 'alert') => `${uid}-${k}`;
  const [agreements, setAgreements] = useState<JoinAgreements | null>(null);
  const [values, setValues] = useState<Record<Key, string>>({
    memberId: '',
    password: '',
    passwordConfirm: '',
    memberName: '',
    email: '',
    mobileNo: '',
    birthday: '',
  });
  const [sex, setSex] = useState<'' | 'M' | 'F'>('');
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = usePending();

  useEffect(() => {
    const found = readJoinAgreements();
    if (!found) {
      // the terms come first: back to the agreement page, keeping the target
      window.location.replace(
        redirect ? `${AGREEMENT_PATH}?redirect=${encodeURIComponent(redirect)}` : AGREEMENT_PATH,
      );
      return;
    }
    setAgreements(found);
  }, [redirect]);

  const idCheck = useLiveCheck(values.memberId, passes(MemberId), (v, signal) =>
    exists('/shop-api/profile/id/exist', { memberId: v.trim().toLowerCase() }, signal),
  );
  const emailCheck = useLiveCheck(values.email, passes(Email), (v, signal) =>
    exists('/shop-api/profile/email/exist', { email: v.trim().toLowerCase() }, signal),
  );
  const mobileCheck = useLiveCheck(values.mobileNo, passes(MobileNo), (v, signal) =>
    exists('/shop-api/profile/mobile/exist', { mobileNo: phoneDigits(v) }, signal),
  );

  const set = (key: Key) => (event: { target: { value: string } }) => {
    const value = key === 'birthday' ? keepBirthdayDigits(event.target.value) : event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function validate(): Errors<Key> {
    const found: Errors<Key> = {
      memberId: check(MemberId, values.memberId),
      // the character rules, then the id and the common list (the server's rules, same messages)
      password:
        check(StrictPassword, values.password) ??
        passwordProblem(values.password, values.memberId) ??
        undefined,
      passwordConfirm: !values.passwordConfirm
        ? '비밀번호를 한 번 더 입력해 주세요.'
        : values.passwordConfirm !== values.password
          ? '비밀번호가 일치하지 않습니다.'
          : undefined,
      memberName: check(MemberName, values.memberName),
      email: check(Email, values.email),
      mobileNo: check(MobileNo, values.mobileNo),
      birthday: values.birthday ? check(Birthday, values.birthday) : undefined,
    };
    if (!found.memberId && idCheck.state === 'taken' && idCheck.checkedValue === values.memberId) {
      found.memberId = '이미 사용 중인 아이디입니다.';
    }
    if (!found.email && emailCheck.state === 'taken' && emailCheck.checkedValue === values.email) {
      found.email = '이미 가입된 이메일입니다.';
    }
    if (!found.mobileNo && mobileCheck.state === 'taken' && mobileCheck.checkedValue === values.mobileNo) {
      found.mobileNo = '이미 가입된 휴대폰 번호입니다.';
    }
    return found;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (focusFirstError(found, ORDER, id)) return;
    if (!agreements) return;
    await run(async () => {
      try {
        await apiRequest('/shop-api/profile', {
          method: 'POST',
          body: {
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
        });
      } catch (err) {
        const field = err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined;
        if (field) {
          setErrors((e) => ({ ...e, [field]: errorMessage(err) }));
          focusSoon(id(field));
        } else {
          setFormError(errorMessage(err));
          focusSoon(id('alert'));
        }
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
    <form method="post" className="af-form af-form--wide" noValidate onSubmit={onSubmit}>
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
        status={statusOf(idCheck.state, '이미 사용 중인 아이디입니다.', '사용할 수 있는 아이디입니다.')}
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
      <Field
        id={id('memberName')}
        label="이름"
        name="memberName"
        autoComplete="name"
        required
        value={values.memberName}
        onChange={set('memberName')}
        error={errors.memberName}
      />
      <Field
        id={id('email')}
        label="이메일"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        live
        status={statusOf(emailCheck.state, '이미 가입된 이메일입니다.', '사용할 수 있는 이메일입니다.')}
      />
      <Field
        id={id('mobileNo')}
        label="휴대폰 번호"
        name="mobileNo"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        hint="숫자만 입력해 주세요. (예: 01012345678)"
        value={values.mobileNo}
        onChange={set('mobileNo')}
        error={errors.mobileNo}
        live
        status={statusOf(
          mobileCheck.state,
          '이미 가입된 휴대폰 번호입니다.',
          '사용할 수 있는 휴대폰 번호입니다.',
        )}
      />
      <Field
        id={id('birthday')}
        label={
          <>
            생년월일 <span className="af-optional">(선택)</span>
          </>
        }
        name="birthday"
        inputMode="numeric"
        autoComplete="bday"
        hint="8자리 숫자 (예: 19900101)"
        value={values.birthday}
        onChange={set('birthday')}
        error={errors.birthday}
      />
      <fieldset className="af-fieldset">
        <legend className="af-legend">
          성별 <span className="af-optional">(선택)</span>
        </legend>
        <div className="af-radios">
          {(
            [
              ['', '선택 안 함'],
              ['M', '남성'],
              ['F', '여성'],
            ] as const
          ).map(([value, label]) => (
            <label key={value || 'none'} className="af-check">
              <input
                type="radio"
                name="sex"
                value={value}
                checked={sex === value}
                onChange={() => setSex(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '가입하는 중…' : '가입하기'}</SubmitButton>
      </div>
    </form>
  );
}
