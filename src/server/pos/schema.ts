import { z } from 'zod';
import { DESIGN_ID_PATTERN } from '../../lib/design/api.ts';

/** Bodies of the counter's API (src/api/api/pos.ts), with the Korean message of each problem. */

/** A whole-won amount field with its Korean messages (also used by the counter's routes). */
export const won = (label: string) =>
  z
    .number({ error: `${label}을 숫자로 입력해 주세요.` })
    .int({ error: `${label}은 원 단위 정수로 입력해 주세요.` })
    .min(0, { error: `${label}은 0원 이상이어야 합니다.` })
    .max(100_000_000, { error: `${label}이 너무 큽니다.` });

const Discount = z
  .object({
    kind: z.enum(['AMOUNT', 'PERCENT'], { error: '할인 방식(금액 또는 %)을 골라 주세요.' }),
    value: z
      .number({ error: '할인값을 숫자로 입력해 주세요.' })
      .int({ error: '할인값은 정수로 입력해 주세요.' })
      .min(0, { error: '할인값은 0 이상이어야 합니다.' }),
    reason: z.string().trim().max(100, { error: '할인 사유는 100자까지 쓸 수 있습니다.' }).default(''),
  })
  .refine((d) => d.kind !== 'PERCENT' || d.value <= 100, {
    error: '할인율은 100%까지입니다.',
    path: ['value'],
  })
  .refine((d) => d.value === 0 || d.reason.length > 0, {
    error: '할인 사유를 입력해 주세요.',
    path: ['reason'],
  });
export type Discount = z.infer<typeof Discount>;

const Payment = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('CASH'), amount: won('현금 결제 금액'), received: won('받은 현금') }),
    z.object({ method: z.literal('CARD'), amount: won('카드 결제 금액') }),
    z.object({
      method: z.literal('KAKAO_PAY'),
      amount: won('카카오페이 결제 금액'),
      requestId: z.string().regex(/^KP[0-9a-f]{18}$/, { error: '카카오페이 결제 요청을 확인해 주세요.' }),
    }),
  ],
  { error: '결제 수단(현금, 카드, 카카오페이)을 골라 주세요.' },
);
export type PaymentInput = z.infer<typeof Payment>;

