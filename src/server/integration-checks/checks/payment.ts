import { randomBytes } from 'node:crypto';
import { josa } from 'es-hangul';
import { formatWon } from '../../../lib/money.ts';
import {
  PAY_TYPE_LABELS,
  type PayType,
  type PaymentProviderAdapter,
  type ProviderPayment,
} from '../../adapters/payment/index.ts';
import { runSteps, SkipStep, type StepDef } from '../run-steps.ts';

/**
 * /test/{brand}-pay (card), /test/naverpay and /test/naverpay/product/{slug} (Naver Pay): a small
 * test payment through the payment port — reserve it, approve it, read it back as the provider knows
 * it, cancel it, read it again. The payment belongs to no order (its order number starts with
 * CHECK-), so nothing in the shop changes; the cancel is an undo step, run even after a failure.
 *
 * Approval is the buyer's act in the provider's window. The built-in sandbox is Podo's own, so the
 * check plays the buyer (`approve`); a real provider's window needs a person, so there the step
 * says so and the check reads and cancels the reserved payment only.
 */

export const TEST_PAYMENT_AMOUNT = 100;

export interface PaymentCheckInput {
  adapter: PaymentProviderAdapter;
  payType: PayType;
  amount: number;
  orderName: string;
  /** Plays the buyer's approval (the sandbox); null for a real provider. */
  approve: ((paymentId: string) => Promise<string>) | null;
  baseUrl: string;
}

interface PaymentCtx extends PaymentCheckInput {
  paymentId: string;
  orderNo: string;
  reserved: boolean;
  approved: boolean;
}

const STATUS_WORDS: Record<ProviderPayment['status'], string> = {
  READY: '결제 대기',
  VIRTUAL_ACCOUNT_ISSUED: '입금 대기',
  PAID: '결제 완료',
  FAILED: '결제 실패',
  CANCELLED: '결제 취소',
};

async function readBack(ctx: PaymentCtx, expected: ProviderPayment['status']): Promise<string> {
  const p = await ctx.adapter.getPayment(ctx.paymentId);
  const said = `결제사가 ${formatWon(p.amount)}, ${STATUS_WORDS[p.status]}(${p.status})라고 답했습니다.`;
  if (p.amount !== ctx.amount) throw new Error(`금액이 다릅니다: ${said}`);
  if (p.status !== expected) throw new Error(`${STATUS_WORDS[expected]}여야 하는데 ${said}`);
  return said;
}

export const PAYMENT_STEPS: readonly StepDef<PaymentCtx>[] = [
  {
    label: '결제 예약',
    async run(ctx) {
      const path = `/test/integration-return?paymentId=${ctx.paymentId}`;
      const prepared = await ctx.adapter.prepare({
        paymentId: ctx.paymentId,
        orderNo: ctx.orderNo,
        orderName: ctx.orderName,
        amount: ctx.amount,
        payType: ctx.payType,
        buyer: { name: '연동 점검', email: '', phone: '01000000000' },
        returnUrl: `${ctx.baseUrl}${path}`,
        returnPath: path,
        webhookUrl: `${ctx.baseUrl}/api/payments/webhook`,
        platform: 'PC',
      });
      ctx.reserved = true;
      const where = prepared.redirectUrl
        ? `결제창 주소: ${prepared.redirectUrl}`
        : '결제창은 결제사 SDK로 엽니다';
      return `${PAY_TYPE_LABELS[ctx.payType]} ${formatWon(ctx.amount)} 결제를 예약했습니다 (결제 번호 ${ctx.paymentId}, ${where}).`;
    },
  },
  {
    label: '구매자 승인',
    async run(ctx) {
      if (!ctx.approve)
        throw new SkipStep(
          '실제 결제사의 승인은 구매자가 결제창에서 직접 합니다. 서버 점검에서는 예약과 조회, 취소만 확인합니다.',
        );
      const said = await ctx.approve(ctx.paymentId);
      ctx.approved = true;
      return said;
    },
  },
  {
    label: '결제사에서 조회',
    run: (ctx) => readBack(ctx, ctx.approved ? 'PAID' : 'READY'),
  },
  {
    label: '결제 취소',
    undo: true,
    async run(ctx) {
      if (!ctx.reserved) return '예약된 결제가 없어 취소할 것이 없습니다.';
      await ctx.adapter.cancel(ctx.paymentId, { amount: ctx.amount, reason: '연동 점검 결제 취소' });
      return `${formatWon(ctx.amount)} 전액 취소를 요청했고 결제사가 받아들였습니다.`;
    },
  },
  {
    label: '취소 확인',
    run: (ctx) => readBack(ctx, 'CANCELLED'),
  },
];

export function runPaymentCheck(input: PaymentCheckInput, now = new Date()) {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return runSteps<PaymentCtx>(
    {
      ...input,
      paymentId: `pay_${randomBytes(16).toString('hex')}`,
      orderNo: `CHECK-${day}-${randomBytes(3).toString('hex').toUpperCase()}`,
      reserved: false,
      approved: false,
    },
    PAYMENT_STEPS,
  );
}

/** The adapter a payment check runs against, in words. */
export function paymentAdapterLabel(adapter: PaymentProviderAdapter): string {
  return adapter.name === 'sandbox'
    ? '내장 샌드박스 결제 (PAYMENT_PROVIDER=sandbox)'
    : '포트원 V2 (PAYMENT_PROVIDER=portone)';
}

/** What the sandbox answered to the played approval. */
export function sandboxApprovalSummary(status: string | null): string {
  if (!status) throw new Error('샌드박스가 승인을 받아들이지 않았습니다 (대기 중인 결제가 아닙니다).');
  return `샌드박스 결제창에서 승인했고 ${josa(STATUS_WORDS[status as ProviderPayment['status']] ?? status, '으로/로')} 바뀌었습니다.`;
}
