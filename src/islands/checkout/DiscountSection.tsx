import { formatWon } from '../../lib/money.ts';
import type { SheetCoupons } from './checkout-api.ts';
import type { CouponChoice } from './checkout-form.ts';
import { Section, type SectionProps } from './sections.tsx';

export interface DiscountSectionProps {
  idOf: SectionProps['idOf'];
  coupons: SheetCoupons | null;
  couponError: string | null;
  choice: CouponChoice;
  onCoupons: (choice: CouponChoice) => void;
  /** Points the member has, and the most this order can take (goods after coupons). */
  balance: number;
  pointsMax: number;
  pointsText: string;
  pointsError: string | undefined;
  onPoints: (text: string) => void;
}

/**
 * Members' coupons (one per product, one for the cart, from the order sheet's list) and points
 * ("모두 사용"). What they take off is the server's answer to `calculate`, shown in the summary.
 */
export default function DiscountSection(props: DiscountSectionProps) {
  const {
    idOf,
    coupons,
    couponError,
    choice,
    onCoupons,
    balance,
    pointsMax,
    pointsText,
    pointsError,
    onPoints,
  } = props;
  const usedElsewhere = (productNo: number) =>
    new Set(
      Object.entries(choice.product)
        .filter(([p, no]) => Number(p) !== productNo && no > 0)
        .map(([, no]) => no),
    );
  const pointsHintId = idOf('points-hint');
  const pointsErrorId = idOf('points-error');
  return (
    <Section id={idOf('discounts')} title="할인 · 적립금">
      <fieldset className="af-fieldset">
        <legend className="af-legend">쿠폰</legend>
        {!coupons ? (
          <p className="af-hint">쿠폰을 불러오는 중입니다…</p>
        ) : (
          <div className="checkout-fields">
            {coupons.products.map((p) => {
              const taken = usedElsewhere(p.productNo);
              return (
                <div className="af-field" key={p.productNo}>
                  <label className="af-label" htmlFor={idOf(`coupon-${p.productNo}`)}>
                    {p.productName} 상품 쿠폰
                  </label>
                  <select
                    id={idOf(`coupon-${p.productNo}`)}
                    className="af-select"
                    value={choice.product[p.productNo] ?? 0}
                    onChange={(e) =>
                      onCoupons({
                        ...choice,
                        product: { ...choice.product, [p.productNo]: Number(e.target.value) },
                      })
                    }
                  >
                    <option value={0}>
                      {p.productCoupons.length ? '쿠폰 선택 안 함' : '사용할 수 있는 쿠폰이 없습니다'}
                    </option>
                    {p.productCoupons.map((c) => (
                      <option
                        key={c.couponIssueNo}
                        value={c.couponIssueNo}
                        disabled={taken.has(c.couponIssueNo)}
                      >
                        {c.couponName} (-{formatWon(c.couponDiscountAmt)})
                        {taken.has(c.couponIssueNo) ? ' · 다른 상품에 사용 중' : ''}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
            <div className="af-field">
              <label className="af-label" htmlFor={idOf('coupon-cart')}>
                장바구니 쿠폰
              </label>
              <select
                id={idOf('coupon-cart')}
                className="af-select"
                value={choice.cart}
                onChange={(e) => onCoupons({ ...choice, cart: Number(e.target.value) })}
              >
                <option value={0}>
                  {coupons.cartCoupons.some((c) => !c.reason)
                    ? '쿠폰 선택 안 함'
                    : '사용할 수 있는 쿠폰이 없습니다'}
                </option>
                {coupons.cartCoupons.map((c) => (
                  <option key={c.couponIssueNo} value={c.couponIssueNo} disabled={Boolean(c.reason)}>
                    {c.couponName}
                    {c.reason ? ` (${c.reason})` : ` (-${formatWon(c.couponDiscountAmt)})`}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <p className="af-error" role="alert">
          {couponError}
        </p>
      </fieldset>

      <div className="af-field">
        <label className="af-label" htmlFor={idOf('points')}>
          적립금 사용
        </label>
        <div className="af-input-row">
          <input
            id={idOf('points')}
            className="af-input"
            inputMode="numeric"
            value={pointsText}
            aria-invalid={pointsError ? true : undefined}
            aria-describedby={[pointsHintId, pointsError ? pointsErrorId : ''].filter(Boolean).join(' ')}
            onChange={(e) => onPoints(e.target.value.replace(/\D/g, '').slice(0, 9))}
          />
          <button
            type="button"
            className="af-small-button"
            disabled={pointsMax <= 0}
            onClick={() => onPoints(String(pointsMax))}
          >
            모두 사용
          </button>
        </div>
        <p id={pointsHintId} className="af-hint">
          보유 적립금 {formatWon(balance)} · 이 주문에 {formatWon(pointsMax)}까지 사용할 수 있습니다.
          (배송비에는 쓸 수 없습니다)
        </p>
        {/* in the page from the start, so what appears in it is announced */}
        <p id={pointsErrorId} className="af-error" aria-live="polite">
          {pointsError}
        </p>
      </div>
    </Section>
  );
}
