import { describe, expect, it } from 'vitest';
import {
  Birthday,
  Email,
  JoinFields,
  MemberName,
  MobileNo,
  SimplePassword,
  StrictPassword,
  firstMessage,
  keepAmount,
  keepBirthdayDigits,
  keepSignedInteger,
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
