import { josa } from 'es-hangul';
import { z } from 'zod';

/**
 * Inputs of the catalogue: the service's own criteria (what server-rendered pages pass) and the
 * Shopby query strings the `/shop-api` routes accept, which parse into those criteria. Messages
 * are Korean because the validation hook shows them to the shopper as they are.
 */

export const PRODUCT_ORDER_BY = [
  'POPULAR',
  'SALE_YMD',
  'DISCOUNTED_PRICE',
  'REVIEW',
  'SALE_CNT',
  'RECENT_PRODUCT',
  'MD_RECOMMEND',
] as const;
export type ProductOrderBy = (typeof PRODUCT_ORDER_BY)[number];

const SECTION_ORDER_BY = [
  'ADMIN_SETTING',
  'SALE_YMD',
  'POPULAR',
  'DISCOUNTED_PRICE',
  'REVIEW',
  'RECOMMENDATION',
] as const;
export type SectionOrderBy = (typeof SECTION_ORDER_BY)[number];

const MAX_PAGE_SIZE = 200;
const DEFAULT_SEARCH_PAGE_SIZE = 30;
const MAX_PAGE_NUMBER = 100_000;
const MAX_LIST = 50;

const unknownKeys = (iss: { code: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? `알 수 없는 요청 값입니다: ${(iss.keys ?? []).join(', ')}` : undefined;

// ---------------------------------------------------------------------------------------------
// Service criteria (typed values)

const positiveInt = (what: string) =>
  z
    .number({ error: `${josa(what, '은/는')} 숫자여야 합니다.` })
    .int({ error: `${josa(what, '은/는')} 정수여야 합니다.` })
    .min(1, { error: `${josa(what, '은/는')} 1 이상이어야 합니다.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${josa(what, '이/가')} 너무 큽니다.` });

const pageNumber = z
  .number()
  .int()
  .min(1, { error: '페이지 번호는 1 이상이어야 합니다.' })
  .max(MAX_PAGE_NUMBER, { error: '페이지 번호가 너무 큽니다.' });
const pageSize = z
  .number()
  .int()
  .min(1, { error: '페이지 크기는 1 이상이어야 합니다.' })
  .max(MAX_PAGE_SIZE, { error: `한 번에 최대 ${MAX_PAGE_SIZE}개까지 조회할 수 있습니다.` });
const numberList = (what: string) =>
  z
    .array(positiveInt(what))
    .max(MAX_LIST, { error: `${josa(what, '은/는')} 최대 ${MAX_LIST}개까지 지정할 수 있습니다.` });

export const ProductSearchQuery = z.strictObject(
  {
    /** Words separated by spaces, all of which must match (name, keywords, brand or partner). */
    keywords: z.string().trim().max(100, { error: '검색어는 100자 이내로 입력해 주세요.' }).optional(),
    /** Shopby `filter.keywordInResult`: further words that must also match. */
    keywordsInResult: z
      .string()
      .trim()
      .max(100, { error: '검색어는 100자 이내로 입력해 주세요.' })
      .optional(),
    /** Include sold-out products (Shopby `filter.soldout`); `false` leaves them out. */
    soldout: z.boolean().default(true),
    /** Display categories; each includes its descendants. */
    categoryNos: numberList('카테고리 번호').optional(),
    brandNos: numberList('브랜드 번호').optional(),
    partnerNo: positiveInt('파트너 번호').optional(),
    hasOptionValues: z.boolean().default(false),
    shippingAreaType: z
      .enum(['MALL', 'PARTNER'], { error: '배송 구분은 MALL 또는 PARTNER입니다.' })
      .optional(),
    deliveryConditionType: z
      .enum(['FREE', 'CONDITIONAL', 'FIXED_FEE'], { error: '배송비 조건이 올바르지 않습니다.' })
      .optional(),
    /**
     * READY_ONSALE (default; ALL_CONDITIONS and RESERVATION_AND_ONSALE mean the same here): on sale
     * and awaiting sale. ONSALE: only what can be bought now.
     */
    saleStatus: z
      .enum(['ALL_CONDITIONS', 'READY_ONSALE', 'ONSALE', 'RESERVATION_AND_ONSALE'], {
        error: '판매 상태 값이 올바르지 않습니다.',
      })
      .default('READY_ONSALE'),
    productManagementCd: z.string().max(100).optional(),
    includeProductNos: numberList('상품 번호').optional(),
    excludeProductNos: numberList('상품 번호').optional(),
    orderBy: z.enum(PRODUCT_ORDER_BY, { error: '정렬 기준이 올바르지 않습니다.' }).default('POPULAR'),
    direction: z.enum(['ASC', 'DESC'], { error: '정렬 방향은 ASC 또는 DESC입니다.' }).default('DESC'),
    /** Shopby `order.soldoutPlaceEnd`: sold-out products after the others. */
    soldoutPlaceEnd: z.boolean().default(false),
    pageNumber: pageNumber.default(1),
    pageSize: pageSize.default(DEFAULT_SEARCH_PAGE_SIZE),
    /** Accepted for Shopby compatibility; `totalCount` is always filled. */
    hasTotalCount: z.boolean().default(true),
    /** Podo: leave out the products of the partner that is the shop's own brand (spec §5). */
    excludeBrandPartner: z.boolean().default(false),
    /** Podo: only the shop's own brand products (/shop/{brand}-products). */
    onlyBrandPartner: z.boolean().default(false),
    /** Shopby's `filter.discountedPrices` with `filter.discountedComparison`: the price now. */
    price: z
      .strictObject({
        comparison: z.enum(['GT', 'GTE', 'LTE', 'EQ', 'BETWEEN']),
        from: z.number().int().min(0),
        to: z.number().int().min(0).optional(),
      })
      .optional(),
  },
  { error: unknownKeys },
);
/** What a caller passes: every field optional. */
export type ProductSearchQuery = z.input<typeof ProductSearchQuery>;
/** The same after defaults. */
export type ProductSearchCriteria = z.output<typeof ProductSearchQuery>;

export const DisplaySectionQuery = z.strictObject(
  {
    /** Default: the section's own sort. */
    by: z.enum(SECTION_ORDER_BY, { error: '정렬 기준이 올바르지 않습니다.' }).optional(),
    direction: z.enum(['ASC', 'DESC'], { error: '정렬 방향은 ASC 또는 DESC입니다.' }).default('DESC'),
    soldout: z.boolean().default(true),
    saleStatus: z
      .enum(['ALL_CONDITIONS', 'READY_ONSALE', 'ONSALE', 'RESERVATION_AND_ONSALE'], {
        error: '판매 상태 값이 올바르지 않습니다.',
      })
      .default('READY_ONSALE'),
    pageNumber: pageNumber.default(1),
    pageSize: pageSize.default(DEFAULT_SEARCH_PAGE_SIZE),
    hasTotalCount: z.boolean().default(true),
    hasOptionValues: z.boolean().default(false),
    excludeBrandPartner: z.boolean().default(false),
  },
  { error: unknownKeys },
);
export type DisplaySectionQuery = z.input<typeof DisplaySectionQuery>;
export type DisplaySectionCriteria = z.output<typeof DisplaySectionQuery>;

export const BrandSearchQuery = z.strictObject(
  {
    brandName: z.string().trim().max(100, { error: '브랜드명은 100자 이내로 입력해 주세요.' }).optional(),
    pageNumber: pageNumber.default(1),
    pageSize: pageSize.default(MAX_PAGE_SIZE),
    sortCriterion: z
      .enum(['BRAND_NAME', 'LIKE_COUNT'], { error: '정렬 기준이 올바르지 않습니다.' })
      .default('BRAND_NAME'),
    sortDirection: z.enum(['ASC', 'DESC'], { error: '정렬 방향은 ASC 또는 DESC입니다.' }).default('DESC'),
  },
  { error: unknownKeys },
);
export type BrandSearchQuery = z.input<typeof BrandSearchQuery>;
export type BrandSearchCriteria = z.output<typeof BrandSearchQuery>;

// ---------------------------------------------------------------------------------------------
// Query strings (Shopby names). Every value arrives as a string; an empty value counts as absent,
// as Shopby clients often send `filter.keywords=` for "no filter".

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
// A JavaScript client that stringifies an unset value sends `categoryNos=null` (Shopby's own skin
// does): for numbers, lists, flags and enumerations that too counts as absent. Free text keeps it.
const unsetToUndefined = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
const optionalValue = <T extends z.ZodType>(schema: T) => z.preprocess(unsetToUndefined, schema.optional());

const qInt = (what: string) =>
  optionalValue(
    z
      .string()
      .regex(/^\d{1,15}$/, { error: `${josa(what, '은/는')} 1 이상의 숫자로 입력해 주세요.` })
      .transform(Number),
  );
const qBool = (what: string) =>
  optionalValue(
    z
      .enum(['true', 'false'], { error: `${josa(what, '은/는')} true 또는 false입니다.` })
      .transform((v) => v === 'true'),
  );
const qIntList = (what: string) =>
  optionalValue(
    z
      .string()
      .regex(/^\d{1,15}(,\d{1,15})*$/, {
        error: `${josa(what, '은/는')} 쉼표로 구분한 숫자로 입력해 주세요.`,
      })
      .transform((v) => v.split(',').map(Number)),
  );
const qText = (max = 100) =>
  optional(z.string().max(max, { error: `입력값은 ${max}자 이내로 입력해 주세요.` }));
const qEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  optionalValue(z.enum(values, { error: message }));

const withCategory = (list: number[] | undefined, one: number | undefined) =>
  one === undefined || list?.includes(one) ? list : [...(list ?? []), one];

/** Shopby's `filter.customProperties.*` (custom product properties): Podo has none, so any is ignored. */
const CUSTOM_PROPERTIES = 'filter.customProperties.';
const dropCustomProperties = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith(CUSTOM_PROPERTIES)))
    : v;

