import { persistentJSON } from '@nanostores/persistent';

/**
 * Products the shopper opened lately, kept in this browser only (localStorage; never sent to the
 * server, so the pages stay the same for everyone), shown on product pages and my page. Logout
 * clears it with every other `podo:` key. Decision 030.
 */
export const RECENTLY_VIEWED_KEY = 'podo:recently-viewed';
export const RECENTLY_VIEWED_MAX = 20;

export interface ViewedProduct {
  productNo: number;
  productName: string;
  href: string;
  imageUrl: string;
  /** What the shopper paid on the day they looked (the product page's price after discount). */
  price: number;
}

export const $recentlyViewed = persistentJSON<ViewedProduct[]>(RECENTLY_VIEWED_KEY, []);

function isViewedProduct(p: unknown): p is ViewedProduct {
  const v = p as Partial<ViewedProduct> | null;
  return (
    typeof v?.productNo === 'number' &&
    typeof v.productName === 'string' &&
    typeof v.href === 'string' &&
    v.href.startsWith('/') &&
    typeof v.imageUrl === 'string' &&
    typeof v.price === 'number'
  );
}

/** The list with `product` first, once, at most RECENTLY_VIEWED_MAX long. */
export function withViewed(list: readonly ViewedProduct[], product: ViewedProduct): ViewedProduct[] {
  const others = list.filter((p) => isViewedProduct(p) && p.productNo !== product.productNo);
  return [product, ...others].slice(0, RECENTLY_VIEWED_MAX);
}

export function rememberViewed(product: ViewedProduct): void {
  const stored = $recentlyViewed.get();
  $recentlyViewed.set(withViewed(Array.isArray(stored) ? stored : [], product));
}

/** What to show: valid entries, without the page's own product. */
export function viewedExcept(list: unknown, productNo?: number): ViewedProduct[] {
  return (Array.isArray(list) ? list : []).filter(
    (p): p is ViewedProduct => isViewedProduct(p) && p.productNo !== productNo,
  );
}
