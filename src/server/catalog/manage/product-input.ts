import { josa } from 'es-hangul';
import { z } from 'zod';
import { TEMPLATES } from '../../../lib/design/templates.ts';
import type { FieldProblem } from '../../platform/errors.ts';

/**
 * What the product editor saves (POST /api/manager/products, PUT /api/manager/products/{no}),
 * checked field by field with Korean messages. Money is whole won; times are ISO-8601 with an
 * offset (the editor sends Asia/Seoul local times as `2026-12-01T09:00:00+09:00`) and are stored
 * in UTC like every `*_ymdt` column.
 */

const MAX_PRICE = 100_000_000;

const text = (label: string, max: number) =>
  z
    .string({ error: `${josa(label, '을/를')} 입력해 주세요.` })
    .trim()
    .max(max, { error: `${josa(label, '은/는')} ${max}자까지 쓸 수 있습니다.` });

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text(label, max).nullable().optional(),
  );

/** "판매가를 입력해 주세요." for a missing value, "…숫자로 입력해 주세요." for anything else. */
const numberError = (label: string) => (issue: { input?: unknown }) =>
  issue.input == null || issue.input === ''
    ? `${josa(label, '을/를')} 입력해 주세요.`
    : `${josa(label, '은/는')} 숫자로 입력해 주세요.`;

const won = (label: string) =>
  z
    .number({ error: numberError(label) })
    .int({ error: `${josa(label, '은/는')} 원 단위 정수로 입력해 주세요.` })
    .min(0, { error: `${josa(label, '은/는')} 0원 이상으로 입력해 주세요.` })
    .max(MAX_PRICE, { error: `${josa(label, '은/는')} 1억 원을 넘을 수 없습니다.` });

const count = (label: string, max = 1_000_000) =>
  z
    .number({ error: numberError(label) })
    .int({ error: `${josa(label, '은/는')} 정수로 입력해 주세요.` })
    .min(0, { error: `${josa(label, '은/는')} 0 이상으로 입력해 주세요.` })
    .max(max, { error: `${josa(label, '은/는')} ${max.toLocaleString('ko-KR')} 이하로 입력해 주세요.` });

const time = (label: string) =>
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), {
      error: `${josa(label, '을/를')} 날짜와 시각으로 입력해 주세요.`,
    })
    .transform((s) => new Date(s).toISOString());

const optionalTime = (label: string) =>
  z.preprocess((v) => (v === '' ? null : v), time(label).nullable().optional());

const barcode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .regex(/^[0-9A-Za-z-]{4,32}$/, { error: '바코드는 숫자와 영문 4~32자로 입력해 주세요.' })
    .nullable()
    .optional(),
);

export const OptionRowSchema = z.object({
  optionNo: z.number().int().positive().optional(),
  values: z.array(z.string().trim().max(50, { error: '옵션값은 50자까지 쓸 수 있습니다.' })).max(4),
  addPrice: z
    .number({ error: '옵션 추가 금액은 숫자로 입력해 주세요.' })
    .int({ error: '옵션 추가 금액은 원 단위 정수로 입력해 주세요.' })
    .min(-MAX_PRICE)
    .max(MAX_PRICE),
  stock: count('재고').optional(),
  optionManagementCd: optionalText('옵션 관리코드', 50),
  barcode,
  forcedSoldOut: z.boolean().default(false),
});

