import { describe, expect, it } from 'vitest';
import { maskAddress, maskBirthday, maskEmail, maskName, maskPhone } from './masking.ts';

describe('masking of personal data (decision 025)', () => {
  it('keeps the first and last letter of a name', () => {
    expect(maskName('김영수')).toBe('김*수');
    expect(maskName('남궁민수')).toBe('남**수');
    expect(maskName('김수')).toBe('김*');
    expect(maskName('김')).toBe('*');
    expect(maskName(null)).toBe('');
  });

  it("hides the middle group of a phone, in the shop's phone shape", () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('010-123-5678')).toBe('010-***-5678');
    expect(maskPhone('02-123-4567')).toBe('02-***-4567');
    expect(maskPhone('')).toBe('');
  });

  it('keeps two letters before the @ and the domain', () => {
    expect(maskEmail('abcdef@naver.com')).toBe('ab***@naver.com');
    expect(maskEmail('ab@naver.com')).toBe('a***@naver.com');
    expect(maskEmail(null)).toBe('');
  });

  it('keeps the first two words of an address and the year of a birthday', () => {
    expect(maskAddress('서울특별시 강남구 테헤란로 1')).toBe('서울특별시 강남구 ***');
    expect(maskBirthday('19900315')).toBe('1990-**-**');
    expect(maskBirthday(null)).toBe('');
  });
});
