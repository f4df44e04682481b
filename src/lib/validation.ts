import { z } from 'zod';
import { alphanumericForms, foldLookalikes, isCommonPassword } from './common-passwords.ts';
import { phoneDigits } from './phone.ts';

/**
 * The specification's validation rules (section 5), once, for the forms and the server alike.
 * Messages are Korean because forms and the API's validation hook show them as they are.
 */

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 16;
const BIRTH_YEAR_MIN = 1900;
const BIRTH_YEAR_MAX = 2024;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 11;

const passwordLength = `비밀번호는 ${PASSWORD_MIN}~${PASSWORD_MAX}자로 입력해 주세요.`;

export const PASSWORD_HAS_MEMBER_ID = '비밀번호에 아이디를 포함할 수 없습니다.';
export const PASSWORD_TOO_COMMON = '너무 흔한 비밀번호입니다. 다른 비밀번호를 입력해 주세요.';

/**
 * Whether a password contains the member id (not in the specification): case-insensitive, and
 * also with symbols aside and look-alikes folded as for common passwords (`Gr@pe-01!` holds
 * `grape01`). Ids are 4–20 characters: a shorter value (an id half typed) is no id yet.
 */
function containsMemberId(password: string, memberId: string): boolean {
  const id = memberId.trim().toLowerCase();
  if (id.length < 4) return false;
  if (password.toLowerCase().includes(id)) return true;
  const folded = foldLookalikes(id.replace(/[^a-z0-9]/g, ''));
  return (
    folded.length >= 4 && alphanumericForms(password).some((form) => foldLookalikes(form).includes(folded))
  );
}

/** Why a password containing the member id is refused, or null (the id part of `passwordProblem`). */
function memberIdPasswordProblem(password: string, memberId: string | null | undefined): string | null {
  return memberId && containsMemberId(password, memberId) ? PASSWORD_HAS_MEMBER_ID : null;
}

/**
 * The password rule beyond the specification's character rules, for forms and the server alike:
 * a new password must not contain the member id (when it is known) nor be a common password
 * (src/lib/common-passwords.ts, with its variants). The Korean message, or null when it is fine.
 */
export function passwordProblem(password: string, memberId?: string | null): string | null {
  return (
    memberIdPasswordProblem(password, memberId) ?? (isCommonPassword(password) ? PASSWORD_TOO_COMMON : null)
  );
}

/**
 * Strict: 8–16 characters with a letter, a digit and a special character, and not a common
 * password (join, password change, reset). The member id rule needs the id: schemas with both
 * fields add it (`JoinFields`), the server adds it where the id comes from the account.
 */
export const StrictPassword = z
  .string({ error: '비밀번호를 입력해 주세요.' })
  .min(PASSWORD_MIN, { error: passwordLength })
  .max(PASSWORD_MAX, { error: passwordLength })
  .regex(/[A-Za-z]/, { error: '비밀번호에 영문자를 포함해 주세요.' })
  .regex(/\d/, { error: '비밀번호에 숫자를 포함해 주세요.' })
  .regex(/[^A-Za-z0-9\s]/, { error: '비밀번호에 특수문자를 포함해 주세요.' })
  .regex(/^\S+$/, { error: '비밀번호에는 공백을 쓸 수 없습니다.' })
  .refine((password) => !isCommonPassword(password), { error: PASSWORD_TOO_COMMON });

/**
 * For an object schema holding a member id and a new password: refuses a password containing the
 * id, with the issue on the password field (`.superRefine(passwordWithoutMemberId())`).
 */
export function passwordWithoutMemberId(passwordKey = 'password', memberIdKey = 'memberId') {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const password = value[passwordKey];
    const memberId = value[memberIdKey];
    if (typeof password !== 'string' || typeof memberId !== 'string') return;
    const problem = memberIdPasswordProblem(password, memberId);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [passwordKey] });
  };
}

/** Simple: 8–16 characters with a letter and a digit. */
export const SimplePassword = z
  .string({ error: '비밀번호를 입력해 주세요.' })
  .min(PASSWORD_MIN, { error: passwordLength })
  .max(PASSWORD_MAX, { error: passwordLength })
  .regex(/[A-Za-z]/, { error: '비밀번호에 영문자를 포함해 주세요.' })
  .regex(/\d/, { error: '비밀번호에 숫자를 포함해 주세요.' });

/** What a login form sends: anything non-empty (the rules apply when a password is chosen). */
export const LoginPassword = z
  .string({ error: '비밀번호를 입력해 주세요.' })
  .min(1, { error: '비밀번호를 입력해 주세요.' })
  .max(128, { error: '비밀번호가 너무 깁니다.' });