/** GET /products/search */
export const ProductSearchParams = z
  .preprocess(
    dropCustomProperties,
    z.strictObject(
      {
        'filter.keywords': qText(),
        'filter.keywordInResult': qText(),
        'filter.soldout': qBool('filter.soldout'),
        'filter.saleStatus': qEnum(
          ['ALL_CONDITIONS', 'READY_ONSALE', 'ONSALE', 'RESERVATION_AND_ONSALE'],
          '판매 상태 값이 올바르지 않습니다.',
        ),
        'filter.deliveryConditionType': qEnum(
          ['FREE', 'CONDITIONAL', 'FIXED_FEE'],
          '배송비 조건이 올바르지 않습니다.',
        ),
        'filter.productManagementCd': qText(),
        'filter.includeMallProductNo': qIntList('상품 번호'),
        'filter.excludeMallProductNo': qIntList('상품 번호'),
        // accepted and ignored: they change nothing in this shop's results
        'filter.totalReviewCount': qBool('filter.totalReviewCount'),
        'filter.familyMalls': qBool('filter.familyMalls'),
        clientKey: qText(),
        hasMaxCouponAmt: qBool('hasMaxCouponAmt'),
        includeSummaryInfo: qBool('includeSummaryInfo'),
        onlySaleProduct: qBool('onlySaleProduct'),
        'order.by': qEnum(PRODUCT_ORDER_BY, '정렬 기준이 올바르지 않습니다.'),
        'order.direction': qEnum(['ASC', 'DESC'], '정렬 방향은 ASC 또는 DESC입니다.'),
        'order.soldoutPlaceEnd': qBool('order.soldoutPlaceEnd'),
        categoryNos: qIntList('카테고리 번호'),
        brandNos: qIntList('브랜드 번호'),
        partnerNo: qInt('파트너 번호'),
        hasOptionValues: qBool('hasOptionValues'),
        shippingAreaType: qEnum(['MALL', 'PARTNER'], '배송 구분은 MALL 또는 PARTNER입니다.'),
        pageNumber: qInt('페이지 번호'),
        pageSize: qInt('페이지 크기'),
        hasTotalCount: qBool('hasTotalCount'),
        /** Podo extension, see ProductSearchQuery.excludeBrandPartner. */
        excludeBrandPartner: qBool('excludeBrandPartner'),
        /** Shopby: one display category (with its descendants); joins `categoryNos`. */
        displayCategoryNo: qInt('전시 카테고리 번호'),
        // Shopby's price filter on the price now (discounts applied): one price, or `from,to` for BETWEEN
        'filter.discountedPrices': optionalValue(
          z
            .string()
            .regex(/^\d{1,12}(,\d{1,12})?$/, { error: '할인가는 쉼표로 구분한 숫자로 입력해 주세요.' }),
        ),
        'filter.discountedComparison': qEnum(
          ['GT', 'LTE', 'GTE', 'EQ', 'BETWEEN'],
          '할인가 비교 조건은 GT, LTE, GTE, EQ, BETWEEN 중 하나입니다.',
        ),
      },
      { error: unknownKeys },
    ),
  )
  .transform((q): ProductSearchQuery => ({
    keywords: q['filter.keywords'],
    keywordsInResult: q['filter.keywordInResult'],
    soldout: q['filter.soldout'],
    saleStatus: q.onlySaleProduct ? 'ONSALE' : q['filter.saleStatus'],
    deliveryConditionType: q['filter.deliveryConditionType'],
    productManagementCd: q['filter.productManagementCd'],
    includeProductNos: q['filter.includeMallProductNo'],
    excludeProductNos: q['filter.excludeMallProductNo'],
    orderBy: q['order.by'],
    direction: q['order.direction'],
    soldoutPlaceEnd: q['order.soldoutPlaceEnd'],
    categoryNos: withCategory(q.categoryNos, q.displayCategoryNo),
    brandNos: q.brandNos,
    partnerNo: q.partnerNo,
    hasOptionValues: q.hasOptionValues,
    shippingAreaType: q.shippingAreaType,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    hasTotalCount: q.hasTotalCount,
    excludeBrandPartner: q.excludeBrandPartner,
    price: priceFilterOf(q['filter.discountedPrices'], q['filter.discountedComparison']),
  }))
  .pipe(ProductSearchQuery);

