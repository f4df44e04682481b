/**
 * Query parameters of the listing pages (`?sort=…&page=…&keyword=…`). They come from the address
 * bar, so anything unexpected falls back to a default instead of reaching the service.
 */

export type SortKey = 'popular' | 'new' | 'price-asc' | 'price-desc' | 'review';
export type OrderBy = 'POPULAR' | 'SALE_YMD' | 'DISCOUNTED_PRICE' | 'REVIEW';
export type Direction = 'ASC' | 'DESC';

export const SORTS: readonly { key: SortKey; label: string; orderBy: OrderBy; direction: Direction }[] = [
  { key: 'popular', label: '인기순', orderBy: 'POPULAR', direction: 'DESC' },
  { key: 'new', label: '신상품순', orderBy: 'SALE_YMD', direction: 'DESC' },
  { key: 'price-asc', label: '낮은 가격순', orderBy: 'DISCOUNTED_PRICE', direction: 'ASC' },
  { key: 'price-desc', label: '높은 가격순', orderBy: 'DISCOUNTED_PRICE', direction: 'DESC' },
  { key: 'review', label: '리뷰많은순', orderBy: 'REVIEW', direction: 'DESC' },
];

/** Product list page size (spec: product list 20; product search default 30). */
export const LIST_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE = 30;
/** Deep pages cost a scan and nobody reads them; beyond this the first page is shown. */
export const MAX_PAGE = 1000;
const MAX_KEYWORD_LENGTH = 100;

export function parseSort(value: string | null, fallback: SortKey = 'popular') {
  const found = SORTS.find((s) => s.key === value) ?? SORTS.find((s) => s.key === fallback);
  return found ?? SORTS[0]!;
}

/** A page number of 1..MAX_PAGE written in plain digits, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * A list's count for people: "1,234개", or "1,000개 이상" when the count stopped at its cap (the
 * catalogue counts no further; decision 031).
 */
export function countLabel(count: number, capped: boolean): string {
  return `${count.toLocaleString('ko-KR')}개${capped ? ' 이상' : ''}`;
}

/** Trimmed, whitespace-collapsed keyword of at most MAX_KEYWORD_LENGTH characters. */
export function parseKeyword(value: string | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_KEYWORD_LENGTH);
}

/** A positive catalogue number from a path segment, or null (the page answers 404). */
export function parseNo(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The address of a listing page with the given parameters; defaults are left out. */
export function listHref(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || (k === 'page' && v === 1)) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
