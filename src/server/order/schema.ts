import { z } from 'zod';
import { Email, MemberName, MobileNo, SimplePassword } from '../../lib/validation.ts';
import { CartNo, OptionInputBody, OptionNo, OrderCnt, ProductNo } from '../cart/index.ts';

/**
 * Bodies of the order-sheet, payment and guest-order routes: Shopby's names, with the shorter
 * names of Podo's own checkout page accepted as aliases (couponRequest ↔ coupons,
 * accumulationUseAmt ↔ subPayAmt, payAmt ↔ paymentAmtForVerification, guestPassword ↔ tempPassword).
 */

export const OrderSheetNoParam = z.object({
  orderSheetNo: z.string().regex(/^\d{8,24}$/, { error: '주문서 번호를 확인해 주세요.' }),
});

export const OrderNoParam = z.object({
  orderNo: z.string().regex(/^\d{8,24}$/, { error: '주문번호를 확인해 주세요.' }),
});

const ProductCouponBody = z
  .object({
    couponIssueNo: z.number().int().positive(),
    productNo: ProductNo.optional(),
    mallProductNo: ProductNo.optional(),
  })
  .transform((c, ctx) => {
    const productNo = c.productNo ?? c.mallProductNo;
    if (productNo === undefined) {
      ctx.addIssue({ code: 'custom', message: '쿠폰을 적용할 상품을 선택해 주세요.' });
      return z.NEVER;
    }
    return { couponIssueNo: c.couponIssueNo, productNo };
  });

const OrderSheetProduct = z.object({
  productNo: ProductNo,
  optionNo: OptionNo,
  orderCnt: OrderCnt,
  optionInputs: z.array(OptionInputBody).max(20).nullish(),
});

export const PostOrderSheetBody = z.object({
  products: z.array(OrderSheetProduct).max(100).default([]),
  productCoupons: z.array(ProductCouponBody).max(100).nullish(),
  cartNos: z.array(CartNo).max(100).nullish(),
  trackingKey: z.string().nullish(),
  channelType: z.string().nullish(),
});
export type PostOrderSheetBody = z.infer<typeof PostOrderSheetBody>;

export const CouponRequestBody = z.object({
  productCoupons: z.array(ProductCouponBody).max(100).nullish(),
  cartCouponIssueNo: z.number().int().nonnegative().nullish(),
  promotionCode: z.string().nullish(),
});
export type CouponRequestBody = z.infer<typeof CouponRequestBody>;

const ZipCd = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: '우편번호 5자리를 입력해 주세요.' });

/** A skin recalculates before the shopper has typed an address: an empty or null zip code is none yet. */
const PendingZipCd = z.preprocess((v) => (v === '' || v === null ? undefined : v), ZipCd.optional());

const AddressRequestBody = z
  .object({ receiverZipCd: PendingZipCd, zipCd: PendingZipCd })
  .transform((a) => ({ zipCd: a.receiverZipCd ?? a.zipCd ?? null }));

const Points = z
  .number({ error: '사용할 적립금을 확인해 주세요.' })
  .int({ error: '적립금은 원 단위로 입력해 주세요.' })
  .min(0, { error: '사용할 적립금을 확인해 주세요.' });

export const CalculateBody = z.object({
  addressRequest: AddressRequestBody.nullish(),
  couponRequest: CouponRequestBody.nullish(),
  accumulationUseAmt: Points.default(0),
});
export type CalculateBody = z.infer<typeof CalculateBody>;

const Orderer = z.object({
  ordererName: MemberName,
  ordererContact1: MobileNo,
  ordererContact2: z.string().trim().max(20).nullish(),
  ordererEmail: z.union([Email, z.literal('')]).nullish(),
});

