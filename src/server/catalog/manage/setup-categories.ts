import { josa } from 'es-hangul';
import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError, fieldsError } from '../../platform/errors.ts';
import * as repo from './setup-category-repo.ts';
import type { CategoryCreate, CategoryMove, CategoryPatch } from './setup-schema.ts';

/**
 * The display category tree as the manager edits it: the menu tree (depth 1–4) and, beside it, the
 * display categories that are not in the menus (신상품 178561, POD 250001 …: top level only).
 * Every write runs in one write transaction that reads the rows again, checks the version the
 * manager read and every rule (depth, cycles, names, usage), then writes. Nothing is cached: the
 * storefront's next GET /categories reads what was written.
 */

export const MAX_DEPTH = 4;
/** Display categories the storefront's own pages open by number (/new, /custom-products). */
export const RESERVED_CATEGORY_NOS: readonly number[] = [178561, 250001, 250003];

export interface AdminCategory {
  categoryNo: number;
  parentNo: number | null;
  label: string;
  depth: number;
  displayOrder: number;
  isMenu: boolean;
  visible: boolean;
  version: number;
  /** Products linked to this category itself. */
  productCount: number;
  /** Hidden itself or under a hidden parent: not in the shop's menus. */
  hiddenInShop: boolean;
  reserved: boolean;
  children: AdminCategory[];
}

export interface CategoryTree {
  /** The menu tree (is_menu = 1). */
  menu: AdminCategory[];
  /** 전시 카테고리 (is_menu = 0), flat. */
  display: AdminCategory[];
}

function toNode(r: repo.CategoryAdminRow, parentHidden: boolean): AdminCategory {
  return {
    categoryNo: r.category_no,
    parentNo: r.parent_no,
    label: r.label,
    depth: r.depth,
    displayOrder: r.display_order,
    isMenu: r.is_menu === 1,
    visible: r.visible === 1,
    version: r.version,
    productCount: r.product_cnt,
    hiddenInShop: parentHidden || r.visible === 0,
    reserved: RESERVED_CATEGORY_NOS.includes(r.category_no),
    children: [],
  };
}

function buildTree(rows: readonly repo.CategoryAdminRow[]): CategoryTree {
  const byNo = new Map<number, AdminCategory>();
  const tree: CategoryTree = { menu: [], display: [] };
  // rows come parents first (by depth), so a parent is always placed before its children
  for (const r of rows) {
    const parent = r.parent_no === null ? undefined : byNo.get(r.parent_no);
    if (r.parent_no !== null && !parent) continue; // an orphan: not reachable in the shop either
    const node = toNode(r, parent?.hiddenInShop ?? false);
    byNo.set(node.categoryNo, node);
    if (parent) parent.children.push(node);
    else (node.isMenu ? tree.menu : tree.display).push(node);
  }
  return tree;
}

export async function getCategoryTree(db: Executor): Promise<CategoryTree> {
  return buildTree(await repo.selectCategoryRows(db));
}

export async function getAdminCategory(db: Executor, categoryNo: number): Promise<AdminCategory> {
  const tree = buildTree(await repo.selectCategoryRows(db));
  const found = findNode([...tree.menu, ...tree.display], categoryNo);
  if (!found) throw appError('CATEGORY_NOT_FOUND');
  return found;
}

function findNode(nodes: readonly AdminCategory[], categoryNo: number): AdminCategory | undefined {
  for (const n of nodes) {
    if (n.categoryNo === categoryNo) return n;
    const below = findNode(n.children, categoryNo);
    if (below) return below;
  }
  return undefined;
}

