import { randomBytes } from 'node:crypto';
import { formatWon } from '../../../lib/money.ts';
import type { PaymentProviderAdapter, PreparedPayment } from '../../adapters/payment/index.ts';
import type { CheckStep } from '../types.ts';
import { runSteps, type StepDef } from '../run-steps.ts';
import { TEST_PAYMENT_AMOUNT } from './payment.ts';

/**
 * Naver Pay's own pieces. The checkout offers Naver Pay always; whether it can be paid depends on
 * the payment adapter: the sandbox plays Naver Pay's window (/npay/…), PortOne needs a Naver Pay
 * channel key. Without one the checks say so and name the settings — they never pretend.
 */

export const NAVER_PAY_SETTINGS = [
  'PAYMENT_PROVIDER=portone',
  'PORTONE_CHANNEL_KEY_NAVER_PAY (포트원 관리자 콘솔의 네이버페이 채널 키)',
] as const;

export function naverPayNotConfigured(adapter: PaymentProviderAdapter, naverChannelKey: string | undefined) {
  if (adapter.name === 'sandbox' || naverChannelKey) return null;
  return {
    message:
      '네이버페이가 설정되어 있지 않습니다. 결제사에 네이버페이 채널이 없어, 주문서에서 네이버페이를 고르면 결제할 수 없습니다.',
    settings: [...NAVER_PAY_SETTINGS],
  };
}

/** The one step a check shows when Naver Pay is not configured: failed, with the reason. */
export function notConfiguredStep(message: string): CheckStep {
  return { label: '네이버페이 채널 확인', status: 'failed', ms: 0, detail: message };
}

interface ButtonCtx {
  adapter: PaymentProviderAdapter;
  paymentId: string;
  prepared: PreparedPayment | null;
}

/** What the checkout's Naver Pay button opens: the sandbox's Naver Pay window, or PortOne's SDK. */
function describeWindow(prepared: PreparedPayment): string {
  if (prepared.redirectUrl) {
    if (!prepared.redirectUrl.startsWith('/npay/'))
      throw new Error(`네이버페이가 아닌 결제창으로 보냅니다: ${prepared.redirectUrl}`);
    return `버튼이 네이버페이 결제창(${prepared.redirectUrl})을 엽니다.`;
  }
  const params = prepared.clientParams ?? {};
  const easyPay = params.easyPay as { easyPayProvider?: string } | undefined;
  if (easyPay?.easyPayProvider !== 'EASY_PAY_PROVIDER_NAVERPAY')
    throw new Error('결제사 SDK에 넘길 값에 네이버페이 간편결제가 없습니다.');
  return `버튼이 포트원 SDK로 네이버페이 결제창을 엽니다 (채널 키 ${String(params.channelKey)}).`;
}

const BUTTON_STEPS: readonly StepDef<ButtonCtx>[] = [
  {
    label: '네이버페이 버튼으로 결제 시작',
    async run(ctx) {
      ctx.prepared = await ctx.adapter.prepare({
        paymentId: ctx.paymentId,
        orderNo: `CHECK-NPAY-${randomBytes(3).toString('hex').toUpperCase()}`,
        orderName: '연동 점검 네이버페이 버튼',
        amount: TEST_PAYMENT_AMOUNT,
        payType: 'NAVER_EASY_PAY',
        buyer: { name: '연동 점검', email: '', phone: '01000000000' },
        returnUrl: '/test/naverpay/button',
        returnPath: '/test/naverpay/button',
        webhookUrl: '/api/payments/webhook',
        platform: 'PC',
      });
      return `${formatWon(TEST_PAYMENT_AMOUNT)} 네이버페이 결제를 결제사에 등록했습니다 (결제 번호 ${ctx.paymentId}).`;
    },
  },
  {
    label: '버튼이 여는 결제창 확인',
    async run(ctx) {
      if (!ctx.prepared) throw new Error('등록된 결제가 없습니다.');
      return describeWindow(ctx.prepared);
    },
  },
  {
    label: '결제 취소',
    undo: true,
    async run(ctx) {
      if (!ctx.prepared) return '등록된 결제가 없어 취소할 것이 없습니다.';
      await ctx.adapter.cancel(ctx.paymentId, { amount: TEST_PAYMENT_AMOUNT, reason: '연동 점검 결제 취소' });
      const p = await ctx.adapter.getPayment(ctx.paymentId);
      if (p.status !== 'CANCELLED') throw new Error(`취소했는데 결제사가 ${p.status} 상태라고 답했습니다.`);
      return '결제를 취소했고 결제사도 취소(CANCELLED) 상태라고 답했습니다.';
    },
  },
];

export function runNaverPayButtonCheck(adapter: PaymentProviderAdapter) {
  return runSteps<ButtonCtx>(
    { adapter, paymentId: `pay_${randomBytes(16).toString('hex')}`, prepared: null },
    BUTTON_STEPS,
  );
}
