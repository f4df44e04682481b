import type { Executor } from '../../db/client.ts';
import { bindList, jsonList, rows, type Args } from '../repo.ts';

/**
 * SQL of the brand, partner and delivery template editors. Writes that change an existing row are
 * guarded by the version the manager read (`… AND version = ?`) and bump it; the caller checks the
 * row count.
 */

// ------------------------------------------------------------------------------ brands

export interface BrandAdminRow {
  brand_no: number;
  brand_name: string;
  brand_name_ko: string | null;
  brand_name_en: string | null;
  logo_image_url: string | null;
  display_order: number;
  version: number;
  /** Products not deleted. */
  product_cnt: number;
  /** Every product row, deleted ones included (orders and carts still point at them). */
  all_product_cnt: number;
}

const BRAND_SELECT = `SELECT b.brand_no, b.brand_name, b.brand_name_ko, b.brand_name_en, b.logo_image_url,
    b.display_order, b.version,
    (SELECT COUNT(*) FROM products p WHERE p.brand_no = b.brand_no AND p.deleted_ymdt IS NULL) AS product_cnt,
    (SELECT COUNT(*) FROM products p WHERE p.brand_no = b.brand_no) AS all_product_cnt
  FROM brands b`;

export async function selectBrands(ex: Executor): Promise<BrandAdminRow[]> {
  return rows<BrandAdminRow>(await ex.execute(`${BRAND_SELECT} ORDER BY b.display_order, b.brand_no`));
}

export async function selectBrand(ex: Executor, brandNo: number): Promise<BrandAdminRow | undefined> {
  return rows<BrandAdminRow>(
    await ex.execute({ sql: `${BRAND_SELECT} WHERE b.brand_no = ?`, args: [brandNo] }),
  )[0];
}

/** The brand (other than `exceptNo`) whose name is `name`, ignoring case and outer spaces. */
export async function brandNamed(ex: Executor, name: string, exceptNo = 0): Promise<string | undefined> {
  const rs = await ex.execute({
    sql: 'SELECT brand_name FROM brands WHERE lower(trim(brand_name)) = lower(?) AND brand_no <> ? LIMIT 1',
    args: [name.trim(), exceptNo],
  });
  return rs.rows[0] ? String(rs.rows[0][0]) : undefined;
}

export interface BrandFields {
  name: string;
  nameKo: string | null;
  nameEn: string | null;
  displayOrder: number;
}

export async function insertBrand(ex: Executor, b: BrandFields): Promise<number> {
  const rs = await ex.execute({
    sql: `INSERT INTO brands (brand_name, brand_name_ko, brand_name_en, display_order) VALUES (?, ?, ?, ?)
      RETURNING brand_no`,
    args: [b.name, b.nameKo, b.nameEn, b.displayOrder],
  });
  return Number(rs.rows[0]![0]);
}

export async function nextBrandOrder(ex: Executor): Promise<number> {
  const rs = await ex.execute('SELECT COALESCE(MAX(display_order), 0) + 1 FROM brands');
  return Math.min(9999, Number(rs.rows[0]![0]));
}

export async function updateBrandRow(
  ex: Executor,
  brandNo: number,
  version: number,
  b: BrandFields,
): Promise<boolean> {
  const rs = await ex.execute({
    sql: `UPDATE brands SET brand_name = ?, brand_name_ko = ?, brand_name_en = ?, display_order = ?,
        version = version + 1 WHERE brand_no = ? AND version = ?`,
    args: [b.name, b.nameKo, b.nameEn, b.displayOrder, brandNo, version],
  });
  return rs.rowsAffected > 0;
}

export async function setBrandLogo(
  ex: Executor,
  brandNo: number,
  version: number,
  url: string | null,
): Promise<boolean> {
  const rs = await ex.execute({
    sql: 'UPDATE brands SET logo_image_url = ?, version = version + 1 WHERE brand_no = ? AND version = ?',
    args: [url, brandNo, version],
  });
  return rs.rowsAffected > 0;
}

export async function deleteBrandRow(ex: Executor, brandNo: number, version: number): Promise<boolean> {
  const rs = await ex.execute({
    sql: 'DELETE FROM brands WHERE brand_no = ? AND version = ?',
    args: [brandNo, version],
  });
  return rs.rowsAffected > 0;
}

// ------------------------------------------------------------------------------ partners

export interface PartnerAdminRow {
  partner_no: number;
  partner_name: string;
  is_brand_self: number;
  version: number;
  product_cnt: number;
  all_product_cnt: number;
  template_cnt: number;
}

