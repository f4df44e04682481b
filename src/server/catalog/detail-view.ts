import { formatWon } from '../../lib/money.ts';
import {
  accumulationAmt,
  availableStock,
  effectiveSaleStatus,
  immediateDiscountAmt,
  isProductSoldOut,
} from './pricing.ts';
import { groupBy, imageInfo, labelsOf, OPEN_END_YMDT, ymdt } from './product-view.ts';
import type { CategoryPathRow, ProductDetailBundle, ProductDetailRow } from './repo.ts';
import type { ProductDetail } from './types.ts';

/** GET /products/{productNo}: the detail's Shopby shape from its rows. Pure: the time is passed in. */

const DELIVERY_COMPANY_LABEL: Record<string, string> = {
  CJ: 'CJ대한통운',
  POST: '우체국택배',
  HANJIN: '한진택배',
  LOTTE: '롯데택배',
  LOGEN: '로젠택배',
  KDEXP: '경동택배',
};

function deliveryConditionLabel(
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

/** Podo keeps a partner's name only; Shopby's business details are empty. */
const NO_PARTNER_DETAILS = {
  ownerName: '',
  companyName: '',
  businessRegistrationNo: '',
  onlineMarketingBusinessDeclarationNo: '',
  officeAddressLabel: '',
  phoneNo: '',
  faxNo: '',
  email: '',
};

/** Podo has no warehouses: the type's empty values, null for its closed lists of words. */
const NO_RETURN_WAREHOUSE = {
  warehouseNo: 0,
  warehouseName: '',
  warehouseAddressType: null,
  partnerNo: 0,
  addressStr: '',
  address: '',
  detailAddress: '',
  zipCd: '',
  countryCd: null,
  defaultReleaseWarehouseYn: 'N',
  defaultReturnWarehouseYn: 'N',
} as const;

export function toDetail(
  { row, images, options, paths }: Pick<ProductDetailBundle, 'row' | 'images' | 'options' | 'paths'>,
  now: Date,
): ProductDetail {
  const discount = immediateDiscountAmt(row, now);
  const discounted = row.sale_price - discount;
  const infos = images.map(imageInfo);
  const addPrices = options.map((o) => o.add_price);
  const soldout = isProductSoldOut(row.forced_sold_out, options);
  const status = effectiveSaleStatus(row, now);
  const stock = availableStock(options);
  const label = deliveryConditionLabel(row);
  // a template with its own remote areas charges their fees instead of the Jeju-and-islands one
  const remoteAmt =
    row.remote_areas.length > 0
      ? Math.max(...row.remote_areas.map((a) => a.extraFee))
      : row.remote_delivery_amt;
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
      dutyInfo: JSON.stringify({ contents: dutyInfoOf(row.duty_info).map((r) => ({ [r.label]: r.value })) }),
      // not kept by Podo: the type's empty values (docs/decisions/032-shopby-conformance-and-api-clients.md)
      expirationYmdt: '',
      manufactureYmdt: '',
      placeOriginLabel: '',
      placeOriginEtcLabel: '',
      purchaseGuide: '',
      deliveryCustomerInfo: '',
      customPropertise: [],
      usableRestockNoti: 0,
      certifications: [],
      certificationType: null,
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
      remoteDeliveryAmt: remoteAmt,
      remoteDeliveryAreaFees: {
        address: row.remote_areas.length > 0 ? '지정 지역' : '제주 및 도서산간',
        extraDeliveryAmt: remoteAmt,
      },
      remoteAreas: row.remote_areas,
      deliveryPrePayment: true,
      deliveryConditionDetails: [],
      perOrderCnt: 0,
      deliveryCustomerInfo: '',
      returnWarehouse: NO_RETURN_WAREHOUSE,
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
    partner: { ...NO_PARTNER_DETAILS, partnerNo: row.partner_no, partnerName: row.partner_name },
    deliveryDate: { period: { startYmdt: '', endYmdt: '' }, daysOfWeek: null, daysAfterPurchase: 0 },
    reservationData: {
      reservationStartYmdt: '',
      reservationEndYmdt: '',
      reservationDeliveryYmdt: '',
      reservationStockCnt: 0,
    },
    regularDelivery: { discount: { type: 'AMOUNT', value: 0 } },
    partnerNotice: { title: '', content: '' },
    liquorDelegationGuide: '',
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
      dutyInfo: dutyInfoOf(row.duty_info),
      designTemplateId: row.design_template_id,
      reviewRating: row.review_rating,
    },
  };
}

/** The stored notice rows, or none when the column does not hold a list of label/value pairs. */
function dutyInfoOf(json: string): { label: string; value: string }[] {
  try {
    const rows = JSON.parse(json) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.flatMap((r: unknown) => {
      const o = r as { label?: unknown; value?: unknown };
      return typeof o.label === 'string' && typeof o.value === 'string'
        ? [{ label: o.label, value: o.value }]
        : [];
    });
  } catch {
    return [];
  }
}
