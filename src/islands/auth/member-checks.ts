import {
  Email,
  MemberId,
  MobileNo,
  passwordProblem,
  phoneDigits,
  StrictPassword,
} from '../../lib/validation.ts';
import { profileApi } from '../../lib/clients/profile.ts';
import { unwrap } from '../../lib/shop-api-client.ts';
import { check, useLiveCheck, type CheckState, type FieldStatus } from './form-kit.tsx';

/** The member rules the join, id/password and profile forms share: duplicate checks, a new password. */

interface ExistCheck {
  valid: (value: string) => boolean;
  /** GET /shop-api/profile/{id,email,mobile}/exist: whether the value is taken. */
  ask: (value: string, signal: AbortSignal) => Promise<boolean>;
  taken: string;
  available: string;
}

const withSignal = (signal: AbortSignal) => ({ init: { signal } });

const EXIST_CHECKS = {
  memberId: {
    valid: (v) => MemberId.safeParse(v).success,
    ask: async (v, signal) => {
      const query = { memberId: v.trim().toLowerCase() };
      return (await unwrap(profileApi.id.exist.$get({ query }, withSignal(signal)))).exist;
    },
    taken: '이미 사용 중인 아이디입니다.',
    available: '사용할 수 있는 아이디입니다.',
  },
  email: {
    valid: (v) => Email.safeParse(v).success,
    ask: async (v, signal) => {
      const query = { email: v.trim().toLowerCase() };
      return (await unwrap(profileApi.email.exist.$get({ query }, withSignal(signal)))).exist;
    },
    taken: '이미 가입된 이메일입니다.',
    available: '사용할 수 있는 이메일입니다.',
  },
  mobileNo: {
    valid: (v) => MobileNo.safeParse(v).success,
    ask: async (v, signal) => {
      const query = { mobileNo: phoneDigits(v) };
      const res = await unwrap(profileApi.mobile.exist.$get({ query }, withSignal(signal)));
      return res.exist || res.mobileNoExist;
    },
    taken: '이미 가입된 휴대폰 번호입니다.',
    available: '사용할 수 있는 휴대폰 번호입니다.',
  },
} satisfies Record<string, ExistCheck>;

const CHECK_FAILED = '중복 여부를 확인하지 못했습니다. 가입할 때 다시 확인합니다.';

function statusOf(state: CheckState, texts: ExistCheck, reportFailure: boolean): FieldStatus | null {
  switch (state) {
    case 'checking':
      return { text: '확인하고 있습니다…', tone: 'info' };
    case 'available':
      return { text: texts.available, tone: 'ok' };
    case 'taken':
      return { text: texts.taken, tone: 'error' };
    case 'failed':
      return reportFailure ? { text: CHECK_FAILED, tone: 'info' } : null;
    default:
      return null;
  }
}

/**
 * The live duplicate check of a member id, e-mail or mobile number as it is typed: `status` for
 * the field's live line, `taken` the error to show on submit when this very value was found taken.
 */
export function useExistCheck(kind: keyof typeof EXIST_CHECKS, value: string, reportFailure = true) {
  const texts: ExistCheck = EXIST_CHECKS[kind];
  const result = useLiveCheck(value, texts.valid, texts.ask);
  return {
    status: statusOf(result.state, texts, reportFailure),
    taken: result.state === 'taken' && result.checkedValue === value ? texts.taken : undefined,
  };
}

/**
 * A new password by the strict rule (not the id, not a common one) and its confirmation; `label`
 * is how the form calls it ("비밀번호", "새 비밀번호").
 */
export function newPasswordErrors(
  values: { memberId: string; password: string; passwordConfirm: string },
  label = '비밀번호',
): { password: string | undefined; passwordConfirm: string | undefined } {
  return {
    // the character rules, then the id and the common list (the server's rules, same messages)
    password:
      check(StrictPassword, values.password) ??
      passwordProblem(values.password, values.memberId) ??
      undefined,
    passwordConfirm: !values.passwordConfirm
      ? `${label}를 한 번 더 입력해 주세요.`
      : values.passwordConfirm !== values.password
        ? '비밀번호가 일치하지 않습니다.'
        : undefined,
  };
}
