import type { ReactNode } from 'react';
import { formatWon } from '../../lib/money.ts';
import { designLabelOf, designPreviewOf, shopperInputs } from '../../lib/line-inputs.ts';
import { Field } from '../auth/form-kit.tsx';
import { lineTitle } from '../cart/cart-model.ts';
import type { DeliveryGroup } from '../cart/types.ts';
import { PAY_TYPES } from '../stores/pay-type.ts';
import type { PayType, PaymentInfo } from './checkout-api.ts';
import type { CheckoutForm, FieldKey, FormErrors } from './checkout-form.ts';

/**
 * The parts of the checkout form. Each gets the form, its errors and an `update`; field ids come
 * from `idOf` so the page can move the focus to the first error.
 */
export interface SectionProps {
  form: CheckoutForm;
  errors: FormErrors;
  idOf: (key: FieldKey | string) => string;
  update: (patch: Partial<CheckoutForm>) => void;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} className="checkout-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function OrderItems({ groups, idOf }: { groups: DeliveryGroup[]; idOf: SectionProps['idOf'] }) {
  return (
    <Section id={idOf('items')} title="주문 상품">
      <ul role="list" className="checkout-items">
        {groups.flatMap((g) =>
          g.orderProducts.flatMap((p) =>
            p.orderProductOptions.map((line, i) => {
              const design = line.extra?.design ?? null;
              const designLabel = designLabelOf(design, line.optionInputs);
              const preview = designPreviewOf(design);
              const image = preview || line.imageUrl || p.imageUrl;
              return (
                <li key={`${line.productNo}-${line.optionNo}-${line.cartNo}-${i}`} className="checkout-item">
                  {image && (
                    <img
                      src={image}
                      alt={preview ? `${designLabel} 미리보기` : ''}
                      width={56}
                      height={56}
                      className="checkout-item__image"
                    />
                  )}
                  <div className="checkout-item__info">
                    <p className="checkout-item__name">{p.productName}</p>
                    {line.optionTitle && <p className="checkout-item__option">{line.optionTitle}</p>}
                    {designLabel && <p className="checkout-item__option">디자인: {designLabel}</p>}
                    {shopperInputs(line.optionInputs).map((i) => (
                      <p className="checkout-item__option" key={i.inputLabel}>
                        {i.inputLabel}: {i.inputValue}
                      </p>
                    ))}
                    <p className="checkout-item__qty">
                      {line.orderCnt}개 · {formatWon(line.price.buyAmt)}
                      {line.soldOut || !line.validInfo.valid ? (
                        <strong className="checkout-item__soldout" aria-label={`${lineTitle(p, line)} 품절`}>
                          {' '}
                          품절
                        </strong>
                      ) : null}
                    </p>
                  </div>
                </li>
              );
            }),
          ),
        )}
      </ul>
    </Section>
  );
}

export function OrdererSection({ form, errors, idOf, update }: SectionProps) {
  return (
    <Section id={idOf('orderer')} title="주문자 정보">
      <div className="checkout-fields">
        <Field
          id={idOf('ordererName')}
          label="주문자 이름"
          required
          autoComplete="name"
          value={form.ordererName}
          error={errors.ordererName}
          onChange={(e) => update({ ordererName: e.target.value })}
        />
        <Field
          id={idOf('ordererContact')}
          label="주문자 휴대폰 번호"
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={form.ordererContact}
          error={errors.ordererContact}
          onChange={(e) => update({ ordererContact: e.target.value })}
        />
        <Field
          id={idOf('ordererEmail')}
          label="주문자 이메일"
          type="email"
          autoComplete="email"
          hint="주문 확인 메일을 받을 주소입니다. (선택)"
          value={form.ordererEmail}
          error={errors.ordererEmail}
          onChange={(e) => update({ ordererEmail: e.target.value })}
        />
      </div>
    </Section>
  );
}

export function PayTypeSection({
  payType,
  onChange,
  idOf,
  available,
}: {
  payType: PayType;
  onChange: (p: PayType) => void;
  idOf: SectionProps['idOf'];
  available: readonly PayType[];
}) {
  return (
    <Section id={idOf('paytype')} title="결제 수단">
      <fieldset className="af-fieldset">
        <legend className="visually-hidden">결제 수단 선택</legend>
        <div className="checkout-paytypes">
          {PAY_TYPES.filter((p) => available.includes(p.value)).map((p) => (
            <div key={p.value} className="checkout-paytype">
              <input
                id={idOf(`paytype-${p.value}`)}
                type="radio"
                name={idOf('paytype-radio')}
                value={p.value}
                checked={payType === p.value}
                aria-describedby={idOf(`paytype-${p.value}-hint`)}
                onChange={() => onChange(p.value)}
              />
              <label htmlFor={idOf(`paytype-${p.value}`)}>{p.label}</label>
              <span id={idOf(`paytype-${p.value}-hint`)} className="checkout-paytype__hint">
                {p.hint}
              </span>
            </div>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

/** The amounts of the last `calculate` answer (never computed here). */
export function PaymentSummary({ info, member }: { info: PaymentInfo; member: boolean }) {
  const discount = info.totalImmediateDiscountAmt;
  const coupons = info.productCouponAmt + info.cartCouponAmt;
  const rows: [string, string][] = [
    ['상품금액', formatWon(info.totalStandardAmt)],
    ['할인', discount > 0 ? `-${formatWon(discount)}` : formatWon(0)],
    ...(member
      ? ([
          ['쿠폰 할인', coupons > 0 ? `-${formatWon(coupons)}` : formatWon(0)],
          [
            '적립금 사용',
            info.usedAccumulationAmt > 0 ? `-${formatWon(info.usedAccumulationAmt)}` : formatWon(0),
          ],
        ] as [string, string][])
      : []),
    ['배송비', formatWon(info.deliveryAmt)],
    ...(info.remoteDeliveryAmt > 0
      ? ([['도서산간 추가 배송비', formatWon(info.remoteDeliveryAmt)]] as [string, string][])
      : []),
  ];
  return (
    <dl className="checkout-amounts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <div className="checkout-amounts__total">
        <dt>최종 결제금액</dt>
        <dd data-testid="payment-amount">{formatWon(info.paymentAmt)}</dd>
      </div>
      {member && info.accumulationAmtWhenBuyConfirm > 0 && (
        <div className="checkout-amounts__note">
          <dt>구매 확정 시 적립</dt>
          <dd>{formatWon(info.accumulationAmtWhenBuyConfirm)}</dd>
        </div>
      )}
    </dl>
  );
}