/**
 * Shopby's price filter: `filter.discountedPrices` is one price (compared by
 * `filter.discountedComparison`, GTE when absent) or `from,to` (BETWEEN, both ends included).
 */
function priceFilterOf(
  prices: string | undefined,
  comparison: 'GT' | 'LTE' | 'GTE' | 'EQ' | 'BETWEEN' | undefined,
): ProductSearchQuery['price'] {
  if (prices === undefined) return undefined;
  const [from, to] = prices.split(',').map(Number) as [number, number | undefined];
  if (to !== undefined) return { comparison: 'BETWEEN', from: Math.min(from, to), to: Math.max(from, to) };
  const c = comparison ?? 'GTE';
  return c === 'BETWEEN' ? { comparison: 'GTE', from } : { comparison: c, from };
}

export const ProductNoParam = z.strictObject({
  productNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '상품 번호는 숫자로 입력해 주세요.' })
    .transform(Number),
});

/** GET /products/{productNo} and /options: Shopby's flags, accepted and without effect here. */
export const ProductDetailParams = z.strictObject(
  { channelType: qText(), preview: qBool('preview'), pageSize: qInt('페이지 크기') },
  { error: unknownKeys },
);

/** GET /products/options?productNos=1,2 */
export const ProductOptionsParams = z.strictObject(
  {
    productNos: z.preprocess(
      blankToUndefined,
      z
        .string({ error: '상품 번호(productNos)를 입력해 주세요.' })
        .regex(/^\d{1,15}(,\d{1,15})*$/, { error: '상품 번호는 쉼표로 구분한 숫자로 입력해 주세요.' })
        .transform((v) => v.split(',').map(Number))
        .pipe(numberList('상품 번호')),
    ),
  },
  { error: unknownKeys },
);

