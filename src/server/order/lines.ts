import { josa } from 'es-hangul';
import { MAX_ORDER_CNT } from '../../lib/order-limits.ts';
import { DESIGN_ID_PATTERN, DESIGN_INPUT_LABEL, type DesignSummary } from '../../lib/design/api.ts';
import { optionTitleOf } from '../../lib/design/design-option.ts';
import { PLACEHOLDER_TEXT } from '../../lib/design/print-checks.ts';
import {
  designConfigOf,
  templatesOfProduct,
  type ProductDesignConfig,
  type TemplateId,
} from '../../lib/design/templates.ts';
import {
  accumulationAmt,
  catalogSteps,
  type ProductDetail,
  type ProductOptionsResponse,
} from '../catalog/index.ts';

import type { Db } from '../db/client.ts';
import {
  designLineStates,
  type DesignLineCheck,
  type DesignLineProblem,
  type LineOwner,
} from '../design/index.ts';
import type { DeliveryTemplate } from './delivery.ts';
import { commerceError } from './errors.ts';
import type { CommerceErrorCode } from '../../lib/errors/commerce.ts';

/**
 * Lines priced from the catalogue: what a shopper asked for (product, option, quantity, custom
 * inputs) and nothing else. Prices, discounts, stock and delivery fees come from the catalogue
 * service at this moment; whatever else a browser sent is never read.
 *
 * Design lines: a customisable product's line carries the option input '디자인 번호' (the id of a
 * saved design); without one it has the problem DESIGN_REQUIRED (a product made from the shopper's
 * design or photo is never bought without it, decision 020). The design replaces the product's
 * text inputs, so their `required` does not apply to a customisable product's line (other inputs it
 * sends are still checked). The product must be customisable with a design template
 * (`designConfigOf` of its catalogue data); the design must be the line owner's, of this product,
 * on a template the product uses, ordered with its own option and not still carrying the editor's
 * placeholder text (`designLineStates`), else the line has the problem DESIGN_NOT_ORDERABLE.
 * The design input is never dropped: a stored line whose design cannot be checked stays a design
 * line that cannot be ordered, never becomes a plain line.
 */

export { MAX_ORDER_CNT };

export interface LineInput {
  inputLabel: string;
  inputValue: string;
}

export interface LineRequest {
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs?: readonly LineInput[] | null | undefined;
  /** The cart line this comes from (member cart number, or the guest cart's local number). */
  cartNo?: number | undefined;
}

export interface LineProblem {
  code: CommerceErrorCode;
  message: string;
}

export interface ResolvedLine {
  /** Position in the request. */
  index: number;
  cartNo: number;
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs: { inputNo: number; inputLabel: string; inputValue: string }[];
  productName: string;
  imageUrl: string;
  partnerNo: number;
  partnerName: string;
  brandNo: number;
  brandName: string;
  brandNameEn: string;
  shippingAreaType: 'MALL_SHIPPING_AREA' | 'PARTNER_SHIPPING_AREA';
  template: DeliveryTemplate;
  deliveryType: string;
  deliveryCompanyType: string;
  /** Option labels '|'-joined ('' for a product without options). */
  optionName: string;
  optionValue: string;
  /** "색상: 보라 / 두께: 6mm" */
  optionTitle: string;
  optionManagementCd: string;
  optionUsed: boolean;
  selectType: 'FLAT' | 'MULTI';
  salePrice: number;
  addPrice: number;
  /** Immediate discount of one unit. */
  immediateDiscountAmt: number;
  /** One unit after the immediate discount, add price included. */
  buyPrice: number;
  standardAmt: number;
  discountAmt: number;
  buyAmt: number;
  accumulationRate: number;
  accumulationAmt: number;
  stockCnt: number;
  soldOut: boolean;
  minBuyCnt: number;
  /** Most units of this product in one order (999 unless the product says less). */
  maxBuyCnt: number;
  maxBuyPersonCnt: number;
  /** Why the line cannot be ordered now (sold out, not on sale, over the stock), or null. */
  problem: LineProblem | null;
  /** The design id of a design line (option input '디자인 번호'), else null. */
  designId: string | null;
  /** Name and previews of the line's design (the owner's own designs only), else null. */
  design: DesignSummary | null;
}

