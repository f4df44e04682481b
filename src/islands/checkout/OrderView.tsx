import type { ReactNode } from 'react';
import { formatWon } from '../../lib/money.ts';
import { designLabelOf, designPreviewOf, shopperInputs } from '../../lib/line-inputs.ts';
import { formatPhone } from '../../lib/phone.ts';
import type { OrderDetail, VirtualAccount } from './checkout-api.ts';

/** Pieces of an order shown by the result page and the order detail page. */

function Rows({ rows, className }: { rows: [ReactNode, ReactNode][]; className?: string }) {
  return (
    <dl className={`order-rows ${className ?? ''}`}>
      {rows.map(([k, v], i) => (
        <div key={i}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderAmounts({ order }: { order: OrderDetail }) {
  const a = order.lastOrderAmount;
  const coupons = a.productCouponDiscountAmt + a.cartCouponDiscountAmt;
  const minus = (n: number) => (n > 0 ? `-${formatWon(n)}` : formatWon(0));
  return (
    <Rows
      className="order-rows--amounts"
      rows={[
        ['상품금액', formatWon(a.standardAmt)],
        ['할인', minus(a.immediateDiscountAmt)],
        ...(order.member
          ? ([
              ['쿠폰 할인', minus(coupons)],
              ['적립금 사용', minus(a.subPayAmt)],
            ] as [string, string][])
          : []),
        ['배송비', formatWon(a.deliveryAmt + a.remoteDeliveryAmt)],
        [<strong key="t">결제금액</strong>, <strong key="v">{formatWon(a.payAmt)}</strong>],
      ]}
    />
  );
}

export function VirtualAccountBox({
  account,
  amount,
  children,
}: {
  account: VirtualAccount;
  amount: number;
  children?: ReactNode;
}) {
  return (
    <section className="order-va" aria-labelledby="order-va-title">
      <h2 id="order-va-title">입금 계좌</h2>
      <Rows
        rows={[
          ['은행', account.bankName],
          ['계좌번호', account.account],
          ['예금주', account.holderName],
          ['입금 금액', formatWon(amount)],
          ['입금 기한', account.dueYmdt],
        ]}
      />
      {children}
    </section>
  );
}

export function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <ul role="list" className="order-lines">
      {order.orderOptionsGroupByPartner.flatMap((p) =>
        p.orderOptionsGroupByDelivery.flatMap((d) =>
          d.orderOptions.map((o) => {
            const design = o.extra?.design ?? null;
            const designLabel = designLabelOf(design, o.inputs);
            const preview = designPreviewOf(design);
            const image = preview || o.imageUrl;
            return (
              <li key={o.orderOptionNo} className="order-line">
                {image && (
                  <img src={image} alt={preview ? `${designLabel} 미리보기` : ''} width={56} height={56} />
                )}
                <div>
                  <p className="order-line__name">{o.productName}</p>
                  {o.optionTitle && <p className="order-line__option">{o.optionTitle}</p>}
                  {designLabel && <p className="order-line__option">디자인: {designLabel}</p>}
                  {shopperInputs(o.inputs).map((i) => (
                    <p className="order-line__option" key={i.inputLabel}>
                      {i.inputLabel}: {i.inputValue}
                    </p>
                  ))}
                  <p className="order-line__option">
                    {o.orderCnt}개 · {formatWon(o.price.buyAmt)}
                  </p>
                </div>
              </li>
            );
          }),
        ),
      )}
    </ul>
  );
}

export function ShippingInfo({ order }: { order: OrderDetail }) {
  const s = order.shippingAddress;
  return (
    <Rows
      rows={[
        ['받는 분', s.receiverName],
        ['연락처', formatPhone(s.receiverContact1)],
        ['주소', `(${s.receiverZipCd}) ${s.receiverAddress} ${s.receiverDetailAddress ?? ''}`.trim()],
        ['배송 메모', order.deliveryMemo || '없음'],
      ]}
    />
  );
}

export { Rows };
