import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { FormMessage, focusFirstError, focusSoon, usePending } from '../auth/form-kit.tsx';
import type { PayType } from '../cart/types.ts';
import { $guestIdentity } from '../stores/guest.ts';
import { draftFor, markReserved, saveCheckoutForm } from '../stores/order-draft.ts';
import { $payType, choosePayType } from '../stores/pay-type.ts';
import {
  calculateOrderSheet,
  getOrderSheet,
  getSavedAddresses,
  getSheetCoupons,
  reservePayment,
  type CalculateResponse,
  type OrderSheet,
  type SavedAddress,
  type SheetCoupons,
} from './checkout-api.ts';
import {
  calculateRequestOf,
  draftOf,
  emptyForm,
  FIELD_ORDER,
  pointsOf,
  reserveRequestOf,
  validateCheckout,
  type CheckoutForm,
  type CouponChoice,
  type FormErrors,
} from './checkout-form.ts';
import DiscountSection from './DiscountSection.tsx';
import { payWithPortOne } from './portone.ts';
import {
  ConsentSection,
  GuestPasswordSection,
  OrderItems,
  OrdererSection,
  PaymentSummary,
  PayTypeSection,
  ShippingSection,
} from './sections.tsx';
import './checkout.css';

/** Spec section 8: "failed to fetch address list". */
export const ADDRESS_LIST_FAILED = '배송지 목록을 불러오지 못했습니다. 새 배송지를 입력해 주세요.';

function liveGuestToken(): string | null {
  const g = $guestIdentity.get();
  return g && g.expiresAt > Date.now() ? g.guestToken : null;
}

/**
 * /order/{orderSheetNo}/checkout: orderer, shipping address (saved ones for members, or new with
 * the postcode step), delivery memo, coupons and points (members), pay type, guest order password,
 * consents; the amount is always the server's (`calculate`), and POST /payments/reserve, whose
 * answer sends the browser to the payment provider.
 */
