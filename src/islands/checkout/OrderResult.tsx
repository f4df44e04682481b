import { useCallback, useEffect, useRef, useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { removeGuestCartLines } from '../stores/guest-cart.ts';
import { $guestIdentity } from '../stores/guest.ts';
import { clearOrderDraft, draftOfOrder, type OrderDraft } from '../stores/order-draft.ts';
import {
  confirmPayment,
  getOrderDetail,
  sandboxDeposit,
  type OrderDetail,
  type OrderOutcome,
  type ReturnParams,
} from './checkout-api.ts';
import { OrderAmounts, Rows, VirtualAccountBox } from './OrderView.tsx';
import '../auth/auth-forms.css';
import './order.css';

const POLL_MS = 1500;
const POLL_TIMES = 8;

const HEADINGS: Record<OrderOutcome['result'], string> = {
  PAID: '주문이 완료되었습니다',
  DEPOSIT_WAIT: '가상계좌가 발급되었습니다',
  PENDING: '결제를 확인하고 있습니다',
  FAILED: '결제에 실패했습니다',
  CANCELLED: '결제를 취소했습니다',
  REFUNDED: '주문을 완료하지 못했습니다',
};

function guestToken(): string | null {
  const g = $guestIdentity.get();
  return g && g.expiresAt > Date.now() ? g.guestToken : null;
}

/**
 * Asks the server to confirm the payment, again every POLL_MS while it is still pending (at most
 * POLL_TIMES more times); every answer goes to `show`.
 */
async function confirmUntilSettled(
  params: ReturnParams,
  show: (outcome: OrderOutcome) => void,
): Promise<void> {
  for (let i = 0; ; i++) {
    const res = await confirmPayment(params);
    show(res);
    if (res.result !== 'PENDING' || i >= POLL_TIMES) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Once the order went through: the guest cart loses the ordered lines, the draft is done. */
function settle(draft: OrderDraft | null): void {
  if (!draft) return;
  if (draft.guestCartNos.length) removeGuestCartLines(draft.guestCartNos);
  clearOrderDraft();
}

/**
 * /order/order-result: the provider's signed return. The five values go to
 * POST /shop-api/payments/confirm (the server checks signature, order and amount and completes
 * the order once); the page shows what came of it — paid (order number and amounts), a virtual
 * account to pay into (with the sandbox's test deposit), declined or cancelled (why, and the way
 * back to the order sheet), or refunded after the payment when the goods sold out meanwhile.
 */
export default function OrderResult({ params }: { params: ReturnParams | null }) {
  const [outcome, setOutcome] = useState<OrderOutcome | null>(null);
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<string | null>(params ? null : '결제 결과 정보가 없습니다.');
  const [depositing, setDepositing] = useState(false);
  const [draft] = useState(() => (params ? draftOfOrder(params.orderNo) : null));
  const headingRef = useRef<HTMLHeadingElement>(null);

  const confirm = useCallback(async (): Promise<void> => {
    if (!params) return;
    return confirmUntilSettled(params, setOutcome).catch((err: unknown) => {
      // paid but not completable (sold out meanwhile …): the answer carries the outcome
      const body = err instanceof ApiError ? (err.body.outcome as OrderOutcome | undefined) : undefined;
      if (body) setOutcome(body);
      else setError(errorMessage(err));
    });
  }, [params]);

  // once per page (the island's props never change)
  useEffect(() => {
    void confirm();
  }, [confirm]);

  // settled (or settled differently, after the test deposit): focus, tidy up, and the amounts
  const settled = outcome && outcome.result !== 'PENDING' ? outcome : null;
  const settledResult = settled?.result;
  const settledOrderNo = settled?.orderNo;
  const settledByMember = settled?.member;
  useEffect(() => {
    if (!settledResult || settledOrderNo === undefined) return;
    headingRef.current?.focus();
    if (settledResult === 'PAID' || settledResult === 'DEPOSIT_WAIT') settle(draft);
    const token = guestToken();
    const who = settledByMember ? ({ member: true } as const) : token ? { guestToken: token } : null;
    if (who) getOrderDetail(settledOrderNo, who).then(setOrder, () => setOrder(null));
  }, [settledResult, settledOrderNo, settledByMember, draft]);

  async function deposit() {
    if (!params) return;
    setDepositing(true);
    try {
      await sandboxDeposit(params.paymentId);
      await confirm();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setDepositing(false);
    }
  }

  if (error && !outcome) {
    return (
      <div className="order-result">
        <h1 className="page-title" tabIndex={-1}>
          결제 결과를 확인하지 못했습니다
        </h1>
        <p className="af-alert" role="alert">
          {error}
        </p>
        <p className="order-result__actions">
          <a className="button button--secondary" href="/">
            홈으로
          </a>
        </p>
      </div>
    );
  }
  if (!outcome) {
    return (
      <p className="order-result__loading" role="status" aria-busy="true">
        결제를 확인하고 있습니다…
      </p>
    );
  }

  const ok = outcome.result === 'PAID' || outcome.result === 'DEPOSIT_WAIT';
  const detailHref = `/order/order-detail?orderNo=${encodeURIComponent(outcome.orderNo)}`;
  const backToSheet = draft ? `/order/${draft.orderSheetNo}/checkout` : null;
  const cartHref = outcome.member ? '/cart' : '/guest/cart';

  return (
    <div className="order-result" data-result={outcome.result}>
      <h1 className="page-title" ref={headingRef} tabIndex={-1}>
        {HEADINGS[outcome.result]}
      </h1>
      <p className={ok ? 'order-result__message' : 'af-alert'} role={ok ? 'status' : 'alert'}>
        {outcome.failure?.message || outcome.message}
      </p>
      {outcome.refundStatus && (
        <p className="order-result__message">
          {outcome.refundStatus === 'DONE'
            ? '결제하신 금액은 취소되었습니다.'
            : '결제하신 금액은 자동으로 취소됩니다.'}
        </p>
      )}

      <Rows
        className="order-result__facts"
        rows={[
          [
            '주문번호',
            <strong key="no" data-testid="order-no">
              {outcome.orderNo}
            </strong>,
          ],
          ['주문 상태', outcome.orderStatusLabel],
          ['결제 수단', outcome.payTypeLabel],
          ['결제 금액', formatWon(outcome.payAmt)],
        ]}
      />

      {outcome.virtualAccount && outcome.result === 'DEPOSIT_WAIT' && (
        <VirtualAccountBox account={outcome.virtualAccount} amount={outcome.payAmt}>
          {outcome.provider === 'sandbox' && (
            <p>
              <button type="button" className="button" disabled={depositing} onClick={() => void deposit()}>
                입금 확인(테스트)
              </button>
            </p>
          )}
        </VirtualAccountBox>
      )}

      {ok && order && (
        <section className="order-result__section" aria-labelledby="order-result-amounts">
          <h2 id="order-result-amounts">결제 금액</h2>
          <OrderAmounts order={order} />
        </section>
      )}

      <p className="order-result__actions">
        {ok ? (
          <>
            <a className="button" href={detailHref}>
              주문 상세 보기
            </a>
            {!outcome.member && (
              <a
                className="button button--secondary"
                href={`/order/guest-lookup?orderNo=${encodeURIComponent(outcome.orderNo)}`}
              >
                비회원 주문 조회
              </a>
            )}
            <a className="button button--secondary" href="/">
              쇼핑 계속하기
            </a>
          </>
        ) : (
          <>
            {backToSheet && outcome.result !== 'REFUNDED' && (
              <a className="button" href={backToSheet}>
                주문서로 돌아가 다시 결제하기
              </a>
            )}
            <a className="button button--secondary" href={cartHref}>
              장바구니로 돌아가기
            </a>
          </>
        )}
      </p>
    </div>
  );
}
