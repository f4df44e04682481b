import { designOptionOf, optionTitleOf } from '../../lib/design/design-option.ts';
import { dpiWarning, effectiveDpi } from '../../lib/design/dpi.ts';
import { newDesign, newImageNode } from '../../lib/design/document.ts';
import { designAreas } from '../../lib/design/geometry.ts';
import { PLACEHOLDER_TEXT, placeholderSides } from '../../lib/design/print-checks.ts';
import { DESIGN_VERSION, parseDesign, type DesignDocument, type ImageNode } from '../../lib/design/schema.ts';
import { normalizeSides } from '../../lib/design/sides.ts';
import {
  designConfigOf,
  template,
  templateForProduct,
  type ProductDesignConfig,
  type TemplateId,
} from '../../lib/design/templates.ts';
import { counterItems, customizableProductNos, getProduct, getProductOptions } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { fieldsError } from '../platform/errors.ts';
import { ownerFolder, storage } from '../storage/index.ts';
import { formatCreateTime, newDesignId } from './create-time.ts';
import * as repo from './repo.ts';
import { designableProduct, designError, storePreviews } from './service.ts';

/**
 * Designs at the counter (issue 14): the customisable products the counter sells and the template
 * each option prints on, a design made from the customer's image (one image on the whole print
 * area, drawn and stored like any saved design), the saved designs a found member (or the staff,
 * from the editor) may order, and the check of a sale's design lines. A counter design belongs to
 * no member: `designs.store_no` says which store's counter made it, and only that counter sells it.
 */

/** Who designs at the counter: the staff member (whose upload folder holds the image) and the store. */
export interface CounterDesigner {
  storeNo: number;
  staffMemberNo: number;
}

export interface CounterCustomOption {
  optionNo: number;
  /** "12cm / 실리콘", or '' without options. */
  label: string;
  /** Label → value of each option dimension. */
  values: Record<string, string>;
  /** What the counter charges (the catalogue's price with its immediate discount and add price). */
  unitPrice: number;
  stock: number;
  soldOut: boolean;
  templateId: TemplateId;
  templateLabel: string;
  material: string | null;
}

export interface CounterCustomProduct {
  productNo: number;
  productName: string;
  /** The product's address part: its editor is /products/{slug}/customize. */
  slug: string;
  imageUrl: string | null;
  /** dampener or cushion (from the default template). */
  kind: 'dampener' | 'cushion';
  labels: string[];
  sizeLabel: string | null;
  materialLabel: string | null;
  /** Options on sale now, in catalogue order. */
  options: CounterCustomOption[];
}

interface ProductChoice {
  slug: string;
  config: ProductDesignConfig;
  labels: string[];
  options: Map<number, Record<string, string>>;
}

/** The option a saved design is sold with at the counter (decision 020), or null when the staff chooses. */
function ownOption(choice: ProductChoice, row: repo.DesignRow): number | null {
  const candidates = [...choice.options].map(([optionNo, values]) => ({
    optionNo,
    value: choice.labels.map((l) => values[l] ?? '').join('|'),
  }));
  return designOptionOf(choice.config, choice.labels, candidates, row);
}

/** An option of the product in words ("색상: 화이트 / 사이즈: 12cm"), or its number. */
function optionWords(choice: ProductChoice, optionNo: number): string {
  const values = choice.options.get(optionNo);
  const words = values
    ? optionTitleOf(choice.labels, choice.labels.map((l) => values[l] ?? '').join('|'))
    : '';
  return words || `${optionNo}번 옵션`;
}

/** A product's design config and its options' values (by option number), or null when not designable. */
async function productChoice(
  db: Db,
  productNo: number,
  mustBeCustomizable: boolean,
): Promise<ProductChoice | null> {
  const [product, opts] = await Promise.all([getProduct(db, productNo), getProductOptions(db, productNo)]);
  if (!product || (mustBeCustomizable && !product.extra.customizable)) return null;
  const config = designConfigOf(productNo, product.extra.designTemplateId);
  if (!config || !opts) return null;
  const options = new Map(
    opts.flatOptions.map((o) => {
      const parts = String(o.value ?? '').split('|');
      return [o.optionNo, Object.fromEntries(opts.labels.map((l, i) => [l, parts[i] ?? '']))] as const;
    }),
  );
  return { slug: product.extra.slug, config, labels: opts.labels, options };
}

/** The customisable products on sale at the counter, with the template and price of each option. */
export async function counterCustomProducts(db: Db): Promise<CounterCustomProduct[]> {
  const products: CounterCustomProduct[] = [];
  for (const productNo of await customizableProductNos(db)) {
    const choice = await productChoice(db, productNo, true);
    if (!choice) continue;
    const items = await counterItems(db, [...choice.options.keys()]);
    const options: CounterCustomOption[] = [];
    for (const [optionNo, values] of choice.options) {
      const item = items.get(optionNo);
      if (!item?.sellable) continue;
      const templateId = templateForProduct(choice.config, values)!;
      options.push({
        optionNo,
        label: item.optionLabel,
        values,
        unitPrice: item.unitPrice,
        stock: item.stock,
        soldOut: item.soldOut,
        templateId,
        templateLabel: template(templateId).label,
        material: choice.config.materialOption ? (values[choice.config.materialOption] ?? null) : null,
      });
    }
    const first = options[0] && items.get(options[0].optionNo);
    if (!first) continue;
    products.push({
      productNo,
      productName: first.productName,
      slug: choice.slug,
      imageUrl: first.imageUrl,
      kind: template(choice.config.defaultTemplate).kind,
      labels: choice.labels,
      sizeLabel: choice.config.sizeOption?.label ?? null,
      materialLabel: choice.config.materialOption,
      options,
    });
  }
  return products;
}