/**
 * A new line checked by the rules alone (`checkNewLines`): what an add to cart needs to accept or
 * refuse it and to merge it into the cart, without its prices, seller or delivery.
 */
export type CheckedLine = Pick<
  ResolvedLine,
  | 'index'
  | 'productNo'
  | 'optionNo'
  | 'orderCnt'
  | 'optionInputs'
  | 'productName'
  | 'stockCnt'
  | 'soldOut'
  | 'minBuyCnt'
  | 'maxBuyCnt'
  | 'maxBuyPersonCnt'
  | 'problem'
  | 'designId'
  | 'design'
>;

export interface ResolveOptions {
  /**
   * Check the request as a new line: custom inputs against the product's input definitions and the
   * quantity against its limits, failing with a 400. Off for lines already stored in a cart.
   */
  strict?: boolean;
  now?: Date;
  /**
   * Whose lines these are (the member, or the guest identity's digest): design lines are checked
   * against it. Without an owner no design line can be ordered.
   */
  owner?: LineOwner | null;
}

export interface Resolved {
  lines: ResolvedLine[];
  /** Requests whose product is not sold (stopped, deleted, never existed). */
  missing: (LineRequest & { index: number })[];
}

function smallImage(product: ProductDetail): string {
  const main = product.extra.images[0];
  if (!main) return product.baseInfo.imageUrls[0] ?? '';
  return (main.variants.find((v) => v.width >= 200) ?? main.variants.at(-1))?.url ?? main.url;
}

function titleOf(labels: readonly string[], values: readonly string[]): string {
  return labels.map((l, i) => `${l}: ${values[i] ?? ''}`).join(' / ');
}

interface NormalisedInputs {
  inputs: { inputNo: number; inputLabel: string; inputValue: string }[];
  /** The design input's value (kept even when it cannot be checked here), or null. */
  designId: string | null;
}

function normaliseInputs(
  info: Pick<LineSource, 'inputs'>,
  given: readonly LineInput[],
  strict: boolean,
  customizable: { designable: boolean; needsDesign: boolean },
): NormalisedInputs {
  const out: NormalisedInputs['inputs'] = [];
  let designId: string | null = null;
  for (const g of given) {
    const label = g.inputLabel.trim();
    const value = g.inputValue.trim();
    if (label === DESIGN_INPUT_LABEL && value) {
      if (strict) {
        if (!customizable.designable)
          throw commerceError('INPUT_INVALID', `상품에 없는 입력 항목입니다: ${label}`);
        if (designId !== null)
          throw commerceError('INPUT_INVALID', '한 줄에는 디자인 하나만 담을 수 있습니다.');
        if (!DESIGN_ID_PATTERN.test(value))
          throw commerceError('INPUT_INVALID', '디자인 번호가 올바르지 않습니다.');
      }
      if (designId === null) {
        designId = value;
        out.push({ inputNo: 0, inputLabel: DESIGN_INPUT_LABEL, inputValue: value });
      }
      continue;
    }
    const def = info.inputs.find((d) => d.inputLabel === label);
    if (!def) {
      if (strict) throw commerceError('INPUT_INVALID', `상품에 없는 입력 항목입니다: ${g.inputLabel}`);
      continue;
    }
    if (strict && value.length > def.maxLength) {
      throw commerceError(
        'INPUT_INVALID',
        `${josa(def.inputLabel, '은/는')} ${def.maxLength}자까지 입력할 수 있습니다.`,
      );
    }
    if (value && !out.some((o) => o.inputNo === def.inputNo)) {
      out.push({ inputNo: def.inputNo, inputLabel: def.inputLabel, inputValue: value });
    }
  }
  // the design replaces the product's text inputs: none of them is required on a design line, nor
  // on a customisable product's line without one (that line needs its design first)
  if (strict && designId === null && !customizable.needsDesign) {
    for (const def of info.inputs) {
      if (def.required && !out.some((o) => o.inputNo === def.inputNo)) {
        throw commerceError('INPUT_REQUIRED', `${josa(def.inputLabel, '을/를')} 입력해 주세요.`);
      }
    }
  }
  return { inputs: out, designId };
}

const DESIGN_PROBLEM_MESSAGES: Record<
  Exclude<DesignLineProblem, 'other-option'> | 'not-customizable',
  string
