import type { Db } from '../db/client.ts';
import { toDetail } from './detail-view.ts';
import { toOptions } from './product-view.ts';
import { findProductDetail } from './repo.ts';
import type { ProductDetail, ProductOptionsResponse } from './types.ts';

/**
 * What other modules' workflows may do with the catalogue: read the products a line pricing needs
 * (one statement per product), and, inside their own write transaction, take and give back option
 * stock, count sales, and move the like and review counters. Everything else goes through
 * service.ts.
 */
export { countSale, moveStock, returnStock, stockOf, takeStock } from './stock-repo.ts';
export type { StockChannel, StockEntry, StockReason } from './stock-repo.ts';
export { addToLikeCount, countReviewAdded, countReviewEdited, countReviewRemoved } from './counters-repo.ts';

/** A product as its detail (GET /products/{no}) and its options (GET /products/{no}/options) answer. */
export interface ProductToPrice {
  product: ProductDetail;
  options: ProductOptionsResponse;
}

/**
 * The given products that can be shown, each read ONCE: its detail and its options come from the
 * same statement (as the product page reads them), so pricing a line never reads its options twice.
 */
export async function productsToPrice(
  db: Db,
  productNos: readonly number[],
): Promise<Map<number, ProductToPrice>> {
  const nos = [...new Set(productNos)].filter((n) => Number.isSafeInteger(n) && n > 0);
  const found = await Promise.all(nos.map((productNo) => findProductDetail(db, { productNo })));
  const now = new Date();
  const out = new Map<number, ProductToPrice>();
  for (const bundle of found) {
    if (!bundle) continue;
    out.set(bundle.row.product_no, {
      product: toDetail(bundle, now),
      options: toOptions(bundle.row, bundle.options, bundle.inputs, now),
    });
  }
  return out;
}