export interface CounterDesignInput {
  productNo: number;
  optionNo: number;
  /** The customer's image, uploaded by the staff (GET /api/upload, then PUT) into their own folder. */
  imageUrl: string;
  /** cover: the image fills the whole print area (cut at the edges); contain: fits the safe zone. */
  fit: 'cover' | 'contain';
  name?: string | undefined;
}

export interface CounterDesign {
  designId: string;
  name: string;
  productNo: number;
  /** The option it was made for: the sale's line must use it. */
  optionNo: number;
  templateId: TemplateId;
  templateLabel: string;
  material: string | null;
  previewUrl: string | null;
  /** The image's print resolution, and the warning when it will print soft. */
  dpi: number;
  dpiWarning: string | null;
}

/** The image as one node: filling the print area (cover) or fitted into the safe zone (contain). */
function imageNode(
  templateId: TemplateId,
  image: { src: string; naturalWidth: number; naturalHeight: number },
  fit: 'cover' | 'contain',
): ImageNode {
  const node = newImageNode(templateId, image);
  if (fit === 'contain') return node;
  const { print } = designAreas(template(templateId));
  const scale = Math.max(print.width / image.naturalWidth, print.height / image.naturalHeight);
  return { ...node, width: image.naturalWidth * scale, height: image.naturalHeight * scale };
}

/**
 * A design made at the counter from the customer's image: the option's template, one image node
 * (its real size read from the stored file, never from the browser), front and back the same,
 * rendered previews. The image must be in the staff member's own upload folder.
 */
export async function createCounterDesign(
  db: Db,
  designer: CounterDesigner,
  input: CounterDesignInput,
  now = new Date(),
): Promise<CounterDesign> {
  await designableProduct(db, input.productNo);
  const choice = await productChoice(db, input.productNo, true);
  const values = choice?.options.get(input.optionNo);
  if (!choice || !values) {
    throw fieldsError('DESIGN_PRODUCT_INVALID', [
      { path: 'optionNo', message: '상품의 옵션을 골라 주세요.' },
    ]);
  }
  const port = storage();
  const key = port.keyOfUrl(input.imageUrl);
  if (!key || !key.startsWith(`${ownerFolder({ kind: 'member', memberNo: designer.staffMemberNo })}/`)) {
    throw fieldsError('DESIGN_IMAGE_FORBIDDEN', [
      {
        path: 'imageUrl',
        message: '이 화면에서 올린 고객 이미지만 쓸 수 있습니다. 이미지를 다시 올려 주세요.',
      },
    ]);
  }
  const bytes = await port.get(key);
  const { default: sharp } = await import('sharp'); // loaded on first use, not at start (decision 077)
  const meta = bytes
    ? await sharp(bytes)
        .metadata()
        .catch(() => null)
    : null;
  if (!meta?.width || !meta.height) {
    throw fieldsError('DESIGN_IMAGE_MISSING', [
      { path: 'imageUrl', message: '고객 이미지를 찾을 수 없습니다. 이미지를 다시 올려 주세요.' },
    ]);
  }
  const templateId = templateForProduct(choice.config, values)!;
  const node = imageNode(
    templateId,
    { src: port.publicUrl(key), naturalWidth: meta.width, naturalHeight: meta.height },
    input.fit,
  );
  const blank = newDesign(templateId);
  const side = { ...blank.sides.front, nodes: [node] };
  const parsed = parseDesign({ ...blank, sides: { front: side, back: side } });
  if (!parsed.ok) throw designError(parsed.code, parsed.message);
  const doc = normalizeSides(parsed.document);
  const designId = newDesignId();
  const previews = await storePreviews(designId, 1, doc);
  const material = choice.config.materialOption ? (values[choice.config.materialOption] ?? null) : null;
  const name = input.name?.trim() || `매장 주문 · ${template(templateId).label}`;
  await repo.insertDesign(db, {
    designId,
    memberNo: null,
    guestTokenHash: null,
    storeNo: designer.storeNo,
    productNo: input.productNo,
    templateId,
    shape: doc.shape,
    frontBackSame: doc.frontBackSame,
    name,
    document: JSON.stringify(doc),
    documentVersion: DESIGN_VERSION,
    previewFrontUrl: previews.front,
    previewBackUrl: previews.back,
    salesChannel: 'brand',
    material,
    optionNo: input.optionNo,
    createTime: formatCreateTime(now),
    at: now.toISOString(),
  });
  return {
    designId,
    name,
    productNo: input.productNo,
    optionNo: input.optionNo,
    templateId,
    templateLabel: template(templateId).label,
    material,
    previewUrl: previews.front,
    dpi: Math.floor(effectiveDpi(node)),
    dpiWarning: dpiWarning(node),
  };
}

