import { describe, expect, it } from 'vitest';
import { ERROR_AREAS, ERRORS, errorMessage } from './index.ts';

describe('the error catalogue', () => {
  it('defines every code once, in one area', () => {
    const seen = new Map<string, string>();
    for (const [area, entries] of Object.entries(ERROR_AREAS)) {
      for (const code of Object.keys(entries)) {
        expect(seen.get(code), `${code}: ${area} and ${seen.get(code)}`).toBeUndefined();
        seen.set(code, area);
      }
    }
    expect(seen.size).toBe(Object.keys(ERRORS).length);
  });

  it('gives every code an HTTP error status and a Korean message', () => {
    for (const [code, entry] of Object.entries(ERRORS) as [string, { status: number; message: string }][]) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message, code).toMatch(/[가-힣]/);
      expect(entry.message, code).not.toMatch(/\(으\)|을\(를\)|이\(가\)/);
    }
  });

  it('answers a known code with its text and an unknown one with the fallback', () => {
    expect(errorMessage('ORDER_NOT_CANCELABLE', 'x')).toMatch(/취소할 수 없습니다/);
    expect(errorMessage('NO_SUCH_CODE', '기본')).toBe('기본');
  });
});
