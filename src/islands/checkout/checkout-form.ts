import { z } from 'zod';
import { pointsProblem } from '../../lib/coupon-rules.ts';
import { Email, MemberName, MobileNo, SimplePassword } from '../../lib/validation.ts';
import type { CheckoutFormDraft } from '../stores/order-draft.ts';
import type { CalculateRequest, PayType, ReserveRequest, SavedAddress } from './checkout-api.ts';

/**
 * The checkout form, pure: its fields, the checks before anything is sent (the server checks
 * again), and the bodies of POST /order-sheets/{no}/calculate and POST /payments/reserve. The
 * amount is never computed here: it is the last `calculate` answer's `paymentAmt`.
 */

export interface CheckoutForm extends CheckoutFormDraft {
  password: string;
  passwordConfirm: string;
  agreeOrder: boolean;
  agreeGuestPrivacy: boolean;
}

export type FieldKey =
  | 'ordererName'
  | 'ordererContact'
  | 'ordererEmail'
  | 'receiverName'
  | 'receiverContact'
  | 'receiverZipCd'
  | 'receiverAddress'
  | 'receiverDetailAddress'
  | 'memoCustom'
  | 'points'
  | 'password'
  | 'passwordConfirm'
  | 'agreeOrder'
  | 'agreeGuestPrivacy';

/** The order the fields appear in: the first error gets the focus. */
export const FIELD_ORDER: readonly FieldKey[] = [
  'ordererName',
  'ordererContact',
  'ordererEmail',
  'receiverName',
  'receiverContact',
  'receiverZipCd',
  'receiverAddress',
  'receiverDetailAddress',
  'memoCustom',
  'points',
  'password',
  'passwordConfirm',
  'agreeOrder',
  'agreeGuestPrivacy',
];

export type FormErrors = Partial<Record<FieldKey, string>>;

export const CUSTOM_MEMO = 'custom';
export const MEMO_PRESETS: readonly string[] = [
  '배송 전에 연락 바랍니다.',
  '부재 시 경비실에 맡겨 주세요.',
  '부재 시 문 앞에 놓아 주세요.',
  '택배함에 넣어 주세요.',
];
export const MEMO_MAX = 200;

const ZIP_PATTERN = /^\d{5}$/;

export function emptyForm(): CheckoutForm {
  return {
    ordererName: '',
    ordererContact: '',
    ordererEmail: '',
    addressChoice: 'new',
    sameAsOrderer: false,
    receiverName: '',
    receiverContact: '',
    receiverZipCd: '',
    receiverAddress: '',
    receiverDetailAddress: '',
    memoPreset: '',
    memoCustom: '',
    password: '',
    passwordConfirm: '',
    agreeOrder: false,
    agreeGuestPrivacy: false,
  };
}

/** What is kept between reloads (never the password nor the consents). */
export function draftOf(form: CheckoutForm): CheckoutFormDraft {
  const { password: _p, passwordConfirm: _c, agreeOrder: _a, agreeGuestPrivacy: _g, ...draft } = form;
  return draft;
}

function first(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : (r.error.issues[0]?.message ?? '입력값을 확인해 주세요.');
}

/** What the form reads of a saved address of the member's book. */
export type FormAddress = Pick<
  SavedAddress,
  | 'addressNo'
  | 'receiverName'
  | 'receiverZipCd'
  | 'receiverAddress'
  | 'receiverJibunAddress'
  | 'receiverDetailAddress'
  | 'receiverContact1'
>;

/** The new-address fields filled with an address (the last order's, offered at checkout). */
export function addressFields(
  a: Pick<
    SavedAddress,
    'receiverName' | 'receiverZipCd' | 'receiverAddress' | 'receiverDetailAddress' | 'receiverContact1'
  >,
): Pick<
  CheckoutForm,
  | 'addressChoice'
  | 'sameAsOrderer'
  | 'receiverName'
  | 'receiverContact'
  | 'receiverZipCd'
  | 'receiverAddress'
  | 'receiverDetailAddress'
> {
  return {
    addressChoice: 'new',
    sameAsOrderer: false,
    receiverName: a.receiverName,
    receiverContact: a.receiverContact1,
    receiverZipCd: a.receiverZipCd,
    receiverAddress: a.receiverAddress,
    receiverDetailAddress: a.receiverDetailAddress ?? '',
  };
}

export interface FormContext {
  member: boolean;
  savedAddress: FormAddress | null;
  pointsMax: number;
  points: number;
  /** Points the member has. */
  balance: number;
}

/**
 * Why the points typed cannot be used — more than the member has, or more than this order may
 * take (the server's `availableMaxAccumulationAmt`) — in the words the server refuses them with.
 */
export function pointsFieldProblem(points: number, limits: { balance: number; pointsMax: number }) {
  return pointsProblem(points, { balance: limits.balance, max: limits.pointsMax })?.message;
}

