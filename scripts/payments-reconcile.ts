/**
 * `tsx scripts/payments-reconcile.ts`: one pass of the payment side's periodic work — refunds still
 * owed, PAY_WAIT orders asked about again at the provider, expired order sheets removed. Safe to
 * run from cron every few minutes while the shop runs (uses the same environment as the server).
 */
import { db } from '../src/server/db/client.ts';
import { runCommerceMaintenance } from '../src/server/payment/index.ts';

const result = await runCommerceMaintenance(await db());
console.log(
  `환불 재시도 ${result.refunds.done}/${result.refunds.tried}, 결제 대기 확인 ${result.pending.checked}, 입금 기한 지난 주문 취소 ${result.overdueDeposits}, 지난 주문서 삭제 ${result.deletedSheets}`,
);
process.exit(0);
