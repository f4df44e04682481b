import type { Executor } from '../../db/client.ts';
import { rows } from '../repo.ts';

/** SQL of the category editor (the `categories` table and the counts it shows). */

export interface CategoryAdminRow {
  category_no: number;
  parent_no: number | null;
  label: string;
  depth: number;
  display_order: number;
  is_menu: number;
  visible: number;
  version: number;
  /** Products linked to the category itself (not its children), deleted products left out. */
  product_cnt: number;
}

const SELECT = `SELECT c.category_no, c.parent_no, c.label, c.depth, c.display_order, c.is_menu, c.visible,
    c.version, COALESCE(n.cnt, 0) AS product_cnt
  FROM categories c
  LEFT JOIN (SELECT pc.category_no, COUNT(*) AS cnt FROM product_categories pc
      JOIN products p ON p.product_no = pc.product_no AND p.deleted_ymdt IS NULL
      GROUP BY pc.category_no) n ON n.category_no = c.category_no`;

/** Every category, parents before children, siblings in display order. */
export async function selectCategoryRows(ex: Executor): Promise<CategoryAdminRow[]> {
  return rows<CategoryAdminRow>(
    await ex.execute(`${SELECT} ORDER BY c.depth, c.display_order, c.category_no`),
  );
}

export async function selectCategoryRow(
  ex: Executor,
  categoryNo: number,
): Promise<CategoryAdminRow | undefined> {
  const rs = await ex.execute({ sql: `${SELECT} WHERE c.category_no = ?`, args: [categoryNo] });
  return rows<CategoryAdminRow>(rs)[0];
}

export async function insertCategory(
  ex: Executor,
  c: {
    parentNo: number | null;
    label: string;
    depth: number;
    displayOrder: number;
    isMenu: boolean;
    visible: boolean;
  },
): Promise<number> {
  const rs = await ex.execute({
    sql: `INSERT INTO categories (parent_no, label, depth, display_order, is_menu, visible)
      VALUES (?, ?, ?, ?, ?, ?) RETURNING category_no`,
    args: [c.parentNo, c.label, c.depth, c.displayOrder, c.isMenu ? 1 : 0, c.visible ? 1 : 0],
  });
  return Number(rs.rows[0]![0]);
}

/** Label and visibility, if the row is still at `version`; whether it was. */
export async function updateCategoryFields(
  ex: Executor,
  categoryNo: number,
  version: number,
  f: { label: string; visible: boolean },
): Promise<boolean> {
  const rs = await ex.execute({
    sql: `UPDATE categories SET label = ?, visible = ?, version = version + 1
      WHERE category_no = ? AND version = ?`,
    args: [f.label, f.visible ? 1 : 0, categoryNo, version],
  });
  return rs.rowsAffected > 0;
}

/** The moved category's new parent, order and depth, if it is still at `version`. */
export async function placeCategory(
  ex: Executor,
  categoryNo: number,
  version: number,
  p: { parentNo: number | null; displayOrder: number; depth: number },
): Promise<boolean> {
  const rs = await ex.execute({
    sql: `UPDATE categories SET parent_no = ?, display_order = ?, depth = ?, version = version + 1
      WHERE category_no = ? AND version = ?`,
    args: [p.parentNo, p.displayOrder, p.depth, categoryNo, version],
  });
  return rs.rowsAffected > 0;
}

/** A sibling's position or a descendant's depth, which follow a move (their versions stay). */
export async function setCategoryOrderAndDepth(
  ex: Executor,
  categoryNo: number,
  displayOrder: number,
  depth: number,
): Promise<void> {
  await ex.execute({
    sql: 'UPDATE categories SET display_order = ?, depth = ? WHERE category_no = ?',
    args: [displayOrder, depth, categoryNo],
  });
}

export interface CategoryUsage {
  children: number;
  products: number;
  sections: number;
}

/** What keeps a category from being deleted: children, products (not deleted), rule sections. */
export async function categoryUsage(ex: Executor, categoryNo: number): Promise<CategoryUsage> {
  const rs = await ex.execute({
    sql: `SELECT
        (SELECT COUNT(*) FROM categories WHERE parent_no = :no) AS children,
        (SELECT COUNT(*) FROM product_categories pc JOIN products p ON p.product_no = pc.product_no
          WHERE pc.category_no = :no AND p.deleted_ymdt IS NULL) AS products,
        (SELECT COUNT(*) FROM display_sections WHERE rule_category_no = :no) AS sections`,
    args: { no: categoryNo },
  });
  return rows<CategoryUsage>(rs)[0]!;
}

/** Deletes the category (and the links of deleted products to it) if it is still at `version`. */
export async function deleteCategoryRow(ex: Executor, categoryNo: number, version: number): Promise<boolean> {
  await ex.execute({ sql: 'DELETE FROM product_categories WHERE category_no = ?', args: [categoryNo] });
  const rs = await ex.execute({
    sql: 'DELETE FROM categories WHERE category_no = ? AND version = ?',
    args: [categoryNo, version],
  });
  return rs.rowsAffected > 0;
}
