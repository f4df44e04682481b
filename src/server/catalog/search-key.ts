/**
 * The search index's rowid (migration 0035, decision 050; buckets made finer by migration 0040,
 * decision 065): a key that sorts by popularity first, so FTS5, which hands its matches over in
 * rowid order, hands the most popular first. The migration's triggers compute it in SQL;
 * `searchKey` says the same in TypeScript for the tests.
 *
 *   key = bucket × 2^40 + product_no
 *   bucket = digits of the popularity × 1000 + its first three digits (a higher bucket, a higher popularity)
 *
 * Below a popularity of 1,000 a bucket is one popularity; above, a hundredth of a decade.
 */

/** 2^40: product numbers stay below it. */
export const SEARCH_KEY_STEP = 1_099_511_627_776;
/** The bits of a key that hold the product number. */
const PRODUCT_BITS = SEARCH_KEY_STEP - 1;

/** The POPULAR order's popularity (list-repo.ts orderSql). */
export const popularity = (p: { sale_cnt: number; review_cnt: number; like_cnt: number }) =>
  p.sale_cnt * 2 + p.review_cnt + p.like_cnt;

/** The bucket of a popularity: its number of digits × 1000 + its first three digits. */
export function popularityBucket(value: number): number {
  const digits = String(Math.trunc(value));
  return digits.length * 1000 + Number(digits.slice(0, 3));
}

export function searchKey(p: {
  product_no: number;
  sale_cnt: number;
  review_cnt: number;
  like_cnt: number;
}): number {
  return popularityBucket(popularity(p)) * SEARCH_KEY_STEP + p.product_no;
}

/** SQL: the product number of a key (`rowid` of product_terms). */
export const productOfKeySql = (key: string) => `(${key} & ${PRODUCT_BITS})`;

/** SQL: the smallest key of the bucket `key` is in, and the smallest key of the next bucket. */
export const bucketStartSql = (key: string) => `((${key} >> 40) << 40)`;
export const nextBucketStartSql = (key: string) => `(((${key} >> 40) + 1) << 40)`;

/**
 * The second search index, `product_terms_sorted` (migration 0039, decision 059): every product
 * three times, each under a key of one more order, so that a keyword's list by newest or by price
 * is walked in that order as the popular one is above:
 *
 *   key = (ordering × 2^21 + bucket) × 2^40 + product_no
 *   ordering 0: the sale start (SALE_YMD), bucket = whole hours since 1970 (0 … 2^21 − 1)
 *   ordering 1: the lowest price the product can have (PRICE_FLOOR_SQL), for the lowest first
 *   ordering 2: the sale price (the highest its price now can be), for the highest first
 *   price buckets = the number of digits × 1000 + the first three digits
 *
 * Keys pass 2^53: they are read in SQL only (a test reads them as text, into BigInt).
 */
export const SORTED_ORDERINGS = { newest: 0, priceFloor: 1, salePrice: 2 } as const;
export type SortedOrdering = (typeof SORTED_ORDERINGS)[keyof typeof SORTED_ORDERINGS];
/** Buckets an ordering has (2^21). */
const SORT_BUCKETS = 2_097_152;

/** The bucket of a price: its number of digits × 1000 + its first three digits (a higher bucket, a higher price). */
export function priceBucket(value: number): number {
  const digits = String(Math.max(0, Math.trunc(value)));
  return digits.length * 1000 + Number(digits.slice(0, 3));
}

/** The bucket of a sale start (ISO text): whole hours since 1970, within 0 … 2^21 − 1. */
export function hourBucket(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 0;
  return Math.min(Math.max(Math.floor(ms / 1000 / 3600), 0), SORT_BUCKETS - 1);
}

/** The key of a product in one ordering of the second index. */
export function sortedKey(ordering: SortedOrdering, bucket: number, productNo: number): bigint {
  return ((BigInt(ordering) * BigInt(SORT_BUCKETS) + BigInt(bucket)) << 40n) + BigInt(productNo);
}

/** The three keys of a product in the second index (newest, price floor, sale price). */
export function sortedKeys(p: {
  product_no: number;
  sale_start_ymdt: string;
  sale_price: number;
  price_floor: number;
}): bigint[] {
  return [
    sortedKey(SORTED_ORDERINGS.newest, hourBucket(p.sale_start_ymdt), p.product_no),
    sortedKey(SORTED_ORDERINGS.priceFloor, priceBucket(p.price_floor), p.product_no),
    sortedKey(SORTED_ORDERINGS.salePrice, priceBucket(p.sale_price), p.product_no),
  ];
}

/** SQL: the first and past-the-last key of an ordering (the rowid range of its rows). */
export const orderingRangeSql = (ordering: SortedOrdering): [string, string] => [
  sortedKey(ordering, 0, 0).toString(),
  sortedKey((ordering + 1) as SortedOrdering, 0, 0).toString(),
];

/** SQL: the bucket of a price (an integer expression), as the migration's triggers compute it. */
export const priceBucketSql = (value: string) =>
  `(length(MAX(0, ${value})) * 1000 + CAST(substr(MAX(0, ${value}), 1, 3) AS INTEGER))`;

/** SQL: the first key of the bucket of `price` in a price ordering. */
export const priceBucketStartSql = (ordering: SortedOrdering, price: string) =>
  `((${ordering * SORT_BUCKETS} + ${priceBucketSql(price)}) << 40)`;
