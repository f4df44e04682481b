import type { FlatCategory } from '@shopby/shop-sdk/build/types/domain/display';
import type { Db } from '../db/client.ts';
import { findBrandsInCategories, findCategoriesUnlessVersion, type CategoryRow } from './display-repo.ts';
import type { CategoriesResult, CategoryNode, CategoryPathItem, CategoryResult } from './types.ts';

/**
 * Display categories (GET /categories, GET /categories/{no}). The table is small: it is read whole
 * and the tree built in memory. The rows are kept per catalogue version (decision 058): every page
 * asks for them twice (the header's menu, the category page or the search filters), so each call
 * reads the version row and the categories only when it moved. The version lives in the database
 * and every catalogue write moves it in its own statement (decision 053), so another process's
 * change is seen by the next call here, as by the page cache.
 */

interface Kept {
  version: number;
  rows: readonly CategoryRow[];
}
/** Per database client (tests open several; a transaction is its own object and keeps its own). */
const keptRows = new WeakMap<object, Kept>();

async function categoryRows(db: Db): Promise<readonly CategoryRow[]> {
  const kept = keptRows.get(db);
  const found = await findCategoriesUnlessVersion(db, kept?.version ?? null);
  if (found.rows === undefined && kept && found.version === kept.version) return kept.rows;
  const rows = Object.freeze((found.rows ?? []).map((r) => Object.freeze(r)));
  if (found.version !== null && found.rows !== undefined) keptRows.set(db, { version: found.version, rows });
  return rows;
}

interface Tree {
  roots: CategoryNode[];
  byNo: Map<number, { node: CategoryNode; row: CategoryRow }>;
}

function buildTree(rows: readonly CategoryRow[], include: (row: CategoryRow) => boolean): Tree {
  const byNo: Tree['byNo'] = new Map();
  const roots: CategoryNode[] = [];
  // rows come ordered by depth, then display order: a parent is always placed before its children
  for (const row of rows) {
    if (!include(row)) continue;
    const node: CategoryNode = {
      categoryNo: row.category_no,
      label: row.label,
      depth: row.depth,
      parentCategoryNo: row.parent_no,
      icon: row.icon_image_url ?? '',
      content: row.content ?? '',
      children: [],
    };
    if (row.parent_no === null) roots.push(node);
    else {
      const parent = byNo.get(row.parent_no);
      if (!parent) continue; // parent left out, so is the child
      parent.node.children.push(node);
    }
    byNo.set(row.category_no, { node, row });
  }
  return { roots, byNo };
}

type DepthKey = 1 | 2 | 3 | 4 | 5;

/** Shopby's flat form: one row per category with every level of its path spelled out. */
function flatten(nodes: readonly CategoryNode[], tree: Tree, ancestors: CategoryNode[] = []): FlatCategory[] {
  return nodes.flatMap((node) => {
    const path = [...ancestors, node];
    const flat: Record<string, string | number> = { fullCategoryName: path.map((n) => n.label).join('>') };
    path.forEach((n, i) => {
      const d = (i + 1) as DepthKey;
      flat[`depth${d}CategoryNo`] = n.categoryNo;
      flat[`depth${d}Label`] = n.label;
      flat[`depth${d}DisplayOrder`] = tree.byNo.get(n.categoryNo)?.row.display_order ?? 0;
      flat[`depth${d}Icon`] = n.icon;
      flat[`depth${d}Content`] = n.content;
    });
    return [flat as FlatCategory, ...flatten(node.children, tree, path)];
  });
}

function prune(nodes: readonly CategoryNode[], keep: (n: CategoryNode) => boolean): CategoryNode[] {
  return nodes.flatMap((n) => {
    const children = prune(n.children, keep);
    return keep(n) || children.length ? [{ ...n, children }] : [];
  });
}