export const ProductInputSchema = z
  .object({
    productName: text('상품명', 100).min(1, { error: '상품명을 입력해 주세요.' }),
    productNameEn: optionalText('영문 상품명', 100),
    /** The product page's address `/product/{slug}`; `product-{productNo}` when left empty. */
    slug: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{1,79}$/, {
          error: '상품 주소는 영문 소문자, 숫자, 하이픈(-)으로 2~80자 입력해 주세요.',
        })
        .nullable()
        .default(null),
    ),
    productManagementCd: optionalText('상품 관리코드', 50),
    brandNo: z.number().int().positive().nullable().default(null),
    partnerNo: z
      .number({ error: '거래처를 골라 주세요.' })
      .int()
      .positive({ error: '거래처를 골라 주세요.' }),
    deliveryTemplateNo: z
      .number({ error: '배송비 템플릿을 골라 주세요.' })
      .int()
      .positive({ error: '배송비 템플릿을 골라 주세요.' }),
    categoryNos: z
      .array(z.number().int().positive())
      .max(20, { error: '카테고리는 20개까지 고를 수 있습니다.' }),
    salePrice: won('판매가'),
    immediateDiscount: z
      .object({
        value: count('즉시 할인', MAX_PRICE),
        unit: z.enum(['WON', 'RATE'], { error: '즉시 할인 단위는 원 또는 %입니다.' }),
        startYmdt: optionalTime('할인 시작 일시'),
        endYmdt: optionalTime('할인 종료 일시'),
      })
      .default({ value: 0, unit: 'WON', startYmdt: null, endYmdt: null }),
    saleStatus: z.enum(['READY', 'ONSALE', 'FINISHED', 'STOP', 'PROHIBITION'], {
      error: '판매 상태를 골라 주세요.',
    }),
    saleStartYmdt: optionalTime('판매 시작 일시'),
    saleEndYmdt: optionalTime('판매 종료 일시'),
    frontDisplay: z.boolean().default(true),
    urlDirectDisplay: z.boolean().default(false),
    forcedSoldOut: z.boolean().default(false),
    minBuyCnt: count('최소 구매 수량', 10_000)
      .min(1, { error: '최소 구매 수량은 1개 이상이어야 합니다.' })
      .default(1),
    maxBuyPersonCnt: count('1인 최대 구매 수량', 10_000).default(0),
    maxBuyTimeCnt: count('1회 최대 구매 수량', 10_000).default(0),
    accumulationRate: count('적립률', 100).default(0),
    promotionText: optionalText('홍보 문구', 100),
    productSummary: optionalText('상품 요약', 500),
    content: z.string().max(200_000, { error: '상세 설명이 너무 깁니다 (20만 자까지).' }).default(''),
    dutyInfo: z
      .array(
        z.object({
          label: text('고시 항목명', 50).min(1, { error: '상품정보제공고시 항목명을 입력해 주세요.' }),
          value: text('고시 내용', 500).min(1, { error: '상품정보제공고시 내용을 입력해 주세요.' }),
        }),
      )
      .max(40, { error: '상품정보제공고시는 40항목까지 넣을 수 있습니다.' })
      .default([]),
    searchKeywords: z
      .array(z.string().trim().min(1).max(30, { error: '검색어 하나는 30자까지 쓸 수 있습니다.' }))
      .max(30, { error: '검색어는 30개까지 넣을 수 있습니다.' })
      .default([]),
    lowStockThreshold: count('재고 부족 기준', 100_000).default(5),
    customizable: z.boolean().default(false),
    designTemplateId: z
      .string()
      .nullable()
      .default(null)
      .refine((id) => id === null || TEMPLATES.some((t) => t.id === id), {
        error: '디자인 템플릿을 목록에서 골라 주세요.',
      }),
    options: z.object({
      dimensions: z
        .array(
          z.object({
            label: text('옵션명', 30),
            values: z.array(z.string().trim().max(50, { error: '옵션값은 50자까지 쓸 수 있습니다.' })),
          }),
        )
        .max(4, { error: '옵션은 4단까지 만들 수 있습니다.' }),
      rows: z.array(OptionRowSchema).min(1, { error: '옵션을 하나 이상 만들어 주세요.' }).max(500),
    }),
    inputs: z
      .array(
        z.object({
          inputNo: z.number().int().positive().optional(),
          inputLabel: text('입력 항목명', 50).min(1, { error: '구매자 입력 항목명을 입력해 주세요.' }),
          required: z.boolean().default(false),
          maxLength: count('입력 글자 수', 1000)
            .min(1, { error: '입력 글자 수는 1자 이상이어야 합니다.' })
            .default(100),
        }),
      )
      .max(10, { error: '구매자 입력 항목은 10개까지 만들 수 있습니다.' })
      .default([]),
  })
  .superRefine((p, ctx) => {
    const d = p.immediateDiscount;
    if (d.unit === 'RATE' && d.value > 99)
      ctx.addIssue({
        code: 'custom',
        path: ['immediateDiscount', 'value'],
        message: '할인율은 99%까지입니다.',
      });
    if (d.unit === 'WON' && d.value > p.salePrice)
      ctx.addIssue({
        code: 'custom',
        path: ['immediateDiscount', 'value'],
        message: '할인 금액이 판매가보다 클 수 없습니다.',
      });
    if (d.startYmdt && d.endYmdt && d.endYmdt <= d.startYmdt)
      ctx.addIssue({
        code: 'custom',
        path: ['immediateDiscount', 'endYmdt'],
        message: '할인 종료 일시는 시작 일시보다 뒤여야 합니다.',
      });
    if (p.saleStartYmdt && p.saleEndYmdt && p.saleEndYmdt <= p.saleStartYmdt)
      ctx.addIssue({
        code: 'custom',
        path: ['saleEndYmdt'],
        message: '판매 종료 일시는 시작 일시보다 뒤여야 합니다.',
      });
    if (p.maxBuyTimeCnt > 0 && p.maxBuyTimeCnt < p.minBuyCnt)
      ctx.addIssue({
        code: 'custom',
        path: ['maxBuyTimeCnt'],
        message: '1회 최대 구매 수량은 최소 구매 수량보다 작을 수 없습니다.',
      });
    if (p.customizable && !p.designTemplateId)
      ctx.addIssue({
        code: 'custom',
        path: ['designTemplateId'],
        message: '커스텀 상품은 디자인 템플릿을 골라 주세요.',
      });
    p.options.rows.forEach((row, i) => {
      if (row.values.length !== p.options.dimensions.length)
        ctx.addIssue({
          code: 'custom',
          path: ['options', 'rows', i, 'values'],
          message: '옵션 행의 값 개수가 옵션 단수와 다릅니다. 옵션 목록을 다시 만들어 주세요.',
        });
      if (p.salePrice + row.addPrice < 0)
        ctx.addIssue({
          code: 'custom',
          path: ['options', 'rows', i, 'addPrice'],
          message: '옵션가를 더한 판매가가 0원보다 작을 수 없습니다.',
        });
    });
    const barcodes = new Map<string, number>();
    p.options.rows.forEach((row, i) => {
      if (!row.barcode) return;
      if (barcodes.has(row.barcode))
        ctx.addIssue({
          code: 'custom',
          path: ['options', 'rows', i, 'barcode'],
          message: `바코드 ${row.barcode}가 두 옵션에 있습니다.`,
        });
      barcodes.set(row.barcode, i);
    });
  });

export type ProductInput = z.output<typeof ProductInputSchema>;
export type ProductInputDraft = z.input<typeof ProductInputSchema>;

/** A saved product is edited from the version it was read at. */
export const ProductUpdateSchema = z.object({ version: z.number().int().positive() });

/** Zod's issues as the editor's per-field problems (the first message per field). */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const message = /[가-힣]/.test(issue.message)
      ? issue.message
      : `입력값을 확인해 주세요 (${path || '요청'}).`;
    out.push({ path, message });
  }
  return out;
}
