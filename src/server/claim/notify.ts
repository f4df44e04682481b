import type { Executor } from '../db/client.ts';
import { orderSteps } from '../order/index.ts';

/**
 * A claim's messages to the orderer (decision 029): received (a cancel or a return asked for),
 * approved (a return accepted) and refunded (the money went back). Recorded in the claim's own
 * transaction; unique per claim and event.
 */
export async function notifyClaim(
  tx: Executor,
  order: orderSteps.OrderRow,
  claim: { claimNo: number; claimType: 'CANCEL' | 'RETURN'; refundPayAmt: number },
  event: 'CLAIM_RECEIVED' | 'CLAIM_APPROVED' | 'CLAIM_REFUNDED',
  now?: Date,
): Promise<void> {
  await orderSteps.notifyOrder(
    tx,
    order,
    (facts) => ({
      event,
      order: facts,
      claim: {
        claimNo: claim.claimNo,
        kind: claim.claimType === 'CANCEL' ? '취소' : '반품',
        refundAmt: claim.refundPayAmt,
      },
    }),
    { ref: `claim-${claim.claimNo}`, ...(now ? { now } : {}) },
  );
}
