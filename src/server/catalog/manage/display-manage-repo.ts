import type { InValue } from '@libsql/client';
import type { Executor } from '../../db/client.ts';
import { bindList, LISTABLE_SQL, rows, type Args } from '../repo.ts';
import type { SectionRuleType, SectionSortType } from './display-schema.ts';

/**
 * SQL of the display editors: banner groups, banners, display sections and their manual product
 * lists. Every edit names the version it read (`… AND version = :version`); the caller tells a
 * missing row from a newer one by reading again.
 */

// ------------------------------------------------------------------------------ banners

export interface BannerGroupRow {
  banner_group_no: number;
  code: string;
  name: string;
  banner_cnt: number;
}

export async function selectBannerGroups(db: Executor): Promise<BannerGroupRow[]> {
  const rs = await db.execute(
    `SELECT g.banner_group_no, g.code, g.name, COUNT(b.banner_no) AS banner_cnt
     FROM banner_groups g LEFT JOIN banners b ON b.banner_group_no = g.banner_group_no
     GROUP BY g.banner_group_no ORDER BY g.banner_group_no`,
  );
  return rows<BannerGroupRow>(rs);
}

export interface ManagedBannerRow {
  banner_no: number;
  banner_group_no: number;
  name: string;
  description: string;
  image_url: string;
  mobile_image_url: string | null;
  image_width: number;
  image_height: number;
  variants: string;
  landing_url: string;
  browser_target: 'CURRENT' | 'NEW';
  display_order: number;
  display_start_ymdt: string | null;
  display_end_ymdt: string | null;
  visible: number;
  version: number;
}

const BANNER_COLUMNS = `banner_no, banner_group_no, name, description, image_url, mobile_image_url, image_width,
  image_height, variants, landing_url, browser_target, display_order, display_start_ymdt, display_end_ymdt, visible,
  version`;

