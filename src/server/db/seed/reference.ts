import type { InStatement } from '@libsql/client';
import { insert } from './sql.ts';
import {
  CATEGORIES,
  DELIVERY_TEMPLATES,
  PARTNER_NO,
  STANDARD_CATEGORIES,
  brands,
  partners,
} from './store.ts';

/** Partners, brands, delivery templates and both category trees, parents before children. */
export function referenceStatements(brandName: string, brandSlug: string): InStatement[] {
  return [
    ...partners(brandName).map((p) =>
      insert('partners', { partner_no: p.no, partner_name: p.name, is_brand_self: p.isBrandSelf }),
    ),
    ...brands(brandName, brandSlug).map((b) =>
      insert('brands', {
        brand_no: b.no,
        brand_name: b.name,
        brand_name_ko: b.ko,
        brand_name_en: b.en,
        display_order: b.order,
      }),
    ),
    ...DELIVERY_TEMPLATES.map((t) =>
      insert('delivery_templates', {
        template_no: t.no,
        partner_no: PARTNER_NO[t.partner],
        template_name: t.name,
        delivery_type: 'PARCEL_DELIVERY',
        delivery_company_type: t.company,
        delivery_condition_type: t.condition,
        base_delivery_amt: t.base,
        above_delivery_amt: t.above,
        remote_delivery_amt: t.remote,
        return_delivery_amt: t.returnAmt,
        shipping_area_type: t.area,
      }),
    ),
    ...CATEGORIES.map((c) =>
      insert('categories', {
        category_no: c.no,
        parent_no: c.parent,
        label: c.label,
        depth: c.depth,
        display_order: c.order,
        is_menu: c.menu,
      }),
    ),
    ...STANDARD_CATEGORIES.map((c) =>
      insert('standard_categories', {
        category_no: c.no,
        parent_no: c.parent,
        label: c.label,
        depth: c.depth,
      }),
    ),
  ];
}