> = {
  unknown: '주문할 수 없는 디자인입니다. 디자인을 다시 저장해 주세요.',
  'not-owner': '주문할 수 없는 디자인입니다. 디자인을 다시 저장해 주세요.',
  'other-product': '이 상품의 디자인이 아닙니다. 디자인을 다시 저장해 주세요.',
  'other-template': '상품의 디자인 템플릿이 바뀌어 주문할 수 없습니다. 새 템플릿으로 다시 디자인해 주세요.',
  deleted: '삭제된 디자인은 주문할 수 없습니다. 장바구니에서 삭제해 주세요.',
  'no-option':
    '옵션을 고르지 않고 저장한 디자인입니다. 내 디자인에서 디자인을 열어 옵션을 고르고 저장한 뒤 다시 담아 주세요.',
  placeholder: `디자인에 기본 문구 '${PLACEHOLDER_TEXT}'${josa.pick(PLACEHOLDER_TEXT, '이/가')} 남아 있습니다. 문구를 바꿔 저장한 뒤 주문해 주세요.`,
  'not-customizable': '디자인을 주문할 수 없는 상품입니다.',
};

/** The message of a design line ordered with another option than its design's. */
const otherOptionMessage = (title: string) =>
  `이 디자인은 '${title}' 옵션으로 저장되었습니다. 디자인에 저장한 옵션으로만 주문할 수 있습니다.`;

type CatalogueOption = ProductOptionsResponse['flatOptions'][number];

/** What a line's rules read of its product: the lean read, or the same values from the detail. */
type LineSource = catalogSteps.ProductToCheck;
type SourceOption = LineSource['options'][number];

/** The detail and options answers as the rules' source (their flat options are kept as they are). */
function sourceOf({ product, options }: catalogSteps.ProductToPrice): LineSource {
  return {
    productNo: product.baseInfo.productNo,
    productName: product.baseInfo.productName,
    saleStatusType: product.status.saleStatusType as LineSource['saleStatusType'],
    soldout: product.status.soldout,
    customizable: product.extra.customizable,
    designTemplateId: product.extra.designTemplateId,
    minBuyCnt: product.limitations.minBuyCnt,
    maxBuyTimeCnt: product.limitations.maxBuyTimeCnt,
    maxBuyPersonCnt: product.limitations.maxBuyPersonCnt,
    labels: options.labels,
    options: options.flatOptions as SourceOption[],
    inputs: options.inputs,
  };
}

/**
 * Prices every request; throws OPTION_NOT_FOUND for an option its (sold) product does not have.
 * Steps: the products read (one catalogue read each: detail and options together) → each line
 * priced → design lines checked against their owner → stock over the lines of one option →
 * each product's minimum over its lines.
 */
export async function resolveLines(
  db: Db,
  requests: readonly LineRequest[],
  options: ResolveOptions = {},
): Promise<Resolved> {
  const strict = options.strict === true;
  const catalogue = await catalogSteps.productsToPrice(
    db,
    requests.map((r) => r.productNo),
  );
  return checkedLines(
    db,
    requests,
    catalogue,
    (req, index, found) => priceLine(req, index, found, strict),
    options,
  );
}

/**
 * New lines checked by the same rules as `resolveLines` (strict), from the lean read of their
 * products (`productsToCheck`: one statement, no prices): for an add to cart, which answers no
 * prices. Same problems, same errors, same design checks.
 */
export async function checkNewLines(
  db: Db,
  requests: readonly LineRequest[],
  options: Omit<ResolveOptions, 'strict'> = {},
): Promise<{ lines: CheckedLine[]; missing: Resolved['missing'] }> {
  const catalogue = await catalogSteps.productsToCheck(
    db,
    requests.map((r) => r.productNo),
    options.now,
  );
  return checkedLines(
    db,
    requests,
    catalogue,
    (req, index, found) => lineRules(req, index, found, true),
    options,
  );
}

/**
 * The lines of `requests` made by `rule` from their products in `catalogue` (a product not there is
 * `missing`), then the rules over lines: design lines against their owner (no templates: it cannot
 * be designed), stock over the lines of one option, each product's minimum over its lines.
 */
