import type { MallsCategoriesMultiLevelCategories } from '@shopby/shop-sdk/build/types/domain/admin';
import type { BrandFacetRow, CategoryFacetRow } from './list-repo.ts';
import type { ProductSearchFacets } from './types.ts';

type DepthCategory = ProductSearchFacets['depth1Categories'][number];

/** Shopby's depths: Podo's categories go to depth 4, so depth 5 is always empty. */
const DEPTHS = [1, 2, 3, 4, 5] as const;

function tree(rows: readonly CategoryFacetRow[]): MallsCategoriesMultiLevelCategories[] {
  const nodes = new Map<
    number,
    MallsCategoriesMultiLevelCategories & { children: MallsCategoriesMultiLevelCategories[] }
  >();
  for (const r of rows) {
    nodes.set(r.category_no, {
      depth: r.depth,
      categoryNo: r.category_no,
      label: r.label,
      icon: '',
      content: '',
      children: [],
    });
  }
  const roots: MallsCategoriesMultiLevelCategories[] = [];
  for (const r of rows) {
    const node = nodes.get(r.category_no)!;
    const parent = r.parent_no === null ? undefined : nodes.get(r.parent_no);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The search answer's facets from what the found products fall into: brands with their counts,
 * categories by depth (a parent's count includes its children's products) and as a tree. Podo
 * tracks no clicks, so `clickUrlPrefix` is empty.
 */
export function toSearchFacets(rows: {
  brands: readonly BrandFacetRow[];
  categories: readonly CategoryFacetRow[];
}): ProductSearchFacets {
  const byDepth = (depth: number): DepthCategory[] =>
    rows.categories
      .filter((c) => c.depth === depth)
      .map((c) => ({
        categoryNo: c.category_no,
        parentCategoryNo: c.parent_no ?? 0,
        label: c.label,
        displayOrder: c.display_order,
        count: c.count,
      }));
  const [d1, d2, d3, d4, d5] = DEPTHS.map(byDepth);
  return {
    brands: rows.brands.map((b) => ({
      brandNo: b.brand_no,
      brandName: b.brand_name,
      brandNameKo: b.brand_name_ko ?? b.brand_name,
      brandNameEn: b.brand_name_en ?? '',
      BrandNameType: 'NAME_KO',
      count: b.count,
    })),
    depth1Categories: d1!,
    depth2Categories: d2!,
    depth3Categories: d3!,
    depth4Categories: d4!,
    depth5Categories: d5!,
    multiLevelCategories: tree(rows.categories),
    clickUrlPrefix: { param: '', url: '' },
  };
}
