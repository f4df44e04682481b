import { describe, expect, it } from 'vitest';
import { podStatusText } from './pod-status.ts';

describe('podStatusText', () => {
  it("says the print service's status in Korean beside its own code", () => {
    expect(podStatusText('IN_PRODUCTION')).toBe('인쇄 중 (IN_PRODUCTION)');
    expect(podStatusText('DELIVERED')).toBe('배송 완료 (DELIVERED)');
    expect(podStatusText('ON_HOLD')).toBe('ON_HOLD');
    expect(podStatusText(null)).toBe('-');
  });
});