async function checkedLines<P, L extends CheckedLine>(
  db: Db,
  requests: readonly LineRequest[],
  catalogue: ReadonlyMap<number, P>,
  rule: (req: LineRequest, index: number, found: P) => { line: L; design: ProductDesign },
  options: Pick<ResolveOptions, 'owner'>,
): Promise<{ lines: L[]; missing: Resolved['missing'] }> {
  const lines: L[] = [];
  const missing: Resolved['missing'] = [];
  const designOf = new Map<L, ProductDesign>();
  requests.forEach((req, index) => {
    const found = catalogue.get(req.productNo);
    if (!found) {
      missing.push({ ...req, index });
      return;
    }
    const { line, design } = rule(req, index, found);
    lines.push(line);
    if (line.designId !== null) designOf.set(line, design);
  });
  await checkDesignLines(db, lines, designOf, options.owner ?? null);
  checkStockOverLines(lines);
  checkMinimumPerProduct(lines);
  return { lines, missing };
}

const maxBuyCntOf = (product: Pick<LineSource, 'maxBuyTimeCnt'>) =>
  product.maxBuyTimeCnt > 0 ? Math.min(product.maxBuyTimeCnt, MAX_ORDER_CNT) : MAX_ORDER_CNT;

/** A product's side of its design lines: its design config, the templates it uses now, its options. */
interface ProductDesign {
  config: ProductDesignConfig | null;
  templates: TemplateId[];
  labels: readonly string[];
  options: readonly { optionNo: number; value: string }[];
}

/** One request checked against its product: option, quantity limits (strict: 400), custom inputs, problem. */
function lineRules(
  req: LineRequest,
  index: number,
  src: LineSource,
  strict: boolean,
): { line: CheckedLine; option: SourceOption; design: ProductDesign } {
  const option = src.options.find((o) => o.optionNo === req.optionNo);
  if (!option) throw commerceError('OPTION_NOT_FOUND');
  const maxBuyCnt = maxBuyCntOf(src);
  if (strict && (!Number.isSafeInteger(req.orderCnt) || req.orderCnt < 1 || req.orderCnt > maxBuyCnt)) {
    throw commerceError('INVALID_QUANTITY', `주문 수량은 1개 이상 ${maxBuyCnt}개 이하로 입력해 주세요.`);
  }
  const design = src.customizable ? designConfigOf(req.productNo, src.designTemplateId) : null;
  const needsDesign = src.customizable;
  const inputs = normaliseInputs(src, req.optionInputs ?? [], strict, {
    designable: design !== null,
    needsDesign,
  });
  const soldOut = option.saleType === 'SOLD_OUT' || src.soldout;
  const problem =
    needsDesign && inputs.designId === null
      ? designRequired(src.productName)
      : lineProblem(src, option, req.orderCnt, maxBuyCnt, soldOut);
  return {
    line: {
      index,
      productNo: req.productNo,
      optionNo: option.optionNo,
      orderCnt: req.orderCnt,
      optionInputs: inputs.inputs,
      productName: src.productName,
      stockCnt: option.stockCnt,
      soldOut,
      minBuyCnt: src.minBuyCnt,
      maxBuyCnt,
      maxBuyPersonCnt: src.maxBuyPersonCnt,
      problem,
      designId: inputs.designId,
      design: null,
    },
    option,
    design: {
      config: design,
      templates: templatesOfProduct(design),
      labels: src.labels,
      options: src.options.map((o) => ({ optionNo: o.optionNo, value: o.value })),
    },
  };
}

/** One request priced from its product: the rules' line with its seller, delivery, option and amounts. */
function priceLine(
  req: LineRequest,
  index: number,
  found: catalogSteps.ProductToPrice,
  strict: boolean,
): { line: ResolvedLine; design: ProductDesign } {
  const { product, options: info } = found;
  const { line, option, design } = lineRules(req, index, sourceOf(found), strict);
  // the rules' option is the options answer's own (sourceOf keeps them)
  const full = option as CatalogueOption;
  return {
    line: {
      ...line,
      cartNo: req.cartNo ?? 0,
      ...productFields(product),
      imageUrl: full.images[0]?.url ?? smallImage(product),
      ...optionFields(info, full),
      ...amountFields(product, full, req.orderCnt),
    },
    design,
  };
}

/** A customisable product's line without a design: it is made from the shopper's design or photo. */
function designRequired(productName: string): LineProblem {
  return {
    code: 'DESIGN_REQUIRED',
    message: `${josa(productName, '은/는')} 디자인(사진)을 넣어 만드는 주문 제작 상품입니다. 디자인하기에서 디자인을 저장한 뒤 담아 주세요.`,
  };
}

