import { accumulationAmt } from '../catalog/index.ts';
import { allocate } from './allocate.ts';

/**
 * The points a purchase earns at buy confirmation (구매확정 적립), as ONE rule for the figure the
 * checkout page promises (`priceOrder`), the order's "적립 예정" on my page and what the
 * confirmation credits (decision 021, which supersedes that part of decision 009):
 *
 *   per line, the product's rate (percent, as kept on the line when ordered) of what the buyer pays
 *   for it in money — its buy amount less its coupon shares, less its share of the points spent on
 *   the order — rounded down per line.
 *
 * The points spent are shared over the lines in proportion to what each costs after coupons
 * (`allocate`: rounded down, the rest to the largest line), so the same lines and points always
 * give the same figure, at checkout and at confirmation.
 */

export interface EarningLine {
  /** What the line costs after its coupon shares (and after what claims took back). */
  paidAmt: number;
  /** Percent of the paid amount given as points. */
  ratePercent: number;
}

export function pointsEarned(lines: readonly EarningLine[], pointsSpent: number): number {
  const paid = lines.map((l) => Math.max(0, l.paidAmt));
  const total = paid.reduce((a, b) => a + b, 0);
  const shares = allocate(Math.max(0, Math.min(pointsSpent, total)), paid);
  return lines.reduce((n, l, i) => {
    const base = paid[i]! - shares[i]!;
    return n + (base > 0 && l.ratePercent > 0 ? accumulationAmt(base, l.ratePercent) : 0);
  }, 0);
}
