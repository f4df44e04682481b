/**
 * The search index's rowid (migration 0035, decision 050): a key that sorts by popularity first, so
 * FTS5, which hands its matches over in rowid order, hands the most popular first. The migration's
 * triggers compute it in SQL; `searchKey` says the same in TypeScript for the tests.
 *
 *   key = bucket × 2^40 + product_no
 *   bucket = digits of the popularity × 100 + its first two digits (a higher bucket, a higher popularity)
 */

/** 2^40: product numbers stay below it. */
export const SEARCH_KEY_STEP = 1_099_511_627_776;
/** The bits of a key that hold the product number. */
const PRODUCT_BITS = SEARCH_KEY_STEP - 1;

/** The POPULAR order's popularity (list-repo.ts orderSql). */
export const popularity = (p: { sale_cnt: number; review_cnt: number; like_cnt: number }) =>
  p.sale_cnt * 2 + p.review_cnt + p.like_cnt;

/** The bucket of a popularity: its number of digits × 100 + its first two digits. */
export function popularityBucket(value: number): number {
  const digits = String(Math.trunc(value));
  return digits.length * 100 + Number(digits.slice(0, 2));
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
