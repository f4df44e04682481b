import type { Db } from '../db/client.ts';
import { toDetail } from './detail-view.ts';
import { effectiveSaleStatus, isOptionSoldOut, isProductSoldOut, type SaleStatus } from './pricing.ts';
import { labelsOf, toOptions } from './product-view.ts';
import { findProductDetail, findProductsToCheck } from './repo.ts';
import type { ProductDetail, ProductOptionInputResponse, ProductOptionsResponse } from './types.ts';

/**
 * What other modules' workflows may do with the catalogue: read the products a line pricing needs
 * (one statement per product) or only what a new cart line's rules need (`productsToCheck`, one
 * statement), and, inside their own write transaction, take and give back option
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

/**
 * What the rules of a line need of its product: the same values the detail and options answers
 * carry (`status.saleStatusType`, `status.soldout`, `limitations`, `extra.customizable`,
 * `extra.designTemplateId`, `labels`, each flat option's `value`, `stockCnt` and `saleType`,
 * `inputs`), derived by the same rules; steps.test.ts checks that both agree.
 */
export interface ProductToCheck {
  productNo: number;
  productName: string;
  saleStatusType: SaleStatus;
  soldout: boolean;
  customizable: boolean;
  designTemplateId: string | null;
  minBuyCnt: number;
  maxBuyTimeCnt: number;
  maxBuyPersonCnt: number;
  labels: string[];
  options: { optionNo: number; value: string; stockCnt: number; saleType: 'AVAILABLE' | 'SOLD_OUT' }[];
  inputs: ProductOptionInputResponse[];
}

/**
 * The given products that can be shown, with only what a new cart line's rules need (no images,
 * prices, delivery or categories): all of them in one statement. An add to cart answers no prices,
 * so it reads these instead of `productsToPrice`.
 */
export async function productsToCheck(
  db: Db,
  productNos: readonly number[],
  now = new Date(),
): Promise<Map<number, ProductToCheck>> {
  const nos = [...new Set(productNos)].filter((n) => Number.isSafeInteger(n) && n > 0);
  const out = new Map<number, ProductToCheck>();
  for (const row of await findProductsToCheck(db, nos)) {
    const labels = labelsOf(row);
    const stock = row.options.map(([, stockCnt, forcedSoldOut]) => ({
      stock_cnt: stockCnt,
      forced_sold_out: forcedSoldOut,
    }));
    const options = row.options.map(([optionNo, stockCnt, , ...values], i) => ({
      optionNo,
      value: values
        .slice(0, labels.length)
        .map((v) => v ?? '')
        .join('|'),
      stockCnt,
      // a product marked sold out sells none of its options
      saleType:
        row.forced_sold_out === 1 || isOptionSoldOut(stock[i]!)
          ? ('SOLD_OUT' as const)
          : ('AVAILABLE' as const),
    }));
    out.set(row.product_no, {
      productNo: row.product_no,
      productName: row.product_name,
      saleStatusType: effectiveSaleStatus(row, now),
      soldout: isProductSoldOut(row.forced_sold_out, stock),
      customizable: row.customizable === 1,
      designTemplateId: row.design_template_id,
      minBuyCnt: row.min_buy_cnt,
      maxBuyTimeCnt: row.max_buy_time_cnt,
      maxBuyPersonCnt: row.max_buy_person_cnt,
      labels,
      options,
      inputs: row.inputs.map(([inputNo, inputLabel, inputMatchingType, required, maxLength]) => ({
        inputNo,
        inputLabel,
        inputMatchingType,
        required: required === 1,
        maxLength,
      })),
    });
  }
  return out;
}
