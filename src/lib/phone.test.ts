import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../../tests/fixtures/source-files.ts';
import { formatPhone, maskPhone } from './phone.ts';

describe('formatPhone', () => {
  it('writes every phone number as 010-1234-5678', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('010-1234-5678')).toBe('010-1234-5678');
    expect(formatPhone(' 010 1234 5678 ')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('15881234')).toBe('1588-1234');
    expect(formatPhone('050512345678')).toBe('0505-1234-5678');
    // anything else stays as it was written
    expect(formatPhone('+82 10 1234 5678')).toBe('+82 10 1234 5678');
    expect(formatPhone('')).toBe('');
  });

  it('masks the middle of a number in the same shape', () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('0101234567')).toBe('010-***-4567');
  });

  it('is the one formatter: no page or module shapes a phone number on its own', () => {
    const own = /\\d\{3,4\}\)\(\\d\{4\}|\\d\{3\}\)\(\\d\{3,4\}\)/;
    const found = sourceFiles()
      .filter((path) => relative(SRC, path) !== 'lib/phone.ts')
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (own.test(line) ? [`${relative(SRC, path)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
