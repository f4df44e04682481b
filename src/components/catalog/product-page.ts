import { db } from '../../lib/server/db/client.ts';
import { getProductPage } from '../../lib/server/catalog/service.ts';
import type { ProductDetail, ProductOptionsResponse } from '../../lib/server/catalog/types.ts';

export interface ProductPageData {
  product: ProductDetail;
  options: ProductOptionsResponse;
}

/** The product of /product/:slug and /products/:slug (slug or number), or null for a 404. */
export async function loadProductPage(slug: string | undefined): Promise<ProductPageData | null> {
  if (!slug || slug.length > 200) return null;
  return getProductPage(await db(), slug);
}
