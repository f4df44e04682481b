import { DESIGN_ID_PATTERN, DESIGN_INPUT_LABEL, type DesignSummary } from '../../design/api.ts';
import { productDesignConfig } from '../../design/templates.ts';
import { accumulationAmt } from '../catalog/pricing.ts';
import {
  getOptionsOfProducts,
  getProduct,
  type ProductDetail,
  type ProductOptionInfo,
} from '../catalog/service.ts';
import type { Db } from '../db/client.ts';
import { designLineStates, type DesignLineProblem, type LineOwner } from '../design/service.ts';
import type { DeliveryTemplate } from './delivery.ts';
import { commerceError } from './errors.ts';
import type { CommerceErrorCode } from '../../commerce-errors.ts';

/**
 * Lines priced from the catalogue: what a shopper asked for (product, option, quantity, custom
 * inputs) and nothing else. Prices, discounts, stock and delivery fees come from the catalogue
 * service at this moment; whatever else a browser sent is never read.
 *
 * Design lines: a customisable product's line may carry the option input '디자인 번호' (the id of a
 * saved design). The design replaces the product's text inputs, so their `required` does not apply
 * on such a line (other inputs it sends are still checked); the design must be the line owner's
 * and of this product (`designLineStates`), else the line has the problem DESIGN_NOT_ORDERABLE.
 * The design input is never dropped: a stored line whose design cannot be checked stays a design
 * line that cannot be ordered, never becomes a plain line.
 */

export const MAX_ORDER_CNT = 999;

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
  info: ProductOptionInfo,
  given: readonly LineInput[],
  strict: boolean,
  customizable: boolean,
): NormalisedInputs {
  const out: NormalisedInputs['inputs'] = [];
  let designId: string | null = null;
  for (const g of given) {
    const label = g.inputLabel.trim();
    const value = g.inputValue.trim();
    if (label === DESIGN_INPUT_LABEL && value) {
      if (strict) {
        if (!customizable) throw commerceError('INPUT_INVALID', `상품에 없는 입력 항목입니다: ${label}`);
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
        `${def.inputLabel}은(는) ${def.maxLength}자까지 입력할 수 있습니다.`,
      );
    }
    if (value && !out.some((o) => o.inputNo === def.inputNo)) {
      out.push({ inputNo: def.inputNo, inputLabel: def.inputLabel, inputValue: value });
    }
  }
  // the design replaces the product's text inputs: none of them is required on a design line
  if (strict && designId === null) {
    for (const def of info.inputs) {
      if (def.required && !out.some((o) => o.inputNo === def.inputNo)) {
        throw commerceError('INPUT_REQUIRED', `${def.inputLabel}을(를) 입력해 주세요.`);
      }
    }
  }
  return { inputs: out, designId };
}

const DESIGN_PROBLEM_MESSAGES: Record<DesignLineProblem | 'not-customizable', string> = {
  unknown: '주문할 수 없는 디자인입니다. 디자인을 다시 저장해 주세요.',
  'not-owner': '주문할 수 없는 디자인입니다. 디자인을 다시 저장해 주세요.',
  'other-product': '이 상품의 디자인이 아닙니다. 디자인을 다시 저장해 주세요.',
  deleted: '삭제된 디자인은 주문할 수 없습니다. 장바구니에서 삭제해 주세요.',
  'not-customizable': '디자인을 주문할 수 없는 상품입니다.',
};