/** Client-side checks, in Korean, keyed by field (the server answers the same rules with 400). */
export function validateCheckout(form: CheckoutForm, ctx: FormContext): FormErrors {
  const e: FormErrors = {};
  e.ordererName = first(MemberName, form.ordererName);
  e.ordererContact = first(MobileNo, form.ordererContact);
  if (form.ordererEmail.trim()) e.ordererEmail = first(Email, form.ordererEmail.trim());
  if (form.addressChoice === 'new' || !ctx.savedAddress) {
    // the same as the orderer: the orderer's fields say what is wrong, once
    if (!form.sameAsOrderer) {
      e.receiverName = first(MemberName, form.receiverName);
      e.receiverContact = first(MobileNo, form.receiverContact);
    }
    if (!ZIP_PATTERN.test(form.receiverZipCd.trim())) e.receiverZipCd = '우편번호 5자리를 입력해 주세요.';
    if (!form.receiverAddress.trim()) e.receiverAddress = '도로명 주소를 입력해 주세요.';
    else if (form.receiverAddress.trim().length > 200)
      e.receiverAddress = '주소는 200자까지 입력할 수 있습니다.';
    if (form.receiverDetailAddress.trim().length > 100)
      e.receiverDetailAddress = '상세 주소는 100자까지 입력할 수 있습니다.';
  }
  if (form.memoPreset === CUSTOM_MEMO && form.memoCustom.trim().length > MEMO_MAX)
    e.memoCustom = `배송 메모는 ${MEMO_MAX}자까지 입력할 수 있습니다.`;
  if (ctx.member) e.points = pointsFieldProblem(ctx.points, ctx);
  if (!ctx.member) {
    e.password = first(SimplePassword, form.password);
    if (!e.password && form.password !== form.passwordConfirm)
      e.passwordConfirm = '비밀번호가 일치하지 않습니다.';
    if (!form.passwordConfirm) e.passwordConfirm = '비밀번호를 한 번 더 입력해 주세요.';
  }
  if (!form.agreeOrder) e.agreeOrder = '주문 정보 수집 및 이용에 동의해 주세요.';
  if (!ctx.member && !form.agreeGuestPrivacy)
    e.agreeGuestPrivacy = '비회원 개인정보 수집 및 이용에 동의해 주세요.';
  for (const key of Object.keys(e) as FieldKey[]) if (!e[key]) delete e[key];
  return e;
}

export function deliveryMemoOf(form: Pick<CheckoutForm, 'memoPreset' | 'memoCustom'>): string {
  if (form.memoPreset === CUSTOM_MEMO) return form.memoCustom.trim();
  return MEMO_PRESETS.includes(form.memoPreset) ? form.memoPreset : '';
}

/** The zip code the delivery fee depends on (remote areas), once it looks like one. */
function zipOf(form: CheckoutForm, saved: FormAddress | null): string | null {
  const zip = form.addressChoice !== 'new' && saved ? saved.receiverZipCd : form.receiverZipCd.trim();
  return ZIP_PATTERN.test(zip) ? zip : null;
}

export interface CouponChoice {
  /** productNo → couponIssueNo (0: none). */
  product: Record<number, number>;
  cart: number;
}

function couponRequestOf(choice: CouponChoice): NonNullable<CalculateRequest['couponRequest']> {
  return {
    productCoupons: Object.entries(choice.product)
      .filter(([, issueNo]) => issueNo > 0)
      .map(([productNo, couponIssueNo]) => ({ couponIssueNo, productNo: Number(productNo) })),
    cartCouponIssueNo: choice.cart > 0 ? choice.cart : null,
  };
}

export function calculateRequestOf(
  form: CheckoutForm,
  ctx: { member: boolean; saved: FormAddress | null; coupons: CouponChoice; points: number },
): CalculateRequest {
  const zip = zipOf(form, ctx.saved);
  return {
    ...(zip ? { addressRequest: { receiverZipCd: zip } } : {}),
    ...(ctx.member ? { couponRequest: couponRequestOf(ctx.coupons) } : {}),
    accumulationUseAmt: ctx.member ? ctx.points : 0,
  };
}

export function reserveRequestOf(
  form: CheckoutForm,
  ctx: {
    orderSheetNo: string;
    member: boolean;
    saved: FormAddress | null;
    coupons: CouponChoice;
    points: number;
    payType: PayType;
    agreements: readonly string[];
    paymentAmt: number;
  },
): ReserveRequest {
  const useSaved = form.addressChoice !== 'new' && ctx.saved;
  const shippingAddress = useSaved
    ? {
        addressNo: ctx.saved!.addressNo,
        receiverName: ctx.saved!.receiverName,
        receiverZipCd: ctx.saved!.receiverZipCd,
        receiverAddress: ctx.saved!.receiverAddress,
        receiverDetailAddress: ctx.saved!.receiverDetailAddress ?? '',
        receiverJibunAddress: ctx.saved!.receiverJibunAddress ?? '',
        receiverContact1: ctx.saved!.receiverContact1,
      }
    : {
        receiverName: (form.sameAsOrderer ? form.ordererName : form.receiverName).trim(),
        receiverZipCd: form.receiverZipCd.trim(),
        receiverAddress: form.receiverAddress.trim(),
        receiverDetailAddress: form.receiverDetailAddress.trim(),
        receiverContact1: (form.sameAsOrderer ? form.ordererContact : form.receiverContact).trim(),
      };
  return {
    orderSheetNo: ctx.orderSheetNo,
    orderer: {
      ordererName: form.ordererName.trim(),
      ordererContact1: form.ordererContact.trim(),
      ...(form.ordererEmail.trim() ? { ordererEmail: form.ordererEmail.trim() } : {}),
    },
    shippingAddress,
    deliveryMemo: deliveryMemoOf(form),
    payType: ctx.payType,
    ...(ctx.member ? { coupons: couponRequestOf(ctx.coupons), subPayAmt: ctx.points } : {}),
    ...(ctx.member ? {} : { tempPassword: form.password }),
    agreementTypes: [...ctx.agreements],
    clientReturnUrl: '/order/order-result',
    paymentAmtForVerification: ctx.paymentAmt,
  };
}

/** Points typed by the shopper: digits only, as a whole number of won. */
export function pointsOf(text: string): number {
  const digits = text.replace(/\D/g, '').slice(0, 12);
  return digits ? Number(digits) : 0;
}
