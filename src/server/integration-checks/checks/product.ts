import { josa } from 'es-hangul';
import { formatWon } from '../../../lib/money.ts';
import type { Db } from '../../db/client.ts';
import { getProductPage, searchProducts } from '../../catalog/index.ts';

/**
 * /test/product and the first half of /test/naverpay/product/{slug}: a product read through the
 * catalogue's own read path (the one the product page uses), by its address part.
 */

export interface ProductRead {
  productName: string;
  slug: string;
  /** What the shopper pays for the default option. */
  price: number;
  optionCount: number;
  stock: number;
}

/** The slug of the first product the shop lists (the pages' default), or null for an empty shop. */
export async function firstProductSlug(db: Db): Promise<string | null> {
  const found = await searchProducts(db, { pageNumber: 1, pageSize: 1 });
  return found.items[0]?.extra.slug ?? null;
}

export async function readProduct(db: Db, slug: string): Promise<ProductRead> {
  const page = await getProductPage(db, slug);
  if (!page) throw new Error(`주소 ${slug}의 상품이 카탈로그에 없습니다.`);
  const { product, options } = page;
  return {
    productName: product.baseInfo.productName,
    slug: product.extra.slug,
    price: product.extra.discountedPrice,
    optionCount: options.flatOptions.length,
    stock: options.flatOptions.reduce((sum, o) => sum + Math.max(0, o.stockCnt), 0),
  };
}

export function describeProduct(p: ProductRead): string {
  return `${josa(p.productName, '을/를')} 읽었습니다: ${formatWon(p.price)}, 옵션 ${p.optionCount}개, 재고 ${p.stock.toLocaleString('ko-KR')}개 (주소 /product/${p.slug}).`;
}