/**
 * Member id (not in the specification): 4–20 characters, lowercase letters, digits, `-` and `_`,
 * starting with a letter or digit. Upper case is folded so `Podo` and `podo` are one id.
 */
export const MemberId = z
  .string({ error: '아이디를 입력해 주세요.' })
  .trim()
  .toLowerCase()
  .min(4, { error: '아이디는 4~20자로 입력해 주세요.' })
  .max(20, { error: '아이디는 4~20자로 입력해 주세요.' })
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: '아이디는 영문 소문자, 숫자, -, _만 사용할 수 있습니다.' });

/** A member id as typed at login: only trimmed and folded, so a wrong id gets the usual answer. */
export const LoginMemberId = z
  .string({ error: '아이디를 입력해 주세요.' })
  .trim()
  .toLowerCase()
  .min(1, { error: '아이디를 입력해 주세요.' })
  .max(100, { error: '아이디가 너무 깁니다.' });

/**
 * E-mail: local part and domain of letters and digits with single separators between them,
 * top-level domain of 2 to 3 letters. Stored lower-case.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*@[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*\.[A-Za-z]{2,3}$/;
export const Email = z
  .string({ error: '이메일을 입력해 주세요.' })
  .trim()
  .min(1, { error: '이메일을 입력해 주세요.' })
  .max(100, { error: '이메일이 너무 깁니다.' })
  .regex(EMAIL_PATTERN, { error: '이메일 형식이 올바르지 않습니다.' })
  .toLowerCase();

/** Name: Latin or Korean letters and spaces only, starting with a letter. */
export const NAME_PATTERN = /^[A-Za-z가-힣][A-Za-z가-힣 ]*$/;
export const MemberName = z
  .string({ error: '이름을 입력해 주세요.' })
  .trim()
  .min(1, { error: '이름을 입력해 주세요.' })
  .max(30, { error: '이름은 30자 이내로 입력해 주세요.' })
  .regex(NAME_PATTERN, { error: '이름은 한글 또는 영문으로 입력해 주세요.' });

export { phoneDigits };

/** Phone-like number: at least 10 digits; hyphens and spaces are allowed and dropped. */
export const MobileNo = z
  .string({ error: '휴대폰 번호를 입력해 주세요.' })
  .trim()
  .regex(/^[\d\s-]+$/, { error: '휴대폰 번호는 숫자만 입력해 주세요.' })
  .transform(phoneDigits)
  .refine((d) => d.length >= PHONE_MIN_DIGITS, {
    error: `휴대폰 번호를 ${PHONE_MIN_DIGITS}자리 이상 입력해 주세요.`,
  })
  .refine((d) => d.length <= PHONE_MAX_DIGITS, { error: '휴대폰 번호가 너무 깁니다.' });

/** Input keeper for a birth date field: digits only, at most 8. */
export function keepBirthdayDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 8);
}

/** Why a birth date (YYYYMMDD) is not acceptable, or null when it is. */
export function birthdayProblem(value: string): string | null {
  if (!/^\d{8}$/.test(value)) return '생년월일 8자리를 숫자로 입력해 주세요. (예: 19900101)';
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  if (year < BIRTH_YEAR_MIN || year > BIRTH_YEAR_MAX) {
    return `태어난 해는 ${BIRTH_YEAR_MIN}년부터 ${BIRTH_YEAR_MAX}년 사이로 입력해 주세요.`;
  }
  if (month < 1 || month > 12) return '태어난 달은 1월부터 12월 사이로 입력해 주세요.';
  if (day < 1 || day > 31) return '태어난 날은 1일부터 31일 사이로 입력해 주세요.';
  return null;
}

/** Birth date: 8 digits YYYYMMDD, year 1900–2024, month 1–12, day 1–31. */
export const Birthday = z
  .string({ error: '생년월일을 입력해 주세요.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = birthdayProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const Sex = z.enum(['M', 'F'], { error: '성별을 선택해 주세요.' });

/** Input keeper for amounts: digits and one decimal point ("1,2a3.4.5" → "123.45"). */
export function keepAmount(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

/** Input keeper for signed integers: digits and a leading minus ("-1-2a3" → "-123"). */
export function keepSignedInteger(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('-') ? `-${digits}` : digits;
}

/** The fields of the join form, as the form and `POST /profile` both check them. */
export const JoinFields = z
  .object({
    memberId: MemberId,
    password: StrictPassword,
    memberName: MemberName,
    email: Email,
    mobileNo: MobileNo,
    birthday: Birthday.optional(),
    sex: Sex.optional(),
  })
  .superRefine(passwordWithoutMemberId());
export type JoinFields = z.infer<typeof JoinFields>;

/** The first Korean message of a failed parse, for forms that show one line. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '입력값을 확인해 주세요.';
}
