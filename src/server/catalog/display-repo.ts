import type { Db } from '../db/client.ts';
import { bindList, jsonList, jsonObjectSql, jsonRows, LISTABLE_SQL, rows, type Args } from './repo.ts';

/** SQL of the display side of the catalogue: categories, sections, banners and brands. */

// ------------------------------------------------------------------------------ categories

export interface CategoryRow {
  category_no: number;
  parent_no: number | null;
  label: string;
  depth: number;
  display_order: number;
  is_menu: number;
  /** 0: hidden by the manager, with everything under it: not in the shop's tree or menus. */
  visible: number;
  icon_image_url: string | null;
  content: string | null;
}

const CATEGORY_FIELDS = ['category_no', 'parent_no', 'label', 'depth', 'display_order', 'is_menu', 'visible']
  .concat(['icon_image_url', 'content'])
  .map((c) => [c, c] as const);

const CATEGORIES_JSON_SQL = `SELECT json_group_array(${jsonObjectSql(CATEGORY_FIELDS)}
    ORDER BY depth, display_order, category_no) FROM categories`;

/** Every category as one JSON array (one row to read instead of one per category). */
export async function findCategories(db: Db): Promise<CategoryRow[]> {
  const rs = await db.execute(CATEGORIES_JSON_SQL);
  return jsonList<CategoryRow>(rs.rows[0]?.[0]);
}

/**
 * The catalogue version (`cache_version`, moved by every catalogue write's trigger, decision 053)
 * and, unless it is still `known`, every category: one statement, so the rows are those of the
 * version read with them. `version` is null without a version row (the rows are then always read).
 */
export async function findCategoriesUnlessVersion(
  db: Db,
  known: number | null,
): Promise<{ version: number | null; rows: CategoryRow[] | undefined }> {
  const rs = await db.execute({
    sql: `SELECT v.version, CASE WHEN v.version = :known THEN NULL ELSE (${CATEGORIES_JSON_SQL}) END AS categories
      FROM (SELECT 1) LEFT JOIN cache_version v ON v.id = 1`,
    args: { known },
  });
  const row = rs.rows[0];
  const version = row?.version == null ? null : Number(row.version);
  const json = row?.categories;
  return { version, rows: json == null ? undefined : jsonList<CategoryRow>(json) };
}

export interface BrandCountRow {
  brand_no: number;
  brand_name: string;
  product_cnt: number;
}

/** Brands of the listable products in the given categories, with how many products each has. */
export async function findBrandsInCategories(
  db: Db,
  categoryNos: readonly number[],
  now: string,
): Promise<BrandCountRow[]> {
  if (categoryNos.length === 0) return [];
  const args: Args = { now };
  const rs = await db.execute({
    sql: `SELECT b.brand_no, b.brand_name, COUNT(DISTINCT p.product_no) AS product_cnt
      FROM product_categories pc
      JOIN products p ON p.product_no = pc.product_no
      JOIN brands b ON b.brand_no = p.brand_no
      WHERE pc.category_no IN (${bindList('c', categoryNos, args)}) AND ${LISTABLE_SQL}
      GROUP BY b.brand_no ORDER BY b.display_order, b.brand_no`,
    args,
  });
  return rows<BrandCountRow>(rs);
}

// ------------------------------------------------------------------------------ display

export interface SectionRow {
  section_no: number;
  label: string;
  section_explain: string;
  display_type: string;
  sort_type: 'ADMIN_SETTING' | 'SALE_YMD' | 'POPULAR' | 'DISCOUNTED_PRICE' | 'REVIEW';
  /** MANUAL: the manager's list; BEST / NEW / CATEGORY: picked by the rule (manage/display-rules.ts). */
  rule_type: 'MANUAL' | 'BEST' | 'NEW' | 'CATEGORY';
  rule_category_no: number | null;
  rule_limit: number;
}

const SECTION_COLUMNS = `section_no, label, section_explain, display_type, sort_type, rule_type, rule_category_no,
  rule_limit`;
/** Shown: visible and within its display period (an open end is no limit). */
const SECTION_SHOWN_SQL = `visible = 1 AND (display_start_ymdt IS NULL OR display_start_ymdt <= :now)
  AND (display_end_ymdt IS NULL OR display_end_ymdt > :now)`;

export async function findVisibleSection(
  db: Db,
  sectionNo: number,
  now = new Date().toISOString(),
): Promise<SectionRow | undefined> {
  return (await findVisibleSections(db, [sectionNo], now))[0];
}

