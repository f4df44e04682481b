import type { InStatement } from '@libsql/client';
import { PRODUCT_IMAGE_WIDTHS } from '../../../lib/images.ts';
import { productArt } from './artwork.ts';
import { demoEan13 } from '../../../lib/barcode.ts';
import { productDesignConfig } from '../../../lib/design/templates.ts';
import { detailContent, dutyInfoRows } from './content.ts';
import { imageBase, variants, variantUrl, type ImageJob } from './images.ts';
import { intBetween, prng } from './prng.ts';
import { insert } from './sql.ts';
import { BRAND_NO, CATEGORY, DEFAULT_TEMPLATE, DELIVERY_TEMPLATES, PARTNER_NO, partners } from './store.ts';
import type { OptionValue, ProductSeed } from './types.ts';

const DAY = 86_400_000;

/** A time `daysAgo` days before the anchor, at a stable minute of that day's first 20 hours (UTC ISO). */
function daysBefore(anchor: Date, daysAgo: number, dayFraction = 0): string {
  return new Date(
    anchor.getTime() - daysAgo * DAY + Math.floor(dayFraction * 20 * 60) * 60_000,
  ).toISOString();
}

const valueOf = (v: OptionValue) => (typeof v === 'string' ? v : v[0]);
const addPriceOf = (v: OptionValue) => (typeof v === 'string' ? 0 : v[1]);

/** Every combination of the dimension values, in the order a shopper reads them. */
function combinations(values: OptionValue[][]): OptionValue[][] {
  return values.reduce<OptionValue[][]>(
    (acc, dim) => acc.flatMap((combo) => dim.map((v) => [...combo, v])),
    [[]],
  );
}

const CODE_PREFIX: Record<number, string> = {
  [CATEGORY.dampeners]: 'DMP',
  [CATEGORY.exercise]: 'FIT',
  [CATEGORY.cushions]: 'CSH',
  [CATEGORY.living]: 'LIV',
};

function managementCode(p: ProductSeed): string {
  const prefix = p.categories.map((c) => CODE_PREFIX[c]).find(Boolean) ?? 'ETC';
  return `${prefix}-${p.no}`;
}

const VIEW_ALT = ['대표 이미지', '상세 이미지', '구성 이미지'];

function productImageJobs(p: ProductSeed): ImageJob[] {
  const count = p.art.images ?? 2;
  return Array.from({ length: count }, (_, view) => {
    const art = productArt({ kind: p.art.kind, color: p.art.color, accent: p.art.accent ?? '#ffffff', view });
    return {
      base: imageBase('catalog/products', `${p.no}-${view + 1}`, art),
      art,
      viewWidth: 100,
      viewHeight: 100,
      widths: PRODUCT_IMAGE_WIDTHS,
    };
  });
}

