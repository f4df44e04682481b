import { useEffect, useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { couponApi } from '../../lib/clients/coupons.ts';
import { ApiError, errorMessage, param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { goToLogin } from './go-to-login.ts';
import './coupon-download.css';

const issuable = couponApi.products[':productNo'].issuable.coupons;
type IssuableCoupon = ResponseOf<typeof issuable.$get>[number];

/**
 * The product page's coupons (GET /coupons/products/{productNo}/issuable/coupons): each one the
 * shopper can still take has a 쿠폰 받기 button (POST /coupons/{couponNo}/download); visitors are
 * sent to log in first. Fetched in the browser, so the product page itself stays the same for all.
 */
export default function CouponDownload({ productNo }: { productNo: number }) {
  const [coupons, setCoupons] = useState<IssuableCoupon[] | null>(null);
  const [taken, setTaken] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    unwrap(issuable.$get({ param: param({ productNo: String(productNo) }) }))
      .then(setCoupons)
      .catch(() => setCoupons([]));
  }, [productNo]);

  if (!coupons || coupons.length === 0) return null;

  async function download(c: IssuableCoupon) {
    setBusy(c.couponNo);
    setMessage(null);
    try {
      await unwrap(couponApi[':couponNo'].download.$post({ param: param({ couponNo: String(c.couponNo) }) }));
      setTaken((t) => new Set(t).add(c.couponNo));
      setMessage({
        text: `'${c.couponName}' 쿠폰을 받았습니다. 마이페이지 쿠폰함에서 확인할 수 있습니다.`,
        error: false,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      if (err instanceof ApiError && err.code === 'COUPON_ALREADY_ISSUED')
        setTaken((t) => new Set(t).add(c.couponNo));
      setMessage({ text: errorMessage(err), error: true });
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
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'coupon-error' : 'coupon-ok'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
