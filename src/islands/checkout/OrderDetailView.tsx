import { useEffect, useState } from 'react';
import { formatPhone } from '../../lib/phone.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { $guestIdentity } from '../stores/guest.ts';
import { guestOrderToken } from '../stores/order-draft.ts';
import { getOrderDetail, type OrderDetail } from './checkout-api.ts';
import { OrderAmounts, OrderLines, Rows, ShippingInfo, VirtualAccountBox } from './OrderView.tsx';
import '../auth/auth-forms.css';
import './order.css';

/**
 * /order/order-detail?orderNo=…: a member's order (session), or a guest's — opened with the order
 * password on the guest lookup page (a 2-hour order token), or by the guest identity that ordered.
 */
export default function OrderDetailView({ orderNo, member }: { orderNo: string; member: boolean }) {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsLookup, setNeedsLookup] = useState(false);

  useEffect(() => {
    const identity = $guestIdentity.get();
    const token =
      guestOrderToken(orderNo) ?? (identity && identity.expiresAt > Date.now() ? identity.guestToken : null);
    const who = member ? ({ member: true } as const) : token ? { guestToken: token } : null;
    if (!who) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- what this browser holds (storage) is known only after hydration
      setNeedsLookup(true);
      return;
    }
    getOrderDetail(orderNo, who).then(setOrder, (err: unknown) => {
      if (!member) setNeedsLookup(true);
      else setError(errorMessage(err));
    });
  }, [orderNo, member]);

  const lookupHref = `/order/guest-lookup?orderNo=${encodeURIComponent(orderNo)}`;
  if (needsLookup) {
    return (
      <div className="order-detail">
        <p role="alert" className="af-alert">
          비회원 주문은 주문 비밀번호로 조회할 수 있습니다.
        </p>
        <p className="order-result__actions">
          <a className="button" href={lookupHref}>
            비회원 주문 조회
          </a>
          <a
            className="button button--secondary"
            href={`/login?redirect=${encodeURIComponent(`/order/order-detail?orderNo=${orderNo}`)}`}
          >
            회원 로그인
          </a>
        </p>
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="af-alert">
        {error}
      </p>
    );
  }
  if (!order) {
    return (
      <p role="status" aria-busy="true">
        주문 정보를 불러오는 중입니다…
      </p>
    );
  }

  // Shopby's bankInfo is always there (empty for a card payment): a virtual account has its number
  const bank = order.payInfo?.bankInfo?.account ? order.payInfo.bankInfo : null;
  const extra = order.extra ?? null;
  return (
    <div className="order-detail" data-order-status={order.defaultOrderStatusType}>
      <Rows
        className="order-result__facts"
        rows={[
          ['주문번호', <strong key="no">{order.orderNo}</strong>],
          ['주문일시', order.orderYmdt],
          [
            '주문 상태',
            <strong key="s" data-testid="order-status">
              {extra?.orderStatusLabel ?? order.defaultOrderStatusType}
            </strong>,
          ],
          ['결제 수단', order.payTypeLabel],
          ...(extra?.paidYmdt ? ([['결제일시', extra.paidYmdt]] as [string, string][]) : []),
        ]}
      />
      {extra?.failure && (
        <p className="af-alert" role="status">
          {extra.failure.message}
        </p>
      )}
      {bank && order.defaultOrderStatusType === 'DEPOSIT_WAIT' && (
        <VirtualAccountBox
          account={{
            bankCode: '',
            bankName: bank.bankName ?? '',
            account: bank.account,
            holderName: bank.depositorName,
            dueYmdt: bank.paymentExpirationYmdt,
          }}
          amount={bank.depositAmt}
        />
      )}
      <section className="order-result__section" aria-labelledby="order-detail-items">
        <h2 id="order-detail-items">주문 상품</h2>
        <OrderLines order={order} />
      </section>
      <section className="order-result__section" aria-labelledby="order-detail-amounts">
        <h2 id="order-detail-amounts">결제 금액</h2>
        <OrderAmounts order={order} />
      </section>
      <section className="order-result__section" aria-labelledby="order-detail-shipping">
        <h2 id="order-detail-shipping">배송지</h2>
        <ShippingInfo order={order} />
      </section>
      <section className="order-result__section" aria-labelledby="order-detail-orderer">
        <h2 id="order-detail-orderer">주문자</h2>
        <Rows
          rows={[
            ['이름', order.orderer.ordererName],
            ['연락처', formatPhone(order.orderer.ordererContact1)],
            ...(order.orderer.ordererEmail
              ? ([['이메일', order.orderer.ordererEmail]] as [string, string][])
              : []),
          ]}
        />
      </section>
    </div>
  );
}