/** The rows of one product: the product, its options, inputs, images and category links. */
export function productStatements(
  p: ProductSeed,
  anchor: Date,
  brandName: string,
): { stmts: InStatement[]; images: ImageJob[] } {
  const rand = prng(p.no);
  const template = DELIVERY_TEMPLATES.find((t) => t.no === (p.delivery ?? DEFAULT_TEMPLATE[p.partner]));
  if (!template) throw new Error(`상품 ${p.no}: 배송 템플릿이 없습니다`);
  const partnerName = partners(brandName).find((x) => x.no === PARTNER_NO[p.partner])?.name ?? '';
  const registered = daysBefore(anchor, p.daysAgo, rand());
  const likeCnt = Math.round(p.sales * (0.15 + rand() * 0.35));
  const finished = p.status === 'FINISHED';
  const d = p.discount;
  const stmts: InStatement[] = [
    insert('products', {
      product_no: p.no,
      slug: p.slug,
      product_name: p.name,
      product_management_cd: managementCode(p),
      partner_no: PARTNER_NO[p.partner],
      brand_no: p.brand ? BRAND_NO[p.brand] : null,
      delivery_template_no: template.no,
      standard_category_no: p.standardCategory ?? null,
      customizable: p.customizable ? 1 : 0,
      sale_status: p.status ?? 'ONSALE',
      sale_period_type: finished ? 'PERIOD' : 'REGULAR',
      sale_start_ymdt: registered,
      sale_end_ymdt: finished ? daysBefore(anchor, 30) : null,
      front_display: p.hidden ? 0 : 1,
      url_direct_display: p.hidden ? 1 : 0,
      sale_price: p.price,
      immediate_discount_value: d?.value ?? 0,
      immediate_discount_unit: d?.unit ?? 'WON',
      immediate_discount_start_ymdt:
        d?.startDaysAgo === undefined ? null : daysBefore(anchor, d.startDaysAgo),
      immediate_discount_end_ymdt: d?.endDaysAgo === undefined ? null : daysBefore(anchor, d.endDaysAgo),
      forced_sold_out: p.forcedSoldOut ? 1 : 0,
      option_labels: p.options ? p.options.labels.join('|') : '',
      promotion_text: p.promotion ?? null,
      product_summary: p.summary,
      search_keywords: p.keywords,
      content: detailContent(p, template),
      duty_info: JSON.stringify(dutyInfoRows(p, partnerName)),
      design_template_id: p.customizable ? (productDesignConfig(p.no)?.defaultTemplate ?? null) : null,
      max_buy_time_cnt: p.maxBuyTimeCnt ?? 0,
      accumulation_rate: p.customizable ? 2 : 1,
      md_recommend_order: p.md ?? null,
      sale_cnt: p.sales,
      // no demo reviews: the review service keeps the count and average from real reviews, so a
      // seeded figure would disagree with the product page's review list
      review_cnt: 0,
      review_rating: 0,
      like_cnt: likeCnt,
      register_ymdt: registered,
      updated_ymdt: daysBefore(anchor, Math.max(1, p.daysAgo - 1), rand()),
    }),
  ];

  const combos = p.options ? combinations(p.options.values) : [[]];
  if (combos.length > 99) throw new Error(`상품 ${p.no}: 옵션 조합이 너무 많습니다 (${combos.length})`);
  combos.forEach((combo, i) => {
    const key = combo.map(valueOf).join('|');
    const stock = !p.options
      ? (p.stock ?? intBetween(rand, 20, 300))
      : p.options.soldOut?.includes(key)
        ? 0
        : intBetween(rand, 8, 240);
    const value = (k: number) => (combo[k] === undefined ? null : valueOf(combo[k]));
    stmts.push(
      insert('product_options', {
        option_no: p.no * 100 + i + 1,
        product_no: p.no,
        value1: value(0),
        value2: value(1),
        value3: value(2),
        value4: value(3),
        add_price: combo.reduce((sum, v) => sum + addPriceOf(v), 0),
        stock_cnt: stock,
        sale_cnt: Math.floor((p.sales / combos.length) * (0.5 + rand())),
        option_management_cd: `${managementCode(p)}-${String(i + 1).padStart(2, '0')}`,
        // every demo option carries an EAN-13 the counter can scan
        barcode: demoEan13(p.no * 100 + i + 1),
        forced_sold_out: p.options?.forcedSoldOut?.includes(key) ? 1 : 0,
        is_default: p.options ? 0 : 1,
        display_order: i + 1,
      }),
    );
  });

  (p.inputs ?? []).forEach((input, i) => {
    stmts.push(
      insert('product_inputs', {
        input_no: p.no * 10 + i + 1,
        product_no: p.no,
        input_label: input.label,
        input_matching_type: 'OPTION',
        required: input.required ? 1 : 0,
        max_length: input.maxLength ?? 100,
        display_order: i + 1,
      }),
    );
  });

  const images = productImageJobs(p);
  images.forEach((job, view) => {
    stmts.push(
      insert('product_images', {
        image_no: p.no * 10 + view + 1,
        product_no: p.no,
        display_order: view + 1,
        is_main: view === 0 ? 1 : 0,
        url: variantUrl(job.base, 1280),
        width: 1280,
        height: 1280,
        alt: `${p.name} ${VIEW_ALT[view] ?? '이미지'}`,
        variants: JSON.stringify(variants(job)),
      }),
    );
  });
  return { stmts, images };
}

/** Listed in the shop: on sale and shown on the front. */
export const isListed = (p: ProductSeed) => (p.status ?? 'ONSALE') === 'ONSALE' && !p.hidden;

/** Category links, each category keeping the order the products are listed in, and the new-arrivals category. */
export function categoryLinks(products: ProductSeed[]): InStatement[] {
  const order = new Map<number, number>();
  const link = (productNo: number, categoryNo: number): InStatement => {
    const n = (order.get(categoryNo) ?? 0) + 1;
    order.set(categoryNo, n);
    return insert('product_categories', { product_no: productNo, category_no: categoryNo, display_order: n });
  };
  const stmts = products.flatMap((p) => p.categories.map((c) => link(p.no, c)));
  const fresh = products.filter((p) => isListed(p) && p.daysAgo <= 30).sort((a, b) => a.daysAgo - b.daysAgo);
  return [...stmts, ...fresh.map((p) => link(p.no, CATEGORY.newArrivals))];
}