export const CategoryNoParam = z.strictObject({
  categoryNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '카테고리 번호는 숫자로 입력해 주세요.' })
    .transform(Number),
});

/** GET /categories */
export const CategoriesParams = z.strictObject({ keyword: qText() }, { error: unknownKeys });

export const SectionNoParam = z.strictObject({
  sectionNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '섹션 번호는 숫자로 입력해 주세요.' })
    .transform(Number),
});

/** GET /display/sections/{sectionNo} */
export const DisplaySectionParams = z
  .strictObject(
    {
      by: qEnum(SECTION_ORDER_BY, '정렬 기준이 올바르지 않습니다.'),
      direction: qEnum(['ASC', 'DESC'], '정렬 방향은 ASC 또는 DESC입니다.'),
      soldout: qBool('soldout'),
      saleStatus: qEnum(
        ['ALL_CONDITIONS', 'READY_ONSALE', 'ONSALE', 'RESERVATION_AND_ONSALE'],
        '판매 상태 값이 올바르지 않습니다.',
      ),
      pageNumber: qInt('페이지 번호'),
      pageSize: qInt('페이지 크기'),
      hasTotalCount: qBool('hasTotalCount'),
      hasOptionValues: qBool('hasOptionValues'),
      includeStopProduct: qBool('includeStopProduct'),
      excludeBrandPartner: qBool('excludeBrandPartner'),
    },
    { error: unknownKeys },
  )
  .transform(({ includeStopProduct: _ignored, ...rest }): DisplaySectionQuery => rest)
  .pipe(DisplaySectionQuery);

export const BannerCodesParam = z.strictObject({
  codes: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,50}(,[A-Za-z0-9_-]{1,50}){0,19}$/, {
      error: '배너 코드는 쉼표로 구분해 입력해 주세요.',
    })
    .transform((v) => [...new Set(v.split(','))]),
});

/** GET /display/brands/search */
export const BrandSearchParams = z
  .strictObject(
    {
      brandName: qText(),
      pageNumber: qInt('페이지 번호'),
      pageSize: qInt('페이지 크기'),
      sortCriterion: qEnum(['BRAND_NAME', 'LIKE_COUNT'], '정렬 기준이 올바르지 않습니다.'),
      sortDirection: qEnum(['ASC', 'DESC'], '정렬 방향은 ASC 또는 DESC입니다.'),
    },
    { error: unknownKeys },
  )
  .pipe(BrandSearchQuery);
