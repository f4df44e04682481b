import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';
import {
  Birthday,
  Email,
  JoinFields,
  MemberName,
  MobileNo,
  PASSWORD_HAS_MEMBER_ID,
  PASSWORD_TOO_COMMON,
  SimplePassword,
  StrictPassword,
  firstMessage,
  keepAmount,
  keepBirthdayDigits,
  keepSignedInteger,
  passwordProblem,
} from './validation.ts';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('spec section 5 validation rules', () => {
  it('strict password: 8–16 with a letter, a digit and a special character', () => {
    expect(ok(StrictPassword, 'grape-2024!')).toBe(true);
    expect(ok(StrictPassword, 'a1!aaaaa')).toBe(true);
    expect(ok(StrictPassword, 'a1!aaaaaaaaaaaaa')).toBe(true); // 16
    expect(ok(StrictPassword, 'a1!aaaaaaaaaaaaaa')).toBe(false); // 17
    expect(ok(StrictPassword, 'a1!aaaa')).toBe(false); // 7
    expect(ok(StrictPassword, 'grape2024')).toBe(false);
    expect(ok(StrictPassword, '2024!!!!')).toBe(false);
    expect(ok(StrictPassword, 'grape!!!')).toBe(false);
  });

  it('simple password: 8–16 with a letter and a digit', () => {
    expect(ok(SimplePassword, 'grape2024')).toBe(true);
    expect(ok(SimplePassword, 'grapegrape')).toBe(false);
    expect(ok(SimplePassword, '20242024')).toBe(false);
  });

  it('e-mail: letters and digits with single separators, TLD of 2–3 letters', () => {
    expect(Email.parse(' Kim.Po-Do_1@Mail.Example.co.kr ')).toBe('kim.po-do_1@mail.example.co.kr');
    for (const bad of [
      'a@b',
      'a@b.c',
      'a@b.shop',
      '.a@b.com',
      'a.@b.com',
      'a..b@c.com',
      'a@-b.com',
      'a b@c.com',
      'a@b.c0m',
      'a+b@c.com',
    ]) {
      expect(ok(Email, bad), bad).toBe(false);
    }
  });

  it('name: Latin or Korean letters and spaces, starting with a letter', () => {
    expect(ok(MemberName, '김포도')).toBe(true);
    expect(ok(MemberName, 'Kim Podo')).toBe(true);
    expect(ok(MemberName, '김 포도')).toBe(true);
    expect(ok(MemberName, '김포도2')).toBe(false);
    expect(ok(MemberName, 'ㄱㄴ')).toBe(false);
    expect(ok(MemberName, "O'Neil")).toBe(false);
  });

  it('phone: at least 10 digits, separators dropped', () => {
    expect(MobileNo.parse('010-1234-5678')).toBe('01012345678');
    expect(MobileNo.parse('0311234567')).toBe('0311234567');
    expect(ok(MobileNo, '010-123-456')).toBe(false);
    expect(ok(MobileNo, '+82 10 1234 5678')).toBe(false);
  });

  it('birth date: 8 digits, year 1900–2024, month 1–12, day 1–31', () => {
    for (const good of ['19000101', '20241231', '19990229']) expect(ok(Birthday, good), good).toBe(true);
    for (const bad of [
      '18991231',
      '20250101',
      '19901301',
      '19900001',
      '19900132',
      '19900100',
      '1990011',
      '199001011',
      '1990-01-01',
    ]) {
      expect(ok(Birthday, bad), bad).toBe(false);
    }
    expect(keepBirthdayDigits('1990-01-01-7')).toBe('19900101');
  });

  it('amount keepers: digits and one decimal point; signed integers keep a leading minus', () => {
    expect(keepAmount('1,2a3.4.5')).toBe('123.45');
    expect(keepAmount('..5')).toBe('.5');
    expect(keepSignedInteger('-1-2a3')).toBe('-123');
    expect(keepSignedInteger('12-3')).toBe('123');
    expect(keepSignedInteger('3.7')).toBe('37');
  });

  it('gives Korean messages', () => {
    const r = JoinFields.safeParse({
      memberId: 'ab',
      password: 'x',
      memberName: '',
      email: '',
      mobileNo: '',
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstMessage(r.error)).toMatch(/[가-힣]/);
  });
});

describe('password rule beyond section 5 (passwordProblem)', () => {
  it('refuses a password containing the member id, in any case and spelling', () => {
    expect(PASSWORD_HAS_MEMBER_ID).toBe('비밀번호에 아이디를 포함할 수 없습니다.');
    for (const [password, memberId] of [
      ['grape01-xyz!', 'grape01'],
      ['xyz!GRAPE01', 'grape01'],
      ['my-Grape01!', 'GRAPE01'],
      ['my-grape01!', ' grape01 '],
      ['Gr@pe-01!xyz', 'grape01'], // symbols aside, @ for a, 0 and 1 for o and i
      ['b3rry_fan!7', 'berry_fan'],
    ] as const) {
      expect(passwordProblem(password, memberId), `${password} / ${memberId}`).toBe(PASSWORD_HAS_MEMBER_ID);
    }
    // ids are 4–20 characters: a half-typed id is not looked for
    expect(passwordProblem('grape-2024!', 'gra')).toBeNull();
    expect(passwordProblem('grape-2024!', 'grape0001')).toBeNull();
    expect(passwordProblem('grape-2024!', '')).toBeNull();
    expect(passwordProblem('grape-2024!', null)).toBeNull();
  });

  it('refuses common passwords and their variants', () => {
    expect(PASSWORD_TOO_COMMON).toBe('너무 흔한 비밀번호입니다. 다른 비밀번호를 입력해 주세요.');
    for (const password of [
      'qwer1234',
      'Qwer1234!',
      'QWER1234!@',
      'qwer1234$',
      '1q2w3e4r!',
      'Asdf1234!',
      'abcd1234!',
      'P@ssw0rd1!',
      'password2024!',
      'Passw0rd!!',
      'iloveyou1!',
      'Admin1234!',
      'qwerty!23',
      'zxcvbnm1!',
      '123qwe!@#',
      'Dkssud123!', // 안녕 on a two-set keyboard
      '12345678',
      // nothing but runs and repeats
      'abc123!!',
      'aaa111!!',
      'xyz-7890!',
      'a1a1a1a1!',
      'aaaaaaaa',
    ]) {
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_COMMON);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets a good password pass, with or without the id', () => {
    for (const password of ['grape-2024!', 'Purple-9876$', 'nope-1234!', 'a1!aaaaa', 'berry-2025?']) {
      expect(passwordProblem(password), password).toBeNull();
      expect(passwordProblem(password, 'podo123'), password).toBeNull();
    }
  });

  it('the id comes first; the strict rule and the join fields apply the same rule', () => {
    expect(passwordProblem('qwer1234!', 'qwer1234')).toBe(PASSWORD_HAS_MEMBER_ID);
    expect(StrictPassword.safeParse('Qwer1234!').error?.issues[0]?.message).toBe(PASSWORD_TOO_COMMON);
    const join = (password: string) =>
      JoinFields.safeParse({
        memberId: 'Grape01',
        password,
        memberName: '김포도',
        email: 'grape01@example.com',
        mobileNo: '010-1234-5678',
      });
    const withId = join('grape01-xyz!');
    expect(withId.success).toBe(false);
    expect(withId.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: PASSWORD_HAS_MEMBER_ID }),
    ]);
    expect(join('P@ssw0rd1!').error?.issues[0]).toMatchObject({
      path: ['password'],
      message: PASSWORD_TOO_COMMON,
    });
    expect(join('grape-2024!').success).toBe(true);
  });

  it('keeps the list small, lower-case letters and digits, without repeats', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(100);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(200);
    for (const entry of COMMON_PASSWORDS) expect(entry, entry).toMatch(/^[a-z0-9]+$/);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
  });

  it('does not spend time on an overlong input', () => {
    const started = performance.now();
    expect(passwordProblem('a'.repeat(100_000), 'grape01')).toBeNull();
    expect(StrictPassword.safeParse('abc'.repeat(10_000)).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
