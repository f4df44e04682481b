import { describe, expect, it } from 'vitest';
import {
  businessNoCheckDigit,
  businessNoProblem,
  formatBusinessNo,
  formatStorePhone,
  isValidBusinessNo,
  storePhoneProblem,
} from './store-fields.ts';

describe('사업자등록번호', () => {
  it('checks the last digit by the weights 1 3 7 1 3 7 1 3 5 and the tens of the ninth', () => {
    // 1·1 + 2·3 + 3·7 + 4·1 + 5·3 + 6·7 + 7·1 + 8·3 + 9·5 = 165, + ⌊9·5 / 10⌋ = 169 → 10 − 9 = 1
    expect(businessNoCheckDigit('123456789')).toBe(1);
    expect(isValidBusinessNo('1234567891')).toBe(true);
    expect(isValidBusinessNo('1234567890')).toBe(false);
    // a sum ending in 0 gives 0, not 10
    expect(businessNoCheckDigit('000000000')).toBe(0);
    expect(isValidBusinessNo('0000000000')).toBe(true);
    expect(isValidBusinessNo('123456789')).toBe(false);
  });

  it('says what is wrong with a typed number, and lets a blank one pass', () => {
    expect(businessNoProblem('')).toBeNull();
    expect(businessNoProblem('123-45-67891')).toBeNull();
    expect(businessNoProblem(' 123 45 67891 ')).toBeNull();
    expect(businessNoProblem('123-45-67890')).toContain('검증 숫자');
    expect(businessNoProblem('123-45-678')).toContain('10자리');
    expect(businessNoProblem('12a-45-67891')).toContain('숫자와 하이픈');
  });

  it('is shown as 123-45-67890', () => {
    expect(formatBusinessNo('1234567891')).toBe('123-45-67891');
    expect(formatBusinessNo('123-45-67891')).toBe('123-45-67891');
    expect(formatBusinessNo('')).toBe('');
  });
});

describe('store telephone numbers', () => {
  it('are written with their hyphens: Seoul, other areas, mobiles and nationwide numbers', () => {
    expect(formatStorePhone('021234567')).toBe('02-123-4567');
    expect(formatStorePhone('0212345678')).toBe('02-1234-5678');
    expect(formatStorePhone('0311234567')).toBe('031-123-4567');
    expect(formatStorePhone('01012345678')).toBe('010-1234-5678');
    expect(formatStorePhone('010-1234-5678')).toBe('010-1234-5678');
    expect(formatStorePhone('15881234')).toBe('1588-1234');
  });

  it('refuse what is not a number of those shapes', () => {
    expect(storePhoneProblem('')).toBeNull();
    expect(storePhoneProblem('02 123 4567')).toBeNull();
    expect(storePhoneProblem('1234-5678')).toContain('지역번호부터');
    expect(storePhoneProblem('12345')).toContain('지역번호부터');
    expect(storePhoneProblem('02-123-4567 내선 3')).toContain('숫자와 하이픈');
  });
});
