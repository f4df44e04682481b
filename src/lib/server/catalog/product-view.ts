import type { DateYmdt } from '@shopby/shop-sdk/build/types/common';
import type { ProductMultiLevelOption } from '@shopby/shop-sdk/build/types/domain/product';
import { toShopbyYmdt } from '../../dates.ts';
import { formatWon } from '../../money.ts';
import {
  accumulationAmt,
  availableStock,
  effectiveSaleStatus,
  immediateDiscountAmt,
  isOptionSoldOut,
  isProductSoldOut,
  optionBuyPrice,
} from './pricing.ts';
import type {
  CategoryPathRow,
  ImageRow,
  InputRow,
  OptionRow,
  ProductDetailRow,
  ProductListRow,
} from './repo.ts';
import type {
  ImageInfo,
  ImageVariant,
  ProductDetail,
  ProductOptionResponse,
  ProductOptionsResponse,
  ProductSearchItem,
} from './types.ts';

/** Turns catalogue rows into Shopby's response shapes. Pure: the time is passed in. */

/** Shopby has no "no end": open-ended sale periods are shown with this end. */
export const OPEN_END_YMDT = '9999-12-31 23:59:59' as DateYmdt;

export const ymdt = (iso: string) => toShopbyYmdt(iso) as DateYmdt;

/** Width the list image is served at (a card is at most ~320 CSS px wide, at density 2). */
const LIST_IMAGE_WIDTH = 640;

