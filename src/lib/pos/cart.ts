import { josa } from 'es-hangul';
import type { CounterItem } from '../../server/catalog/index.ts';
import { appliesToProduct, type CouponRule } from '../coupon-rules.ts';
import { priceSale, type CouponToApply, type Discount, type SalePricing } from './pricing.ts';

/**
 * The counter's cart and the amounts it shows while the staff sell. Only a preview: the server
 * prices the sale again from the catalogue with the same rules (./pricing.ts) and its answer is
 * what the receipt shows. Pure, browser-safe.
 */

export type { CounterItem };

export { discountAmount, type Discount } from './pricing.ts';

/** Text the customer gave for one of the product's inputs (각인 문구). */
export interface LineInput {
  inputNo: number;
  inputLabel: string;
  inputValue: string;
}

export interface CartLine {
  /** The option and its input texts: the same option with other texts is another line. */
  key: string;
  item: CounterItem;
  qty: number;
  discount: Discount | null;
  inputs: LineInput[];
}

export const lineKey = (optionNo: number, inputs: readonly LineInput[] = []) =>
  inputs.length === 0
    ? String(optionNo)
    : `${optionNo}|${JSON.stringify(inputs.map((i) => [i.inputNo, i.inputValue]))}`;

export const MAX_QTY = 9999;
export const MAX_LINES = 200;

/**
 * Adds one option with its input texts (another unit when the same option with the same texts is
 * in the cart; the line moves to the top).
 */
export function addToCart(
  lines: readonly CartLine[],
  item: CounterItem,
  qty = 1,
  inputs: readonly LineInput[] = [],
): CartLine[] {
  const key = lineKey(item.optionNo, inputs);
  const found = lines.find((l) => l.key === key);
  if (!found) return [{ key, item, qty, discount: null, inputs: [...inputs] }, ...lines];
  const rest = lines.filter((l) => l !== found);
  return [{ ...found, item, qty: Math.min(MAX_QTY, found.qty + qty) }, ...rest];
}

export function setQty(lines: readonly CartLine[], key: string, qty: number): CartLine[] {
  const q = Math.max(1, Math.min(MAX_QTY, Math.trunc(qty) || 1));
  return lines.map((l) => (l.key === key ? { ...l, qty: q } : l));
}

export function setLineDiscount(
  lines: readonly CartLine[],
  key: string,
  discount: Discount | null,
): CartLine[] {
  return lines.map((l) => (l.key === key ? { ...l, discount } : l));
}

export function removeLine(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((l) => l.key !== key);
}

/**
 * What is wrong with the texts typed for an item's inputs (Korean, per input), or an empty object:
 * required ones filled, none longer than its limit. The server checks the same.
 */
export function inputProblems(
  item: Pick<CounterItem, 'inputs'>,
  values: Readonly<Record<number, string>>,
): Record<number, string> {
  const out: Record<number, string> = {};
  for (const def of item.inputs) {
    const v = (values[def.inputNo] ?? '').trim();
    if (def.required && !v) out[def.inputNo] = `${josa(def.inputLabel, '을/를')} 입력해 주세요.`;
    else if ([...v].length > def.maxLength)
      out[def.inputNo] = `${josa(def.inputLabel, '은/는')} ${def.maxLength}자까지 입력할 수 있습니다.`;
  }
  return out;
}

/** The typed texts as the line keeps them (empty ones left out), in the product's order. */
export function lineInputs(
  item: Pick<CounterItem, 'inputs'>,
  values: Readonly<Record<number, string>>,
): LineInput[] {
  return item.inputs.flatMap((def) => {
    const v = (values[def.inputNo] ?? '').trim();
    return v ? [{ inputNo: def.inputNo, inputLabel: def.inputLabel, inputValue: v }] : [];
  });
}