function pathTo(tree: Tree, categoryNo: number): CategoryNode[] {
  const path: CategoryNode[] = [];
  for (
    let at = tree.byNo.get(categoryNo);
    at;
    at = at.row.parent_no === null ? undefined : tree.byNo.get(at.row.parent_no)
  ) {
    path.unshift(at.node);
  }
  return path;
}

function descendants(node: CategoryNode): number[] {
  return [node.categoryNo, ...node.children.flatMap(descendants)];
}

/**
 * GET /categories: the menu's categories (special display categories such as 신상품 178561 are
 * left out; GET /categories/{no} still finds them), without hidden ones (`visible = 0`) and what is
 * under them. `keyword` keeps matching labels and their path.
 */
export async function getCategories(
  db: Db,
  options: { keyword?: string | undefined } = {},
): Promise<CategoriesResult> {
  // buildTree leaves out a child whose parent it left out: hiding a category hides its subtree
  const tree = buildTree(await categoryRows(db), (r) => r.is_menu === 1 && r.visible === 1);
  const keyword = options.keyword?.trim();
  const roots = keyword ? prune(tree.roots, (n) => n.label.includes(keyword)) : tree.roots;
  return { multiLevelCategories: roots, flatCategories: flatten(roots, tree) };
}

const keptMenus = new WeakMap<readonly CategoryRow[], readonly CategoryNode[]>();

/**
 * The header menu's categories: `getCategories(db).multiLevelCategories` without a keyword, built
 * once per kept rows (decision 073). The same object comes back until the catalogue version moves
 * (the version is still read on every call, as for `getCategories`), so a caller may key its own
 * work on it (the menu's HTML, src/components/layout/menu-categories.ts). Shared: never change it.
 */
export async function getMenuCategories(db: Db): Promise<readonly CategoryNode[]> {
  const rows = await categoryRows(db);
  let roots = keptMenus.get(rows);
  if (!roots) {
    roots = buildTree(rows, (r) => r.is_menu === 1 && r.visible === 1).roots;
    keptMenus.set(rows, roots);
  }
  return roots;
}

/** The category and its ancestors: kept in the tree even when hidden, so its own address works. */
function pathNos(rows: readonly CategoryRow[], categoryNo: number): Set<number> {
  const byNo = new Map(rows.map((r) => [r.category_no, r]));
  const nos = new Set<number>();
  for (let at = byNo.get(categoryNo); at && !nos.has(at.category_no); at = byNo.get(at.parent_no ?? -1)) {
    nos.add(at.category_no);
  }
  return nos;
}

/**
 * GET /categories/{no}: the category with its descendants, path and brands; null if unknown. A page
 * that shows no brands passes `{ brands: false }` and gets `brands: []` without counting them. A
 * hidden category still answers at its own address (its products keep their links), but hidden
 * children are left out of its subtree, as they are of the menus.
 */
export async function getCategory(
  db: Db,
  categoryNo: number,
  options: { brands?: boolean } = {},
): Promise<CategoryResult | null> {
  if (!Number.isSafeInteger(categoryNo) || categoryNo <= 0) return null;
  const rows = await categoryRows(db);
  const onPath = pathNos(rows, categoryNo);
  const tree = buildTree(rows, (r) => r.visible === 1 || onPath.has(r.category_no));
  const found = tree.byNo.get(categoryNo);
  if (!found) return null;
  const trail = pathTo(tree, categoryNo);
  const brands =
    (options.brands ?? true)
      ? await findBrandsInCategories(db, descendants(found.node), new Date().toISOString())
      : [];
  const { children: _children, ...category } = found.node;
  return {
    multiLevelCategories: [found.node],
    flatCategories: flatten([found.node], tree, trail.slice(0, -1)),
    brands: brands.map((b) => ({ brandNo: b.brand_no, name: b.brand_name, productCnt: b.product_cnt })),
    extra: {
      category: { ...category, isMenu: found.row.is_menu === 1 },
      path: trail.map((n): CategoryPathItem => ({
        categoryNo: n.categoryNo,
        label: n.label,
        depth: n.depth,
      })),
    },
  };
}