export async function selectBanners(db: Executor, groupNo: number): Promise<ManagedBannerRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${BANNER_COLUMNS} FROM banners WHERE banner_group_no = ? ORDER BY display_order, banner_no`,
    args: [groupNo],
  });
  return rows<ManagedBannerRow>(rs);
}

export async function selectBanner(db: Executor, bannerNo: number): Promise<ManagedBannerRow | undefined> {
  const rs = await db.execute({
    sql: `SELECT ${BANNER_COLUMNS} FROM banners WHERE banner_no = ?`,
    args: [bannerNo],
  });
  return rows<ManagedBannerRow>(rs)[0];
}

export async function groupExists(db: Executor, groupNo: number): Promise<boolean> {
  const rs = await db.execute({
    sql: 'SELECT 1 FROM banner_groups WHERE banner_group_no = ?',
    args: [groupNo],
  });
  return rs.rows.length > 0;
}

/** The banner's editable columns (all but its images, order and version). */
export interface BannerColumns {
  banner_group_no: number;
  name: string;
  description: string;
  landing_url: string;
  browser_target: 'CURRENT' | 'NEW';
  visible: number;
  display_start_ymdt: string | null;
  display_end_ymdt: string | null;
}

/** A new banner last in its group, without images yet (never shown until its image is there). */
export async function insertBanner(db: Executor, b: BannerColumns): Promise<number> {
  const rs = await db.execute({
    sql: `INSERT INTO banners (banner_group_no, name, description, image_url, image_width, image_height, variants,
        landing_url, browser_target, visible, display_start_ymdt, display_end_ymdt, display_order)
      VALUES (:banner_group_no, :name, :description, '', 0, 0, '[]', :landing_url, :browser_target, :visible,
        :display_start_ymdt, :display_end_ymdt,
        (SELECT COALESCE(MAX(display_order), 0) + 1 FROM banners WHERE banner_group_no = :banner_group_no))
      RETURNING banner_no`,
    args: { ...b },
  });
  return Number(rs.rows[0]?.banner_no);
}

/** Sets the given columns if the banner is still at `version`; false when it is not (or is gone). */
export async function updateBanner(
  db: Executor,
  bannerNo: number,
  version: number,
  set: Record<string, InValue>,
): Promise<boolean> {
  const names = Object.keys(set);
  const assignments = names.map((n) => `${n} = :set_${n}`).concat('version = version + 1');
  const args: Args = { no: bannerNo, version };
  for (const n of names) args[`set_${n}`] = set[n] ?? null;
  const rs = await db.execute({
    sql: `UPDATE banners SET ${assignments.join(', ')} WHERE banner_no = :no AND version = :version`,
    args,
  });
  return rs.rowsAffected > 0;
}

export async function deleteBanner(db: Executor, bannerNo: number, version: number): Promise<boolean> {
  const rs = await db.execute({
    sql: 'DELETE FROM banners WHERE banner_no = ? AND version = ?',
    args: [bannerNo, version],
  });
  return rs.rowsAffected > 0;
}

/** A new place in its list for a banner or a section; its version moves on, as with any edit. */
export async function setBannerOrder(db: Executor, bannerNo: number, order: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE banners SET display_order = ?, version = version + 1 WHERE banner_no = ?',
    args: [order, bannerNo],
  });
}

// ------------------------------------------------------------------------------ sections

export interface ManagedSectionRow {
  section_no: number;
  label: string;
  section_explain: string;
  sort_type: SectionSortType;
  rule_type: SectionRuleType;
  rule_category_no: number | null;
  rule_category_label: string | null;
  rule_limit: number;
  on_home: number;
  visible: number;
  display_order: number;
  display_start_ymdt: string | null;
  display_end_ymdt: string | null;
  version: number;
  product_cnt: number;
}

const SECTION_SELECT = `SELECT s.section_no, s.label, s.section_explain, s.sort_type, s.rule_type, s.rule_category_no,
    c.label AS rule_category_label, s.rule_limit, s.on_home, s.visible, s.display_order, s.display_start_ymdt,
    s.display_end_ymdt, s.version,
    (SELECT COUNT(*) FROM display_section_products d WHERE d.section_no = s.section_no) AS product_cnt
  FROM display_sections s LEFT JOIN categories c ON c.category_no = s.rule_category_no`;

export async function selectSections(db: Executor): Promise<ManagedSectionRow[]> {
  const rs = await db.execute(`${SECTION_SELECT} ORDER BY s.display_order, s.section_no`);
  return rows<ManagedSectionRow>(rs);
}

export async function selectSection(db: Executor, sectionNo: number): Promise<ManagedSectionRow | undefined> {
  const rs = await db.execute({ sql: `${SECTION_SELECT} WHERE s.section_no = ?`, args: [sectionNo] });
  return rows<ManagedSectionRow>(rs)[0];
}

export async function categoryExists(db: Executor, categoryNo: number): Promise<boolean> {
  const rs = await db.execute({ sql: 'SELECT 1 FROM categories WHERE category_no = ?', args: [categoryNo] });
  return rs.rows.length > 0;
}

export interface SectionColumns {
  label: string;
  section_explain: string;
  rule_type: SectionRuleType;
  rule_category_no: number | null;
  rule_limit: number;
  sort_type: SectionSortType;
  on_home: number;
  visible: number;
  display_start_ymdt: string | null;
  display_end_ymdt: string | null;
}

/** A new section, last in the order. */
export async function insertSection(db: Executor, s: SectionColumns): Promise<number> {
  const rs = await db.execute({
    sql: `INSERT INTO display_sections (label, section_explain, display_type, rule_type, rule_category_no, rule_limit,
        sort_type, on_home, visible, display_start_ymdt, display_end_ymdt, display_order)
      VALUES (:label, :section_explain, 'GALLERY', :rule_type, :rule_category_no, :rule_limit, :sort_type, :on_home,
        :visible, :display_start_ymdt, :display_end_ymdt,
        (SELECT COALESCE(MAX(display_order), 0) + 1 FROM display_sections))
      RETURNING section_no`,
    args: { ...s },
  });
  return Number(rs.rows[0]?.section_no);
}

export async function updateSection(
  db: Executor,
  sectionNo: number,
  version: number,
  set: Record<string, InValue>,
): Promise<boolean> {
  const names = Object.keys(set);
  const assignments = names.map((n) => `${n} = :set_${n}`).concat('version = version + 1');
  const args: Args = { no: sectionNo, version };
  for (const n of names) args[`set_${n}`] = set[n] ?? null;
  const rs = await db.execute({
    sql: `UPDATE display_sections SET ${assignments.join(', ')} WHERE section_no = :no AND version = :version`,
    args,
  });
  return rs.rowsAffected > 0;
}

export async function deleteSection(db: Executor, sectionNo: number, version: number): Promise<boolean> {
  const rs = await db.execute({
    sql: 'DELETE FROM display_sections WHERE section_no = ? AND version = ?',
    args: [sectionNo, version],
  });
  return rs.rowsAffected > 0;
}

export async function setSectionOrder(db: Executor, sectionNo: number, order: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE display_sections SET display_order = ?, version = version + 1 WHERE section_no = ?',
    args: [order, sectionNo],
  });
}

/** Replaces a section's manual list; the list's order is the order given. */
export async function replaceSectionProducts(
  db: Executor,
  sectionNo: number,
  productNos: readonly number[],
): Promise<void> {
  await db.execute({ sql: 'DELETE FROM display_section_products WHERE section_no = ?', args: [sectionNo] });
  for (const [i, productNo] of productNos.entries()) {
    await db.execute({
      sql: 'INSERT INTO display_section_products (section_no, product_no, display_order) VALUES (?, ?, ?)',
      args: [sectionNo, productNo, i + 1],
    });
  }
}

// ------------------------------------------------------------------------------ products

export interface PickableProductRow {
  product_no: number;
  product_name: string;
  sale_status: string;
  sale_price: number;
  /** 1 when the shop lists it now (LISTABLE_SQL). */
  listable: number;
  image_url: string | null;
}

const PICKABLE_COLUMNS = `p.product_no, p.product_name, p.sale_status, p.sale_price,
  (CASE WHEN ${LISTABLE_SQL} THEN 1 ELSE 0 END) AS listable,
  (SELECT i.url FROM product_images i WHERE i.product_no = p.product_no
    ORDER BY i.is_main DESC, i.display_order, i.image_no LIMIT 1) AS image_url`;

/** A section's manual list in its order, products stopped or deleted since included (marked so). */
export async function selectSectionProducts(
  db: Executor,
  sectionNo: number,
  now: string,
): Promise<PickableProductRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${PICKABLE_COLUMNS} FROM display_section_products d JOIN products p ON p.product_no = d.product_no
      WHERE d.section_no = :section ORDER BY d.display_order, d.product_no`,
    args: { section: sectionNo, now },
  });
  return rows<PickableProductRow>(rs);
}