const PARTNER_SELECT = `SELECT pt.partner_no, pt.partner_name, pt.is_brand_self, pt.version,
    (SELECT COUNT(*) FROM products p WHERE p.partner_no = pt.partner_no AND p.deleted_ymdt IS NULL) AS product_cnt,
    (SELECT COUNT(*) FROM products p WHERE p.partner_no = pt.partner_no) AS all_product_cnt,
    (SELECT COUNT(*) FROM delivery_templates t WHERE t.partner_no = pt.partner_no) AS template_cnt
  FROM partners pt`;

export async function selectPartners(ex: Executor): Promise<PartnerAdminRow[]> {
  return rows<PartnerAdminRow>(await ex.execute(`${PARTNER_SELECT} ORDER BY pt.partner_no`));
}

export async function selectPartner(ex: Executor, partnerNo: number): Promise<PartnerAdminRow | undefined> {
  const rs = await ex.execute({ sql: `${PARTNER_SELECT} WHERE pt.partner_no = ?`, args: [partnerNo] });
  return rows<PartnerAdminRow>(rs)[0];
}

export async function partnerNamed(ex: Executor, name: string, exceptNo = 0): Promise<string | undefined> {
  const rs = await ex.execute({
    sql: 'SELECT partner_name FROM partners WHERE lower(trim(partner_name)) = lower(?) AND partner_no <> ? LIMIT 1',
    args: [name.trim(), exceptNo],
  });
  return rs.rows[0] ? String(rs.rows[0][0]) : undefined;
}

export async function insertPartner(ex: Executor, name: string): Promise<number> {
  const rs = await ex.execute({
    sql: 'INSERT INTO partners (partner_name) VALUES (?) RETURNING partner_no',
    args: [name],
  });
  return Number(rs.rows[0]![0]);
}

export async function renamePartner(
  ex: Executor,
  partnerNo: number,
  version: number,
  name: string,
): Promise<boolean> {
  const rs = await ex.execute({
    sql: 'UPDATE partners SET partner_name = ?, version = version + 1 WHERE partner_no = ? AND version = ?',
    args: [name, partnerNo, version],
  });
  return rs.rowsAffected > 0;
}

export async function deletePartnerRow(ex: Executor, partnerNo: number, version: number): Promise<boolean> {
  const rs = await ex.execute({
    sql: 'DELETE FROM partners WHERE partner_no = ? AND version = ?',
    args: [partnerNo, version],
  });
  return rs.rowsAffected > 0;
}

// ------------------------------------------------------------------------------ delivery templates

export interface RemoteAreaRow {
  area_no: number;
  template_no: number;
  zip_from: string;
  zip_to: string;
  extra_fee: number;
  label: string;
}

export interface TemplateAdminRow {
  template_no: number;
  partner_no: number;
  partner_name: string;
  template_name: string;
  delivery_type: 'PARCEL_DELIVERY' | 'DIRECT_DELIVERY' | 'NONE';
  delivery_company_type: string;
  delivery_condition_type: 'FREE' | 'CONDITIONAL' | 'FIXED_FEE';
  base_delivery_amt: number;
  above_delivery_amt: number | null;
  remote_delivery_amt: number;
  return_delivery_amt: number;
  shipping_area_type: 'MALL' | 'PARTNER';
  version: number;
  product_cnt: number;
  all_product_cnt: number;
  /** JSON array of RemoteAreaRow. */
  remote_areas: string;
}

const AREA_JSON = `json_object('area_no', a.area_no, 'template_no', a.template_no, 'zip_from', a.zip_from,
  'zip_to', a.zip_to, 'extra_fee', a.extra_fee, 'label', a.label)`;

const TEMPLATE_SELECT = `SELECT t.template_no, t.partner_no, pt.partner_name, t.template_name, t.delivery_type,
    t.delivery_company_type, t.delivery_condition_type, t.base_delivery_amt, t.above_delivery_amt,
    t.remote_delivery_amt, t.return_delivery_amt, t.shipping_area_type, t.version,
    (SELECT COUNT(*) FROM products p WHERE p.delivery_template_no = t.template_no AND p.deleted_ymdt IS NULL) AS product_cnt,
    (SELECT COUNT(*) FROM products p WHERE p.delivery_template_no = t.template_no) AS all_product_cnt,
    (SELECT json_group_array(${AREA_JSON} ORDER BY a.zip_from, a.area_no)
      FROM delivery_template_remote_areas a WHERE a.template_no = t.template_no) AS remote_areas
  FROM delivery_templates t JOIN partners pt ON pt.partner_no = t.partner_no`;

