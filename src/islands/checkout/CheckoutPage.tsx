import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { FormMessage, focusFirstError, focusSoon, usePending } from '../auth/form-kit.tsx';
import { draftFor, markReserved, saveCheckoutForm } from '../stores/order-draft.ts';
import { $payType, choosePayType, DEFAULT_PAY_TYPE, isPayType } from '../stores/pay-type.ts';
import { ConsentSection, GuestPasswordSection } from './AgreementSections.tsx';
import { calculateOrderSheet, reservePayment, type PayType } from './checkout-api.ts';
import {
  calculateRequestOf,
  draftOf,
  FIELD_ORDER,
  pointsFieldProblem,
  pointsOf,
  reserveRequestOf,
  validateCheckout,
  type CheckoutForm,
  type CouponChoice,
  type FormErrors,
} from './checkout-form.ts';
import DiscountSection from './DiscountSection.tsx';
import { payWithPortOne } from './portone.ts';
import { OrderItems, OrdererSection, PaymentSummary, PayTypeSection } from './sections.tsx';
import { ShippingSection, type PostcodeMode } from './ShippingSection.tsx';
import { useCalculation } from './use-calculation.ts';
import { useOrderSheet, type LoadedSheet } from './use-order-sheet.ts';
import './checkout.css';

/**
 * /order/{orderSheetNo}/checkout: orderer, shipping address (saved ones for members, or new with
 * the postcode step), delivery memo, coupons and points (members), pay type, guest order password,
 * consents; the amount is always the server's (`calculate`), and POST /payments/reserve, whose
 * answer sends the browser to the payment provider.
 */