/** Why a line cannot be ordered as asked (not on sale, sold out, over the stock or the limit), or null. */
function lineProblem(
  src: LineSource,
  option: SourceOption,
  cnt: number,
  maxBuyCnt: number,
  soldOut: boolean,
): LineProblem | null {
  const name = src.productName;
  if (src.saleStatusType !== 'ONSALE')
    return { code: 'NOT_ON_SALE', message: `지금은 구매할 수 없는 상품입니다. (${name})` };
  if (soldOut) return { code: 'SOLD_OUT', message: `품절된 상품입니다. (${name})` };
  if (cnt > option.stockCnt)
    return { code: 'SOLD_OUT', message: `재고가 부족합니다. (${name}, 남은 수량 ${option.stockCnt}개)` };
  if (cnt > maxBuyCnt)
    return { code: 'INVALID_QUANTITY', message: `한 번에 ${maxBuyCnt}개까지 구매할 수 있습니다. (${name})` };
  return null;
}

/** The product's side of a line: names, seller, brand, delivery. */
function productFields(product: ProductDetail) {
  const fee = product.deliveryFee;
  const shipping = product.shippingInfo.shippingConfig;
  return {
    productName: product.baseInfo.productName,
    partnerNo: product.partner.partnerNo,
    partnerName: product.partner.partnerName,
    brandNo: product.brand?.brandNo ?? 0,
    brandName: product.brand?.name ?? '',
    brandNameEn: product.brand?.nameEn ?? '',
    shippingAreaType: shipping.shippingAreaType as ResolvedLine['shippingAreaType'],
    template: {
      templateNo: shipping.templateNo,
      conditionType: fee.deliveryConditionType as DeliveryTemplate['conditionType'],
      baseDeliveryAmt: fee.deliveryAmt,
      aboveDeliveryAmt: fee.aboveDeliveryAmt,
      remoteDeliveryAmt: fee.remoteDeliveryAmt,
      returnDeliveryAmt: fee.returnDeliveryAmt,
    },
    deliveryType: fee.deliveryType,
    deliveryCompanyType: fee.deliveryCompanyType,
  };
}

/** The option's side of a line: labels, values, management code, stock. */
function optionFields(info: ProductOptionsResponse, option: CatalogueOption) {
  const values = info.labels.length ? option.value.split('|') : [];
  return {
    optionName: info.labels.join('|'),
    optionValue: option.value,
    optionTitle: titleOf(info.labels, values),
    optionManagementCd: option.optionManagementCd,
    optionUsed: info.type !== 'DEFAULT',
    selectType: info.selectType as 'FLAT' | 'MULTI',
    stockCnt: option.stockCnt,
  };
}

/** The line's prices and amounts for `cnt` units. */
function amountFields(product: ProductDetail, option: CatalogueOption, cnt: number) {
  const salePrice = product.price.salePrice;
  const buyPrice = option.buyPrice;
  return {
    salePrice,
    addPrice: option.addPrice,
    immediateDiscountAmt: product.price.immediateDiscountAmt,
    buyPrice,
    standardAmt: (salePrice + option.addPrice) * cnt,
    discountAmt: (salePrice + option.addPrice - buyPrice) * cnt,
    buyAmt: buyPrice * cnt,
    accumulationRate: product.price.accumulationRate,
    accumulationAmt: accumulationAmt(buyPrice, product.price.accumulationRate) * cnt,
  };
}

/**
 * Design lines: the owner's own design of this product, on a template it uses, with its own option
 * (one query for all of them); `designOf` gives each design line's product side, no templates for
 * a product that cannot be designed.
 */
