import type { InValue, Transaction } from '@libsql/client';
import { markdownToSafeHtml } from '../../content/sanitize.ts';
import type { Db, Executor } from '../../db/client.ts';
import { placeholders } from '../../db/sql.ts';
import { writeTx } from '../../db/write-tx.ts';
import { changedFields, recordAudit } from '../../audit/index.ts';
import { appError, fieldsError, type FieldProblem } from '../../platform/errors.ts';
import { notifyRestocked } from '../restock.ts';
import { writeLedgerLine } from '../stock-repo.ts';
import { listImages } from './product-images.ts';
import { dimensionsOf, planOptions, type OptionDimension, type OptionRowInput } from './options.ts';
import { fieldProblems, ProductInputSchema, type ProductInput } from './product-input.ts';

/**
 * The product editor's service: read a product as the editor shows it, create, save (version
 * checked), copy, delete (= stop selling), and the list's bulk actions. Every save is one write
 * transaction that also refreshes the product's search row, so the storefront shows it at once.
 */

/** Who is doing it: the signed-in manager, named in the stock ledger. */
export interface Actor {
  memberNo: number;
  name: string;
}

export interface ManagedOption {
  optionNo: number;
  values: string[];
  addPrice: number;
  stock: number;
  saleCnt: number;
  optionManagementCd: string | null;
  barcode: string | null;
  forcedSoldOut: boolean;
}

export interface ManagedImage {
  imageNo: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  main: boolean;
  variants: { width: number; url: string }[];
}

/** A product as the editor loads it: its input fields plus what only the server knows. */
export interface ManagedProduct {
  productNo: number;
  version: number;
  slug: string;
  deleted: boolean;
  registerYmdt: string;
  updatedYmdt: string;
  saleCnt: number;
  reviewCnt: number;
  productName: string;
  productNameEn: string | null;
  productManagementCd: string | null;
  brandNo: number | null;
  partnerNo: number;
  deliveryTemplateNo: number;
  categoryNos: number[];
  salePrice: number;
  immediateDiscount: {
    value: number;
    unit: 'WON' | 'RATE';
    startYmdt: string | null;
    endYmdt: string | null;
  };
  saleStatus: 'READY' | 'ONSALE' | 'FINISHED' | 'STOP' | 'PROHIBITION';
  saleStartYmdt: string | null;
  saleEndYmdt: string | null;
  frontDisplay: boolean;
  urlDirectDisplay: boolean;
  forcedSoldOut: boolean;
  minBuyCnt: number;
  maxBuyPersonCnt: number;
  maxBuyTimeCnt: number;
  accumulationRate: number;
  promotionText: string | null;
  productSummary: string | null;
  /** The Markdown source (or the stored HTML when the product never had one). */
  content: string;
  dutyInfo: { label: string; value: string }[];
  searchKeywords: string[];
  lowStockThreshold: number;
  customizable: boolean;
  designTemplateId: string | null;
  options: { dimensions: OptionDimension[]; rows: ManagedOption[] };
  inputs: { inputNo: number; inputLabel: string; required: boolean; maxLength: number }[];
  images: ManagedImage[];
}

const str = (v: unknown) => (v == null ? null : String(v));
const num = (v: unknown) => Number(v ?? 0);