export interface CounterDesignChoice {
  designId: string;
  name: string;
  /**
   * The option it is sold with (the one saved with it); null for an older design several options
   * fit: the staff chooses with the customer.
   */
  optionNo: number | null;
  templateId: string;
  templateLabel: string;
  material: string | null;
  previewUrl: string | null;
  savedAt: string;
}

function choiceOf(row: repo.DesignRow, choice: ProductChoice | null): CounterDesignChoice {
  return {
    designId: row.designId,
    name: row.name,
    optionNo: choice ? ownOption(choice, row) : row.optionNo,
    templateId: row.templateId,
    templateLabel: (() => {
      try {
        return template(row.templateId as TemplateId).label;
      } catch {
        return row.templateId;
      }
    })(),
    material: row.material,
    previewUrl: row.previewFrontUrl,
    savedAt: row.updatedAt,
  };
}

/** The saved designs of a member (or of the staff member, made in the editor) for one product. */
export async function savedDesignsForCounter(
  db: Db,
  memberNo: number,
  productNo: number,
): Promise<CounterDesignChoice[]> {
  const rows = await repo.listByOwner(db, { memberNo });
  const choice = await productChoice(db, productNo, false);
  return rows.filter((r) => r.productNo === productNo).map((r) => choiceOf(r, choice));
}

/** Who may have a design sold at a counter: the store's own, the found member's, the staff member's. */
export interface CounterDesignOwner extends CounterDesigner {
  /** The member found by phone for this sale, if any. */
  memberNo: number | null;
}

export interface CounterDesignLine {
  /** The line's index in the sale (for the field path of a problem). */
  index: number;
  designId: string;
  productNo: number;
  optionNo: number;
}

/**
 * Checks the design lines of a counter sale before any payment is taken: the design exists and is
 * not deleted, was made at this store's counter or is the found member's (or the staff member's own)
 * saved design, was made for the line's product, on the template of the line's option (its size),
 * with the option it was saved with (an older design without one: the staff's choice, asked with the
 * customer at the counter) and without the editor's placeholder text. Every problem is a 400 naming
 * its line (`lines.N.designId`).
 */
export async function checkCounterDesignLines(
  db: Db,
  owner: CounterDesignOwner,
  lines: readonly CounterDesignLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const rows = new Map(
    (await repo.findByIds(db, [...new Set(lines.map((l) => l.designId))])).map((r) => [r.designId, r]),
  );
  const choices = new Map<number, ProductChoice | null>();
  const problems: { path: string; message: string }[] = [];
  for (const line of lines) {
    const problem = (message: string) => problems.push({ path: `lines.${line.index}.designId`, message });
    const row = rows.get(line.designId);
    if (!row) {
      problem('디자인을 찾을 수 없습니다. 디자인을 다시 골라 주세요.');
      continue;
    }
    if (row.deletedAt !== null) {
      problem(`'${row.name}' 디자인은 삭제되었습니다. 다른 디자인을 골라 주세요.`);
      continue;
    }
    const madeHere = row.memberNo === null && row.guestTokenHash === null && row.storeNo === owner.storeNo;
    const members =
      row.memberNo !== null && (row.memberNo === owner.memberNo || row.memberNo === owner.staffMemberNo);
    if (!madeHere && !members) {
      problem('이 매장에서 만든 디자인이나 찾은 회원이 저장한 디자인만 주문할 수 있습니다.');
      continue;
    }
    if (row.productNo !== line.productNo) {
      problem(`'${row.name}' 디자인은 다른 상품의 디자인입니다.`);
      continue;
    }
    if (!choices.has(line.productNo))
      choices.set(line.productNo, await productChoice(db, line.productNo, false));
    const choice = choices.get(line.productNo);
    const values = choice?.options.get(line.optionNo);
    if (!choice || !values) {
      problem('디자인 상품으로 팔 수 없는 상품입니다.');
      continue;
    }
    const templateId = templateForProduct(choice.config, values)!;
    if (row.templateId !== templateId) {
      problem(
        `'${row.name}' 디자인은 ${choiceOf(row, choice).templateLabel}용이라 이 옵션(${template(templateId).label})에 쓸 수 없습니다.`,
      );
      continue;
    }
    const own = ownOption(choice, row);
    if (own !== null && own !== line.optionNo) {
      problem(
        `'${row.name}' 디자인은 '${optionWords(choice, own)}' 옵션으로 저장되었습니다. 그 옵션으로 주문해 주세요.`,
      );
      continue;
    }
    if (placeholderSides(JSON.parse(row.document) as DesignDocument).length > 0) {
      problem(
        `'${row.name}' 디자인에 기본 문구 '${PLACEHOLDER_TEXT}'가 남아 있습니다. 문구를 바꾼 뒤 주문해 주세요.`,
      );
    }
  }
  if (problems.length > 0) throw fieldsError('DESIGN_NOT_ORDERABLE', problems);
}