/** The products among `productNos` a section may hold: they exist and are not deleted. */
export async function selectExistingProductNos(
  db: Executor,
  productNos: readonly number[],
): Promise<Set<number>> {
  if (productNos.length === 0) return new Set();
  const args: Args = {};
  const rs = await db.execute({
    sql: `SELECT product_no FROM products WHERE product_no IN (${bindList('p', productNos, args)})
      AND deleted_ymdt IS NULL`,
    args,
  });
  return new Set(rs.rows.map((r) => Number(r.product_no)));
}

/**
 * Products by number (the number itself, or the management code) or by a part of the name: the
 * exact number first, then the newest. Deleted products are left out.
 */
export async function searchPickableProducts(
  db: Executor,
  q: string,
  now: string,
  limit: number,
): Promise<PickableProductRow[]> {
  const number = /^\d{1,15}$/.test(q) ? Number(q) : -1;
  const rs = await db.execute({
    sql: `SELECT ${PICKABLE_COLUMNS} FROM products p
      WHERE p.deleted_ymdt IS NULL
        AND (p.product_no = :no OR p.product_management_cd = :q OR p.product_name LIKE :like ESCAPE '\\')
      ORDER BY (p.product_no = :no) DESC, (p.product_management_cd = :q) DESC, p.product_no DESC
      LIMIT :limit`,
    args: { no: number, q, like: `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`, now, limit },
  });
  return rows<PickableProductRow>(rs);
}
