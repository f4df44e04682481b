import type { ProductBadges } from './badges.ts';
import type {
  GetProductsProductNoOptionsResponse,
  GetProductsProductNoResponse,
  GetProductsSearchResponse,
  Partner,
  ProductBaseInfo,
  ProductBrand,
  ProductDeliveryFee,
  ProductFlatOption,
  ProductMultiLevelOption,
  ProductOptionInput,
} from '@shopby/shop-sdk/build/types/domain/product';
import type {
  ProductDeliveryDate,
  ProductReturnWarehouse,
} from '@shopby/shop-sdk/build/types/domain/product/delivery';
import type { ProductReservation } from '@shopby/shop-sdk/build/types/domain/product/reservation';
import type {
  Banner,
  BannerAccount,
  Brand,
  FlatCategory,
  GetDisplayBannersBannerSectionCodesResponse,
  GetDisplaySectionsSectionNoResponse,
  MultiLevelCategory,
} from '@shopby/shop-sdk/build/types/domain/display';

/**
 * Response types of the catalogue: Shopby's types (`@shopby/shop-sdk`), narrowed with `Pick<>` to
 * the fields Podo fills. Everything Podo adds that Shopby does not have sits in a field named
 * `extra` (or, for a few single values, is listed in docs/catalogue-api.md), so a client written
 * for a hosted Shopby mall never depends on it by accident.
 */

/** One width of an image, for `srcset`. */
export interface ImageVariant {
  width: number;
  url: string;
}

/** Podo: an image with what a page needs to lay it out without shift. */
export interface ImageInfo {
  url: string;
  width: number;
  height: number;
  alt: string;
  main: boolean;
  variants: ImageVariant[];
}

// ------------------------------------------------------------------ product lists (search, sections)

type ShopbySearchItem = GetProductsSearchResponse['items'][number];

export type ProductSearchItem = Pick<
  ShopbySearchItem,
  | 'productNo'
  | 'productName'
  | 'productNameEn'
  | 'productManagementCd'
  | 'productType'
  | 'salePrice'
  | 'minSalePrice'
  | 'maxSalePrice'
  | 'immediateDiscountAmt'
  | 'immediateDiscountUnitType'
  | 'additionDiscountAmt'
  | 'additionDiscountUnitType'
  | 'couponDiscountAmt'
  | 'maxCouponAmt'
  | 'maxDiscountAmount'
  | 'listImageUrls'
  | 'imageUrls'
  | 'isSoldOut'
  | 'saleStatusType'
  | 'stockCnt'
  | 'mainStockCnt'
  | 'brandNo'
  | 'brandName'
  | 'brandNameKo'
  | 'brandNameEn'
  | 'brandNameType'
  | 'partnerName'
  | 'reviewRating'
  | 'totalReviewCount'
  | 'likeCount'
  | 'liked'
  | 'saleCnt'
  | 'promotionText'
  | 'registerYmdt'
  | 'saleStartYmdt'
  | 'saleEndYmdt'
  | 'salePeriodType'
  | 'productSalePeriodType'
  | 'deliveryConditionType'
  | 'shippingArea'
  | 'displayCategoryNos'
  | 'optionValues'
  | 'frontDisplayYn'
  | 'urlDirectDisplayYn'
  | 'stickerLabels'
  | 'stickerInfos'
  | 'adult'
  | 'accumulationAmtWhenBuyConfirm'
  | 'hasCoupons'
  | 'enableCoupons'
  | 'couponTag'
  | 'contentsIfPausing'
  | 'mainBestProductYn'
  | 'hsCode'
  | 'searchProductId'
  | 'groupManagementCode'
  | 'groupManagementCodeName'
  | 'eventCouponByProduct'
  | 'accumulationInfo'
  | 'sectionProductStartYmdt'
  | 'sectionProductEndYmdt'
> & {
  /** Podo sells nothing by reservation: the type's empty values. */
  reservationData: {
    reservationStartYmdt: '';
    reservationEndYmdt: '';
    reservationDeliveryYmdt: '';
    reservationStockCnt: 0;
  };
  extra: ProductListExtra;
};

export interface ProductListExtra {
  /** The product's address part: /product/{slug}. */
  slug: string;
  partnerNo: number;
  /** Designed in the editor (print on demand). */
  customizable: boolean;
  /** salePrice − immediateDiscountAmt: what the shopper pays for the default option. */
  discountedPrice: number;
  /** The list image with its size and widths, or null when the product has no image. */
  listImage: ImageInfo | null;
  /** The card's 무료배송, NEW and BEST badges (badges.ts, decision 030). */
  badges: ProductBadges;
}

/**
 * What the shop's own list pages and list API show of a product (decision 079): a product card's
 * part of ProductSearchItem, with the same names and values, and of `extra` the slug, the list
 * image's address and widths, and the badges.
 */
export type ProductCardItem = Pick<
  ProductSearchItem,
  | 'productNo'
  | 'productName'
  | 'salePrice'
  | 'immediateDiscountAmt'
  | 'isSoldOut'
  | 'partnerName'
  | 'brandName'
  | 'promotionText'
  | 'reviewRating'
  | 'totalReviewCount'