/** What is wrong with a discount as typed (Korean, for the field), or null. */
export function discountProblem(
  d: Discount,
  base: number,
): { field: 'value' | 'reason'; message: string } | null {
  if (!Number.isInteger(d.value) || d.value < 0)
    return { field: 'value', message: '할인값은 0 이상의 정수로 입력해 주세요.' };
  if (d.kind === 'PERCENT' && d.value > 100) return { field: 'value', message: '할인율은 100%까지입니다.' };
  if (d.kind === 'AMOUNT' && d.value > base)
    return { field: 'value', message: `할인 금액은 ${base.toLocaleString('ko-KR')}원까지입니다.` };
  if (d.value > 0 && !d.reason.trim()) return { field: 'reason', message: '할인 사유를 입력해 주세요.' };
  if (d.reason.trim().length > 100)
    return { field: 'reason', message: '할인 사유는 100자까지 쓸 수 있습니다.' };
  return null;
}

export interface PreviewLine {
  optionNo: number;
  grossAmt: number;
  lineDiscountAmt: number;
  /** After the line's discount and its share of the sale's discount. */
  netAmt: number;
}

export interface SalePreview extends Omit<SalePricing, 'lines'> {
  lines: PreviewLine[];
  itemCount: number;
}

/** A coupon a member holds, as the counter shows it (GET /api/pos/members). */
export interface CounterCoupon extends CouponRule {
  couponIssueNo: number;
  /** When it stops being usable (ISO). */
  useEndAt: string;
}

/**
 * The coupons the staff ticked, as the sale uses them (`goods`: the cart's products and amounts,
 * `goodsOf`): a product coupon goes to the product in the cart it applies to with the largest amount that no other product coupon took (ticked order);
 * one that fits no product is left with `productNo: null` (the pricing says why it cannot apply).
 */
export function couponsToApply(
  goods: readonly { productNo: number; amount: number }[],
  chosen: readonly CounterCoupon[],
): CouponToApply[] {
  const amountOf = new Map<number, number>();
  for (const g of goods) amountOf.set(g.productNo, (amountOf.get(g.productNo) ?? 0) + g.amount);
  const taken = new Set<number>();
  return chosen.map((c) => {
    let productNo: number | null = null;
    if (c.couponType === 'PRODUCT') {
      const fits = [...amountOf.entries()]
        .filter(([p]) => !taken.has(p) && appliesToProduct(c, p))
        .sort((a, b) => b[1] - a[1]);
      productNo = fits[0]?.[0] ?? null;
      if (productNo !== null) taken.add(productNo);
    }
    return {
      couponIssueNo: c.couponIssueNo,
      couponName: c.couponName,
      couponType: c.couponType,
      productNo,
      rule: c,
    };
  });
}

export const goodsOf = (lines: readonly CartLine[]) =>
  lines.map((l) => ({ productNo: l.item.productNo, amount: l.item.unitPrice * l.qty }));

/** The amounts of the cart, by the very rules the server prices the sale with (./pricing.ts). */
export function previewSale(
  lines: readonly CartLine[],
  orderDiscount: Discount | null,
  usePoints: number,
  coupons: readonly CouponToApply[] = [],
): SalePreview {
  const priced = priceSale(
    lines.map((l) => ({
      optionNo: l.item.optionNo,
      productNo: l.item.productNo,
      unitPrice: l.item.unitPrice,
      qty: l.qty,
      discount: l.discount,
    })),
    orderDiscount,
    usePoints,
    coupons,
  );
  return {
    ...priced,
    lines: priced.lines.map((l) => ({
      optionNo: l.optionNo,
      grossAmt: l.grossAmt,
      lineDiscountAmt: l.lineDiscountAmt,
      netAmt: l.netAmt,
    })),
    itemCount: lines.reduce((a, l) => a + l.qty, 0),
  };
}

export type PaymentDraft =
  | { method: 'CASH'; amount: number; received: number }
  | { method: 'CARD'; amount: number }
  | { method: 'KAKAO_PAY'; amount: number; requestId: string };

export const METHOD_LABEL: Record<PaymentDraft['method'], string> = {
  CASH: '현금',
  CARD: '카드',
  KAKAO_PAY: '카카오페이',
};

/** What is still to be paid after the parts taken so far (never below zero). */
export function remainingOf(payAmt: number, payments: readonly PaymentDraft[]): number {
  return Math.max(0, payAmt - payments.reduce((a, p) => a + p.amount, 0));
}

