import type { DateYmdt } from '@shopby/shop-sdk/build/types/common';
import type { ProductMultiLevelOption } from '@shopby/shop-sdk/build/types/domain/product';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { productBadges } from './badges.ts';
import type { ListImage, ProductCardRow, ProductListRow } from './list-repo.ts';
import {
  accumulationAmt,
  effectiveSaleStatus,
  immediateDiscountAmt,
  isOptionSoldOut,
  optionBuyPrice,
} from './pricing.ts';
import type { ImageRow, InputRow, OptionRow, ProductRow } from './repo.ts';
import type {
  ImageInfo,
  ImageVariant,
  ProductOptionResponse,
  ProductCardItem,
  ProductOptionsResponse,
  ProductSearchItem,
} from './types.ts';

/**
 * Turns catalogue rows into Shopby's list item and options shapes (detail-view.ts: the detail).
 * Pure: the time is passed in.
 */

/** Shopby has no "no end": open-ended sale periods are shown with this end. */
export const OPEN_END_YMDT = '9999-12-31 23:59:59' as DateYmdt;

/** toShopbyYmdt typed as Shopby's date-time (a fixed +9h offset: cheap enough to call per field). */
export function ymdt(iso: string): DateYmdt {
  return toShopbyYmdt(iso) as DateYmdt;
}

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

/** The `variants` of an image, narrowest first; anything malformed is left out. */
function variantList(parsed: unknown): ImageVariant[] {
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((v): v is ImageVariant => typeof v?.width === 'number' && typeof v?.url === 'string')
    .sort((a, b) => a.width - b.width);
}

function parseVariants(json: string | null): ImageVariant[] {
  if (!json) return [];
  try {
    return variantList(JSON.parse(json));
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

/** A list row's image; only the main image's generated widths are read (the card shows that one). */
function listImage(image: ListImage): ImageInfo {
  return {
    url: image.url,
    width: image.width,
    height: image.height,
    alt: image.alt,
    main: image.main === 1,
    variants: parseVariants(image.variants),
  };
}

/** The smallest generated width that covers a list card, else the largest there is. */
function listUrl(img: ImageInfo): string {
  return (img.variants.find((v) => v.width >= LIST_IMAGE_WIDTH) ?? img.variants.at(-1))?.url ?? img.url;
}

export const labelsOf = (row: { option_labels: string }) =>
  row.option_labels ? row.option_labels.split('|') : [];

function valuesOf(o: OptionRow, dims: number): string[] {
  return [o.value1, o.value2, o.value3, o.value4].slice(0, dims).map((v) => v ?? '');
}

// ------------------------------------------------------------------------------ list items

export function toListItem(
  row: ProductListRow,
  options: readonly OptionRow[] | undefined,
  now: Date,
): ProductSearchItem {
  const discount = immediateDiscountAmt(row, now);
  const discounted = row.sale_price - discount;
  const first = row.images[0];
  const main = first ? listImage(first) : null;
  const dims = labelsOf(row).length;
  return {
    productNo: row.product_no,
    productName: row.product_name,
    productNameEn: row.product_name_en ?? '',
    productManagementCd: row.product_management_cd ?? '',
    productType: row.product_type,
    salePrice: row.sale_price,
    minSalePrice: row.sale_price + (row.min_add_price ?? 0),
    maxSalePrice: row.sale_price + (row.max_add_price ?? 0),
    immediateDiscountAmt: discount,
    immediateDiscountUnitType: row.immediate_discount_unit,
    additionDiscountAmt: 0,
    additionDiscountUnitType: 'WON',
    couponDiscountAmt: 0,
    maxCouponAmt: 0,
    maxDiscountAmount: discount,
    listImageUrls: main ? [listUrl(main)] : [],
    imageUrls: row.images.map((i) => i.url),
    isSoldOut: row.sold_out === 1,
    saleStatusType: effectiveSaleStatus(row, now),
    stockCnt: row.stock_cnt,
    mainStockCnt: row.stock_cnt,
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
      options && dims > 0
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
    // Podo has no group management codes, no event coupons and no reservation sales: empty values
    groupManagementCode: '',
    groupManagementCodeName: '',
    eventCouponByProduct: { product: false, partner: false, event: false, category: false, brand: false },
    reservationData: {
      reservationStartYmdt: '',
      reservationEndYmdt: '',
      reservationDeliveryYmdt: '',
      reservationStockCnt: 0,
    },
    // a section shows its products for as long as they are listed: no period of its own
    sectionProductStartYmdt: '',
    sectionProductEndYmdt: '',
    accumulationInfo: {
      amount: accumulationAmt(discounted, row.accumulation_rate),
      rewardRateOfProduct: row.accumulation_rate,
      // member grades carry no extra reward rate in Podo
      rewardRateOfMemberBenefit: 0,
    },
    extra: {
      slug: row.slug,
      partnerNo: row.partner_no,
      customizable: row.customizable === 1,
      discountedPrice: discounted,
      listImage: main,
      badges: productBadges(row, now),
    },
  };
}

/**
 * A card's item from a card row (decision 079): every field as toListItem gives it from the item's
 * row, the list image as its `extra.listImage` (address and widths).
 */
export function toCardItem(row: ProductCardRow, now: Date): ProductCardItem {
  return {
    productNo: row.product_no,
    productName: row.product_name,
    salePrice: row.sale_price,
    immediateDiscountAmt: immediateDiscountAmt(row, now),
    isSoldOut: row.sold_out === 1,
    partnerName: row.partner_name,
    brandName: row.brand_name ?? '',
    promotionText: row.promotion_text ?? '',
    reviewRating: row.review_rating,
    totalReviewCount: row.review_cnt,
    extra: {
      slug: row.slug,
      listImage: row.image ? { url: row.image.url, variants: parseVariants(row.image.variants) } : null,
      badges: productBadges(row, now),
    },
  };
}

// ------------------------------------------------------------------------------ options

export function toOptions(
  row: ProductRow,
  allOptions: readonly OptionRow[],
  inputs: readonly InputRow[],
  now: Date,
): ProductOptionsResponse {
  const labels = labelsOf(row);
  const dims = labels.length;
  const discount = immediateDiscountAmt(row, now);
  const options = allOptions;
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
  rows: readonly OptionRow[],
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
