import type { ReactNode } from 'react';
import { formatWon } from '../../lib/money.ts';
import { Field } from '../auth/form-kit.tsx';
import { lineTitle } from '../cart/cart-model.ts';
import type { DeliveryGroup, PayType } from '../cart/types.ts';
import { PAY_TYPES } from '../stores/pay-type.ts';
import type { PaymentInfo, SavedAddress } from './checkout-api.ts';
import {
  CUSTOM_MEMO,
  MEMO_MAX,
  MEMO_PRESETS,
  type CheckoutForm,
  type FieldKey,
  type FormErrors,
} from './checkout-form.ts';

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
            p.orderProductOptions.map((line) => (
              <li
                key={`${line.productNo}-${line.optionNo}-${line.cartNo}-${line.orderCnt}`}
                className="checkout-item"
              >
                {(line.imageUrl || p.imageUrl) && (
                  <img
                    src={line.imageUrl || p.imageUrl}
                    alt=""
                    width={56}
                    height={56}
                    className="checkout-item__image"
                  />
                )}
                <div className="checkout-item__info">
                  <p className="checkout-item__name">{p.productName}</p>
                  {line.optionTitle && <p className="checkout-item__option">{line.optionTitle}</p>}
                  {line.optionInputs
                    .filter((i) => i.inputValue)
                    .map((i) => (
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
            )),
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

/**
 * The postcode step. Built-in: the shopper types the postcode and the road address (the spec's
 * embedded postcode search, a Daum/Kakao widget, is a later adapter behind this same component).
 */
export function PostcodeStep({ form, errors, idOf, update }: SectionProps) {
  return (
    <fieldset className="af-fieldset checkout-postcode">
      <legend className="af-legend">주소 (필수)</legend>
      <p className="af-hint" id={idOf('postcode-hint')}>
        우편번호 5자리와 도로명 주소를 입력해 주세요. 제주·도서산간 지역은 추가 배송비가 붙습니다.
      </p>
      <Field
        id={idOf('receiverZipCd')}
        label="우편번호"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={form.receiverZipCd}
        error={errors.receiverZipCd}
        onChange={(e) => update({ receiverZipCd: e.target.value.replace(/\D/g, '').slice(0, 5) })}
      />
      <Field
        id={idOf('receiverAddress')}
        label="도로명 주소"
        required
        autoComplete="address-line1"
        maxLength={200}
        value={form.receiverAddress}
        error={errors.receiverAddress}
        onChange={(e) => update({ receiverAddress: e.target.value })}
      />
      <Field
        id={idOf('receiverDetailAddress')}
        label="상세 주소"
        autoComplete="address-line2"
        maxLength={100}
        value={form.receiverDetailAddress}
        error={errors.receiverDetailAddress}
        onChange={(e) => update({ receiverDetailAddress: e.target.value })}
      />
    </fieldset>
  );
}

function addressText(a: SavedAddress): string {
  return [`(${a.receiverZipCd})`, a.receiverAddress, a.receiverDetailAddress].filter(Boolean).join(' ');
}

export function ShippingSection(
  props: SectionProps & { member: boolean; addresses: SavedAddress[]; addressError: string | null },
) {
  const { form, errors, idOf, update, member, addresses, addressError } = props;
  const usingNew = form.addressChoice === 'new' || !addresses.some((a) => a.addressNo === form.addressChoice);
  return (
    <Section id={idOf('shipping')} title="배송지">
      {member && addressError && (
        <p className="af-error" role="alert">
          {addressError}
        </p>
      )}
      {member && addresses.length > 0 && (
        <fieldset className="af-fieldset">
          <legend className="af-legend">배송지 선택</legend>
          <ul role="list" className="checkout-addresses">
            {addresses.map((a) => (
              <li key={a.addressNo}>
                <label className="checkout-address">
                  <input
                    type="radio"
                    name={idOf('address')}
                    checked={form.addressChoice === a.addressNo}
                    onChange={() => update({ addressChoice: a.addressNo })}
                  />
                  <span>
                    <strong>
                      {a.addressName || a.receiverName}
                      {a.defaultYn === 'Y' && <span className="checkout-badge">기본 배송지</span>}
                    </strong>
                    <span className="checkout-address__text">
                      {a.receiverName} · {a.receiverContact1}
                    </span>
                    <span className="checkout-address__text">{addressText(a)}</span>
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="checkout-address">
                <input
                  type="radio"
                  name={idOf('address')}
                  checked={usingNew}
                  onChange={() => update({ addressChoice: 'new' })}
                />
                <span>
                  <strong>새 배송지</strong>
                </span>
              </label>
            </li>
          </ul>
        </fieldset>
      )}
      {usingNew && (
        <div className="checkout-fields">
          <Field
            id={idOf('receiverName')}
            label="받는 분"
            required
            autoComplete="shipping name"
            value={form.receiverName}
            error={errors.receiverName}
            onChange={(e) => update({ receiverName: e.target.value })}
          />
          <Field
            id={idOf('receiverContact')}
            label="받는 분 휴대폰 번호"
            required
            type="tel"
            inputMode="tel"
            autoComplete="shipping tel"
            value={form.receiverContact}
            error={errors.receiverContact}
            onChange={(e) => update({ receiverContact: e.target.value })}
          />
          <PostcodeStep {...props} />
        </div>
      )}
      <div className="checkout-fields">
        <div className="af-field">
          <label htmlFor={idOf('memoPreset')} className="af-label">
            배송 메모
          </label>
          <select
            id={idOf('memoPreset')}
            className="af-select"
            value={form.memoPreset}
            onChange={(e) => update({ memoPreset: e.target.value })}
          >
            <option value="">선택 안 함</option>
            {MEMO_PRESETS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
            <option value={CUSTOM_MEMO}>직접 입력</option>
          </select>
        </div>
        {form.memoPreset === CUSTOM_MEMO && (
          <Field
            id={idOf('memoCustom')}
            label="배송 메모 직접 입력"
            maxLength={MEMO_MAX}
            value={form.memoCustom}
            error={errors.memoCustom}
            hint={`${form.memoCustom.length}/${MEMO_MAX}자`}
            onChange={(e) => update({ memoCustom: e.target.value })}
          />
        )}
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

function CheckField({
  id,
  checked,
  error,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="af-field">
      <div className="af-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="af-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function GuestPasswordSection({ form, errors, idOf, update }: SectionProps) {
  return (
    <Section id={idOf('guest-password')} title="비회원 주문 비밀번호">
      <p className="af-hint">주문 조회에 쓰입니다. 영문과 숫자를 넣어 8~16자로 정해 주세요.</p>
      <div className="checkout-fields">
        <Field
          id={idOf('password')}
          label="주문 비밀번호"
          required
          type="password"
          autoComplete="new-password"
          maxLength={16}
          value={form.password}
          error={errors.password}
          onChange={(e) => update({ password: e.target.value })}
        />
        <Field
          id={idOf('passwordConfirm')}
          label="주문 비밀번호 확인"
          required
          type="password"
          autoComplete="new-password"
          maxLength={16}
          value={form.passwordConfirm}
          error={errors.passwordConfirm}
          onChange={(e) => update({ passwordConfirm: e.target.value })}
        />
      </div>
    </Section>
  );
}

export function ConsentSection({ form, errors, idOf, update, member }: SectionProps & { member: boolean }) {
  return (
    <Section id={idOf('consent')} title="약관 동의">
      <CheckField
        id={idOf('agreeOrder')}
        checked={form.agreeOrder}
        error={errors.agreeOrder}
        onChange={(v) => update({ agreeOrder: v })}
      >
        주문 내용을 확인했으며, 주문 정보 수집 및 이용과 결제 진행에 동의합니다. (필수)
      </CheckField>
      {!member && (
        <CheckField
          id={idOf('agreeGuestPrivacy')}
          checked={form.agreeGuestPrivacy}
          error={errors.agreeGuestPrivacy}
          onChange={(v) => update({ agreeGuestPrivacy: v })}
        >
          비회원 주문을 위한 개인정보 수집 및 이용에 동의합니다. (필수)
        </CheckField>
      )}
      <p className="af-hint">
        <a href="/terms/agreement" target="_blank" rel="noopener">
          이용약관
        </a>{' '}
        ·{' '}
        <a href="/terms/privacy-policy" target="_blank" rel="noopener">
          개인정보처리방침
        </a>{' '}
        (새 창)
      </p>
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