/** The row at the version the manager read: 404 when gone, 409 when someone saved since. */
async function rowAt(ex: Executor, categoryNo: number, version: number): Promise<repo.CategoryAdminRow> {
  const row = await repo.selectCategoryRow(ex, categoryNo);
  if (!row) throw appError('CATEGORY_NOT_FOUND');
  if (row.version !== version) throw appError('VERSION_CONFLICT');
  return row;
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Siblings share a parent and, at the top level, the kind (menu or display category). */
function siblingsOf(
  all: readonly repo.CategoryAdminRow[],
  parentNo: number | null,
  isMenu: number,
): repo.CategoryAdminRow[] {
  return all
    .filter((r) => r.parent_no === parentNo && (parentNo !== null || r.is_menu === isMenu))
    .sort((a, b) => a.display_order - b.display_order || a.category_no - b.category_no);
}

function assertLabelFree(siblings: readonly repo.CategoryAdminRow[], label: string, except?: number) {
  const clash = siblings.find((s) => s.category_no !== except && sameLabel(s.label, label));
  if (clash)
    throw fieldsError('CATEGORY_LABEL_TAKEN', [
      {
        path: 'label',
        message: `같은 위치에 '${clash.label}' 카테고리가 이미 있습니다. 다른 이름을 입력해 주세요.`,
      },
    ]);
}

/** The parent a category goes under: must exist, be a menu category, and leave room below it. */
function parentFor(all: readonly repo.CategoryAdminRow[], parentNo: number): repo.CategoryAdminRow {
  const parent = all.find((r) => r.category_no === parentNo);
  if (!parent) throw appError('CATEGORY_PARENT_NOT_FOUND');
  if (parent.is_menu !== 1)
    throw appError('CATEGORY_DISPLAY_FLAT', '전시 카테고리 아래에는 하위 카테고리를 둘 수 없습니다.');
  return parent;
}

export async function createCategory(db: Db, input: CategoryCreate): Promise<AdminCategory> {
  const categoryNo = await writeTx(db, async (tx) => {
    const all = await repo.selectCategoryRows(tx);
    let depth = 1;
    if (input.parentNo !== null) {
      if (!input.isMenu)
        throw appError('CATEGORY_DISPLAY_FLAT', '전시 카테고리는 맨 위 단계에만 만들 수 있습니다.');
      const parent = parentFor(all, input.parentNo);
      if (parent.depth >= MAX_DEPTH)
        throw appError(
          'CATEGORY_TOO_DEEP',
          `'${parent.label}' 카테고리는 ${MAX_DEPTH}단계라 아래에 카테고리를 만들 수 없습니다.`,
        );
      depth = parent.depth + 1;
    }
    const siblings = siblingsOf(all, input.parentNo, input.isMenu ? 1 : 0);
    assertLabelFree(siblings, input.label);
    const last = siblings.reduce((m, s) => Math.max(m, s.display_order), 0);
    return repo.insertCategory(tx, {
      parentNo: input.parentNo,
      label: input.label,
      depth,
      displayOrder: last + 1,
      isMenu: input.isMenu,
      visible: input.visible,
    });
  });
  return getAdminCategory(db, categoryNo);
}

/** Rename and/or hide/show. */
export async function updateCategory(
  db: Db,
  categoryNo: number,
  patch: CategoryPatch,
): Promise<AdminCategory> {
  await writeTx(db, async (tx) => {
    const row = await rowAt(tx, categoryNo, patch.version);
    const label = patch.label ?? row.label;
    if (patch.label !== undefined && patch.label !== row.label) {
      const all = await repo.selectCategoryRows(tx);
      assertLabelFree(siblingsOf(all, row.parent_no, row.is_menu), label, categoryNo);
    }
    const visible = patch.visible ?? row.visible === 1;
    if (!(await repo.updateCategoryFields(tx, categoryNo, patch.version, { label, visible })))
      throw appError('VERSION_CONFLICT');
  });
  return getAdminCategory(db, categoryNo);
}

function subtreeOf(all: readonly repo.CategoryAdminRow[], rootNo: number): repo.CategoryAdminRow[] {
  const out: repo.CategoryAdminRow[] = [];
  const queue = [rootNo];
  while (queue.length) {
    const no = queue.shift()!;
    for (const r of all) {
      if (r.parent_no === no) {
        out.push(r);
        queue.push(r.category_no);
      }
    }
  }
  return out;
}

/**
 * Moves a category under `parentNo` (null: the top level) at position `index` among its new
 * siblings (0 first; past the end: last). Its subtree comes along, depths updated; siblings on both
 * sides are renumbered 1, 2, 3 … in their new order.
 */
export async function moveCategory(db: Db, categoryNo: number, move: CategoryMove): Promise<AdminCategory> {
  await writeTx(db, async (tx) => {
    const row = await rowAt(tx, categoryNo, move.version);
    const all = await repo.selectCategoryRows(tx);
    const subtree = subtreeOf(all, categoryNo);
    let depth = 1;
    if (row.is_menu !== 1 && move.parentNo !== null)
      throw appError('CATEGORY_DISPLAY_FLAT', '전시 카테고리는 다른 카테고리 아래로 옮길 수 없습니다.');
    if (move.parentNo !== null) {
      if (move.parentNo === categoryNo || subtree.some((r) => r.category_no === move.parentNo))
        throw appError('CATEGORY_MOVE_CYCLE');
      depth = parentFor(all, move.parentNo).depth + 1;
    }
    const deepest = subtree.reduce((m, r) => Math.max(m, r.depth), row.depth);
    const shift = depth - row.depth;
    if (deepest + shift > MAX_DEPTH)
      throw appError(
        'CATEGORY_TOO_DEEP',
        `'${row.label}' 카테고리는 하위 ${deepest - row.depth}단계까지 함께 옮겨져 ${MAX_DEPTH}단계를 넘습니다. 더 위 단계로 옮겨 주세요.`,
      );
    const siblings = siblingsOf(all, move.parentNo, row.is_menu).filter((s) => s.category_no !== categoryNo);
    if (move.parentNo !== row.parent_no) assertLabelFree(siblings, row.label, categoryNo);
    const index = Math.min(move.index, siblings.length);
    const ordered = [...siblings.slice(0, index), row, ...siblings.slice(index)];

    if (
      !(await repo.placeCategory(tx, categoryNo, move.version, {
        parentNo: move.parentNo,
        displayOrder: index + 1,
        depth,
      }))
    )
      throw appError('VERSION_CONFLICT');
    for (const [i, s] of ordered.entries()) {
      if (s.category_no !== categoryNo && s.display_order !== i + 1)
        await repo.setCategoryOrderAndDepth(tx, s.category_no, i + 1, s.depth);
    }
    if (move.parentNo !== row.parent_no) {
      // close the gap the category left behind
      const left = siblingsOf(all, row.parent_no, row.is_menu).filter((s) => s.category_no !== categoryNo);
      for (const [i, s] of left.entries()) {
        if (s.display_order !== i + 1) await repo.setCategoryOrderAndDepth(tx, s.category_no, i + 1, s.depth);
      }
    }
    if (shift !== 0)
      for (const r of subtree)
        await repo.setCategoryOrderAndDepth(tx, r.category_no, r.display_order, r.depth + shift);
  });
  return getAdminCategory(db, categoryNo);
}

/** Deletes an empty category: no children, no products, not a rule section's, not a page's own. */
export async function deleteCategory(db: Db, categoryNo: number, version: number): Promise<void> {
  await writeTx(db, async (tx) => {
    const row = await rowAt(tx, categoryNo, version);
    if (RESERVED_CATEGORY_NOS.includes(categoryNo))
      throw appError(
        'CATEGORY_RESERVED',
        `'${row.label}'${josa.pick(row.label, '은/는')} 쇼핑몰 화면이 사용하는 전시 카테고리라 삭제할 수 없습니다. 대신 숨김으로 바꿔 주세요.`,
      );
    const usage = await repo.categoryUsage(tx, categoryNo);
    if (usage.children > 0)
      throw appError(
        'CATEGORY_HAS_CHILDREN',
        `'${row.label}' 카테고리에 하위 카테고리가 ${usage.children}개 있어 삭제할 수 없습니다. 하위 카테고리를 먼저 옮기거나 삭제해 주세요.`,
      );
    if (usage.products > 0)
      throw appError(
        'CATEGORY_HAS_PRODUCTS',
        `'${row.label}' 카테고리에 상품 ${usage.products}개가 연결되어 있어 삭제할 수 없습니다. 상품의 카테고리를 먼저 바꿔 주세요.`,
      );
    if (usage.sections > 0)
      throw appError(
        'CATEGORY_IN_USE',
        `전시 섹션 ${usage.sections}개가 '${row.label}' 카테고리를 사용하고 있어 삭제할 수 없습니다. 전시 설정을 먼저 바꿔 주세요.`,
      );
    if (!(await repo.deleteCategoryRow(tx, categoryNo, version))) throw appError('VERSION_CONFLICT');
  });
}
