import type { MultiLevelCategory } from '@shopby/shop-sdk/build/types/domain/display';

/** A display category as the storefront shows it: number, label and children. */
export interface CategoryNode {
  categoryNo: number;
  label: string;
  depth: number;
  children: CategoryNode[];
}

/** Turns Shopby's `multiLevelCategories` (all fields optional) into a tree with no holes. */
export function toCategoryTree(levels: readonly MultiLevelCategory[] | undefined, depth = 1): CategoryNode[] {
  const out: CategoryNode[] = [];
  for (const c of levels ?? []) {
    if (typeof c.categoryNo !== 'number' || !c.label) continue;
    out.push({
      categoryNo: c.categoryNo,
      label: c.label,
      depth: c.depth ?? depth,
      children: toCategoryTree(c.children, depth + 1),
    });
  }
  return out;
}

export function categoryHref(categoryNo: number): string {
  return `/categories/${categoryNo}`;
}
