import type { Client, Transaction } from '@libsql/client';

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
  if (!productNos) {
    await db.batch(['DELETE FROM product_search', insert], 'write');
    return;
  }
  if (productNos.length === 0) return;
  const marks = productNos.map(() => '?').join(',');
  await db.batch(
    [
      { sql: `DELETE FROM product_search WHERE rowid IN (${marks})`, args: productNos },
      { sql: `${insert} WHERE p.product_no IN (${marks})`, args: productNos },
    ],
    'write',
  );
}