export function groupBy<T>(items: readonly T[], key: (t: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function parseVariants(json: string | null): ImageVariant[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((v): v is ImageVariant => typeof v?.width === 'number' && typeof v?.url === 'string')
      .sort((a, b) => a.width - b.width);
  } catch {
    return [];
  }
}

export function imageInfo(row: ImageRow): ImageInfo {
  return {
    url: row.url,
    width: row.width,
    height: row.height,
    alt: row.alt,
    main: row.is_main === 1,
    variants: parseVariants(row.variants),
  };
}

/** The smallest generated width that covers a list card, else the largest there is. */
function listUrl(img: ImageInfo): string {
  return (img.variants.find((v) => v.width >= LIST_IMAGE_WIDTH) ?? img.variants.at(-1))?.url ?? img.url;
}

const labelsOf = (row: { option_labels: string }) => (row.option_labels ? row.option_labels.split('|') : []);

function valuesOf(o: OptionRow, dims: number): string[] {
  return [o.value1, o.value2, o.value3, o.value4].slice(0, dims).map((v) => v ?? '');
}

/** The options a shopper can choose: with dimensions, the rows that carry values. */
function sellableOptions(row: { option_labels: string }, options: readonly OptionRow[]): OptionRow[] {
  return labelsOf(row).length === 0 ? [...options] : options.filter((o) => o.value1 !== null);
}

// ------------------------------------------------------------------------------ list items

export function toListItem(
  row: ProductListRow,
  images: readonly ImageRow[],
  allOptions: readonly OptionRow[],
  now: Date,
  withOptionValues: boolean,
): ProductSearchItem {
  const options = sellableOptions(row, allOptions);
  const discount = immediateDiscountAmt(row, now);
  const discounted = row.sale_price - discount;
  const infos = images.map(imageInfo);
  const main = infos[0] ?? null;
  const addPrices = options.map((o) => o.add_price);
  const stock = availableStock(options);
  const dims = labelsOf(row).length;
  return {
    productNo: row.product_no,
    productName: row.product_name,
    productNameEn: row.product_name_en ?? '',
    productManagementCd: row.product_management_cd ?? '',
    productType: row.product_type,
    salePrice: row.sale_price,
    minSalePrice: row.sale_price + (addPrices.length ? Math.min(...addPrices) : 0),
    maxSalePrice: row.sale_price + (addPrices.length ? Math.max(...addPrices) : 0),
    immediateDiscountAmt: discount,
    immediateDiscountUnitType: row.immediate_discount_unit,
    additionDiscountAmt: 0,
    additionDiscountUnitType: 'WON',
    couponDiscountAmt: 0,
    maxCouponAmt: 0,
    maxDiscountAmount: discount,
    listImageUrls: main ? [listUrl(main)] : [],
    imageUrls: infos.map((i) => i.url),
    isSoldOut: isProductSoldOut(row.forced_sold_out, options),
    saleStatusType: effectiveSaleStatus(row, now),
    stockCnt: stock,
    mainStockCnt: stock,
    brandNo: row.brand_no ?? 0,
    brandName: row.brand_name ?? '',
    brandNameKo: row.brand_name_ko ?? row.brand_name ?? '',
    brandNameEn: row.brand_name_en ?? '',
    brandNameType: 'NAME_KO',
    partnerName: row.partner_name,
    reviewRating: row.review_rating,
    totalReviewCount: row.review_cnt,
    likeCount: row.like_cnt,
    liked: false,
    saleCnt: row.sale_cnt,
    promotionText: row.promotion_text ?? '',
    registerYmdt: ymdt(row.register_ymdt),
    saleStartYmdt: ymdt(row.sale_start_ymdt),
    saleEndYmdt: row.sale_end_ymdt ? ymdt(row.sale_end_ymdt) : OPEN_END_YMDT,
    salePeriodType: row.sale_period_type,
    productSalePeriodType: row.sale_period_type,
    deliveryConditionType: row.delivery_condition_type,
    shippingArea: row.shipping_area_type === 'MALL' ? 'MALL_SHIPPING_AREA' : 'PARTNER_SHIPPING_AREA',
    displayCategoryNos: row.category_nos ?? '',
    optionValues:
      withOptionValues && dims > 0
        ? options.map((o) => ({
            optionValue: valuesOf(o, dims).join('|'),
            stockCnt: o.forced_sold_out === 1 ? 0 : o.stock_cnt,
            mallProductNo: row.product_no,
          }))
        : [],
    frontDisplayYn: row.front_display === 1,
    urlDirectDisplayYn: row.url_direct_display === 1,
    stickerLabels: [],
    stickerInfos: [],
    adult: false,
    accumulationAmtWhenBuyConfirm: accumulationAmt(discounted, row.accumulation_rate),
    hasCoupons: { product: false, partner: false, event: false, category: false, brand: false },
    enableCoupons: false,
    couponTag: '',
    contentsIfPausing: '',
    mainBestProductYn: false,
    hsCode: '',
    searchProductId: String(row.product_no),
    extra: {
      slug: row.slug,
      partnerNo: row.partner_no,
      customizable: row.customizable === 1,
      discountedPrice: discounted,
      listImage: main,
    },
  };
}

// ------------------------------------------------------------------------------ options

export function toOptions(
  row: ProductListRow,
  allOptions: readonly OptionRow[],
  inputs: readonly InputRow[],
  now: Date,
): ProductOptionsResponse {
  const labels = labelsOf(row);
  const dims = labels.length;
  const discount = immediateDiscountAmt(row, now);
  const options = sellableOptions(row, allOptions);
  const hasDefault = options.some((o) => o.is_default === 1);
  const flatOptions: ProductOptionResponse[] = options.map((o, i) => ({
    optionNo: o.option_no,
    label: labels.join('|'),
    value: valuesOf(o, dims).join('|'),
    addPrice: o.add_price,
    buyPrice: optionBuyPrice(row.sale_price, discount, o.add_price),
    stockCnt: o.stock_cnt,
    saleCnt: o.sale_cnt,
    reservationStockCnt: 0,
    // a product marked sold out sells none of its options
    saleType: row.forced_sold_out === 1 || isOptionSoldOut(o) ? 'SOLD_OUT' : 'AVAILABLE',
    forcedSoldOut: o.forced_sold_out === 1,
    optionManagementCd: o.option_management_cd ?? '',
    main: hasDefault ? o.is_default === 1 : i === 0,
    images: o.image_url ? [{ main: true, url: o.image_url }] : [],
    rentalInfo: [],
    isRequiredOption: true,
  }));
  return {
    type: dims === 0 ? 'DEFAULT' : 'COMBINATION',
    selectType: dims >= 2 ? 'MULTI' : 'FLAT',
    labels,
    displayableStock: true,
    isRequiredOption: true,
    productSalePrice: row.sale_price,
    immediateDiscountAmt: discount,
    flatOptions,
    multiLevelOptions: dims === 0 ? [] : multiLevel(labels, options, flatOptions),
    inputs: inputs.map((i) => ({
      inputNo: i.input_no,
      inputLabel: i.input_label,
      inputMatchingType: i.input_matching_type,
      required: i.required === 1,
      maxLength: i.max_length,
    })),
  };
}

/** Shopby's separated form: one level per label, the last level holding the whole option. */
function multiLevel(
  labels: string[],
  rows: OptionRow[],
  flat: ProductOptionResponse[],
): ProductMultiLevelOption[] {
  const root: ProductMultiLevelOption[] = [];
  const last = labels.length - 1;
  rows.forEach((row, i) => {
    const values = valuesOf(row, labels.length);
    let level = root;
    for (let d = 0; d < last; d++) {
      let node = level.find((n) => n.value === values[d]);
      if (!node) {
        node = { label: labels[d] ?? '', value: values[d] ?? '', children: [] };
        level.push(node);
      }
      level = node.children as ProductMultiLevelOption[];
    }
    const option = flat[i];
    if (option)
      level.push({ ...option, label: labels[last] ?? '', value: values[last] ?? '', children: null });
  });
  return root;
}

// ------------------------------------------------------------------------------ detail

const DELIVERY_COMPANY_LABEL: Record<string, string> = {
  CJ: 'CJ대한통운',
  POST: '우체국택배',
  HANJIN: '한진택배',
  LOTTE: '롯데택배',
  LOGEN: '로젠택배',
  KDEXP: '경동택배',
};

export function deliveryConditionLabel(
  row: Pick<ProductDetailRow, 'delivery_condition_type' | 'base_delivery_amt' | 'above_delivery_amt'>,
): string {
  switch (row.delivery_condition_type) {
    case 'FREE':
      return '무료배송';
    case 'FIXED_FEE':
      return `배송비 ${formatWon(row.base_delivery_amt)}`;
    case 'CONDITIONAL':
      return `배송비 ${formatWon(row.base_delivery_amt)} (${formatWon(row.above_delivery_amt ?? 0)} 이상 구매 시 무료)`;
  }
}

export function toDetail(
  row: ProductDetailRow,
  images: readonly ImageRow[],
  allOptions: readonly OptionRow[],
  paths: readonly CategoryPathRow[],
  now: Date,
): ProductDetail {
  const options = sellableOptions(row, allOptions);
  const discount = immediateDiscountAmt(row, now);
  const discounted = row.sale_price - discount;
  const infos = images.map(imageInfo);
  const addPrices = options.map((o) => o.add_price);
  const soldout = isProductSoldOut(row.forced_sold_out, options);
  const status = effectiveSaleStatus(row, now);
  const stock = availableStock(options);
  const label = deliveryConditionLabel(row);
  const accumulation = accumulationAmt(discounted, row.accumulation_rate);
  const leaves = groupBy(paths, (p) => p.leaf);
  return {
    baseInfo: {
      productNo: row.product_no,
      productType: row.product_type,
      productName: row.product_name,
      productNameEn: row.product_name_en ?? '',
      productManagementCd: row.product_management_cd ?? '',
      registerYmdt: ymdt(row.register_ymdt),
      saleStartYmdt: ymdt(row.sale_start_ymdt),
      saleEndYmdt: row.sale_end_ymdt ? ymdt(row.sale_end_ymdt) : OPEN_END_YMDT,
      salePeriodType: row.sale_period_type,
      content: row.content,
      contentHeader: '',
      contentFooter: '',
      promotionText: row.promotion_text ?? '',
      imageUrls: infos.map((i) => i.url),
      imageUrlInfo: infos.map((i) => ({ type: i.main ? 'MAIN' : 'ADDITIONAL', url: i.url })),
      optionImageViewable: options.some((o) => o.image_url !== null),
      stickerLabels: [],
      stickerInfos: [],
      accumulationUseYn: row.accumulation_rate > 0 ? 'Y' : 'N',
      productGroup: 'DELIVERY',
      paymentMeans: [],
      hsCode: '',
    },
    price: {
      salePrice: row.sale_price,
      immediateDiscountAmt: discount,
      immediateDiscountUnitType: row.immediate_discount_unit,
      additionDiscountAmt: 0,
      additionDiscountUnitType: 'WON',
      additionDiscountValue: 0,
      maxAdditionDiscountAmt: 0,
      couponDiscountAmt: 0,
      maxCouponAmt: 0,
      maxDiscountAmount: discount,
      minSalePrice: row.sale_price + (addPrices.length ? Math.min(...addPrices) : 0),
      maxSalePrice: row.sale_price + (addPrices.length ? Math.max(...addPrices) : 0),
      accumulationRate: row.accumulation_rate,
      accumulationAmtWhenBuyConfirm: accumulation,
      unitPrice: 0,
      unitName: '',
      unitNameType: '',
      contentsIfPausing: '',
    },
    deliveryFee: {
      deliveryConditionType: row.delivery_condition_type,
      deliveryType: row.delivery_type,
      deliveryCompanyType: row.delivery_company_type,
      deliveryCompanyTypeLabel:
        DELIVERY_COMPANY_LABEL[row.delivery_company_type] ?? row.delivery_company_type,
      defaultDeliveryConditionLabel: label,
      deliveryAmtLabels: [label],
      deliveryAmt: row.delivery_condition_type === 'FREE' ? 0 : row.base_delivery_amt,
      aboveDeliveryAmt: row.delivery_condition_type === 'CONDITIONAL' ? (row.above_delivery_amt ?? 0) : 0,
      returnDeliveryAmt: row.return_delivery_amt,
      remoteDeliveryAmt: row.remote_delivery_amt,
      remoteDeliveryAreaFees: { address: '제주 및 도서산간', extraDeliveryAmt: row.remote_delivery_amt },
      deliveryPrePayment: true,
      deliveryConditionDetails: [],
      perOrderCnt: 0,
      deliveryCustomerInfo: '',
    },
    shippingInfo: {
      shippingAvailable: row.delivery_type !== 'NONE',
      shippingConfig: {
        templateNo: row.template_no,
        shippingAreaPartnerNo: row.template_partner_no,
        shippingAreaType: row.shipping_area_type === 'MALL' ? 'MALL_SHIPPING_AREA' : 'PARTNER_SHIPPING_AREA',
        internationalShippingAvailable: false,
        combinable: true,
      },
    },
    partner: { partnerNo: row.partner_no, partnerName: row.partner_name },
    brand:
      row.brand_no === null
        ? null
        : {
            brandNo: row.brand_no,
            name: row.brand_name ?? '',
            nameEn: row.brand_name_en ?? '',
            nameType: 'NAME_KO',
            logoImageUrl: row.brand_logo_image_url ?? '',
          },
    categories: [...leaves.values()].map((steps, i) => {
      const leaf = steps[steps.length - 1] as CategoryPathRow;
      const path = steps.map((s) => ({ depth: s.depth, categoryNo: s.category_no, label: s.label }));
      return {
        depth: leaf.depth,
        categoryNo: leaf.category_no,
        label: leaf.label,
        categories: path,
        fullCategoryLabel: path.map((s) => s.label).join(' > '),
        representativeYn: i === 0 ? 'Y' : 'N',
      };
    }),
    stock: { saleCnt: row.sale_cnt, stockCnt: stock, mainStockCnt: stock },
    counter: { likeCnt: row.like_cnt, reviewCnt: row.review_cnt, inquiryCnt: 0, myInquiryCnt: 0 },
    status: {
      saleStatusType: status,
      soldout,
      display: row.front_display === 1,
      productClassType: 'DEFAULT',
    },
    limitations: {
      minBuyCnt: row.min_buy_cnt,
      maxBuyTimeCnt: row.max_buy_time_cnt,
      maxBuyPersonCnt: row.max_buy_person_cnt,
      maxBuyDays: 0,
      maxBuyPeriodCnt: 0,
      refundable: true,
      naverPayHandling: true,
      memberOnly: false,
      canAddToCart: status === 'ONSALE' && !soldout,
      nonRefundTypes: [],
    },
    liked: false,
    reviewAvailable: true,
    displayableStock: true,
    mainBestProductYn: false,
    saleMethodType: 'PURCHASE',
    relatedProductNos: [],
    groupManagementCode: '',
    groupManagementCodeName: '',
    rentalInfos: [],
    extra: {
      slug: row.slug,
      customizable: row.customizable === 1,
      discountedPrice: discounted,
      immediateDiscountStartYmdt:
        discount > 0 && row.immediate_discount_start_ymdt ? ymdt(row.immediate_discount_start_ymdt) : null,
      immediateDiscountEndYmdt:
        discount > 0 && row.immediate_discount_end_ymdt ? ymdt(row.immediate_discount_end_ymdt) : null,
      productSummary: row.product_summary ?? '',
      images: infos,
      optionLabels: labelsOf(row),
    },
  };
}
