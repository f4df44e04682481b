import { z } from 'zod';
import {
  CLAIM_IMAGES_MAX,
  CLAIM_REASON_DETAIL_MAX,
  DELIVERY_COMPANIES,
  INVOICE_NO,
  isYmd,
} from '../../lib/order-claims.ts';

/**
 * Bodies and queries of the claim, my-page order and manager order routes: Shopby's names
 * (@shopby/shop-sdk claim and order types), strict enough that anything odd is a Korean 400.
 */

const empty = (v: unknown) => (v === '' ? undefined : v);

export const PageNumber = z.preprocess(
  empty,
  z.coerce
    .number({ error: '페이지 번호는 숫자여야 합니다.' })
    .int({ error: '페이지 번호는 정수여야 합니다.' })
    .min(1, { error: '페이지 번호는 1 이상이어야 합니다.' })
    .max(100_000, { error: '페이지 번호가 너무 큽니다.' })
    .optional(),
);

export const PageSize = z.preprocess(
  empty,
  z.coerce
    .number({ error: '페이지 크기는 숫자여야 합니다.' })
    .int({ error: '페이지 크기는 정수여야 합니다.' })
    .min(1, { error: '페이지 크기는 1 이상이어야 합니다.' })
    .max(100, { error: '한 번에 최대 100개까지 조회할 수 있습니다.' })
    .optional(),
);

export const Flag = z.preprocess(
  empty,
  z
    .enum(['true', 'false'], { error: '참/거짓 값은 true 또는 false로 보내 주세요.' })
    .transform((v) => v === 'true')
    .optional(),
);

export const Ymd = z.preprocess(
  empty,
  z
    .string()
    .refine(isYmd, { error: '날짜는 2000-01-01 같은 YYYY-MM-DD 형식의 실제 날짜로 입력해 주세요.' })
    .optional(),
);

const OrderOptionNo = z.coerce
  .number({ error: '주문 상품 번호를 확인해 주세요.' })
  .int({ error: '주문 상품 번호를 확인해 주세요.' })
  .positive({ error: '주문 상품 번호를 확인해 주세요.' })
  .max(Number.MAX_SAFE_INTEGER, { error: '주문 상품 번호를 확인해 주세요.' });

const Cnt = z
  .number({ error: '수량을 확인해 주세요.' })
  .int({ error: '수량을 확인해 주세요.' })
  .min(1, { error: '수량은 1개 이상이어야 합니다.' })
  .max(999, { error: '수량을 확인해 주세요.' });

export const OrderOptionNoParam = z.object({ orderOptionNo: OrderOptionNo });
export const ClaimNoParam = z.object({
  claimNo: z.coerce
    .number({ error: '클레임 번호를 확인해 주세요.' })
    .int({ error: '클레임 번호를 확인해 주세요.' })
    .positive({ error: '클레임 번호를 확인해 주세요.' })
    .max(Number.MAX_SAFE_INTEGER, { error: '클레임 번호를 확인해 주세요.' }),
});

const ClaimedProductOption = z.object({
  orderProductOptionNo: OrderOptionNo,
  productCnt: Cnt,
});

const ReasonDetail = z
  .string()
  .trim()
  .max(CLAIM_REASON_DETAIL_MAX, { error: `상세 사유는 ${CLAIM_REASON_DETAIL_MAX}자 이내로 입력해 주세요.` })
  .default('');

const ReasonType = z.string({ error: '취소·반품 사유를 선택해 주세요.' }).min(1).max(40);

const CancelFields = {
  claimReasonType: ReasonType,
  claimReasonDetail: ReasonDetail,
  claimType: z.literal('CANCEL').optional(),
  responsibleObjectType: z.enum(['BUYER', 'SELLER']).optional(),
  saveBankAccountInfo: z.boolean().optional(),
  bankAccountInfo: z.unknown().optional(),
  refundsImmediately: z.boolean().optional(),
};

/** POST /profile/orders/{orderNo}/claims/cancel: the whole order. */
export const OrderCancelBody = z.object(CancelFields);
export type OrderCancelBody = z.infer<typeof OrderCancelBody>;

/** POST /profile/claims/cancel: some lines of one order. */
export const OptionsCancelBody = z.object({
  ...CancelFields,
  claimedProductOptions: z
    .array(ClaimedProductOption, { error: '취소할 상품을 선택해 주세요.' })
    .min(1, { error: '취소할 상품을 선택해 주세요.' })
    .max(100),
});

/** POST /profile/order-options/{orderOptionNo}/claims/cancel */
export const OptionCancelBody = z.object({ ...CancelFields, productCnt: Cnt });

const Contact = z
  .string()
  .trim()
  .regex(/^[0-9-]{9,20}$/, { error: '연락처를 확인해 주세요.' });

/** Shopby's ClaimRequestAddress (the fields Podo keeps). */
const ReturnAddressBody = z.object({
  receiverName: z.string().trim().min(1, { error: '받는 분 이름을 입력해 주세요.' }).max(50),
  receiverZipCd: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: '우편번호 5자리를 입력해 주세요.' }),
  receiverAddress: z.string().trim().min(1, { error: '주소를 입력해 주세요.' }).max(200),
  receiverDetailAddress: z.string().trim().max(200).default(''),
  receiverJibunAddress: z.string().trim().max(200).optional(),
  receiverContact1: Contact,
  receiverContact2: z.union([Contact, z.literal('')]).optional(),
  deliveryMemo: z.string().trim().max(100).default(''),
  addressNo: z.number().int().optional(),
  addressName: z.string().max(50).optional(),
  countryCd: z.string().optional(),
  customsIdNumber: z.string().optional(),
});

