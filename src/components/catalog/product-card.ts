/**
 * What a product card needs, taken from any of Shopby's list item shapes (product search, display
 * section, like list). Those types mark most fields optional, so missing ones get safe defaults.
 */
export interface CardProduct {
  productNo: number;
  productName: string;
  href: string;
  imageUrl: string | undefined;
  imageVariants: { width: number; url: string }[];
  /** 정가 before the immediate discount. */
  salePrice: number;
  discountAmt: number;
  /** 판매가 after the immediate discount. */
  price: number;
  discountRate: number;
  isSoldOut: boolean;
  partnerName: string;
  brandName: string;
  promotionText: string;
  reviewRating: number;
  totalReviewCount: number;
  /** The card's badge words, strongest first ('BEST 3', 'NEW', '무료배송'); 품절 is `isSoldOut`. */
  badges: string[];
}

/** What the catalogue module worked out for the card (src/server/catalog/badges.ts). */
export interface BadgesLike {
  freeDelivery: boolean;
  isNew: boolean;
  bestRank: number | null;
}

export interface ListItemLike {
  productNo?: number | undefined;
  productName?: string | undefined;
  salePrice?: number | undefined;
  immediateDiscountAmt?: number | undefined;
  listImageUrls?: readonly unknown[] | undefined;
  imageUrls?: readonly unknown[] | undefined;
  isSoldOut?: boolean | undefined;
  saleStatusType?: string | undefined;
  partnerName?: string | undefined;
  brandName?: string | undefined;
  promotionText?: string | undefined;
  reviewRating?: number | undefined;
  totalReviewCount?: number | undefined;
  /** Podo's additions to Shopby's list item. */
  extra?:
    | {
        slug?: string;
        listImage?: { url: string; variants: { width: number; url: string }[] } | null;
        badges?: BadgesLike;
      }
    | undefined;
}

/** The product page: by slug when known, else by number (the page accepts both). */
export function productHref(productNo: number, slug?: string): string {
  return `/product/${encodeURIComponent(slug || String(productNo))}`;
}

/** Whole percent of the discount, rounded down so a rate is never overstated. */
export function discountRate(salePrice: number, discountAmt: number): number {
  if (salePrice <= 0 || discountAmt <= 0) return 0;
  return Math.floor((Math.min(discountAmt, salePrice) / salePrice) * 100);
}

function firstString(list: readonly unknown[] | undefined): string | undefined {
  const v = list?.find((x) => typeof x === 'string' && x.length > 0);
  return typeof v === 'string' ? v : undefined;
}

/** A sold-out card wears 품절 alone on its image: BEST and NEW would only tempt. */
function badgeWords(b: BadgesLike | undefined, soldOut: boolean): string[] {
  if (!b) return [];
  const words: string[] = [];
  if (!soldOut && b.bestRank !== null) words.push(`BEST ${b.bestRank}`);
  if (!soldOut && b.isNew) words.push('NEW');
  if (b.freeDelivery) words.push('무료배송');
  return words;
}

export function toCardProduct(item: ListItemLike): CardProduct | null {
  if (typeof item.productNo !== 'number' || !item.productName) return null;
  const isSoldOut = item.isSoldOut ?? item.saleStatusType === 'SOLDOUT';
  const salePrice = item.salePrice ?? 0;
  const discountAmt = Math.max(0, Math.min(item.immediateDiscountAmt ?? 0, salePrice));
  return {
    productNo: item.productNo,
    productName: item.productName,
    href: productHref(item.productNo, item.extra?.slug),
    imageUrl: item.extra?.listImage?.url ?? firstString(item.listImageUrls) ?? firstString(item.imageUrls),
    imageVariants: item.extra?.listImage?.variants ?? [],
    salePrice,
    discountAmt,
    price: salePrice - discountAmt,
    discountRate: discountRate(salePrice, discountAmt),
    isSoldOut,
    partnerName: item.partnerName ?? '',
    brandName: item.brandName ?? '',
    promotionText: item.promotionText ?? '',
    reviewRating: item.reviewRating ?? 0,
    totalReviewCount: item.totalReviewCount ?? 0,
    badges: badgeWords(item.extra?.badges, isSoldOut),
  };
}

export function toCardProducts(items: readonly ListItemLike[] | undefined): CardProduct[] {
  return (items ?? []).map(toCardProduct).filter((p): p is CardProduct => p !== null);
}