/**
 * Adds a payment part; a second cash part joins the first (the server takes one cash payment
 * per sale), with the cash received added up too.
 */
export function addPayment(payments: readonly PaymentDraft[], part: PaymentDraft): PaymentDraft[] {
  if (part.method === 'CASH') {
    const cash = payments.find((p) => p.method === 'CASH');
    if (cash && cash.method === 'CASH')
      return payments.map((p) =>
        p === cash
          ? { method: 'CASH', amount: cash.amount + part.amount, received: cash.received + part.received }
          : p,
      );
  }
  return [...payments, part];
}

export function changeOf(payments: readonly PaymentDraft[]): number {
  return payments.reduce((a, p) => a + (p.method === 'CASH' ? p.received - p.amount : 0), 0);
}

/** A key the server accepts (16–64 of [A-Za-z0-9_-]): one per sale, kept across its retries. */
export function newIdempotencyKey(): string {
  return `pos_${crypto.randomUUID().replaceAll('-', '')}`;
}

/** The request body of POST /api/pos/sales. */
export interface SaleRequest {
  idempotencyKey: string;
  shiftNo: number;
  lines: {
    optionNo: number;
    qty: number;
    discount?: Discount;
    inputs?: { inputNo: number; value: string }[];
  }[];
  orderDiscount?: Discount;
  memberNo: number | null;
  usePoints: number;
  coupons?: { couponIssueNo: number; productNo: number | null }[];
  payments: PaymentDraft[];
  cashReceipt: { type: 'INCOME' | 'EXPENSE'; number: string } | null;
  soldAt: string;
  offline: boolean;
}

const cleanDiscount = (d: Discount | null): Discount | undefined =>
  d && d.value > 0 ? { kind: d.kind, value: d.value, reason: d.reason.trim() } : undefined;

export function saleRequest(input: {
  idempotencyKey: string;
  shiftNo: number;
  lines: readonly CartLine[];
  orderDiscount: Discount | null;
  memberNo: number | null;
  usePoints: number;
  coupons?: readonly CouponToApply[];
  payments: readonly PaymentDraft[];
  cashReceipt: { type: 'INCOME' | 'EXPENSE'; number: string } | null;
  soldAt: Date;
  offline: boolean;
}): SaleRequest {
  const orderDiscount = cleanDiscount(input.orderDiscount);
  return {
    idempotencyKey: input.idempotencyKey,
    shiftNo: input.shiftNo,
    lines: input.lines.map((l) => {
      const discount = cleanDiscount(l.discount);
      return {
        optionNo: l.item.optionNo,
        qty: l.qty,
        ...(discount ? { discount } : {}),
        ...(l.inputs.length > 0
          ? { inputs: l.inputs.map((i) => ({ inputNo: i.inputNo, value: i.inputValue })) }
          : {}),
      };
    }),
    ...(orderDiscount ? { orderDiscount } : {}),
    memberNo: input.memberNo,
    usePoints: input.memberNo ? input.usePoints : 0,
    coupons: input.memberNo
      ? (input.coupons ?? []).map((c) => ({ couponIssueNo: c.couponIssueNo, productNo: c.productNo }))
      : [],
    payments: [...input.payments],
    cashReceipt: input.payments.some((p) => p.method === 'CASH') ? input.cashReceipt : null,
    soldAt: input.soldAt.toISOString(),
    offline: input.offline,
  };
}

/**
 * What is wrong with a 현금영수증 number as typed, or null: 소득공제 takes the customer's phone number
 * (or a cash receipt card), 지출증빙 the business registration number.
 */
export function cashReceiptProblem(type: 'INCOME' | 'EXPENSE', raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return type === 'INCOME' ? '휴대폰 번호를 입력해 주세요.' : '사업자등록번호를 입력해 주세요.';
  if (type === 'INCOME')
    return /^(01\d{8,9}|\d{13,19})$/.test(digits) ? null : '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.';
  return /^\d{10}$/.test(digits) ? null : '사업자등록번호 10자리를 입력해 주세요.';
}
