import { describe, expect, it } from 'vitest';
import { isNewVersion } from './version-check.ts';

describe('isNewVersion', () => {
  it('is true only for another real build', () => {
    expect(isNewVersion('b1', { version: 'b2' })).toBe(true);
    expect(isNewVersion('b1', { version: 'b1' })).toBe(false);
    expect(isNewVersion('b1', { version: 'dev' })).toBe(false);
    expect(isNewVersion('b1', { version: '' })).toBe(false);
    expect(isNewVersion('b1', { code: 'x' })).toBe(false);
    expect(isNewVersion('b1', null)).toBe(false);
    expect(isNewVersion('b1', '<html>')).toBe(false);
  });
});