/** Prices every request; throws OPTION_NOT_FOUND for an option its (sold) product does not have. */
export async function resolveLines(
  db: Db,
  requests: readonly LineRequest[],
  options: ResolveOptions = {},
): Promise<Resolved> {
  const strict = options.strict === true;
  const nos = [...new Set(requests.map((r) => r.productNo))];
  const [details, { optionInfos }] = await Promise.all([
    Promise.all(nos.map((no) => getProduct(db, no))),
    getOptionsOfProducts(db, nos),
  ]);
  const detailOf = new Map(details.flatMap((d) => (d ? [[d.baseInfo.productNo, d] as const] : [])));
  const infoOf = new Map(optionInfos.map((i) => [i.mallProductNo, i]));

  const lines: ResolvedLine[] = [];
  const missing: Resolved['missing'] = [];
  const notCustomizable = new Set<ResolvedLine>();
  requests.forEach((req, index) => {
    const product = detailOf.get(req.productNo);
    const info = infoOf.get(req.productNo);
    if (!product || !info) {
      missing.push({ ...req, index });
      return;
    }
    const option = info.flatOptions.find((o) => o.optionNo === req.optionNo);
    if (!option) throw commerceError('OPTION_NOT_FOUND');

    const limits = product.limitations;
    const maxBuyCnt =
      limits.maxBuyTimeCnt > 0 ? Math.min(limits.maxBuyTimeCnt, MAX_ORDER_CNT) : MAX_ORDER_CNT;
    if (strict && (!Number.isSafeInteger(req.orderCnt) || req.orderCnt < 1 || req.orderCnt > maxBuyCnt)) {
      throw commerceError('INVALID_QUANTITY', `주문 수량은 1개 이상 ${maxBuyCnt}개 이하로 입력해 주세요.`);
    }
    const customizable = product.extra.customizable || productDesignConfig(req.productNo) !== null;
    const { inputs: optionInputs, designId } = normaliseInputs(
      info,
      req.optionInputs ?? [],
      strict,
      customizable,
    );

    const salePrice = product.price.salePrice;
    const discount = product.price.immediateDiscountAmt;
    const buyPrice = option.buyPrice;
    const cnt = req.orderCnt;
    const values = info.labels.length ? option.value.split('|') : [];
    const soldOut = option.saleType === 'SOLD_OUT' || product.status.soldout;
    const fee = product.deliveryFee;

    let problem: LineProblem | null = null;
    if (product.status.saleStatusType !== 'ONSALE') {
      problem = {
        code: 'NOT_ON_SALE',
        message: `지금은 구매할 수 없는 상품입니다. (${product.baseInfo.productName})`,
      };
    } else if (soldOut) {
      problem = { code: 'SOLD_OUT', message: `품절된 상품입니다. (${product.baseInfo.productName})` };
    } else if (cnt > option.stockCnt) {
      problem = {
        code: 'SOLD_OUT',
        message: `재고가 부족합니다. (${product.baseInfo.productName}, 남은 수량 ${option.stockCnt}개)`,
      };
    } else if (cnt > maxBuyCnt) {
      problem = {
        code: 'INVALID_QUANTITY',
        message: `한 번에 ${maxBuyCnt}개까지 구매할 수 있습니다. (${product.baseInfo.productName})`,
      };
    }

    lines.push({
      index,
      cartNo: req.cartNo ?? 0,
      productNo: req.productNo,
      optionNo: option.optionNo,
      orderCnt: cnt,
      optionInputs,
      productName: product.baseInfo.productName,
      imageUrl: option.images[0]?.url ?? smallImage(product),
      partnerNo: product.partner.partnerNo,
      partnerName: product.partner.partnerName,
      brandNo: product.brand?.brandNo ?? 0,
      brandName: product.brand?.name ?? '',
      brandNameEn: product.brand?.nameEn ?? '',
      shippingAreaType: product.shippingInfo.shippingConfig
        .shippingAreaType as ResolvedLine['shippingAreaType'],
      template: {
        templateNo: product.shippingInfo.shippingConfig.templateNo,
        conditionType: fee.deliveryConditionType as DeliveryTemplate['conditionType'],
        baseDeliveryAmt: fee.deliveryAmt,
        aboveDeliveryAmt: fee.aboveDeliveryAmt,
        remoteDeliveryAmt: fee.remoteDeliveryAmt,
        returnDeliveryAmt: fee.returnDeliveryAmt,
      },
      deliveryType: fee.deliveryType,
      deliveryCompanyType: fee.deliveryCompanyType,
      optionName: info.labels.join('|'),
      optionValue: option.value,
      optionTitle: titleOf(info.labels, values),
      optionManagementCd: option.optionManagementCd,
      optionUsed: info.type !== 'DEFAULT',
      selectType: info.selectType as 'FLAT' | 'MULTI',
      salePrice,
      addPrice: option.addPrice,
      immediateDiscountAmt: discount,
      buyPrice,
      standardAmt: (salePrice + option.addPrice) * cnt,
      discountAmt: (salePrice + option.addPrice - buyPrice) * cnt,
      buyAmt: buyPrice * cnt,
      accumulationRate: product.price.accumulationRate,
      accumulationAmt: accumulationAmt(buyPrice, product.price.accumulationRate) * cnt,
      stockCnt: option.stockCnt,
      soldOut,
      minBuyCnt: limits.minBuyCnt,
      maxBuyCnt,
      maxBuyPersonCnt: limits.maxBuyPersonCnt,
      problem,
      designId,
      design: null,
    });
    if (designId !== null && !customizable) notCustomizable.add(lines.at(-1)!);
  });

  // design lines: the owner's own design of this product (one query for all of them)
  const designLines = lines.filter((l) => l.designId !== null);
  if (designLines.length > 0) {
    const states = await designLineStates(
      db,
      options.owner ?? null,
      designLines.map((l) => ({ designId: l.designId!, productNo: l.productNo })),
    );
    designLines.forEach((line, i) => {
      const state = states[i]!;
      line.design = state.summary;
      const why = notCustomizable.has(line) ? 'not-customizable' : state.orderable ? null : state.problem;
      if (why) line.problem = { code: 'DESIGN_NOT_ORDERABLE', message: DESIGN_PROBLEM_MESSAGES[why] };
    });
  }

  // one option on several lines (different custom inputs): their sum against the stock
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
  // minimum per product over all its lines
  for (const line of lines) {
    if (line.problem) continue;
    const total = lines.filter((l) => l.productNo === line.productNo).reduce((n, l) => n + l.orderCnt, 0);
    if (total < line.minBuyCnt) {
      line.problem = {
        code: 'INVALID_QUANTITY',
        message: `${line.productName}은(는) ${line.minBuyCnt}개 이상 구매할 수 있습니다.`,
      };
    }
  }
  return { lines, missing };
}

/** The first problem of lines that must all be orderable, as the AppError to answer with. */
export function assertOrderable(lines: readonly ResolvedLine[]): void {
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
