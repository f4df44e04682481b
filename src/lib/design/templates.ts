/**
 * Product templates: the printable surface of each customisable product. All lengths are in
 * millimetres. A template's finished (trim) size is `widthMm × heightMm`; the print area adds
 * `bleedMm` on every side (printed past the cut so no white edge shows); the safe zone is the trim
 * inset by `safeMm` (keep text inside it). Design coordinates have their origin at the top-left of
 * the print area, so every printed point has x, y ≥ 0.
 *
 * Which template a product uses is the catalogue's (`designTemplateId`, chosen in the back office);
 * for the demo products it can depend on one of their options (the size), and the material
 * (cushioning) is another option whose add price comes from the catalogue like any option.
 */

export type DesignShape = 'circle' | 'square';

export interface DesignTemplate {
  readonly id: string;
  readonly label: string;
  readonly shape: DesignShape;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly bleedMm: number;
  readonly safeMm: number;
  readonly kind: 'dampener' | 'cushion';
}

export const TEMPLATES = [
  {
    id: 'round-dampener-100',
    label: '원형 방진패드 지름 10cm',
    shape: 'circle',
    widthMm: 100,
    heightMm: 100,
    bleedMm: 2,
    safeMm: 6,
    kind: 'dampener',
  },
  {
    id: 'round-dampener-120',
    label: '원형 방진패드 지름 12cm',
    shape: 'circle',
    widthMm: 120,
    heightMm: 120,
    bleedMm: 2,
    safeMm: 6,
    kind: 'dampener',
  },
  {
    id: 'square-dampener-80',
    label: '사각 방진패드 80 x 80mm',
    shape: 'square',
    widthMm: 80,
    heightMm: 80,
    bleedMm: 2,
    safeMm: 5,
    kind: 'dampener',
  },
  {
    id: 'square-dampener-100',
    label: '사각 방진패드 100 x 100mm',
    shape: 'square',
    widthMm: 100,
    heightMm: 100,
    bleedMm: 2,
    safeMm: 5,
    kind: 'dampener',
  },
  {
    id: 'square-cushion-350',
    label: '사각 쿠션 35 x 35cm',
    shape: 'square',
    widthMm: 350,
    heightMm: 350,
    bleedMm: 10,
    safeMm: 25,
    kind: 'cushion',
  },
  {
    id: 'square-cushion-400',
    label: '사각 쿠션 40 x 40cm',
    shape: 'square',
    widthMm: 400,
    heightMm: 400,
    bleedMm: 10,
    safeMm: 25,
    kind: 'cushion',
  },
  {
    id: 'square-cushion-450',
    label: '사각 쿠션 45 x 45cm',
    shape: 'square',
    widthMm: 450,
    heightMm: 450,
    bleedMm: 10,
    safeMm: 25,
    kind: 'cushion',
  },
  {
    id: 'square-cushion-500',
    label: '사각 쿠션 50 x 50cm',
    shape: 'square',
    widthMm: 500,
    heightMm: 500,
    bleedMm: 10,
    safeMm: 25,
    kind: 'cushion',
  },
  {
    id: 'round-cushion-350',
    label: '원형 쿠션 지름 35cm',
    shape: 'circle',
    widthMm: 350,
    heightMm: 350,
    bleedMm: 10,
    safeMm: 25,
    kind: 'cushion',
  },
  {
    id: 'round-cushion-450',
    label: '원형 쿠션 지름 45cm',
    shape: 'circle',
    widthMm: 450,
    heightMm: 450,
    bleedMm: 10,
    safeMm: 25,
    kind: 'cushion',
  },
] as const satisfies readonly DesignTemplate[];

export type TemplateId = (typeof TEMPLATES)[number]['id'];

export const TEMPLATE_IDS = TEMPLATES.map((t) => t.id) as [TemplateId, ...TemplateId[]];

const byId = new Map<string, DesignTemplate>(TEMPLATES.map((t) => [t.id, t]));

export function isTemplateId(id: string): id is TemplateId {
  return byId.has(id);
}

