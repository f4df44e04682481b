import { describe, expect, it } from 'vitest';
import { pointsEarned } from './accumulation.ts';

describe('pointsEarned', () => {
  it('shares the points spent over the lines by what they cost, then takes each rate, rounded down per line', () => {
    // 2,000 points over 33,000 and 42,000: 880 and 1,120 → 1 % of 32,120 and 2 % of 40,880
    expect(
      pointsEarned(
        [
          { paidAmt: 33000, ratePercent: 1 },
          { paidAmt: 42000, ratePercent: 2 },
        ],
        2000,
      ),
    ).toBe(321 + 817);
    // no points spent: the rate of what was paid
    expect(pointsEarned([{ paidAmt: 4900, ratePercent: 1 }], 0)).toBe(49);
    // everything paid with points, or no rate: nothing
    expect(pointsEarned([{ paidAmt: 4900, ratePercent: 1 }], 4900)).toBe(0);
    expect(pointsEarned([{ paidAmt: 4900, ratePercent: 0 }], 0)).toBe(0);
    expect(pointsEarned([], 100)).toBe(0);
  });
});