const ShippingAddressBody = z.object({
  addressNo: z.number().int().nonnegative().nullish(),
  receiverName: MemberName,
  receiverZipCd: ZipCd,
  receiverAddress: z
    .string({ error: '주소를 입력해 주세요.' })
    .trim()
    .min(1, { error: '주소를 입력해 주세요.' })
    .max(200),
  receiverJibunAddress: z.string().trim().max(200).nullish(),
  receiverDetailAddress: z.string().trim().max(200).nullish(),
  receiverContact1: MobileNo,
  receiverContact2: z.string().trim().max(20).nullish(),
  countryCd: z.literal('KR').nullish(),
});

const PayTypeBody = z.enum(
  ['CREDIT_CARD', 'VIRTUAL_ACCOUNT', 'MOBILE', 'NAVER_EASY_PAY', 'KAKAO_PAY', 'TOSS_PAY'],
  {
    error: '결제 수단을 선택해 주세요.',
  },
);

const Amount = z.number({ error: '결제 금액을 확인해 주세요.' }).int().min(0);

export const ReserveBody = z
  .object({
    orderSheetNo: OrderSheetNoParam.shape.orderSheetNo,
    orderer: Orderer,
    shippingAddress: ShippingAddressBody,
    deliveryMemo: z
      .string()
      .trim()
      .max(200, { error: '배송 메모는 200자까지 입력할 수 있습니다.' })
      .nullish(),
    payType: PayTypeBody.default('CREDIT_CARD'),
    coupons: CouponRequestBody.nullish(),
    couponRequest: CouponRequestBody.nullish(),
    subPayAmt: Points.nullish(),
    accumulationUseAmt: Points.nullish(),
    tempPassword: z.string().nullish(),
    guestPassword: z.string().nullish(),
    agreementTypes: z.array(z.string().max(60)).max(20).nullish(),
    agreementTermsAgrees: z
      .array(z.object({ termsType: z.string().max(60), isAgree: z.boolean() }))
      .max(20)
      .nullish(),
    clientReturnUrl: z.string().max(500).nullish(),
    paymentAmtForVerification: Amount.nullish(),
    payAmt: Amount.nullish(),
  })
  .transform((b, ctx) => {
    const payAmt = b.paymentAmtForVerification ?? b.payAmt;
    if (payAmt === null || payAmt === undefined) {
      ctx.addIssue({ code: 'custom', message: '결제 금액을 확인해 주세요.' });
      return z.NEVER;
    }
    const agreed = new Set([
      ...(b.agreementTypes ?? []),
      ...(b.agreementTermsAgrees ?? []).filter((a) => a.isAgree).map((a) => a.termsType),
    ]);
    return {
      orderSheetNo: b.orderSheetNo,
      orderer: b.orderer,
      shippingAddress: b.shippingAddress,
      deliveryMemo: b.deliveryMemo ?? '',
      payType: b.payType,
      coupons: b.coupons ?? b.couponRequest ?? null,
      points: b.subPayAmt ?? b.accumulationUseAmt ?? 0,
      guestPassword: b.tempPassword ?? b.guestPassword ?? null,
      agreedTerms: [...agreed],
      clientReturnUrl: b.clientReturnUrl ?? null,
      payAmt,
    };
  });
export type ReserveInput = z.output<typeof ReserveBody>;

/** The guest order password: the specification's simple rule (8–16, a letter and a digit). */
export const GuestOrderPassword = SimplePassword;

export const GuestOrderBody = z.object({
  password: z
    .string({ error: '주문 비밀번호를 입력해 주세요.' })
    .min(1, { error: '주문 비밀번호를 입력해 주세요.' })
    .max(100),
  orderRequestType: z.string().nullish(),
});

const Signature = z.string().regex(/^[0-9a-f]{64}$/, { error: '결제 확인 정보가 올바르지 않습니다.' });

export const ConfirmParams = z.object({
  orderNo: OrderNoParam.shape.orderNo,
  paymentId: z.string().min(1).max(100),
  amount: z.coerce.number().int().min(0),
  ts: z.coerce.number().int().positive(),
  signature: Signature,
});
export type ConfirmParams = z.infer<typeof ConfirmParams>;
