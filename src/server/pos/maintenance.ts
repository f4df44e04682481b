import { kakaoPay } from '../adapters/kakaopay/index.ts';

/** A Kakao Pay approval no counter sale used for this long is paid back (the counter lost it). */
export const UNUSED_APPROVAL_MS = 15 * 60_000;

/**
 * The counter's periodic work: Kakao Pay approvals that no sale used (a closed tab, a crash between
 * the approval and the sale) are paid back, expired requests closed. Idempotent across processes.
 */
export async function releaseUnusedCounterPayments(now = new Date()): Promise<number> {
  const released = await kakaoPay().releaseUnused(new Date(now.getTime() - UNUSED_APPROVAL_MS));
  if (released > 0) console.log(`[pos] paid back ${released} unused Kakao Pay approval(s)`);
  return released;
}
