import { db } from '../../server/db/client.ts';
import { getCategories } from '../../server/catalog/index.ts';
import { toCategoryTree, type CategoryNode } from '../catalog/category-tree.ts';

/**
 * The category menu of the header. A page still renders (with shortcuts only) when the catalogue
 * cannot be read, so the not-found and error pages never fail because of the menu.
 */
export async function loadMenuCategories(): Promise<CategoryNode[]> {
  try {
    const res = await getCategories(await db());
    return toCategoryTree(res.multiLevelCategories);
  } catch (err) {
    console.error('[podo] category menu unavailable', err);
    return [];
  }
}