const ReturnFields = {
  claimReasonType: ReasonType,
  claimReasonDetail: ReasonDetail,
  claimType: z.literal('RETURN').optional(),
  claimImageUrls: z
    .array(z.string().max(1000))
    .max(CLAIM_IMAGES_MAX, { error: `사진은 ${CLAIM_IMAGES_MAX}장까지 첨부할 수 있습니다.` })
    .default([]),
  returnAddress: ReturnAddressBody.optional(),
  returnWayType: z.enum(['SELLER_COLLECT', 'BUYER_DIRECT_RETURN']).default('SELLER_COLLECT'),
  responsibleObjectType: z.enum(['BUYER', 'SELLER']).optional(),
  deliveryCompanyType: z.string().max(40).optional(),
  invoiceNo: z.string().max(40).optional(),
  bankAccountInfo: z.unknown().optional(),
  saveBankAccountInfo: z.boolean().optional(),
};

/** POST /profile/claims/return */
export const OptionsReturnBody = z.object({
  ...ReturnFields,
  productCnt: z.number().int().optional(),
  claimedProductOptions: z
    .array(ClaimedProductOption, { error: '반품할 상품을 선택해 주세요.' })
    .min(1, { error: '반품할 상품을 선택해 주세요.' })
    .max(100),
});
export type OptionsReturnBody = z.infer<typeof OptionsReturnBody>;

/** POST /profile/order-options/{orderOptionNo}/claims/return */
export const OptionReturnBody = z.object({ ...ReturnFields, productCnt: Cnt });

/** POST /profile/claims/estimate */
export const EstimateBody = z.object({
  claimType: z.enum(['CANCEL', 'RETURN'], { error: '신청 종류(claimType)를 확인해 주세요.' }),
  claimedProductOptions: z.array(ClaimedProductOption).min(1).max(100),
  claimReasonType: ReasonType.optional(),
  responsibleObjectType: z.enum(['BUYER', 'SELLER']).optional(),
  returnWayType: z.enum(['SELLER_COLLECT', 'BUYER_DIRECT_RETURN']).optional(),
  productCnt: z.number().int().optional(),
});

/** GET /profile/order-options/{orderOptionNo}/claims/estimate */
export const OptionEstimateQuery = z.object({
  claimType: z.enum(['CANCEL', 'RETURN'], { error: '신청 종류(claimType)를 확인해 주세요.' }),
  claimReasonType: ReasonType.optional(),
  productCnt: z.coerce.number({ error: '수량을 확인해 주세요.' }).int().min(1).max(999),
  responsibleObjectType: z.enum(['BUYER', 'SELLER']).optional(),
  returnWayType: z.enum(['SELLER_COLLECT', 'BUYER_DIRECT_RETURN']).optional(),
});

export const ClaimFormQuery = z.object({
  claimType: z.enum(['CANCEL', 'RETURN'], { error: '신청 종류(claimType)를 확인해 주세요.' }),
});

const CLAIM_TYPES = ['CANCEL', 'RETURN', 'EXCHANGE'] as const;

/** GET /profile/claims */
export const ClaimListQuery = z.object({
  claimTypes: z.preprocess(
    empty,
    z
      .string()
      .transform((s) => s.split(',').map((t) => t.trim()))
      .refine((ts) => ts.every((t) => (CLAIM_TYPES as readonly string[]).includes(t)), {
        error: '신청 종류(claimTypes)를 확인해 주세요.',
      })
      .optional(),
  ),
  startYmd: Ymd,
  endYmd: Ymd,
  pageNumber: PageNumber,
  pageSize: PageSize,
  hasTotalCount: Flag,
});

/** Manager: the parcel left (delivery company and invoice number). */
export const ShipBody = z.object({
  deliveryCompanyType: z.enum(DELIVERY_COMPANIES.map((c) => c.type) as [string, ...string[]], {
    error: '택배사를 선택해 주세요.',
  }),
  invoiceNo: z
    .string({ error: '송장 번호를 입력해 주세요.' })
    .trim()
    .regex(INVOICE_NO, { error: '송장 번호는 숫자와 하이픈으로 8~20자를 입력해 주세요.' })
    // kept without hyphens: couriers' tracking pages and files take the digits
    .transform((s) => s.replace(/-/g, '')),
});

export const ShipCsvBody = z.object({
  csv: z
    .string({ error: '발송 파일의 내용이 없습니다.' })
    .min(1, { error: '발송 파일의 내용이 없습니다.' })
    .max(200_000, { error: '발송 파일이 너무 큽니다. 2,000줄 이하로 나눠 주세요.' }),
  dryRun: z.boolean().default(true),
});

export const RejectBody = z.object({
  reason: z
    .string({ error: '거부 사유를 입력해 주세요.' })
    .trim()
    .min(1, { error: '거부 사유를 입력해 주세요.' })
    .max(500, { error: '거부 사유는 500자 이내로 입력해 주세요.' }),
});