export function template(id: TemplateId): DesignTemplate {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown template id: ${id}`);
  return found;
}

/** The print area (trim plus bleed on each side) in millimetres. */
export function printAreaMm(t: DesignTemplate): { widthMm: number; heightMm: number } {
  return { widthMm: t.widthMm + 2 * t.bleedMm, heightMm: t.heightMm + 2 * t.bleedMm };
}

/**
 * How a customisable product maps onto templates: `sizeOption` names the option whose value picks
 * the template (values not listed use `defaultTemplate`), `materialOption` the option that holds the
 * cushioning material (its add price is the catalogue's), null where the product has none.
 */
export interface ProductDesignConfig {
  readonly productNo: number;
  readonly defaultTemplate: TemplateId;
  readonly sizeOption: {
    readonly label: string;
    readonly templates: Readonly<Record<string, TemplateId>>;
  } | null;
  readonly materialOption: string | null;
}

/** The demo products' configs: each maps its size option onto templates (see `designConfigOf`). */
export const PRODUCT_DESIGNS: readonly ProductDesignConfig[] = [
  {
    productNo: 100005,
    defaultTemplate: 'round-dampener-100',
    sizeOption: {
      label: '사이즈',
      templates: { '10cm': 'round-dampener-100', '12cm': 'round-dampener-120' },
    },
    materialOption: '재질',
  },
  {
    productNo: 100006,
    defaultTemplate: 'square-dampener-100',
    sizeOption: {
      label: '사이즈',
      templates: { '80 x 80mm': 'square-dampener-80', '100 x 100mm': 'square-dampener-100' },
    },
    materialOption: '재질',
  },
  {
    productNo: 100016,
    defaultTemplate: 'square-cushion-400',
    sizeOption: {
      label: '사이즈',
      templates: {
        '40 x 40cm': 'square-cushion-400',
        '45 x 45cm': 'square-cushion-450',
        '50 x 50cm': 'square-cushion-500',
      },
    },
    materialOption: '원단',
  },
  {
    productNo: 100017,
    defaultTemplate: 'round-cushion-350',
    sizeOption: {
      label: '사이즈',
      templates: { '지름 35cm': 'round-cushion-350', '지름 45cm': 'round-cushion-450' },
    },
    materialOption: null,
  },
  {
    productNo: 100018,
    defaultTemplate: 'square-cushion-350',
    sizeOption: { label: '사이즈', templates: { 중형: 'square-cushion-350', 대형: 'square-cushion-500' } },
    materialOption: null,
  },
  { productNo: 100023, defaultTemplate: 'square-cushion-450', sizeOption: null, materialOption: null },
];

/**
 * The demo catalogue's entry of PRODUCT_DESIGNS, or null. What the seed writes into
 * `products.design_template_id`; the shop itself reads a product's config with `designConfigOf`.
 */
export function productDesignConfig(productNo: number): ProductDesignConfig | null {
  return PRODUCT_DESIGNS.find((p) => p.productNo === productNo) ?? null;
}

/**
 * A product's design config from its catalogue data (`extra.designTemplateId`, chosen in the back
 * office). A demo product keeps its PRODUCT_DESIGNS entry (its size option picks the template) while
 * the catalogue names one of that entry's templates or none (a database seeded before the column
 * existed); a template chosen outside the entry wins, alone. Any other product is designed on the
 * catalogue's template alone, without a size or material option. Null when the product names no
 * known template and has no entry: it cannot be designed.
 */
export function designConfigOf(
  productNo: number,
  designTemplateId: string | null,
): ProductDesignConfig | null {
  const demo = productDesignConfig(productNo);
  const chosen = designTemplateId !== null && isTemplateId(designTemplateId) ? designTemplateId : null;
  if (demo && (chosen === null || templatesOfProduct(demo).includes(chosen))) return demo;
  if (chosen === null) return null;
  return {
    productNo,
    defaultTemplate: chosen,
    sizeOption: null,
    materialOption: demo?.materialOption ?? null,
  };
}

/** Every template a product (its design config) may be designed on; none without a config. */
export function templatesOfProduct(config: ProductDesignConfig | null): TemplateId[] {
  if (!config) return [];
  const ids = new Set<TemplateId>([
    config.defaultTemplate,
    ...Object.values(config.sizeOption?.templates ?? {}),
  ]);
  return [...ids];
}

/**
 * The template for a product (its design config) and its chosen option values (label → value); the
 * default when the size option is not chosen yet. Null for a product that cannot be designed.
 */
export function templateForProduct(
  config: ProductDesignConfig | null,
  options: Readonly<Record<string, string>> = {},
): TemplateId | null {
  if (!config) return null;
  const value = config.sizeOption ? options[config.sizeOption.label] : undefined;
  return (value !== undefined ? config.sizeOption?.templates[value] : undefined) ?? config.defaultTemplate;
}
