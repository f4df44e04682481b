import { useEffect, useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { couponApi } from '../../lib/clients/coupons.ts';
import { ApiError, errorMessage, param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { showToast } from '../stores/toast.ts';
import { goToLogin } from './go-to-login.ts';
import './coupon-download.css';

const issuable = couponApi.products[':productNo'].issuable.coupons;
type IssuableCoupon = ResponseOf<typeof issuable.$get>[number];

/**
 * The product page's coupons (GET /coupons/products/{productNo}/issuable/coupons): each one the
 * shopper can still take has a 쿠폰 받기 button (POST /coupons/{couponNo}/download), and the toast
 * says it was taken; a refusal shows beside the list. Visitors are sent to log in first. Fetched in the browser, so the product page itself stays the same for all.
 */
export default function CouponDownload({ productNo }: { productNo: number }) {
  const [coupons, setCoupons] = useState<IssuableCoupon[] | null>(null);
  const [taken, setTaken] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    unwrap(issuable.$get({ param: param({ productNo: String(productNo) }) }))
      .then(setCoupons)
      .catch(() => setCoupons([]));
  }, [productNo]);

  if (!coupons || coupons.length === 0) return null;

  async function download(c: IssuableCoupon) {
    setBusy(c.couponNo);
    setError(null);
    try {
      await unwrap(couponApi[':couponNo'].download.$post({ param: param({ couponNo: String(c.couponNo) }) }));
      setTaken((t) => new Set(t).add(c.couponNo));
      // the shop's toast: announced (its live region is in the page from the start) and seen
      showToast({
        message: '쿠폰을 받았습니다.',
        customMessage: `${c.couponName} · 마이페이지 쿠폰함에서 확인할 수 있습니다.`,
        messageType: 'success',
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      if (err instanceof ApiError && err.code === 'COUPON_ALREADY_ISSUED')
        setTaken((t) => new Set(t).add(c.couponNo));
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="coupon-download" aria-labelledby="coupon-download-title">
      <h2 id="coupon-download-title">받을 수 있는 쿠폰</h2>
      <ul role="list">
        {coupons.map((c) => {
          const mine =
            taken.has(c.couponNo) || (c.couponStatus.myIssuedCnt > 0 && c.couponStatus.issuableCnt === 0);
          const off = c.discountInfo.fixedAmt
            ? formatWon(c.discountInfo.discountAmt)
            : `${c.discountInfo.discountRate}%`;
          return (
            <li key={c.couponNo}>
              <span>
                <strong>
                  {off} 할인 · {c.couponName}
                </strong>
                <small>
                  {c.couponType === 'CART' ? '장바구니 쿠폰' : '상품 쿠폰'}
                  {c.useConstraint.minSalePrice > 0 && ` · ${formatWon(c.useConstraint.minSalePrice)} 이상`}
                  {c.discountInfo.maxDiscountAmt > 0 && ` · 최대 ${formatWon(c.discountInfo.maxDiscountAmt)}`}
                </small>
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={mine || !c.downloadable || busy === c.couponNo}
                onClick={() => void download(c)}
              >
                {mine ? '받음' : c.downloadable ? '쿠폰 받기' : '받을 수 없음'}
                <span className="visually-hidden"> ({c.couponName})</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p role="alert" className="coupon-error">
        {error}
      </p>
    </section>
  );
}
