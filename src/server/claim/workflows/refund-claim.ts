/**
 * Workflow: refund a claim (after its transaction committed).
 *
 * Steps: the claim still owing (REQUIRED) → its order and payment (`orderSteps.selectOrder`,
 * `paymentSteps.selectLatestOfOrder`) → the provider's full cancel (then
 * `paymentSteps.recordProviderState`) or a partial cancel under the claim's refund key (payment
 * adapter) → the claim marked refunded, or the failure kept for `retryClaimRefunds`.
 *
 * Composes the steps of order (orderSteps) and payment (paymentSteps) with the payment adapters.
 *
 * The money of a claim goes back through the payment provider AFTER the claim's transaction has
 * committed (stock, points and coupons are already back): `refund_status = REQUIRED` is the debt,
 * and the claim reaches its done status only when the provider confirms. A failed call leaves the
 * debt for `retryClaimRefunds` (run by the payment maintenance pass). Retries never pay twice:
 * a whole cancel counts "already cancelled" as done, a partial one carries the refund key
 * `claim-<claimNo>` that the provider remembers.
 */

import { paymentProvider, PaymentProviderError } from '../../adapters/payment/index.ts';
import type { Db } from '../../db/client.ts';
import type { ClaimStatus } from '../../../lib/order-claims.ts';
import { writeTx } from '../../db/write-tx.ts';
import { notifyClaim } from '../notify.ts';
import * as repo from '../repo.ts';
import { orderSteps } from '../../order/index.ts';
import { paymentSteps } from '../../payment/index.ts';

const DONE: Record<'CANCEL' | 'RETURN', ClaimStatus> = { CANCEL: 'CANCEL_DONE', RETURN: 'RETURN_DONE' };

export async function refundClaim(db: Db, claimNo: number, now = new Date()): Promise<boolean> {
  const claim = await repo.selectClaim(db, claimNo);
  if (!claim || claim.refundStatus !== 'REQUIRED') return claim?.refundStatus === 'DONE';
  const at = now.toISOString();
  const done = DONE[claim.claimType];
  const [order, payment] = await Promise.all([
    orderSteps.selectOrder(db, claim.orderNo),
    paymentSteps.selectLatestOfOrder(db, claim.orderNo),
  ]);
  // the money is back: the claim done and its refund message, in one transaction
  const markRefunded = () =>
    writeTx(db, async (tx) => {
      const marked = await repo.markRefunded(tx, claimNo, done, at);
      if (marked && order && claim.refundPayAmt > 0)
        await notifyClaim(tx, order, claim, 'CLAIM_REFUNDED', now);
      return marked;
    });
  if (!order || !payment || payment.provider === 'none' || claim.refundPayAmt <= 0) {
    return markRefunded();
  }
  const reason = claim.claimType === 'CANCEL' ? '주문 취소' : '반품 환불';
  try {
    const adapter = paymentProvider(payment.provider);
    if (!adapter) throw new PaymentProviderError(`payment provider ${payment.provider} is not available`);
    const others = await repo.refundedPayAmt(db, claim.orderNo, claimNo);
    if (others === 0 && claim.refundPayAmt === order.payAmt) {
      // the whole payment: the provider's own full cancel
      await adapter.cancel(payment.providerPaymentId, { amount: claim.refundPayAmt, reason });
      const remote = await adapter.getPayment(payment.providerPaymentId).catch(() => null);
      if (remote) await paymentSteps.recordProviderState(db, payment.paymentNo, remote, at);
    } else {
      if (!adapter.cancelPart) throw new PaymentProviderError(`${payment.provider} cannot refund in parts`);
      await adapter.cancelPart(payment.providerPaymentId, {
        amount: claim.refundPayAmt,
        reason,
        refundKey: `claim-${claimNo}`,
      });
    }
    await markRefunded();
    return true;
  } catch (err) {
    console.error('[podo] claim refund failed, will retry', claimNo, (err as Error).message);
    await repo.markRefundFailed(db, claimNo, (err as Error).message, at);
    return false;
  }
}

/** Claim refunds still owed (the provider was unreachable). For the periodic maintenance pass. */
export async function retryClaimRefunds(db: Db, limit = 50): Promise<{ tried: number; done: number }> {
  const due = await repo.selectRefundsDue(db, limit);
  let done = 0;
  for (const claimNo of due) if (await refundClaim(db, claimNo)) done++;
  return { tried: due.length, done };
}