export default function CheckoutPage({ orderSheetNo }: { orderSheetNo: string }) {
  const uid = useId();
  const idOf = (key: string) => `${uid}-${key}`;
  const payType = useStore($payType);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sheet, setSheet] = useState<OrderSheet | null>(null);
  const [guestToken, setGuestToken] = useState<string | null>(null);
  const [coupons, setCoupons] = useState<SheetCoupons | null>(null);
  const [addresses, setAddresses] = useState<SavedAddress[]>([]);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [form, setForm] = useState<CheckoutForm>(emptyForm);
  const [couponChoice, setCouponChoice] = useState<CouponChoice>({ product: {}, cart: 0 });
  const [pointsText, setPointsText] = useState('');
  const [calc, setCalc] = useState<CalculateResponse | null>(null);
  const [calcBusy, setCalcBusy] = useState(true);
  const [calcTick, setCalcTick] = useState(0);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [pointsServerError, setPointsServerError] = useState<string | undefined>();
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [pending, run] = usePending();
  const loaded = useRef(false);

  const member = sheet?.extra.member ?? false;
  const saved =
    typeof form.addressChoice === 'number'
      ? (addresses.find((a) => a.addressNo === form.addressChoice) ?? null)
      : null;
  const points = pointsOf(pointsText);
  const info = calc?.paymentInfo ?? sheet?.paymentInfo ?? null;
  const pointsMax = info?.availableMaxAccumulationAmt ?? 0;
  const balance = sheet?.orderSheetPromotionSummary?.myAccumulationAmt ?? 0;

  useEffect(() => {
    const token = liveGuestToken();
    setGuestToken(token);
    void (async () => {
      try {
        const s = await getOrderSheet(orderSheetNo, token);
        let list: SavedAddress[] = [];
        if (s.extra.member) {
          const [c, a] = await Promise.allSettled([getSheetCoupons(orderSheetNo), getSavedAddresses()]);
          if (c.status === 'fulfilled') setCoupons(c.value);
          else {
            setCoupons({ cartAmt: 0, cartCoupons: [], products: [] });
            setCouponError('쿠폰 정보를 불러오지 못했습니다.');
          }
          if (a.status === 'fulfilled') list = a.value;
          else setAddressError(ADDRESS_LIST_FAILED);
          setAddresses(list);
        }
        const def = list.find((x) => x.defaultYn === 'Y') ?? list[0];
        const draft = draftFor(orderSheetNo)?.form;
        setForm({
          ...emptyForm(),
          ordererName: s.ordererContact.ordererName,
          ordererContact: s.ordererContact.ordererContact1,
          ordererEmail: s.ordererContact.ordererEmail,
          addressChoice: def ? def.addressNo : 'new',
          ...(draft ?? {}),
        });
        setSheet(s);
        loaded.current = true;
      } catch (err) {
        setLoadError(
          err instanceof ApiError && err.status === 401
            ? '주문서를 볼 수 없습니다. 로그인하거나 장바구니에서 다시 주문해 주세요.'
            : errorMessage(err),
        );
      }
    })();
  }, [orderSheetNo]);

  // the amount: asked again whenever the address's zip code, the coupons or the points change
  const calcBody = useMemo(
    () => (sheet ? calculateRequestOf(form, { member, saved, coupons: couponChoice, points }) : null),
    [sheet, form, member, saved, couponChoice, points],
  );
  const calcKey = JSON.stringify(calcBody);
  useEffect(() => {
    if (!calcBody) return;
    const ac = new AbortController();
    setCalcBusy(true);
    const timer = setTimeout(() => {
      calculateOrderSheet(orderSheetNo, calcBody, guestToken, ac.signal).then(
        (res) => {
          setCalc(res);
          setCalcBusy(false);
          setCouponError(null);
          setPointsServerError(undefined);
        },
        (err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          setCalcBusy(false);
          setCalc(null);
          const code = err instanceof ApiError ? err.code : '';
          if (code.startsWith('COUPON')) setCouponError(errorMessage(err));
          else if (code.startsWith('POINTS')) setPointsServerError(errorMessage(err));
          else setFormError(errorMessage(err));
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
    // calcKey stands for calcBody's contents
  }, [calcKey, calcTick, orderSheetNo, guestToken]);

  // what was typed survives a reload or a declined payment (never the password)
  useEffect(() => {
    if (!loaded.current) return;
    const timer = setTimeout(() => saveCheckoutForm(orderSheetNo, draftOf(form)), 400);
    return () => clearTimeout(timer);
  }, [form, orderSheetNo]);

  const update = (patch: Partial<CheckoutForm>) => setForm((f) => ({ ...f, ...patch }));

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sheet) return;
    const found = validateCheckout(form, { member, savedAddress: saved, pointsMax, points });
    if (pointsServerError) found.points = pointsServerError;
    setErrors(found);
    setFormError(null);
    saveCheckoutForm(orderSheetNo, draftOf(form));
    if (focusFirstError(found, FIELD_ORDER, idOf)) return;
    if (couponError) {
      setFormError(couponError);
      focusSoon(idOf('alert'));
      return;
    }
    await run(async () => {
      try {
        // the amount is the server's, asked again now: what the page shows is what is charged
        const fresh = await calculateOrderSheet(
          orderSheetNo,
          calculateRequestOf(form, { member, saved, coupons: couponChoice, points }),
          guestToken,
        );
        if (!calc || fresh.paymentInfo.paymentAmt !== calc.paymentInfo.paymentAmt) {
          setCalc(fresh);
          setFormError(
            `결제 금액이 ${formatWon(fresh.paymentInfo.paymentAmt)}으로 바뀌었습니다. 확인한 뒤 다시 눌러 주세요.`,
          );
          focusSoon(idOf('alert'));
          return;
        }
        const res = await reservePayment(
          reserveRequestOf(form, {
            orderSheetNo,
            member,
            saved,
            coupons: couponChoice,
            points,
            payType,
            agreements: sheet.extra.requiredAgreementTypes,
            paymentAmt: fresh.paymentInfo.paymentAmt,
          }),
          guestToken,
        );
        markReserved(orderSheetNo, res.orderNo, res.paymentId);
        setLeaving(true);
        if (res.redirectUrl) {
          window.location.assign(res.redirectUrl);
          return;
        }
        if (res.clientParams) {
          const problem = await payWithPortOne(res.clientParams, res.clientReturnUrl);
          if (problem) {
            setLeaving(false);
            setFormError(problem);
            focusSoon(idOf('alert'));
          }
        }
      } catch (err) {
        if (err instanceof ApiError && err.code === 'AMOUNT_MISMATCH') setCalcTick((t) => t + 1);
        const code = err instanceof ApiError ? err.code : '';
        if (code.startsWith('COUPON')) setCouponError(errorMessage(err));
        if (code.startsWith('POINTS')) setPointsServerError(errorMessage(err));
        setFormError(errorMessage(err));
        focusSoon(idOf('alert'));
      }
    });
  }

  const backHref = draftFor(orderSheetNo)?.from === 'guest' || (sheet && !member) ? '/guest/cart' : '/cart';

  if (loadError) {
    return (
      <div className="checkout checkout--message">
        <p className="af-alert" role="alert">
          {loadError}
        </p>
        <p>
          <a className="button button--secondary" href={backHref}>
            장바구니로 돌아가기
          </a>
        </p>
      </div>
    );
  }
  if (!sheet || !info) {
    return (
      <p className="checkout__loading" aria-busy="true">
        주문서를 불러오는 중입니다…
      </p>
    );
  }

  const available = sheet.availablePayTypes.map((p) => p.payType);
  const payLabel = calc
    ? `${formatWon(calc.paymentInfo.paymentAmt)} 결제하기`
    : calcBusy
      ? '결제 금액 계산 중…'
      : '결제하기';

  return (
    <form
      className="checkout"
      noValidate
      onSubmit={onSubmit}
      aria-describedby={formError ? idOf('alert') : undefined}
    >
      <div className="checkout__main">
        <FormMessage id={idOf('alert')} error={formError} />
        <OrderItems groups={calc?.deliveryGroups ?? sheet.deliveryGroups} idOf={idOf} />
        <OrdererSection form={form} errors={errors} idOf={idOf} update={update} />
        <ShippingSection
          form={form}
          errors={errors}
          idOf={idOf}
          update={update}
          member={member}
          addresses={addresses}
          addressError={addressError}
        />
        {member && (
          <DiscountSection
            idOf={idOf}
            coupons={coupons}
            couponError={couponError}
            choice={couponChoice}
            onCoupons={setCouponChoice}
            balance={balance}
            pointsMax={pointsMax}
            pointsText={pointsText}
            pointsError={errors.points ?? pointsServerError}
            onPoints={(t) => {
              setPointsText(t);
              setErrors((e) => ({ ...e, points: undefined }));
            }}
          />
        )}
        <PayTypeSection
          idOf={idOf}
          payType={available.includes(payType) ? payType : 'CREDIT_CARD'}
          available={available}
          onChange={(p: PayType) => choosePayType(p)}
        />
        {!member && <GuestPasswordSection form={form} errors={errors} idOf={idOf} update={update} />}
        <ConsentSection form={form} errors={errors} idOf={idOf} update={update} member={member} />
      </div>

      <aside className="checkout__summary" aria-labelledby={idOf('summary')}>
        <h2 id={idOf('summary')}>결제 금액</h2>
        <div aria-live="polite" aria-busy={calcBusy}>
          <PaymentSummary info={info} member={member} />
        </div>
        <button
          type="submit"
          className="button checkout__pay"
          disabled={pending || leaving}
          aria-busy={pending || undefined}
        >
          {pending || leaving ? '결제창으로 이동하는 중…' : payLabel}
        </button>
        <p className="af-hint">
          주문서 유효 시간: {sheet.extra.expireYmdt}까지 · <a href={backHref}>장바구니로 돌아가기</a>
        </p>
      </aside>
    </form>
  );
}
