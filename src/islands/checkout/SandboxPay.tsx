import { useEffect, useId, useRef, useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { paymentSandboxApi } from '../../lib/clients/payment-sandbox.ts';
import { errorMessage, param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import './sandbox-pay.css';

const payments = paymentSandboxApi.payments[':paymentId'];

/** GET /api/payment-sandbox/payments/{paymentId} (src/api/api/payment-sandbox.ts). */
type SandboxPayment = ResponseOf<typeof payments.$get>;
type Action = SandboxPayment['actions'][number];

const DECLINE_REASONS = ['한도 초과', '잔액 부족', '카드사 승인 거절'] as const;

/** The easy pay wallets the test window plays, by pay type. */
const EASY_PAY_WINDOWS: Record<string, string> = { KAKAO_PAY: '카카오페이', TOSS_PAY: '토스페이' };

const STATUS_TEXT: Record<string, string> = {
  READY: '결제 대기',
  VIRTUAL_ACCOUNT_ISSUED: '입금 대기 (가상계좌 발급됨)',
  PAID: '결제 완료',
  FAILED: '결제 실패',
  CANCELLED: '결제 취소',
};

export interface SandboxPayProps {
  paymentId: string;
  /** Which provider page this plays: the card company's window, or Naver Pay (PC or mobile). */
  variant: 'pg' | 'npay' | 'npay-mobile';
  brandName: string;
}

/**
 * The sandbox provider's payment window (docs/commerce-api.md, "The sandbox provider"): the order's
 * name, amount and pay type with approve / decline / cancel while it waits; a virtual account shows
 * its bank, number and due time and the test deposit button. Every decision goes to the provider's
 * route, which signs the way back to /order/order-result; the browser then goes there.
 */
export default function SandboxPay({ paymentId, variant, brandName }: SandboxPayProps) {
  const uid = useId();
  const [payment, setPayment] = useState<SandboxPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<string>(DECLINE_REASONS[0]);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    unwrap(payments.$get({ param: param({ paymentId }) })).then(
      (p) => setPayment(p),
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [paymentId]);

  async function act(action: Action) {
    setBusy(true);
    setError(null);
    try {
      const res = await unwrap(
        payments[':action'].$post({
          param: param({ paymentId, action }),
          json: action === 'decline' ? { reason } : {},
        }),
      );
      setPayment(res.payment);
      window.location.assign(res.returnUrl);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  const npay = variant !== 'pg';
  // an easy pay wallet's window says which wallet it plays (decision 036)
  const wallet = payment && EASY_PAY_WINDOWS[payment.payType];
  const title = npay
    ? '네이버페이 결제 (테스트)'
    : wallet
      ? `${wallet} 결제 (테스트)`
      : `${brandName} 테스트 결제`;
  const vaPending = payment?.payType === 'VIRTUAL_ACCOUNT';

  return (
    <div
      className={`sandbox-pay ${npay ? 'sandbox-pay--npay' : ''} ${variant === 'npay-mobile' ? 'sandbox-pay--mobile' : ''}`}
    >
      <h1 ref={headingRef} className="sandbox-pay__title">
        {title}
      </h1>
      <p className="sandbox-pay__note">
        실제 결제가 일어나지 않는 시험용 결제창입니다. 승인, 거절, 취소 중 하나를 골라 주세요.
      </p>
      <p className="sandbox-pay__alert" role="alert">
        {error}
      </p>
      {!payment && !error && <p aria-busy="true">결제 정보를 불러오는 중입니다…</p>}
      {payment && (
        <>
          <dl className="sandbox-pay__facts">
            <div>
              <dt>주문 상품</dt>
              <dd>{payment.orderName}</dd>
            </div>
            <div>
              <dt>주문번호</dt>
              <dd>{payment.orderNo}</dd>
            </div>
            <div>
              <dt>결제 수단</dt>
              <dd>{payment.payTypeLabel}</dd>
            </div>
            <div>
              <dt>주문자</dt>
              <dd>{payment.buyerName}</dd>
            </div>
            <div>
              <dt>결제 상태</dt>
              <dd>{STATUS_TEXT[payment.status] ?? payment.status}</dd>
            </div>
            <div className="sandbox-pay__amount">
              <dt>결제 금액</dt>
              <dd>{formatWon(payment.amount)}</dd>
            </div>
          </dl>

          {payment.virtualAccount && (
            <section className="sandbox-pay__account" aria-labelledby={`${uid}-va`}>
              <h2 id={`${uid}-va`}>입금 계좌</h2>
              <dl>
                <div>
                  <dt>은행</dt>
                  <dd>{payment.virtualAccount.bankName}</dd>
                </div>
                <div>
                  <dt>계좌번호</dt>
                  <dd>{payment.virtualAccount.accountNumber}</dd>
                </div>
                <div>
                  <dt>예금주</dt>
                  <dd>{payment.virtualAccount.holderName}</dd>
                </div>
                <div>
                  <dt>입금 기한</dt>
                  <dd>{payment.virtualAccount.dueYmdt}</dd>
                </div>
              </dl>
            </section>
          )}

          {payment.actions.includes('approve') && (
            <div className="sandbox-pay__actions">
              <button type="button" className="button" disabled={busy} onClick={() => void act('approve')}>
                {vaPending ? '가상계좌 발급' : '결제 승인'}
              </button>
              <div className="sandbox-pay__decline">
                <label htmlFor={`${uid}-reason`}>거절 사유</label>
                <select
                  id={`${uid}-reason`}
                  value={reason}
                  disabled={busy}
                  onChange={(e) => setReason(e.target.value)}
                >
                  {DECLINE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => void act('decline')}
                >
                  결제 거절
                </button>
              </div>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void act('cancel')}
              >
                결제 취소
              </button>
            </div>
          )}
          {payment.actions.includes('deposit') && (
            <div className="sandbox-pay__actions">
              <button type="button" className="button" disabled={busy} onClick={() => void act('deposit')}>
                입금 확인(테스트)
              </button>
            </div>
          )}
          {payment.actions.length === 0 && (
            <p>
              <a className="button button--secondary" href={payment.returnUrl}>
                결제 결과 보기
              </a>
            </p>
          )}
        </>
      )}
    </div>
  );
}