function parseJson<T>(v: unknown, fallback: T): T {
  try {
    return typeof v === 'string' ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The product as the editor shows it, deleted ones included (they can be read, not edited). */
export async function loadManagedProduct(db: Executor, productNo: number): Promise<ManagedProduct | null> {
  const [p, opts, inputs, cats, images] = await Promise.all([
    db.execute({ sql: 'SELECT * FROM products WHERE product_no = ?', args: [productNo] }),
    db.execute({
      sql: `SELECT option_no, value1, value2, value3, value4, add_price, stock_cnt, sale_cnt, option_management_cd,
          barcode, forced_sold_out FROM product_options WHERE product_no = ? AND retired = 0
          ORDER BY display_order, option_no`,
      args: [productNo],
    }),
    db.execute({
      sql: `SELECT input_no, input_label, required, max_length FROM product_inputs WHERE product_no = ?
          ORDER BY display_order, input_no`,
      args: [productNo],
    }),
    db.execute({
      sql: 'SELECT category_no FROM product_categories WHERE product_no = ? ORDER BY category_no',
      args: [productNo],
    }),
    listImages(db, productNo),
  ]);
  const r = p.rows[0];
  if (!r) return null;
  const rows: ManagedOption[] = opts.rows.map((o) => ({
    optionNo: num(o.option_no),
    values: [o.value1, o.value2, o.value3, o.value4].filter((v) => v != null).map(String),
    addPrice: num(o.add_price),
    stock: num(o.stock_cnt),
    saleCnt: num(o.sale_cnt),
    optionManagementCd: str(o.option_management_cd),
    barcode: str(o.barcode),
    forcedSoldOut: num(o.forced_sold_out) === 1,
  }));
  const labels = String(r.option_labels ?? '');
  return {
    productNo: num(r.product_no),
    version: num(r.version),
    slug: String(r.slug),
    deleted: r.deleted_ymdt != null,
    registerYmdt: String(r.register_ymdt),
    updatedYmdt: String(r.updated_ymdt),
    saleCnt: num(r.sale_cnt),
    reviewCnt: num(r.review_cnt),
    productName: String(r.product_name),
    productNameEn: str(r.product_name_en),
    productManagementCd: str(r.product_management_cd),
    brandNo: r.brand_no == null ? null : num(r.brand_no),
    partnerNo: num(r.partner_no),
    deliveryTemplateNo: num(r.delivery_template_no),
    categoryNos: cats.rows.map((c) => num(c.category_no)),
    salePrice: num(r.sale_price),
    immediateDiscount: {
      value: num(r.immediate_discount_value),
      unit: r.immediate_discount_unit === 'RATE' ? 'RATE' : 'WON',
      startYmdt: str(r.immediate_discount_start_ymdt),
      endYmdt: str(r.immediate_discount_end_ymdt),
    },
    saleStatus: String(r.sale_status) as ManagedProduct['saleStatus'],
    saleStartYmdt: str(r.sale_start_ymdt),
    saleEndYmdt: str(r.sale_end_ymdt),
    frontDisplay: num(r.front_display) === 1,
    urlDirectDisplay: num(r.url_direct_display) === 1,
    forcedSoldOut: num(r.forced_sold_out) === 1,
    minBuyCnt: num(r.min_buy_cnt),
    maxBuyPersonCnt: num(r.max_buy_person_cnt),
    maxBuyTimeCnt: num(r.max_buy_time_cnt),
    accumulationRate: num(r.accumulation_rate),
    promotionText: str(r.promotion_text),
    productSummary: str(r.product_summary),
    content: str(r.content_source) ?? String(r.content ?? ''),
    dutyInfo: parseJson(r.duty_info, []),
    searchKeywords: String(r.search_keywords ?? '')
      .split(/\s+/)
      .filter(Boolean),
    lowStockThreshold: num(r.low_stock_threshold),
    customizable: num(r.customizable) === 1,
    designTemplateId: str(r.design_template_id),
    options: {
      dimensions: dimensionsOf(
        labels,
        rows.map((o) => ({ values: o.values })),
      ),
      rows,
    },
    inputs: inputs.rows.map((n) => ({
      inputNo: num(n.input_no),
      inputLabel: String(n.input_label),
      required: num(n.required) === 1,
      maxLength: num(n.max_length),
    })),
    images,
  };
}

/** The input checked by its schema; every problem of every field, or the parsed input. */
export function parseProductInput(body: unknown): ProductInput {
  const parsed = ProductInputSchema.safeParse(body);
  if (!parsed.success) throw fieldsError('PRODUCT_INVALID', fieldProblems(parsed.error));
  return parsed.data;
}

// ------------------------------------------------------------------------------ checks in the database

async function exists(db: Executor, sql: string, args: InValue[]): Promise<boolean> {
  return (await db.execute({ sql, args })).rows.length > 0;
}

/** Problems only the database can tell: references that do not exist, taken slugs and barcodes. */
async function referenceProblems(
  db: Executor,
  input: ProductInput,
  productNo: number | null,
  keptOptionNos: readonly number[],
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (!(await exists(db, 'SELECT 1 FROM partners WHERE partner_no = ?', [input.partnerNo])))
    problems.push({ path: 'partnerNo', message: '없는 거래처입니다. 목록에서 다시 골라 주세요.' });
  if (
    !(await exists(db, 'SELECT 1 FROM delivery_templates WHERE template_no = ?', [input.deliveryTemplateNo]))
  )
    problems.push({
      path: 'deliveryTemplateNo',
      message: '없는 배송비 템플릿입니다. 목록에서 다시 골라 주세요.',
    });
  if (
    input.brandNo !== null &&
    !(await exists(db, 'SELECT 1 FROM brands WHERE brand_no = ?', [input.brandNo]))
  )
    problems.push({ path: 'brandNo', message: '없는 브랜드입니다. 목록에서 다시 골라 주세요.' });
  const cats = [...new Set(input.categoryNos)];
  if (cats.length > 0) {
    const found = await db.execute({
      sql: `SELECT category_no FROM categories WHERE category_no IN (${placeholders(cats)})`,
      args: cats,
    });
    const have = new Set(found.rows.map((r) => Number(r.category_no)));
    const missing = cats.filter((c) => !have.has(c));
    if (missing.length > 0)
      problems.push({ path: 'categoryNos', message: `없는 카테고리가 있습니다 (${missing.join(', ')}).` });
  }
  if (
    input.slug &&
    (await exists(db, 'SELECT 1 FROM products WHERE slug = ? AND product_no IS NOT ?', [
      input.slug,
      productNo,
    ]))
  )
    problems.push({ path: 'slug', message: '이미 다른 상품이 쓰는 주소입니다.' });
  const codes = input.options.rows.flatMap((r, i) => (r.barcode ? [{ code: r.barcode, i }] : []));
  if (codes.length > 0) {
    const taken = await db.execute({
      sql: `SELECT barcode, product_no, option_no FROM product_options WHERE barcode IN (${placeholders(codes)})`,
      args: codes.map((c) => c.code),
    });
    const mine = new Set(keptOptionNos);
    for (const t of taken.rows) {
      if (mine.has(Number(t.option_no))) continue;
      const c = codes.find((x) => x.code === String(t.barcode))!;
      problems.push({
        path: `options.rows.${c.i}.barcode`,
        message: `바코드 ${c.code}는 이미 상품 ${String(t.product_no)}의 옵션에 등록되어 있습니다.`,
      });
    }
  }
  return problems;
}

// ------------------------------------------------------------------------------ writes

function productColumns(input: ProductInput, now: string): Record<string, InValue> {
  const d = input.immediateDiscount;
  return {
    product_name: input.productName,
    product_name_en: input.productNameEn ?? null,
    product_management_cd: input.productManagementCd ?? null,
    partner_no: input.partnerNo,
    brand_no: input.brandNo,
    delivery_template_no: input.deliveryTemplateNo,
    customizable: input.customizable ? 1 : 0,
    design_template_id: input.customizable ? input.designTemplateId : null,
    sale_status: input.saleStatus,
    sale_period_type: input.saleEndYmdt ? 'PERIOD' : 'REGULAR',
    sale_start_ymdt: input.saleStartYmdt ?? now,
    sale_end_ymdt: input.saleEndYmdt ?? null,
    front_display: input.frontDisplay ? 1 : 0,
    url_direct_display: input.urlDirectDisplay ? 1 : 0,
    sale_price: input.salePrice,
    immediate_discount_value: d.value,
    immediate_discount_unit: d.unit,
    immediate_discount_start_ymdt: d.value > 0 ? (d.startYmdt ?? null) : null,
    immediate_discount_end_ymdt: d.value > 0 ? (d.endYmdt ?? null) : null,
    forced_sold_out: input.forcedSoldOut ? 1 : 0,
    option_labels: input.options.dimensions.map((x) => x.label.trim()).join('|'),
    promotion_text: input.promotionText ?? null,
    product_summary: input.productSummary ?? null,
    search_keywords: input.searchKeywords.join(' '),
    content: markdownToSafeHtml(input.content),
    content_source: input.content,
    duty_info: JSON.stringify(input.dutyInfo),
    min_buy_cnt: input.minBuyCnt,
    max_buy_person_cnt: input.maxBuyPersonCnt,
    max_buy_time_cnt: input.maxBuyTimeCnt,
    accumulation_rate: input.accumulationRate,
    low_stock_threshold: input.lowStockThreshold,
    updated_ymdt: now,
  };
}

const optionValues = (values: readonly string[]) => [0, 1, 2, 3].map((i) => values[i]?.trim() ?? null);

async function existingOptions(db: Executor, productNo: number) {
  const rs = await db.execute({
    sql: 'SELECT option_no, value1, value2, value3, value4, retired FROM product_options WHERE product_no = ?',
    args: [productNo],
  });
  return rs.rows.map((r) => ({
    optionNo: Number(r.option_no),
    values: [r.value1, r.value2, r.value3, r.value4].filter((v) => v != null).map(String),
    retired: Number(r.retired) === 1,
  }));
}

/** Options, inputs and categories of a product as the input says (the product row is written). */
async function writeParts(
  tx: Transaction,
  productNo: number,
  input: ProductInput,
  plan: ReturnType<typeof planOptions>['plan'],
  actor: Actor,
  now: string,
): Promise<void> {
  const isDefault = input.options.dimensions.length === 0 ? 1 : 0;
  // barcodes move between options of the same product: free them first so the unique index holds
  if (plan.keep.length + plan.retire.length > 0) {
    await tx.execute({
      sql: 'UPDATE product_options SET barcode = NULL WHERE product_no = ?',
      args: [productNo],
    });
  }
  for (const k of plan.keep) {
    await tx.execute({
      sql: `UPDATE product_options SET value1 = ?, value2 = ?, value3 = ?, value4 = ?, add_price = ?,
          option_management_cd = ?, barcode = ?, forced_sold_out = ?, display_order = ?, is_default = ?, retired = 0
        WHERE option_no = ? AND product_no = ?`,
      args: [
        ...optionValues(k.row.values),
        k.row.addPrice,
        k.row.optionManagementCd ?? null,
        k.row.barcode ?? null,
        k.row.forcedSoldOut ? 1 : 0,
        k.order,
        isDefault,
        k.optionNo,
        productNo,
      ],
    });
  }
  for (const a of plan.add) {
    const rs = await tx.execute({
      sql: `INSERT INTO product_options (product_no, value1, value2, value3, value4, add_price, stock_cnt,
          option_management_cd, barcode, forced_sold_out, display_order, is_default)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING option_no`,
      args: [
        productNo,
        ...optionValues(a.row.values),
        a.row.addPrice,
        a.row.stock ?? 0,
        a.row.optionManagementCd ?? null,
        a.row.barcode ?? null,
        a.row.forcedSoldOut ? 1 : 0,
        a.order,
        isDefault,
      ],
    });
    const optionNo = Number(rs.rows[0]?.option_no);
    await writeLedgerLine(tx, optionNo, a.row.stock ?? 0, {
      reason: 'INITIAL',
      channel: 'MANAGER',
      memo: '옵션 등록',
      actorMemberNo: actor.memberNo,
      actorLabel: actor.name,
      now,
    });
  }
  if (plan.retire.length > 0) {
    await tx.execute({
      sql: `UPDATE product_options SET retired = 1, barcode = NULL WHERE product_no = ? AND option_no IN (${placeholders(plan.retire)})`,
      args: [productNo, ...plan.retire],
    });
  }

  // text inputs: kept by number, new ones added, the rest removed
  const keptInputs = input.inputs.flatMap((n) => (n.inputNo ? [n.inputNo] : []));
  await tx.execute({
    sql: `DELETE FROM product_inputs WHERE product_no = ?${keptInputs.length ? ` AND input_no NOT IN (${placeholders(keptInputs)})` : ''}`,
    args: [productNo, ...keptInputs],
  });
  for (const [order, n] of input.inputs.entries()) {
    if (n.inputNo) {
      const rs = await tx.execute({
        sql: `UPDATE product_inputs SET input_label = ?, required = ?, max_length = ?, display_order = ?
          WHERE input_no = ? AND product_no = ?`,
        args: [n.inputLabel, n.required ? 1 : 0, n.maxLength, order, n.inputNo, productNo],
      });
      if (rs.rowsAffected === 1) continue;
    }
    await tx.execute({
      sql: `INSERT INTO product_inputs (product_no, input_label, required, max_length, display_order)
        VALUES (?, ?, ?, ?, ?)`,
      args: [productNo, n.inputLabel, n.required ? 1 : 0, n.maxLength, order],
    });
  }

  // categories: kept ones keep their place in their category's list; new ones go last
  const cats = [...new Set(input.categoryNos)];
  await tx.execute({
    sql: `DELETE FROM product_categories WHERE product_no = ?${cats.length ? ` AND category_no NOT IN (${placeholders(cats)})` : ''}`,
    args: [productNo, ...cats],
  });
  for (const c of cats) {
    await tx.execute({
      sql: `INSERT OR IGNORE INTO product_categories (product_no, category_no, display_order)
        SELECT ?, ?, COALESCE(MAX(display_order), 0) + 1 FROM product_categories WHERE category_no = ?`,
      args: [productNo, c, c],
    });
  }
}

function optionInputs(input: ProductInput): OptionRowInput[] {
  return input.options.rows.map((r) => ({ ...r, values: r.values.map((v) => v.trim()) }));
}

/** Creates a product inside the caller's write transaction; answers its number. */
export async function createProductIn(
  tx: Transaction,
  input: ProductInput,
  actor: Actor,
  now: string,
): Promise<number> {
  const rows = optionInputs(input).map((r) => ({ ...r, optionNo: undefined }));
  const { plan, problems } = planOptions(input.options.dimensions, rows, []);
  const all = [...problems, ...(await referenceProblems(tx, input, null, []))];
  if (all.length > 0) throw fieldsError('PRODUCT_INVALID', all);
  const no = await tx.execute('SELECT COALESCE(MAX(product_no), 100000) + 1 AS n FROM products');
  const productNo = Number(no.rows[0]?.n);
  const cols = {
    product_no: productNo,
    slug: input.slug ?? `product-${productNo}`,
    register_ymdt: now,
    ...productColumns(input, now),
  };
  await tx.execute({
    sql: `INSERT INTO products (${Object.keys(cols).join(', ')}) VALUES (${placeholders(Object.keys(cols))})`,
    args: Object.values(cols),
  });
  await writeParts(tx, productNo, input, plan, actor, now);
  return productNo;
}

/** Creates a product from the editor's input; answers its number. */
export async function createProduct(db: Db, body: unknown, actor: Actor): Promise<number> {
  const input = parseProductInput(body);
  const now = new Date().toISOString();
  return writeTx(db, (tx) => createProductIn(tx, input, actor, now));
}

/** Saves over the product at `version` inside the caller's transaction; answers the new version. */
export async function updateProductIn(
  tx: Transaction,
  productNo: number,
  version: number,
  input: ProductInput,
  actor: Actor,
  now: string,
): Promise<number> {
  const cur = await tx.execute({
    sql: 'SELECT version, deleted_ymdt, slug FROM products WHERE product_no = ?',
    args: [productNo],
  });
  const row = cur.rows[0];
  if (!row || row.deleted_ymdt != null) throw appError('MANAGED_PRODUCT_NOT_FOUND');
  if (Number(row.version) !== version) throw appError('VERSION_CONFLICT');
  const before = await auditSnapshot(tx, productNo);
  const existing = await existingOptions(tx, productNo);
  const { plan, problems } = planOptions(input.options.dimensions, optionInputs(input), existing);
  const kept = plan.keep.map((k) => k.optionNo);
  const all = [...problems, ...(await referenceProblems(tx, input, productNo, kept))];
  if (all.length > 0) throw fieldsError('PRODUCT_INVALID', all);
  const cols = { ...productColumns(input, now), slug: input.slug ?? String(row.slug) };
  const rs = await tx.execute({
    sql: `UPDATE products SET ${Object.keys(cols)
      .map((c) => `${c} = ?`)
      .join(', ')}, version = version + 1 WHERE product_no = ? AND version = ?`,
    args: [...Object.values(cols), productNo, version],
  });
  if (rs.rowsAffected !== 1) throw appError('VERSION_CONFLICT');
  await writeParts(tx, productNo, input, plan, actor, now);
  // a lifted 강제 품절, a product back on sale or shown again: its waiting shoppers are told now
  await notifyRestocked(tx, { productNo }, now);
  const after = await auditSnapshot(tx, productNo);
  const diff = changedFields(before, after);
  if (diff)
    await recordAudit(tx, {
      action: 'product.update',
      targetType: 'product',
      targetId: productNo,
      summary: `상품 ${productNo} 수정: ${Object.keys(diff.after).join(', ')}`,
      ...diff,
    });
  return version + 1;
}

/** What the audit trail compares before and after a product's save: prices, status, options' prices and stock. */
async function auditSnapshot(tx: Transaction, productNo: number): Promise<Record<string, unknown>> {
  const [p, o] = await Promise.all([
    tx.execute({
      sql: `SELECT product_name, sale_price, immediate_discount_value, immediate_discount_unit, sale_status,
              front_display, forced_sold_out, accumulation_rate FROM products WHERE product_no = ?`,
      args: [productNo],
    }),
    tx.execute({
      sql: `SELECT option_no, value1, value2, value3, value4, add_price, stock_cnt, forced_sold_out, retired
            FROM product_options WHERE product_no = ? ORDER BY option_no`,
      args: [productNo],
    }),
  ]);
  const r: Record<string, unknown> = p.rows[0] ?? {};
  return {
    productName: r.product_name ?? null,
    salePrice: r.sale_price ?? null,
    immediateDiscount:
      `${String(r.immediate_discount_value ?? 0)} ${String(r.immediate_discount_unit ?? '')}`.trim(),
    saleStatus: r.sale_status ?? null,
    frontDisplay: r.front_display ?? null,
    forcedSoldOut: r.forced_sold_out ?? null,
    accumulationRate: r.accumulation_rate ?? null,
    options: o.rows
      .filter((x) => Number(x.retired) === 0)
      .map((x) => ({
        optionNo: Number(x.option_no),
        label: [x.value1, x.value2, x.value3, x.value4].filter((v) => v != null).join(' / '),
        addPrice: Number(x.add_price),
        stock: Number(x.stock_cnt),
        forcedSoldOut: Number(x.forced_sold_out) === 1,
      })),
  };
}

/**
 * Saves the editor's input over the product at `version`. A newer version in the database means
 * another manager saved first: 409 `VERSION_CONFLICT`, nothing written. Answers the new version.
 */
export async function updateProduct(
  db: Db,
  productNo: number,
  version: number,
  body: unknown,
  actor: Actor,
): Promise<number> {
  const input = parseProductInput(body);
  const now = new Date().toISOString();
  return writeTx(db, (tx) => updateProductIn(tx, productNo, version, input, actor, now));
}

/**
 * A copy of the product to edit: same fields, options (new numbers, no stock), inputs, categories
 * and images (the same files: a file is deleted only when no image row uses it any more), saved
 * as not shown and awaiting sale so nothing half-made reaches the shop.
 */
export async function copyProduct(db: Db, productNo: number, actor: Actor): Promise<number> {
  const source = await loadManagedProduct(db, productNo);
  if (!source || source.deleted) throw appError('MANAGED_PRODUCT_NOT_FOUND');
  const draft = {
    ...source,
    slug: null,
    productName: `${source.productName} (복사본)`.slice(0, 100),
    saleStatus: 'READY' as const,
    frontDisplay: false,
    options: {
      dimensions: source.options.dimensions,
      rows: source.options.rows.map((r) => ({ ...r, optionNo: undefined, stock: 0, barcode: null })),
    },
    inputs: source.inputs.map((n) => ({ ...n, inputNo: undefined })),
  };
  const copyNo = await createProduct(db, draft, actor);
  if (source.images.length > 0) {
    await writeTx(db, async (tx) => {
      for (const [order, img] of source.images.entries()) {
        await tx.execute({
          sql: `INSERT INTO product_images (product_no, display_order, is_main, url, width, height, alt, variants)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            copyNo,
            order,
            img.main ? 1 : 0,
            img.url,
            img.width,
            img.height,
            img.alt,
            JSON.stringify(img.variants),
          ],
        });
      }
    });
  }
  return copyNo;
}

/**
 * Deleting a product stops selling it: not shown, not for sale, out of the manager's list. Its
 * row, options and images stay, so orders, reviews and carts that point at it keep working.
 */
export async function deleteProduct(db: Db, productNo: number, version: number): Promise<void> {
  const now = new Date().toISOString();
  await writeTx(db, async (tx) => {
    const cur = await tx.execute({
      sql: 'SELECT version, deleted_ymdt FROM products WHERE product_no = ?',
      args: [productNo],
    });
    const row = cur.rows[0];
    if (!row || row.deleted_ymdt != null) throw appError('MANAGED_PRODUCT_NOT_FOUND');
    const rs = await tx.execute({
      sql: `UPDATE products SET deleted_ymdt = ?, sale_status = 'STOP', front_display = 0, url_direct_display = 0,
          updated_ymdt = ?, version = version + 1 WHERE product_no = ? AND version = ?`,
      args: [now, now, productNo, version],
    });
    if (rs.rowsAffected !== 1) throw appError('VERSION_CONFLICT');
    await tx.execute({ sql: 'DELETE FROM display_section_products WHERE product_no = ?', args: [productNo] });
  });
}

export type BulkAction =
  | { action: 'saleStatus'; saleStatus: 'READY' | 'ONSALE' | 'FINISHED' | 'STOP' }
  | { action: 'display'; frontDisplay: boolean }
  | { action: 'addCategory'; categoryNo: number }
  | { action: 'removeCategory'; categoryNo: number };

/**
 * One change to many products (the list's bulk actions). Each product is named with the version
 * the list showed; products saved since are left alone and reported, the others change together.
 */
export async function bulkUpdate(
  db: Db,
  items: readonly { productNo: number; version: number }[],
  change: BulkAction,
): Promise<{ changed: number[]; conflicts: number[] }> {
  const now = new Date().toISOString();
  return writeTx(db, async (tx) => {
    if (change.action === 'addCategory' || change.action === 'removeCategory') {
      if (!(await exists(tx, 'SELECT 1 FROM categories WHERE category_no = ?', [change.categoryNo])))
        throw fieldsError('PRODUCT_INVALID', [{ path: 'categoryNo', message: '없는 카테고리입니다.' }]);
    }
    const changed: number[] = [];
    const conflicts: number[] = [];
    for (const item of items) {
      const set =
        change.action === 'saleStatus'
          ? { sql: 'sale_status = ?', args: [change.saleStatus] }
          : change.action === 'display'
            ? { sql: 'front_display = ?', args: [change.frontDisplay ? 1 : 0] }
            : { sql: 'product_no = product_no', args: [] };
      const rs = await tx.execute({
        sql: `UPDATE products SET ${set.sql}, updated_ymdt = ?, version = version + 1
          WHERE product_no = ? AND version = ? AND deleted_ymdt IS NULL`,
        args: [...set.args, now, item.productNo, item.version],
      });
      if (rs.rowsAffected !== 1) {
        conflicts.push(item.productNo);
        continue;
      }
      if (change.action === 'addCategory') {
        await tx.execute({
          sql: `INSERT OR IGNORE INTO product_categories (product_no, category_no, display_order)
            SELECT ?, ?, COALESCE(MAX(display_order), 0) + 1 FROM product_categories WHERE category_no = ?`,
          args: [item.productNo, change.categoryNo, change.categoryNo],
        });
      }
      if (change.action === 'removeCategory') {
        await tx.execute({
          sql: 'DELETE FROM product_categories WHERE product_no = ? AND category_no = ?',
          args: [item.productNo, change.categoryNo],
        });
      }
      if (change.action === 'saleStatus' || change.action === 'display')
        await notifyRestocked(tx, { productNo: item.productNo }, now);
      changed.push(item.productNo);
    }
    return { changed, conflicts };
  });
}
