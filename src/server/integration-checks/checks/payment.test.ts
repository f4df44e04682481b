import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { loadPaymentConfig } from '../../adapters/payment/config.ts';
import {
  createSandboxAdapter,
  decideSandboxPayment,
  findSandboxPayment,
} from '../../adapters/payment/sandbox.ts';
import type { PaymentProviderAdapter } from '../../adapters/payment/index.ts';
import { naverPayNotConfigured, runNaverPayButtonCheck } from './naverpay.ts';
import {
  runPaymentCheck,
  sandboxApprovalSummary,
  TEST_PAYMENT_AMOUNT,
  type PaymentCheckInput,
} from './payment.ts';

let t: TestDb;
let sandbox: PaymentProviderAdapter;
const config = loadPaymentConfig({});
beforeEach(async () => {
  t = await createTestDb();
  sandbox = createSandboxAdapter(config, () => Promise.resolve(t.db));
});
afterEach(() => t.close());

const approveInSandbox = async (paymentId: string) =>
  sandboxApprovalSummary(
    (await decideSandboxPayment(t.db, paymentId, 'approve', { config }))?.status ?? null,
  );

const input = (over: Partial<PaymentCheckInput> = {}): PaymentCheckInput => ({
  adapter: sandbox,
  payType: 'CREDIT_CARD',
  amount: TEST_PAYMENT_AMOUNT,
  orderName: '연동 점검 카드 결제',
  approve: approveInSandbox,
  baseUrl: 'http://localhost:4321',
  ...over,
});

async function onlySandboxPayment() {
  const rs = await t.db.execute('SELECT payment_id FROM sandbox_payments');
  expect(rs.rows).toHaveLength(1);
  return findSandboxPayment(t.db, String(rs.rows[0]?.payment_id));
}

describe('the payment check (/test/{brand}-pay, /test/naverpay)', () => {
  it('reserves, approves, reads, cancels and reads again through the sandbox: every step ok', async () => {
    const steps = await runPaymentCheck(input());
    expect(steps.map((s) => [s.label, s.status])).toEqual([
      ['결제 예약', 'ok'],
      ['구매자 승인', 'ok'],
      ['결제사에서 조회', 'ok'],
      ['결제 취소', 'ok'],
      ['취소 확인', 'ok'],
    ]);
    expect(steps[0]?.detail).toContain('신용카드 100원 결제를 예약했습니다');
    expect(steps[2]?.detail).toBe('결제사가 100원, 결제 완료(PAID)라고 답했습니다.');
    expect(steps[4]?.detail).toBe('결제사가 100원, 결제 취소(CANCELLED)라고 답했습니다.');
    const left = await onlySandboxPayment();
    expect(left).toMatchObject({ status: 'CANCELLED', amount: 100 });
    expect(left?.orderNo).toMatch(/^CHECK-\d{8}-[0-9A-F]{6}$/);
    // no order of the shop is touched
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM orders')).rows[0]?.n).toBe(0);
  });

  it('takes Naver Pay through the sandbox the same way (its window is /npay/…)', async () => {
    const steps = await runPaymentCheck(input({ payType: 'NAVER_EASY_PAY' }));
    expect(steps.every((s) => s.status === 'ok')).toBe(true);
    expect(steps[0]?.detail).toContain('결제창 주소: /npay/pay_');
  });

  it('shows the failed step when the provider refuses the cancel, and the read-back after it is skipped', async () => {
    const refusing: PaymentProviderAdapter = {
      ...sandbox,
      cancel: async () => {
        throw new Error('PortOne 409 ALREADY_PAID_OUT');
      },
    };
    const steps = await runPaymentCheck(input({ adapter: refusing }));
    expect(steps.map((s) => s.status)).toEqual(['ok', 'ok', 'ok', 'failed', 'skipped']);
    expect(steps[3]?.detail).toBe('오류: PortOne 409 ALREADY_PAID_OUT');
  });

  it('cancels the reserved payment even when the approval fails', async () => {
    const steps = await runPaymentCheck(
      input({
        approve: async () => {
          throw new Error('카드사에서 승인을 거절했습니다.');
        },
      }),
    );
    expect(steps.map((s) => s.status)).toEqual(['ok', 'failed', 'skipped', 'ok', 'skipped']);
    expect((await onlySandboxPayment())?.status).toBe('CANCELLED');
  });

  it('on a real provider leaves the approval to the buyer (skipped, said why) and cancels the reservation', async () => {
    const steps = await runPaymentCheck(input({ approve: null }));
    expect(steps.map((s) => s.status)).toEqual(['ok', 'skipped', 'ok', 'ok', 'ok']);
    expect(steps[1]?.detail).toContain('구매자가 결제창에서 직접 합니다');
    expect(steps[2]?.detail).toContain('결제 대기(READY)');
  });
});

describe('Naver Pay', () => {
  it('is configured on the sandbox, and on PortOne only with a Naver Pay channel key', () => {
    expect(naverPayNotConfigured(sandbox, undefined)).toBeNull();
    const portone = { ...sandbox, name: 'portone' } as PaymentProviderAdapter;
    expect(naverPayNotConfigured(portone, 'channel-key-npay')).toBeNull();
    expect(naverPayNotConfigured(portone, undefined)).toEqual({
      message: expect.stringContaining('네이버페이가 설정되어 있지 않습니다'),
      settings: ['PAYMENT_PROVIDER=portone', expect.stringContaining('PORTONE_CHANNEL_KEY_NAVER_PAY')],
    });
  });

  it("the button check: the checkout's button opens the Naver Pay window, and the payment is cancelled", async () => {
    const steps = await runNaverPayButtonCheck(sandbox);
    expect(steps.map((s) => [s.label, s.status])).toEqual([
      ['네이버페이 버튼으로 결제 시작', 'ok'],
      ['버튼이 여는 결제창 확인', 'ok'],
      ['결제 취소', 'ok'],
    ]);
    expect(steps[1]?.detail).toMatch(/^버튼이 네이버페이 결제창\(\/npay\/pay_[0-9a-f]{32}\)을 엽니다\.$/);
    expect((await onlySandboxPayment())?.status).toBe('CANCELLED');
  });

  it('the button check fails at the window when the adapter sends Naver Pay elsewhere', async () => {
    const wrong: PaymentProviderAdapter = {
      ...sandbox,
      prepare: async (req) => ({
        ...(await sandbox.prepare(req)),
        redirectUrl: `/test/podo-pay?paymentId=${req.paymentId}`,
      }),
    };
    const steps = await runNaverPayButtonCheck(wrong);
    expect(steps.map((s) => s.status)).toEqual(['ok', 'failed', 'ok']);
    expect(steps[1]?.detail).toContain('네이버페이가 아닌 결제창으로 보냅니다');
  });
});
