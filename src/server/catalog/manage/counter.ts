import type { Executor } from '../../db/client.ts';
import { PRICE_SQL } from '../repo.ts';

/**
 * The catalogue as the counter sees it: one row per sellable option with the price the counter
 * charges (the sale price after its immediate discount, plus the option's add price), its stock
 * and barcode. Deleted products and retired options are never sold; a product not on sale
 * (판매중지, 판매종료) is found but marked, so the staff can tell the customer why.
 */
export interface CounterItem {
  productNo: number;
  optionNo: number;
  productName: string;
  /** "화이트 / 12cm", or '' for a product without options. */
  optionLabel: string;
  barcode: string | null;
  optionManagementCd: string | null;
  unitPrice: number;
  stock: number;
  /** Forced sold out, or no stock. */
  soldOut: boolean;
  saleStatus: string;
  /** On sale now (판매중, within its sale period). */
  sellable: boolean;
  imageUrl: string | null;
  /** Made from the customer's design: sold through the counter's custom order screen only. */
  customizable: boolean;
  /** Text the customer gives with the product (각인 문구), asked when it is added. */
  inputs: CounterItemInput[];
}

export interface CounterItemInput {
  inputNo: number;
  inputLabel: string;
  required: boolean;
  maxLength: number;
}

const SELECT = `SELECT p.product_no, o.option_no, p.product_name, o.value1, o.value2, o.value3, o.value4,
    o.barcode, o.option_management_cd, MAX(0, ${PRICE_SQL.replaceAll(':now', '?1')} + o.add_price) AS unit_price,
    o.stock_cnt, (o.forced_sold_out = 1 OR p.forced_sold_out = 1 OR o.stock_cnt = 0) AS sold_out, p.sale_status,
    (p.sale_status = 'ONSALE' AND p.sale_start_ymdt <= ?1 AND (p.sale_end_ymdt IS NULL OR p.sale_end_ymdt > ?1)) AS sellable,
    (SELECT i.url FROM product_images i WHERE i.product_no = p.product_no
      ORDER BY i.is_main DESC, i.display_order, i.image_no LIMIT 1) AS image_url,
    p.customizable,
    (SELECT json_group_array(json_object('inputNo', pi.input_no, 'inputLabel', pi.input_label,
        'required', pi.required, 'maxLength', pi.max_length))
      FROM (SELECT * FROM product_inputs WHERE product_no = p.product_no ORDER BY display_order, input_no) pi) AS inputs
  FROM product_options o JOIN products p ON p.product_no = o.product_no
  WHERE o.retired = 0 AND p.deleted_ymdt IS NULL`;

function toItem(r: Record<string, unknown>): CounterItem {
  return {
    productNo: Number(r.product_no),
    optionNo: Number(r.option_no),
    productName: String(r.product_name),
    optionLabel: [r.value1, r.value2, r.value3, r.value4].filter((v) => v != null).join(' / '),
    barcode: r.barcode == null ? null : String(r.barcode),
    optionManagementCd: r.option_management_cd == null ? null : String(r.option_management_cd),
    unitPrice: Number(r.unit_price),
    stock: Number(r.stock_cnt),
    soldOut: Number(r.sold_out) === 1,
    saleStatus: String(r.sale_status),
    sellable: Number(r.sellable) === 1,
    imageUrl: r.image_url == null ? null : String(r.image_url),
    customizable: Number(r.customizable) === 1,
    inputs: (
      JSON.parse(String(r.inputs ?? '[]')) as {
        inputNo: number;
        inputLabel: string;
        required: number;
        maxLength: number;
      }[]
    ).map((i) => ({
      inputNo: i.inputNo,
      inputLabel: i.inputLabel,
      required: i.required === 1,
      maxLength: i.maxLength,
    })),
  };
}

/** The option with this barcode (or option management code), or null. */
export async function counterItemByCode(db: Executor, code: string): Promise<CounterItem | null> {
  const rs = await db.execute({
    sql: `${SELECT} AND (o.barcode = ?2 OR o.option_management_cd = ?2) ORDER BY o.barcode = ?2 DESC LIMIT 1`,
    args: [new Date().toISOString(), code.trim()],
  });
  return rs.rows[0] ? toItem(rs.rows[0] as Record<string, unknown>) : null;
}

/** Options whose product name, product number or codes match, sellable ones first; at most `limit`. */
export async function searchCounterItems(db: Executor, q: string, limit = 30): Promise<CounterItem[]> {
  const text = q.trim().toLowerCase();
  if (!text) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rs = await db.execute({
    sql: `${SELECT} AND (p.product_no = ?2 OR lower(p.product_name) LIKE ?3 ESCAPE '\\'
        OR lower(COALESCE(p.product_management_cd, '')) LIKE ?3 ESCAPE '\\' OR o.barcode = ?4)
      ORDER BY sellable DESC, p.product_no DESC, o.display_order, o.option_no LIMIT ?5`,
    args: [new Date().toISOString(), /^\d+$/.test(text) ? Number(text) : -1, like, q.trim(), limit],
  });
  return rs.rows.map((r) => toItem(r as Record<string, unknown>));
}

/** The given options as the counter prices them (any state: the caller decides what may be sold). */
export async function counterItems(
  db: Executor,
  optionNos: readonly number[],
): Promise<Map<number, CounterItem>> {
  const out = new Map<number, CounterItem>();
  const nos = [...new Set(optionNos)];
  if (nos.length === 0) return out;
  const rs = await db.execute({
    sql: `${SELECT} AND o.option_no IN (${nos.map((_, i) => `?${i + 2}`).join(', ')})`,
    args: [new Date().toISOString(), ...nos],
  });
  for (const r of rs.rows) {
    const item = toItem(r as Record<string, unknown>);
    out.set(item.optionNo, item);
  }
  return out;
}
