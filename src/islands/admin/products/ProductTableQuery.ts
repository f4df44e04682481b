import type { ProductSort } from '../../../server/catalog/index.ts';
import type { SaleStatusCode } from '../../../lib/product-status.ts';
import { SALE_STATUS_CODES } from '../../../lib/product-status.ts';

/**
 * The product list's view as the address bar holds it (`/manager/products?q=…&sort=priceAsc&page=2`):
 * the page reads it on the server, the table island writes it back with `history.replaceState`, and
 * the CSV export link and the API call are made from it. Anything unexpected in the address falls
 * back to the default rather than reaching the service (the API validates again). Client-safe.
 */

export const PRODUCT_SORT_LABELS = {
  newest: '최근 등록순',
  oldest: '오래된 등록순',
  updated: '최근 수정순',
  name: '상품명순',
  priceAsc: '낮은 가격순',
  priceDesc: '높은 가격순',
  stockAsc: '재고 적은순',
  stockDesc: '재고 많은순',
  sales: '판매량 많은순',
} as const satisfies Record<ProductSort, string>;

export const PRODUCT_SORT_KEYS = Object.keys(PRODUCT_SORT_LABELS) as ProductSort[];
export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_SORT: ProductSort = 'newest';
const DEFAULT_SIZE = 20;

export interface ProductListParams {
  q: string;
  categoryNo: number | null;
  brandNo: number | null;
  partnerNo: number | null;
  saleStatus: SaleStatusCode | null;
  stock: 'soldout' | 'low' | null;
  display: 'shown' | 'hidden' | null;
  deleted: boolean;
  sort: ProductSort;
  page: number;
  size: number;
}

export const EMPTY_PARAMS: ProductListParams = {
  q: '',
  categoryNo: null,
  brandNo: null,
  partnerNo: null,
  saleStatus: null,
  stock: null,
  display: null,
  deleted: false,
  sort: DEFAULT_SORT,
  page: 1,
  size: DEFAULT_SIZE,
};

const positiveNo = (v: string | null): number | null => {
  if (!v || !/^\d{1,15}$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const oneOf = <T extends string>(v: string | null, allowed: readonly T[]): T | null =>
  allowed.includes(v as T) ? (v as T) : null;

/** The view an address asks for (`URLSearchParams` of the page's address). */
export function parseListParams(search: URLSearchParams): ProductListParams {
  const page = positiveNo(search.get('page'));
  const size = Number(search.get('size'));
  return {
    q: (search.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100),
    categoryNo: positiveNo(search.get('categoryNo')),
    brandNo: positiveNo(search.get('brandNo')),
    partnerNo: positiveNo(search.get('partnerNo')),
    saleStatus: oneOf(search.get('saleStatus'), SALE_STATUS_CODES),
    stock: oneOf(search.get('stock'), ['soldout', 'low'] as const),
    display: oneOf(search.get('display'), ['shown', 'hidden'] as const),
    deleted: search.get('deleted') === '1',
    sort: oneOf(search.get('sort'), PRODUCT_SORT_KEYS) ?? DEFAULT_SORT,
    page: page !== null && page <= 100_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE,
  };
}

/** The filters (no sort or page) as query values, defaults left out. */
function filterEntries(p: ProductListParams): [string, string][] {
  const out: [string, string][] = [];
  if (p.q) out.push(['q', p.q]);
  if (p.categoryNo) out.push(['categoryNo', String(p.categoryNo)]);
  if (p.brandNo) out.push(['brandNo', String(p.brandNo)]);
  if (p.partnerNo) out.push(['partnerNo', String(p.partnerNo)]);
  if (p.saleStatus) out.push(['saleStatus', p.saleStatus]);
  if (p.stock) out.push(['stock', p.stock]);
  if (p.display) out.push(['display', p.display]);
  if (p.deleted) out.push(['deleted', '1']);
  return out;
}

/** The list page's address for a view (defaults left out, so the plain list is `/manager/products`). */
export function listPageHref(p: ProductListParams, path = '/manager/products'): string {
  const q = new URLSearchParams(filterEntries(p));
  if (p.sort !== DEFAULT_SORT) q.set('sort', p.sort);
  if (p.size !== DEFAULT_SIZE) q.set('size', String(p.size));
  if (p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** GET /api/manager/products's query for a view. */
export function apiQuery(
  p: ProductListParams,
): Record<string, string> & { sort: string; pageNumber: string; pageSize: string } {
  return {
    ...Object.fromEntries(filterEntries(p)),
    sort: p.sort,
    pageNumber: String(p.page),
    pageSize: String(p.size),
  };
}

/** The CSV export of every product the filters match (all pages), in the list's order. */
export function exportHref(p: ProductListParams): string {
  const q = new URLSearchParams(filterEntries(p));
  q.set('sort', p.sort);
  return `/api/manager/products/export.csv?${q.toString()}`;
}

/** Whether any filter narrows the list (the empty-list text differs). */
export const hasFilters = (p: ProductListParams) => filterEntries(p).length > 0;

/**
 * The sortable columns and the server sorts behind them: a column sorts one way, or both ways
 * when the server has both (`priceAsc` / `priceDesc`).
 */
export const COLUMN_SORTS: Record<string, { asc?: ProductSort; desc?: ProductSort; first: 'asc' | 'desc' }> =
  {
    productNo: { asc: 'oldest', desc: 'newest', first: 'desc' },
    productName: { asc: 'name', first: 'asc' },
    salePrice: { asc: 'priceAsc', desc: 'priceDesc', first: 'asc' },
    stock: { asc: 'stockAsc', desc: 'stockDesc', first: 'asc' },
    saleCnt: { desc: 'sales', first: 'desc' },
    updatedYmdt: { desc: 'updated', first: 'desc' },
  };

/** Which column and direction a server sort shows as (`aria-sort` of that header). */
export function sortingOf(sort: ProductSort): { id: string; desc: boolean } | null {
  for (const [id, s] of Object.entries(COLUMN_SORTS)) {
    if (s.asc === sort) return { id, desc: false };
    if (s.desc === sort) return { id, desc: true };
  }
  return null;
}

/** The sort a click on a column's header asks for: its first direction, or the other one when sorted. */
export function nextSortFor(columnId: string, current: ProductSort): ProductSort | null {
  const s = COLUMN_SORTS[columnId];
  if (!s) return null;
  const now = sortingOf(current);
  const want: 'asc' | 'desc' = now?.id === columnId ? (now.desc ? 'asc' : 'desc') : s.first;
  return s[want] ?? s[s.first] ?? null;
}
