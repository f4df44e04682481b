import { getChoseong } from 'es-hangul';
import type { Db } from '../db/client.ts';
import { formatDate } from '../../lib/dates.ts';
import { LISTABLE_SQL } from './repo.ts';
import { productOfKeySql } from './search-key.ts';
import { parseSearch } from './search-terms.ts';

/**
 * The search box's suggestions (decision 031): popular searches of the last seven days (from
 * every process's counts in the database) and a few products whose names match what is typed so
 * far. Recent searches are the browser's own (localStorage), never sent here.
 */

const POPULAR_DAYS = 7;
const POPULAR_COUNT = 10;
const PRODUCT_SUGGESTIONS = 5;
/**
 * Products looked at for suggestions: the first found in the search index's popularity order
 * (search-key.ts), then the most popular of them.
 */
const PRODUCT_SAMPLE = 200;
/** Counts wait in the process this long (or this many keywords) before one write adds them. */
const FLUSH_MS = 10_000;
const FLUSH_KEYWORDS = 200;

export interface Suggestions {
  popular: string[];
  products: { productNo: number; productName: string; slug: string }[];
}

const pending = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> = Promise.resolve();

/** A keyword as counted: spaces collapsed, at most 50 characters; empty ones are not counted. */
export function searchKey(keyword: string): string {
  return keyword.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, 50);
}

/**
 * Counts one search. Counts are kept in the process and added in one write every few seconds, so
 * a search page never waits for a write; what a crash loses is a few seconds of counts.
 */
export function recordSearch(db: Db, keyword: string): void {
  const key = searchKey(keyword);
  if (!key) return;
  pending.set(key, (pending.get(key) ?? 0) + 1);
  if (pending.size >= FLUSH_KEYWORDS) void flushSearches(db);
  else if (!timer) {
    timer = setTimeout(() => void flushSearches(db), FLUSH_MS);
    timer.unref?.();
  }
}

/** Adds the waiting counts and works out the popular searches again (one write transaction). */
export function flushSearches(db: Db, now = new Date()): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const batch = [...pending];
  pending.clear();
  if (batch.length === 0) return flushing;
  const day = formatDate(now);
  const since = formatDate(new Date(now.getTime() - (POPULAR_DAYS - 1) * 86_400_000));
  flushing = flushing
    .then(() =>
      db.batch(
        [
          ...batch.map(([keyword, count]) => ({
            sql: `INSERT INTO search_counts (keyword, day, count) VALUES (?, ?, ?)
              ON CONFLICT (keyword, day) DO UPDATE SET count = count + excluded.count`,
            args: [keyword, day, count],
          })),
          { sql: 'DELETE FROM search_counts WHERE day < ?', args: [since] },
          'DELETE FROM popular_searches',
          {
            sql: `INSERT INTO popular_searches (rank, keyword, count)
              SELECT ROW_NUMBER() OVER (ORDER BY SUM(count) DESC, keyword), keyword, SUM(count)
              FROM search_counts WHERE day >= ? GROUP BY keyword ORDER BY SUM(count) DESC, keyword LIMIT ?`,
            args: [since, POPULAR_COUNT],
          },
        ],
        'write',
      ),
    )
    .then(
      () => undefined,
      (err: unknown) => console.error('인기 검색어를 저장하지 못했습니다', err),
    );
  return flushing;
}

/** Does a popular keyword fit what is typed: its start, or its initial consonants' start (ㅂㅈ → 방진). */
function fits(keyword: string, typed: string): boolean {
  const k = keyword.replace(/\s/g, '');
  const t = typed.replace(/\s/g, '');
  return k.startsWith(t) || getChoseong(k).startsWith(t);
}

export async function getSuggestions(db: Db, typed: string, now = new Date()): Promise<Suggestions> {
  const q = searchKey(typed);
  const search = q ? parseSearch(q) : null;
  const [popular, products] = await Promise.all([
    db.execute({ sql: 'SELECT keyword FROM popular_searches ORDER BY rank', args: [] }),
    search
      ? db.execute({
          sql: `SELECT p.product_no, p.product_name, p.slug
            FROM (SELECT ${productOfKeySql('rowid')} AS no FROM product_terms WHERE product_terms MATCH :match
              ORDER BY rowid DESC LIMIT :sample) found
            JOIN products p ON p.product_no = found.no
            WHERE ${LISTABLE_SQL}
            ORDER BY (p.sale_cnt * 2 + p.review_cnt + p.like_cnt) DESC, p.product_no DESC LIMIT :limit`,
          args: {
            match: search.match,
            sample: PRODUCT_SAMPLE,
            limit: PRODUCT_SUGGESTIONS,
            now: now.toISOString(),
          },
        })
      : Promise.resolve({ rows: [] }),
  ]);
  const keywords = popular.rows.map((r) => String((r as unknown as { keyword: string }).keyword));
  return {
    popular: q ? keywords.filter((k) => fits(k, q)) : keywords,
    products: (products.rows as unknown as { product_no: number; product_name: string; slug: string }[]).map(
      (r) => ({ productNo: r.product_no, productName: r.product_name, slug: r.slug }),
    ),
  };
}