> & {
  extra: Pick<ProductListExtra, 'slug' | 'badges'> & {
    listImage: Pick<ImageInfo, 'url' | 'variants'> | null;
  };
};

export type ProductSearchResponse = Pick<
  GetProductsSearchResponse,
  | 'totalCount'
  | 'pageCount'
  | 'minPrice'
  | 'maxPrice'
  | 'displayableStock'
  | 'correctedKeyword'
  | 'brands'
  | 'depth1Categories'
  | 'depth2Categories'
  | 'depth3Categories'
  | 'depth4Categories'
  | 'depth5Categories'
  | 'multiLevelCategories'
  | 'clickUrlPrefix'
> & { items: ProductSearchItem[] };

/** The facets of a search: what its products fall into (brands, categories by depth). */
export type ProductSearchFacets = Pick<
  ProductSearchResponse,
  | 'brands'
  | 'depth1Categories'
  | 'depth2Categories'
  | 'depth3Categories'
  | 'depth4Categories'
  | 'depth5Categories'
  | 'multiLevelCategories'
  | 'clickUrlPrefix'
>;

// ------------------------------------------------------------------ product detail

type ShopbyDetail = GetProductsProductNoResponse;

/**
 * Shopby's whole `ProductBaseInfo`. What Podo does not keep (expiry and manufacture dates, place of
 * origin, certifications, custom properties) is the type's empty value; `certificationType`, a closed
 * list of words with no empty member, is null (docs/decisions/032-shopby-conformance-and-api-clients.md).
 */
export type ProductBaseInfoResponse = Omit<
  ProductBaseInfo,
  'expirationYmdt' | 'manufactureYmdt' | 'certificationType'
> & {
  expirationYmdt: ProductBaseInfo['expirationYmdt'] | '';
  manufactureYmdt: ProductBaseInfo['manufactureYmdt'] | '';
  certificationType: ProductBaseInfo['certificationType'] | null;
};

/** A return warehouse Podo does not have: empty values, null for the closed lists of words. */
export type ProductReturnWarehouseResponse = Omit<
  ProductReturnWarehouse,
  'warehouseAddressType' | 'countryCd'
> & {
  warehouseAddressType: ProductReturnWarehouse['warehouseAddressType'] | null;
  countryCd: ProductReturnWarehouse['countryCd'] | null;
};

export type ProductDeliveryFeeResponse = Pick<
  ProductDeliveryFee,
  | 'deliveryConditionType'
  | 'deliveryType'
  | 'deliveryCompanyType'
  | 'deliveryCompanyTypeLabel'
  | 'defaultDeliveryConditionLabel'
  | 'deliveryAmtLabels'
  | 'deliveryAmt'
  | 'aboveDeliveryAmt'
  | 'returnDeliveryAmt'
  | 'remoteDeliveryAreaFees'
  | 'deliveryPrePayment'
  | 'deliveryConditionDetails'
  | 'perOrderCnt'
  | 'deliveryCustomerInfo'
> & {
  returnWarehouse: ProductReturnWarehouseResponse;
  /** Podo: the extra fee for Jeju and islands, as a number (also in remoteDeliveryAreaFees). */
  remoteDeliveryAmt: number;
  /**
   * Podo: the template's own remote-area fees by postcode range; when there are any, they replace
   * the Jeju-and-islands fee (`remoteDeliveryAmt` is then the highest of them).
   */
  remoteAreas: { label: string; zipFrom: string; zipTo: string; extraFee: number }[];
};

export type ProductDetail = Pick<
  ShopbyDetail,
  | 'price'
  | 'shippingInfo'
  | 'categories'
  | 'stock'
  | 'limitations'
  | 'counter'
  | 'status'
  | 'liked'
  | 'reviewAvailable'
  | 'displayableStock'
  | 'mainBestProductYn'
  | 'saleMethodType'
  | 'relatedProductNos'
  | 'groupManagementCode'
  | 'groupManagementCodeName'
  | 'rentalInfos'
  | 'regularDelivery'
  | 'partnerNotice'
  | 'liquorDelegationGuide'
> & {
  baseInfo: ProductBaseInfoResponse;
  deliveryFee: ProductDeliveryFeeResponse;
  /** The partner's business details are not kept by Podo: empty strings. */
  partner: Partner;
  /** Podo sells nothing by reservation: the type's empty values. */
  reservationData: Omit<
    ProductReservation,
    'reservationStartYmdt' | 'reservationEndYmdt' | 'reservationDeliveryYmdt'
  > & {
    reservationStartYmdt: '';
    reservationEndYmdt: '';
    reservationDeliveryYmdt: '';
  };
  /** Podo has no scheduled delivery: empty values; the day of the week (a closed list) null. */
  deliveryDate: Omit<ProductDeliveryDate, 'period' | 'daysOfWeek'> & {
    period: { startYmdt: string; endYmdt: string };
    daysOfWeek: ProductDeliveryDate['daysOfWeek'] | null;
  };
  /** null when the product has no brand. */
  brand: ProductBrand | null;
  extra: ProductDetailExtra;
};