export default function CheckoutPage({
  orderSheetNo,
  postcode = 'manual',
}: {
  orderSheetNo: string;
  /** 우편번호 찾기: Kakao's postcode search when the shop is online (decision 041). */
  postcode?: PostcodeMode;
}) {
  const { loaded, loadError, used } = useOrderSheet(orderSheetNo);
  const backHref =
    draftFor(orderSheetNo)?.from === 'guest' || (loaded && !loaded.sheet.extra.member)
      ? '/guest/cart'
      : '/cart';

  // Back from the payment or the result page may show this page from the browser's memory: ask
  // the server again, which knows whether the sheet has bought its order meanwhile
  useEffect(() => {
    const again = (e: PageTransitionEvent) => {
      if (e.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', again);
    return () => window.removeEventListener('pageshow', again);
  }, []);

  if (used) {
    return (
      <div className="checkout checkout--message">
        <p className="af-alert" role="alert">
          {used.message}
        </p>
        <p>
          <a className="button" href={`/order/order-detail?orderNo=${encodeURIComponent(used.orderNo)}`}>
            주문 내역 보기
          </a>{' '}
          <a className="button button--secondary" href="/">
            쇼핑 계속하기
          </a>
        </p>
      </div>
    );
  }

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
  if (!loaded) {
    return (
      <p className="checkout__loading" aria-busy="true">
        주문서를 불러오는 중입니다…
      </p>
    );
  }
  return (
    <CheckoutFormView orderSheetNo={orderSheetNo} data={loaded} backHref={backHref} postcode={postcode} />
  );
}

/** The form itself, once the sheet (and a member's coupons and addresses) are in. */
function CheckoutFormView({
  orderSheetNo,
  data,
  backHref,
  postcode,
}: {
  orderSheetNo: string;
  data: LoadedSheet;
  backHref: string;
  postcode: PostcodeMode;
}) {
  const { sheet, guestToken, coupons, addresses, recentAddress, addressError } = data;
  const uid = useId();
  const idOf = (key: string) => `${uid}-${key}`;
  const member = sheet.extra.member;
  const storedPayType = useStore($payType);
  // Shopby's pay types: the sheet offers Podo's alone
  const available = sheet.availablePayTypes.map((p) => p.payType).filter(isPayType);
  const payType: PayType = available.includes(storedPayType) ? storedPayType : DEFAULT_PAY_TYPE;
  const [form, setForm] = useState<CheckoutForm>(data.initialForm);
  const [couponChoice, setCouponChoice] = useState<CouponChoice>({ product: {}, cart: 0 });
  const [pointsText, setPointsText] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [pending, run] = usePending();

  const saved =
    typeof form.addressChoice === 'number'
      ? (addresses.find((a) => a.addressNo === form.addressChoice) ?? null)
      : null;
  const points = pointsOf(pointsText);
  const calcRequest = calculateRequestOf(form, { member, saved, coupons: couponChoice, points });
  const calculation = useCalculation(orderSheetNo, calcRequest, guestToken, data.couponError);
  const { calc, busy: calcBusy, couponError, pointsError } = calculation;
  const info = calc?.paymentInfo ?? sheet.paymentInfo;
  const pointsMax = info.availableMaxAccumulationAmt;
  const balance = sheet.orderSheetPromotionSummary?.myAccumulationAmt ?? 0;
  // said as soon as it is typed, in the server's words (which refuses the same amounts)
  const pointsFieldError = member ? pointsFieldProblem(points, { balance, pointsMax }) : undefined;

  // a new refusal of the calculation (the sheet expired …) shows as the form's alert
  const [shownOtherError, setShownOtherError] = useState(calculation.otherError);
  if (calculation.otherError !== shownOtherError) {
    setShownOtherError(calculation.otherError);
    if (calculation.otherError) setFormError(calculation.otherError);
  }

  // what was typed survives a reload or a declined payment (never the password)
  useEffect(() => {
    const timer = setTimeout(() => saveCheckoutForm(orderSheetNo, draftOf(form)), 400);
    return () => clearTimeout(timer);
  }, [form, orderSheetNo]);

  const update = (patch: Partial<CheckoutForm>) => setForm((f) => ({ ...f, ...patch }));

  function fail(message: string) {
    setFormError(message);
    focusSoon(idOf('alert'));
  }

  async function pay() {
    // the amount is the server's, asked again now: what the page shows is what is charged
    const fresh = await calculateOrderSheet(orderSheetNo, calcRequest, guestToken);
    if (!calc || fresh.paymentInfo.paymentAmt !== calc.paymentInfo.paymentAmt) {
      calculation.setCalc(fresh);
      fail(
        `결제 금액이 ${formatWon(fresh.paymentInfo.paymentAmt)}으로 바뀌었습니다. 확인한 뒤 다시 눌러 주세요.`,
      );
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
    } else if (res.clientParams) {
      const problem = await payWithPortOne(res.clientParams, res.clientReturnUrl);
      if (problem) {
        setLeaving(false);
        fail(problem);
      }
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateCheckout(form, { member, savedAddress: saved, pointsMax, points, balance });
    if (pointsError) found.points = pointsError;
    setErrors(found);
    setFormError(null);
    saveCheckoutForm(orderSheetNo, draftOf(form));
    if (focusFirstError(found, FIELD_ORDER, idOf)) return;
    if (couponError) return fail(couponError);
    await run(async () => {
      try {
        await pay();
      } catch (err) {
        if (err instanceof ApiError && err.code === 'AMOUNT_MISMATCH') calculation.recalculate();
        fail(errorMessage(err));
      }
    });
  }

  const payLabel = calc
    ? `${formatWon(calc.paymentInfo.paymentAmt)} 결제하기`
    : calcBusy
      ? '결제 금액 계산 중…'
      : '결제하기';

  return (
    <form
      className="checkout"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
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
          recentAddress={recentAddress}
          addressError={addressError}
          postcode={postcode}
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
            pointsError={errors.points ?? pointsFieldError ?? pointsError}
            onPoints={(t) => {
              setPointsText(t);
              setErrors((e) => ({ ...e, points: undefined }));
            }}
          />
        )}
        <PayTypeSection idOf={idOf} payType={payType} available={available} onChange={choosePayType} />
        {!member && <GuestPasswordSection form={form} errors={errors} idOf={idOf} update={update} />}
        <ConsentSection form={form} errors={errors} idOf={idOf} update={update} member={member} />
      </div>

      <aside className="checkout__summary" aria-labelledby={idOf('summary')}>
        <h2 id={idOf('summary')}>결제 금액</h2>
        <div aria-live="polite" aria-busy={calcBusy}>
          <PaymentSummary info={info} member={member} />
        </div>
        <div className="bottom-bar">
          <button
            type="submit"
            className="button checkout__pay"
            disabled={pending || leaving}
            aria-busy={pending || undefined}
          >
            {pending || leaving ? '결제창으로 이동하는 중…' : payLabel}
          </button>
        </div>
        <p className="af-hint">
          주문서 유효 시간: {sheet.extra.expireYmdt}까지 · <a href={backHref}>장바구니로 돌아가기</a>
        </p>
      </aside>
    </form>
  );
}
