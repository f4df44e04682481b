import type { Client, InStatement, Transaction } from '@libsql/client';

/**
 * Rebuilds the trigram search rows of the given products (all products when omitted). The indexed
 * text joins products, brands and partners, so it is written here rather than by triggers; call
 * it after any change to a product's name, keywords, brand or partner.
 */
export async function rebuildProductSearch(db: Client | Transaction, productNos?: number[]): Promise<void> {
  const select = `SELECT p.product_no, p.product_name, p.search_keywords, COALESCE(b.brand_name, ''), pa.partner_name
    FROM products p
    LEFT JOIN brands b ON b.brand_no = p.brand_no
    JOIN partners pa ON pa.partner_no = p.partner_no`;
  const insert = `INSERT INTO product_search (rowid, product_name, search_keywords, brand_name, partner_name) ${select}`;
  let stmts: InStatement[];
  if (!productNos) {
    stmts = ['DELETE FROM product_search', insert];
  } else {
    if (productNos.length === 0) return;
    const marks = productNos.map(() => '?').join(',');
    stmts = [
      { sql: `DELETE FROM product_search WHERE rowid IN (${marks})`, args: productNos },
      { sql: `${insert} WHERE p.product_no IN (${marks})`, args: productNos },
    ];
  }
  // inside a caller's transaction the statements join it; otherwise one write transaction
  if ('commit' in db) await db.batch(stmts);
  else await db.batch(stmts, 'write');
}

/** The trigram index matches runs of three or more characters; shorter words need a scan. */
const TRIGRAM_MIN_LENGTH = 3;
const MAX_TERMS = 10;

export interface KeywordQuery {
  /** An FTS5 MATCH string that ANDs every word of 3+ characters, each quoted; null if none. */
  match: string | null;
  /** LIKE patterns (with `\` as escape) for the 1–2 character words, each of which must match. */
  likePatterns: string[];
}

/**
 * Splits a shopper's search text on white space into at most ten words. Each word is quoted as an
 * FTS5 string (a `"` doubled), so operators and column filters in the text have no effect; words
 * of one or two characters become LIKE patterns with `%`, `_` and `\` escaped.
 */
export function parseKeywords(...texts: (string | undefined)[]): KeywordQuery {
  const words = [...new Set(texts.flatMap((t) => (t ?? '').split(/\s+/u)).filter(Boolean))].slice(
    0,
    MAX_TERMS,
  );
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN_LENGTH);
  const short = words.filter((w) => [...w].length < TRIGRAM_MIN_LENGTH);
  return {
    match: long.length ? long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ') : null,
    likePatterns: short.map((w) => `%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`),
  };
}