async function checkDesignLines<L extends CheckedLine>(
  db: Db,
  lines: readonly L[],
  designOf: ReadonlyMap<L, ProductDesign>,
  owner: LineOwner | null,
): Promise<void> {
  const designLines = lines.filter((l) => l.designId !== null);
  if (designLines.length === 0) return;
  const states = await designLineStates(
    db,
    owner,
    designLines.map((l): DesignLineCheck => {
      const design = designOf.get(l);
      return {
        designId: l.designId!,
        productNo: l.productNo,
        templateIds: design?.templates,
        optionNo: l.optionNo,
        catalogue: design && { config: design.config, labels: design.labels, options: design.options },
      };
    }),
  );
  designLines.forEach((line, i) => {
    const state = states[i]!;
    line.design = state.summary;
    const design = designOf.get(line);
    if ((design?.templates ?? []).length === 0) {
      line.problem = { code: 'DESIGN_NOT_ORDERABLE', message: DESIGN_PROBLEM_MESSAGES['not-customizable'] };
    } else if (!state.orderable) {
      const own =
        state.problem === 'other-option'
          ? design?.options.find((o) => o.optionNo === state.optionNo)
          : undefined;
      const message =
        state.problem === 'other-option'
          ? otherOptionMessage((own && optionTitleOf(design!.labels, own.value)) || `${state.optionNo}번`)
          : DESIGN_PROBLEM_MESSAGES[state.problem];
      line.problem = { code: 'DESIGN_NOT_ORDERABLE', message };
    }
  });
}

/** One option on several lines (different custom inputs): their sum against the stock. */
function checkStockOverLines(lines: readonly CheckedLine[]): void {
  for (const line of lines) {
    if (line.problem) continue;
    const units = lines.filter((l) => l.optionNo === line.optionNo).reduce((n, l) => n + l.orderCnt, 0);
    if (units > line.stockCnt) {
      line.problem = {
        code: 'SOLD_OUT',
        message: `재고가 부족합니다. (${line.productName}, 남은 수량 ${line.stockCnt}개)`,
      };
    }
  }
}

/** The minimum per product, over all its lines. */
function checkMinimumPerProduct(lines: readonly CheckedLine[]): void {
  for (const line of lines) {
    if (line.problem) continue;
    const total = lines.filter((l) => l.productNo === line.productNo).reduce((n, l) => n + l.orderCnt, 0);
    if (total < line.minBuyCnt) {
      line.problem = {
        code: 'INVALID_QUANTITY',
        message: `${josa(line.productName, '은/는')} ${line.minBuyCnt}개 이상 구매할 수 있습니다.`,
      };
    }
  }
}

/** The first problem of lines that must all be orderable, as the AppError to answer with. */
export function assertOrderable(lines: readonly CheckedLine[]): void {
  const bad = lines.find((l) => l.problem);
  if (bad?.problem) throw commerceError(bad.problem.code, bad.problem.message);
}

/** A stand-in line for a product that is no longer sold, so a cart can still show and delete it. */
export function goneLine(req: LineRequest & { index: number }): ResolvedLine {
  return {
    index: req.index,
    cartNo: req.cartNo ?? 0,
    productNo: req.productNo,
    optionNo: req.optionNo,
    orderCnt: req.orderCnt,
    optionInputs: (req.optionInputs ?? []).map((i) => ({
      inputNo: 0,
      inputLabel: i.inputLabel,
      inputValue: i.inputValue,
    })),
    productName: '판매가 끝난 상품',
    imageUrl: '',
    partnerNo: 0,
    partnerName: '',
    brandNo: 0,
    brandName: '',
    brandNameEn: '',
    shippingAreaType: 'MALL_SHIPPING_AREA',
    template: {
      templateNo: 0,
      conditionType: 'FREE',
      baseDeliveryAmt: 0,
      aboveDeliveryAmt: 0,
      remoteDeliveryAmt: 0,
      returnDeliveryAmt: 0,
    },
    deliveryType: 'PARCEL_DELIVERY',
    deliveryCompanyType: '',
    optionName: '',
    optionValue: '',
    optionTitle: '',
    optionManagementCd: '',
    optionUsed: false,
    selectType: 'FLAT',
    salePrice: 0,
    addPrice: 0,
    immediateDiscountAmt: 0,
    buyPrice: 0,
    standardAmt: 0,
    discountAmt: 0,
    buyAmt: 0,
    accumulationRate: 0,
    accumulationAmt: 0,
    stockCnt: 0,
    soldOut: true,
    minBuyCnt: 1,
    maxBuyCnt: MAX_ORDER_CNT,
    maxBuyPersonCnt: 0,
    problem: { code: 'NOT_ON_SALE', message: '판매가 끝난 상품입니다.' },
    designId: null,
    design: null,
  };
}
