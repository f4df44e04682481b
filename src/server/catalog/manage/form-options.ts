import type { Executor } from '../../db/client.ts';
import { TEMPLATES } from '../../../lib/design/templates.ts';

/** What the product editor and the list's filters choose from. */
export interface ProductFormOptions {
  partners: { partnerNo: number; partnerName: string }[];
  brands: { brandNo: number; brandName: string }[];
  deliveryTemplates: { templateNo: number; templateName: string; partnerNo: number }[];
  /** Every category with its full path (`생활 > 욕실`); display categories (not in the menu) flagged. */
  categories: {
    categoryNo: number;
    parentNo: number | null;
    path: string;
    depth: number;
    menu: boolean;
    visible: boolean;
  }[];
  designTemplates: { id: string; label: string }[];
}

export async function productFormOptions(db: Executor): Promise<ProductFormOptions> {
  const [partners, brands, templates, categories] = await Promise.all([
    db.execute('SELECT partner_no, partner_name FROM partners ORDER BY partner_name'),
    db.execute('SELECT brand_no, brand_name FROM brands ORDER BY brand_name'),
    db.execute('SELECT template_no, template_name, partner_no FROM delivery_templates ORDER BY template_no'),
    db.execute(`WITH RECURSIVE tree(category_no, parent_no, path, depth, is_menu, visible, sort) AS (
        SELECT category_no, parent_no, label, depth, is_menu, visible, printf('%06d.%09d', display_order, category_no)
          FROM categories WHERE parent_no IS NULL
        UNION ALL
        SELECT c.category_no, c.parent_no, tree.path || ' > ' || c.label, c.depth, c.is_menu, c.visible,
          tree.sort || '/' || printf('%06d.%09d', c.display_order, c.category_no)
          FROM categories c JOIN tree ON c.parent_no = tree.category_no)
      SELECT category_no, parent_no, path, depth, is_menu, visible FROM tree ORDER BY is_menu DESC, sort`),
  ]);
  return {
    partners: partners.rows.map((r) => ({
      partnerNo: Number(r.partner_no),
      partnerName: String(r.partner_name),
    })),
    brands: brands.rows.map((r) => ({ brandNo: Number(r.brand_no), brandName: String(r.brand_name) })),
    deliveryTemplates: templates.rows.map((r) => ({
      templateNo: Number(r.template_no),
      templateName: String(r.template_name),
      partnerNo: Number(r.partner_no),
    })),
    categories: categories.rows.map((r) => ({
      categoryNo: Number(r.category_no),
      parentNo: r.parent_no === null ? null : Number(r.parent_no),
      path: String(r.path),
      depth: Number(r.depth),
      menu: Number(r.is_menu) === 1,
      visible: Number(r.visible) === 1,
    })),
    designTemplates: TEMPLATES.map((t) => ({ id: t.id, label: t.label })),
  };
}

/** The customisable products the shop shows, oldest first (the print guide lists them). */
export async function customizableProductNos(db: Executor): Promise<number[]> {
  const rs = await db.execute(`SELECT product_no FROM products
    WHERE customizable = 1 AND front_display = 1 AND deleted_ymdt IS NULL AND sale_status IN ('ONSALE', 'READY')
    ORDER BY product_no`);
  return rs.rows.map((r) => Number(r.product_no));
}