export interface ProductDetailExtra {
  slug: string;
  customizable: boolean;
  discountedPrice: number;
  /** The immediate discount's period in Shopby time format (null: open-ended or no discount). */
  immediateDiscountStartYmdt: string | null;
  immediateDiscountEndYmdt: string | null;
  productSummary: string;
  /** Images in display order with width, height, alt and widths for `srcset`. */
  images: ImageInfo[];
  /** Option labels (same as GET /products/{no}/options `labels`). */
  optionLabels: string[];
  /** 상품정보제공고시: the legally required product notice, in the order the manager entered it. */
  dutyInfo: { label: string; value: string }[];
  /** The design template the editor opens for a customisable product (src/lib/design/templates.ts). */
  designTemplateId: string | null;
  /** The average rating of its reviews, 0–5 (0 with no review; `counter.reviewCnt` counts them). */
  reviewRating: number;
}

// ------------------------------------------------------------------ options

export type ProductOptionResponse = ProductFlatOption;

export type ProductOptionInputResponse = ProductOptionInput & {
  /** Podo: longest text accepted. */
  maxLength: number;
};

export type ProductOptionsResponse = Pick<
  GetProductsProductNoOptionsResponse,
  | 'selectType'
  | 'displayableStock'
  | 'type'
  | 'labels'
  | 'productSalePrice'
  | 'immediateDiscountAmt'
  | 'isRequiredOption'
> & {
  flatOptions: ProductOptionResponse[];
  multiLevelOptions: ProductMultiLevelOption[];
  inputs: ProductOptionInputResponse[];
};

/** GET /products/options: Shopby's `optionInfos[]`; each also carries the whole per-product response. */
export interface ProductOptionInfo extends ProductOptionsResponse {
  mallProductNo: number;
  /** Shopby's list form: the flat options with `children: null`. */
  options: (ProductOptionResponse & { children: null })[];
}

export interface ProductsOptionsResponse {
  optionInfos: ProductOptionInfo[];
}

// ------------------------------------------------------------------ categories

export interface CategoryNode extends Required<Pick<MultiLevelCategory, 'categoryNo' | 'label' | 'depth'>> {
  /** Not in Shopby's type: the parent's number, null at depth 1. */
  parentCategoryNo: number | null;
  icon: string;
  content: string;
  children: CategoryNode[];
}

export interface CategoriesResult {
  multiLevelCategories: CategoryNode[];
  flatCategories: FlatCategory[];
}

export interface CategoryPathItem {
  categoryNo: number;
  label: string;
  depth: number;
}

export interface CategoryResult extends CategoriesResult {
  brands: Required<Pick<Brand, 'brandNo' | 'name' | 'productCnt'>>[];
  extra: {
    /** The category itself (also the root of multiLevelCategories). */
    category: Omit<CategoryNode, 'children'> & { isMenu: boolean };
    /** From the depth-1 ancestor down to the category itself. */
    path: CategoryPathItem[];
  };
}

// ------------------------------------------------------------------ display

export type DisplaySectionResponse = Pick<
  GetDisplaySectionsSectionNoResponse,
  | 'sectionNo'
  | 'label'
  | 'sectionExplain'
  | 'productTotalCount'
  | 'imageUrl'
  | 'displayableStock'
  | 'promotionText'
  | 'leftSpaceColor'
  | 'rightSpaceColor'
> & {
  /** Same item shape as GET /products/search. */
  products: ProductSearchItem[];
  extra: { displayType: string; sortType: string; pageCount: number };
};

export type BannerResponse = Pick<
  Banner,
  | 'bannerNo'
  | 'name'
  | 'nameColor'
  | 'description'
  | 'descriptionColor'
  | 'imageUrl'
  | 'mouseOverImageUrl'
  | 'videoUrl'
  | 'landingUrl'
  | 'landingUrlType'
  | 'browerTargetType'
  | 'displayOrder'
  | 'displayPeriodType'
  | 'displayStartYmdt'
  | 'displayEndYmdt'
  | 'leftSpaceColor'
  | 'rightSpaceColor'
> & {
  extra: { mobileImageUrl: string | null; width: number; height: number; variants: ImageVariant[] };
};

export type BannerAccountResponse = Omit<BannerAccount, 'banners'> & { banners: BannerResponse[] };

export type BannerSectionResponse = Omit<GetDisplayBannersBannerSectionCodesResponse, 'accounts'> & {
  /** Podo alias of `label`. */
  name: string;
  accounts: BannerAccountResponse[];
};

/** GET /display/brands/search item: Shopby's `brandNo` and `mainBrandName`, plus the brand's names. */
export interface BrandSearchItem {
  brandNo: number;
  mainBrandName: string;
  brandName: string;
  brandNameKo: string;
  brandNameEn: string;
  logoImageUrl: string;
  /** Podo: how many displayable products carry the brand. */
  productCount: number;
}