/** The sections among `sectionNos` shown at `now` (in no particular order). */
export async function findVisibleSections(
  db: Db,
  sectionNos: readonly number[],
  now = new Date().toISOString(),
): Promise<SectionRow[]> {
  if (sectionNos.length === 0) return [];
  const args: Args = { now };
  const rs = await db.execute({
    sql: `SELECT ${SECTION_COLUMNS}
      FROM display_sections WHERE section_no IN (${bindList('s', sectionNos, args)}) AND ${SECTION_SHOWN_SQL}`,
    args,
  });
  return rows<SectionRow>(rs);
}

/** The home page's sections shown at `now`, in the manager's order. */
export async function findHomeSections(db: Db, now: string): Promise<SectionRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${SECTION_COLUMNS} FROM display_sections WHERE on_home = 1 AND ${SECTION_SHOWN_SQL}
      ORDER BY display_order, section_no`,
    args: { now },
  });
  return rows<SectionRow>(rs);
}

export interface BannerRow {
  banner_group_no: number;
  code: string;
  group_name: string;
  banner_no: number | null;
  name: string | null;
  description: string | null;
  image_url: string | null;
  mobile_image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  variants: string | null;
  landing_url: string | null;
  browser_target: 'CURRENT' | 'NEW' | null;
  display_order: number | null;
  display_start_ymdt: string | null;
  display_end_ymdt: string | null;
}

const BANNER_FIELDS = [
  ['banner_group_no', 'g.banner_group_no'],
  ['code', 'g.code'],
  ['group_name', 'g.name'],
  ...['banner_no', 'name', 'description', 'image_url', 'mobile_image_url', 'image_width', 'image_height']
    .concat([
      'variants',
      'landing_url',
      'browser_target',
      'display_order',
      'display_start_ymdt',
      'display_end_ymdt',
    ])
    .map((c) => [c, `bn.${c}`] as const),
] as const;

/**
 * The groups with the given codes and their banners visible at `now` (a group may have none). A
 * banner whose image is not uploaded yet (a manager's draft) is never shown.
 */
export async function findBannerGroups(db: Db, codes: readonly string[], now: string): Promise<BannerRow[]> {
  if (codes.length === 0) return [];
  const args: Args = { now };
  const rs = await db.execute({
    sql: `SELECT ${jsonObjectSql(BANNER_FIELDS)}
      FROM banner_groups g
      LEFT JOIN banners bn ON bn.banner_group_no = g.banner_group_no AND bn.visible = 1 AND bn.image_url <> ''
        AND (bn.display_start_ymdt IS NULL OR bn.display_start_ymdt <= :now)
        AND (bn.display_end_ymdt IS NULL OR bn.display_end_ymdt > :now)
      WHERE g.code IN (${bindList('c', codes, args)})
      ORDER BY g.banner_group_no, bn.display_order, bn.banner_no`,
    args,
  });
  return jsonRows<BannerRow>(rs);
}

export interface BrandSearchRow {
  brand_no: number;
  brand_name: string;
  brand_name_ko: string | null;
  brand_name_en: string | null;
  logo_image_url: string | null;
  product_cnt: number;
  like_cnt: number;
}

export async function searchBrandRows(
  db: Db,
  q: {
    brandName?: string | undefined;
    sortCriterion: 'BRAND_NAME' | 'LIKE_COUNT';
    sortDirection: 'ASC' | 'DESC';
    limit: number;
    offset: number;
    now: string;
  },
): Promise<BrandSearchRow[]> {
  const args: Args = { now: q.now, limit: q.limit, offset: q.offset };
  let where = '';
  if (q.brandName) {
    args.name = `%${q.brandName.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where = `WHERE b.brand_name LIKE :name ESCAPE '\\' OR b.brand_name_ko LIKE :name ESCAPE '\\' OR b.brand_name_en LIKE :name ESCAPE '\\'`;
  }
  const sort =
    q.sortCriterion === 'LIKE_COUNT'
      ? `like_cnt ${q.sortDirection}, b.brand_name ASC`
      : `b.brand_name ${q.sortDirection}`;
  const rs = await db.execute({
    sql: `SELECT b.brand_no, b.brand_name, b.brand_name_ko, b.brand_name_en, b.logo_image_url,
        COUNT(p.product_no) AS product_cnt, COALESCE(SUM(p.like_cnt), 0) AS like_cnt
      FROM brands b LEFT JOIN products p ON p.brand_no = b.brand_no AND ${LISTABLE_SQL}
      ${where}
      GROUP BY b.brand_no ORDER BY ${sort}, b.brand_no LIMIT :limit OFFSET :offset`,
    args,
  });
  return rows<BrandSearchRow>(rs);
}
