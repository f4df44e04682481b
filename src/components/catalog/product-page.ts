import { db } from '../../server/db/client.ts';
import {
  type ProductDetail,
  type ProductOptionsResponse,
  getProductPage,
} from '../../server/catalog/index.ts';

export interface ProductPageData {
  product: ProductDetail;
  options: ProductOptionsResponse;
}

/** The product of /product/:slug and /products/:slug (slug or number), or null for a 404. */
export async function loadProductPage(slug: string | undefined): Promise<ProductPageData | null> {
  if (!slug || slug.length > 200) return null;
  return getProductPage(await db(), slug);
}