export type TemplateRow = Omit<TemplateAdminRow, 'remote_areas'> & { remote_areas: RemoteAreaRow[] };

const readTemplate = (r: TemplateAdminRow): TemplateRow => ({
  ...r,
  remote_areas: jsonList<RemoteAreaRow>(r.remote_areas),
});

export async function selectTemplates(ex: Executor): Promise<TemplateRow[]> {
  const rs = await ex.execute(`${TEMPLATE_SELECT} ORDER BY t.partner_no, t.template_no`);
  return rows<TemplateAdminRow>(rs).map(readTemplate);
}

export async function selectTemplate(ex: Executor, templateNo: number): Promise<TemplateRow | undefined> {
  const rs = await ex.execute({ sql: `${TEMPLATE_SELECT} WHERE t.template_no = ?`, args: [templateNo] });
  return rows<TemplateAdminRow>(rs).map(readTemplate)[0];
}

export interface TemplateFields {
  partnerNo: number;
  name: string;
  deliveryType: string;
  deliveryCompanyType: string;
  conditionType: string;
  baseDeliveryAmt: number;
  aboveDeliveryAmt: number | null;
  remoteDeliveryAmt: number;
  returnDeliveryAmt: number;
  shippingAreaType: 'MALL' | 'PARTNER';
}

const templateArgs = (t: TemplateFields) => [
  t.partnerNo,
  t.name,
  t.deliveryType,
  t.deliveryCompanyType,
  t.conditionType,
  t.baseDeliveryAmt,
  t.aboveDeliveryAmt,
  t.remoteDeliveryAmt,
  t.returnDeliveryAmt,
  t.shippingAreaType,
];

export async function insertTemplate(ex: Executor, t: TemplateFields): Promise<number> {
  const rs = await ex.execute({
    sql: `INSERT INTO delivery_templates (partner_no, template_name, delivery_type, delivery_company_type,
        delivery_condition_type, base_delivery_amt, above_delivery_amt, remote_delivery_amt, return_delivery_amt,
        shipping_area_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING template_no`,
    args: templateArgs(t),
  });
  return Number(rs.rows[0]![0]);
}

export async function updateTemplateRow(
  ex: Executor,
  templateNo: number,
  version: number,
  t: TemplateFields,
): Promise<boolean> {
  const rs = await ex.execute({
    sql: `UPDATE delivery_templates SET partner_no = ?, template_name = ?, delivery_type = ?,
        delivery_company_type = ?, delivery_condition_type = ?, base_delivery_amt = ?, above_delivery_amt = ?,
        remote_delivery_amt = ?, return_delivery_amt = ?, shipping_area_type = ?, version = version + 1
      WHERE template_no = ? AND version = ?`,
    args: [...templateArgs(t), templateNo, version],
  });
  return rs.rowsAffected > 0;
}

/** Replaces the template's remote-area ranges with `areas`. */
export async function replaceRemoteAreas(
  ex: Executor,
  templateNo: number,
  areas: readonly { zipFrom: string; zipTo: string; extraFee: number; label: string }[],
): Promise<void> {
  await ex.execute({
    sql: 'DELETE FROM delivery_template_remote_areas WHERE template_no = ?',
    args: [templateNo],
  });
  for (const a of areas) {
    await ex.execute({
      sql: `INSERT INTO delivery_template_remote_areas (template_no, zip_from, zip_to, extra_fee, label)
        VALUES (?, ?, ?, ?, ?)`,
      args: [templateNo, a.zipFrom, a.zipTo, a.extraFee, a.label],
    });
  }
}

export async function deleteTemplateRow(ex: Executor, templateNo: number, version: number): Promise<boolean> {
  await ex.execute({
    sql: 'DELETE FROM delivery_template_remote_areas WHERE template_no = ?',
    args: [templateNo],
  });
  const rs = await ex.execute({
    sql: 'DELETE FROM delivery_templates WHERE template_no = ? AND version = ?',
    args: [templateNo, version],
  });
  return rs.rowsAffected > 0;
}

/** The remote-area ranges of the given templates (those with none are absent). */
export async function selectRemoteAreas(
  ex: Executor,
  templateNos: readonly number[],
): Promise<RemoteAreaRow[]> {
  if (templateNos.length === 0) return [];
  const args: Args = {};
  const rs = await ex.execute({
    sql: `SELECT area_no, template_no, zip_from, zip_to, extra_fee, label FROM delivery_template_remote_areas
      WHERE template_no IN (${bindList('t', templateNos, args)}) ORDER BY template_no, zip_from`,
    args,
  });
  return rows<RemoteAreaRow>(rs);
}