export const SaleBody = z
  .object({
    /** Made by the counter's browser for this sale: the same key twice records one sale. */
    idempotencyKey: z
      .string({ error: '판매 식별값(idempotencyKey)이 필요합니다.' })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '판매 식별값(idempotencyKey)을 확인해 주세요.' }),
    shiftNo: z.number().int().positive({ error: '영업 번호를 확인해 주세요.' }),
    lines: z
      .array(
        z.object({
          optionNo: z.number().int().positive(),
          qty: z
            .number({ error: '수량을 숫자로 입력해 주세요.' })
            .int({ error: '수량은 정수로 입력해 주세요.' })
            .min(1, { error: '수량은 1개 이상이어야 합니다.' })
            .max(9999, { error: '수량은 9,999개까지 입력할 수 있습니다.' }),
          discount: Discount.optional(),
          /** Text the customer gave for the product's inputs (각인 문구), checked against the product. */
          inputs: z
            .array(
              z.object({
                inputNo: z.number().int().positive(),
                value: z.string().trim().max(500, { error: '입력한 내용이 너무 깁니다.' }),
              }),
            )
            .max(20)
            .optional(),
          /** A custom order line: the design printed on it (checked by the design module). */
          designId: z
            .string()
            .regex(DESIGN_ID_PATTERN, { error: '디자인 번호(designId)가 올바르지 않습니다.' })
            .optional(),
        }),
      )
      .min(1, { error: '판매할 상품을 담아 주세요.' })
      .max(200, { error: '한 번에 200개 품목까지 판매할 수 있습니다.' }),
    orderDiscount: Discount.optional(),
    memberNo: z.number().int().positive().nullable().default(null),
    usePoints: z
      .number({ error: '사용할 적립금을 숫자로 입력해 주세요.' })
      .int()
      .min(0, { error: '사용할 적립금은 0원 이상이어야 합니다.' })
      .default(0),
    /** The member's coupons used in this sale: a product coupon names the product it discounts. */
    coupons: z
      .array(
        z.object({
          couponIssueNo: z.number().int().positive({ error: '쿠폰을 확인해 주세요.' }),
          productNo: z.number().int().positive().nullable().default(null),
        }),
      )
      .max(20, { error: '쿠폰은 한 번에 20장까지 쓸 수 있습니다.' })
      .default([]),
    payments: z.array(Payment).max(5, { error: '결제 수단은 5개까지 나눌 수 있습니다.' }),
    cashReceipt: z
      .object({
        type: z.enum(['INCOME', 'EXPENSE'], { error: '현금영수증 종류(소득공제, 지출증빙)를 골라 주세요.' }),
        number: z
          .string()
          .transform((s) => s.replace(/\D/g, ''))
          .refine((s) => /^(01\d{8,9}|\d{10}|\d{13,19})$/.test(s), {
            error: '현금영수증 번호(휴대폰 번호, 사업자등록번호 또는 카드 번호)를 확인해 주세요.',
          }),
      })
      .nullable()
      .default(null),
    /** The counter's clock when the sale was made (an offline sale is sent later). */
    soldAt: z.iso.datetime({ offset: true, error: '판매 시각을 확인해 주세요.' }),
    /** Made while the counter had no connection (cash only; the stock may not cover it). */
    offline: z.boolean().default(false),
    /**
     * Who picks up the custom order lines (designId) at the store; a found member's name and
     * mobile number when left out.
     */
    customer: z
      .object({
        name: z
          .string({ error: '찾아가실 분의 이름을 입력해 주세요.' })
          .trim()
          .min(1, { error: '찾아가실 분의 이름을 입력해 주세요.' })
          .max(30, { error: '이름은 30자까지 입력할 수 있습니다.' }),
        phone: z
          .string({ error: '찾아가실 분의 휴대폰 번호를 입력해 주세요.' })
          .transform((v) => v.replace(/\D/g, ''))
          .refine((v) => /^01\d{8,9}$/.test(v), { error: '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.' }),
      })
      .optional(),
  })
  .refine((b) => b.usePoints === 0 || b.memberNo !== null, {
    error: '적립금을 쓰려면 회원을 먼저 찾아 주세요.',
    path: ['usePoints'],
  })
  .refine((b) => b.coupons.length === 0 || b.memberNo !== null, {
    error: '쿠폰을 쓰려면 회원을 먼저 찾아 주세요.',
    path: ['coupons'],
  })
  .refine((b) => !b.offline || b.coupons.length === 0, {
    error: '쿠폰은 연결된 상태에서만 쓸 수 있습니다.',
    path: ['coupons'],
  })
  .refine((b) => b.cashReceipt === null || b.payments.some((p) => p.method === 'CASH'), {
    error: '현금영수증은 현금 결제에만 발급합니다.',
    path: ['cashReceipt'],
  })
  .refine((b) => b.payments.filter((p) => p.method === 'CASH').length <= 1, {
    error: '현금 결제는 한 번으로 합쳐 주세요.',
    path: ['payments'],
  })
  .refine((b) => !b.offline || b.lines.every((l) => l.designId === undefined), {
    error: '커스텀 주문은 연결된 상태에서만 받을 수 있습니다.',
    path: ['lines'],
  })
  .refine((b) => b.lines.every((l) => l.designId === undefined) || b.customer || b.memberNo !== null, {
    error: '커스텀 주문을 찾아가실 분의 이름과 휴대폰 번호를 입력해 주세요.',
    path: ['customer'],
  });
export type SaleBody = z.infer<typeof SaleBody>;

export const RefundBody = z.object({
  lines: z
    .array(
      z.object({
        lineNo: z.number().int().positive(),
        qty: z.number().int().min(1, { error: '환불 수량은 1개 이상이어야 합니다.' }),
      }),
    )
    .min(1, { error: '환불할 상품을 골라 주세요.' }),
  reason: z
    .string({ error: '환불 사유를 입력해 주세요.' })
    .trim()
    .min(1, { error: '환불 사유를 입력해 주세요.' })
    .max(200, { error: '환불 사유는 200자까지 쓸 수 있습니다.' }),
});
export type RefundBody = z.infer<typeof RefundBody>;
