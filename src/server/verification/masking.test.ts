import { describe, expect, it } from 'vitest';
import { maskEmail, maskMemberId, maskMobile, maskName } from './masking.ts';

describe('maskMemberId: one rule for every masked id', () => {
  it.each([
    ['podo123', 'po***23'],
    ['grape0001', 'gr***01'],
    ['grapejuice', 'gr***ce'],
    ['abcdefghijklmnopqrst', 'ab***st'],
    ['podo12', 'p***2'],
    ['abcde', 'a***e'],
    ['abcd', 'a***'],
    ['abc', 'a***'],
    ['ab', 'a***'],
    ['a', '***'],
  ])('%s → %s', (id, masked) => {
    expect(maskMemberId(id)).toBe(masked);
  });

  it('hides at least three characters of any id the join form accepts (4–20), and never the length', () => {
    for (let n = 4; n <= 20; n += 1) {
      const id = 'abcdefghijklmnopqrstuvwxyz'.slice(0, n);
      const masked = maskMemberId(id);
      const shown = masked.replace('***', '');
      expect(n - shown.length, id).toBeGreaterThanOrEqual(3);
      expect(masked).toMatch(/^[a-z]{1,2}\*\*\*[a-z]{0,2}$/);
    }
  });
});

describe('other masks', () => {
  it('keep enough to recognise, not enough to use', () => {
    expect(maskEmail('hong.gildong@example.com')).toBe('ho**********@example.com');
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
    expect(maskMobile('01012345678')).toBe('010-****-5678');
    expect(maskMobile('0101234567')).toBe('010-***-4567');
    expect(maskName('홍길동')).toBe('홍*동');
    expect(maskName('남궁길동')).toBe('남**동');
    expect(maskName('홍길')).toBe('홍*');
  });
});
