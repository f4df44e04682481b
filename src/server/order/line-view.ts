import type {
  CartDeliveryGroup,
  CartOrderProduct,
  CartPrice,
  DeliveryCondition,
  OptionInput,
  OrderProductOption,
} from '@shopby/shop-sdk/build/types/domain/order';
import type { DesignSummary } from '../../lib/design/api.ts';
import { groupDeliveryFee } from './delivery.ts';
import type { ResolvedLine } from './lines.ts';

/**
 * Shopby's cart and order-sheet shapes (delivery groups → order products → option lines) built
 * from priced lines. Used by the member cart, the guest cart and the order sheet alike.
 *
 * Prices: `price.salePrice` and `price.addPrice` are per unit; `price.immediateDiscountAmt`,
 * `price.standardAmt` and `price.buyAmt` are for the line's whole quantity.
 */

export type LineInputView = OptionInput & { inputNo: number };

export type OrderOptionView = Omit<OrderProductOption, 'optionInputs'> & {
  optionInputs: LineInputView[];
  /** Podo: one unit after the immediate discount, add price included. */
  buyPrice: number;
  /** Podo: a design line's design (name, previews; option input '디자인 번호'), else null. */
  extra: { design: DesignSummary | null };
};

export type OrderProductView = Omit<CartOrderProduct, 'orderProductOptions'> & {
  orderProductOptions: OrderOptionView[];
  /** The order sheet's `OrderProduct` field: Podo sells no add-on products, so always empty. */
  additionalProducts: OrderProductView[];
};

export type DeliveryConditionView = DeliveryCondition;

export type DeliveryGroupView = Omit<CartDeliveryGroup, 'orderProducts'> & {
  orderProducts: OrderProductView[];
  /** Podo (spec's guest cart): the group's goods at list price (sale price + add price) × quantity. */
  salePrice: number;
  remoteDeliveryAmt: number;
};

export interface LinesView {
  deliveryGroups: DeliveryGroupView[];
  invalidProducts: OrderProductView[];
  price: CartPrice;
}

function optionView(line: ResolvedLine): OrderOptionView {
  const valid = line.problem === null;
  return {
    // Podo has no recurring payments: every field of Shopby's type is nullable, all null
    recurringPaymentDelivery: { date: null, cycleType: null, firstRecurringDate: null, cycle: null },
    reservationDeliveryYmdt: '',
    optionTitle: line.optionTitle,
    accumulationAmtWhenBuyConfirm: line.accumulationAmt,
    validInfo: {
      valid,
      validYn: valid ? 'Y' : 'N',
      errorCode: { code: line.problem?.code ?? '', simpleCode: line.problem?.code ?? '' },
      message: line.problem?.message ?? '',
      orderCntChangeable: !line.soldOut,
    },
    optionValue: line.optionValue,
    orderCnt: line.orderCnt,
    optionInputs: line.optionInputs.map((i) => ({
      inputNo: i.inputNo,
      inputLabel: i.inputLabel,
      inputValue: i.inputValue,
      required: false,
    })),
    soldOut: line.soldOut,
    optionType: line.optionUsed ? 'NORMAL_OPTION' : 'PRODUCT_ONLY',
    price: {
      salePrice: line.salePrice,
      addPrice: line.addPrice,
      immediateDiscountAmt: line.discountAmt,
      additionalDiscountAmt: 0,
      standardAmt: line.standardAmt,
      buyAmt: line.buyAmt,
    },
    buyPrice: line.buyPrice,
    imageUrl: line.imageUrl,
    setOptions: [],
    reservation: false,
    stockCnt: line.stockCnt,
    optionNo: line.optionNo,
    optionName: line.optionName,
    optionManagementCd: line.optionManagementCd,
    cartNo: line.cartNo,
    productNo: line.productNo,
    isRequiredOption: true,
    baseProductNo: null,
    baseProductName: null,
    isExtraProduct: false,
    extra: { design: line.design },
  };
}

function productView(lines: readonly ResolvedLine[]): OrderProductView {
  const first = lines[0]!;
  return {
    exchangeable: true,
    buyAmt: lines.filter((l) => !l.problem).reduce((n, l) => n + l.buyAmt, 0),
    cancelable: true,
    couponUsable: true,
    deliverable: true,
    categoryName: '',
    optionUsed: first.optionUsed,
    liked: false,
    productName: first.productName,
    partnerNo: first.partnerNo,
    maxBuyCountInfo: {
      maxBuyPersonCount: first.maxBuyPersonCnt,
      maxBuyPeriodCount: 0,
      maxBuyDays: 0,
      maxBuyTimeCount: first.maxBuyCnt,
    },
    accumulationUsable: true,
    eanCode: '',
    minBuyCount: first.minBuyCnt,
    imageUrl: first.imageUrl,
    categoryNo: 0,
    selectType: first.selectType,
    orderProductOptions: lines.map(optionView),
    additionalProducts: [],
    refundable: true,
    deliveryDate: { period: { startYmdt: '', endYmdt: '' }, daysOfWeek: [], daysAfterPurchase: 0 },
    brandNo: first.brandNo,
    deliveryInternational: false,
    productNo: first.productNo,
    brandName: first.brandName,
    partnerName: first.partnerName,
    shippingAreaType: first.shippingAreaType,
    returnable: true,
    hsCode: '',
    brandNameEn: first.brandNameEn,
    isRequiredOption: true,
    extraProductOnly: false,
  };
}

/** Lines of one product next to each other, in the order the products first appear. */
function byProduct(lines: readonly ResolvedLine[]): ResolvedLine[][] {
  const map = new Map<number, ResolvedLine[]>();
  for (const l of lines) map.set(l.productNo, [...(map.get(l.productNo) ?? []), l]);
  return [...map.values()];
}

/**
 * Groups lines by partner and delivery template. Lines that cannot be ordered are shown in their
 * group but count toward no amount; with `divideInvalid` they go to `invalidProducts` instead.
 */
export function linesView(
  lines: readonly ResolvedLine[],
  opts: { remote?: boolean; divideInvalid?: boolean; gone?: readonly ResolvedLine[] } = {},
): LinesView {
  const shown = opts.divideInvalid ? lines.filter((l) => !l.problem) : [...lines];
  // lines of products no longer sold have no group to be in: always with the invalid products
  const invalid = [...(opts.divideInvalid ? lines.filter((l) => l.problem) : []), ...(opts.gone ?? [])];
  const groups = new Map<string, ResolvedLine[]>();
  for (const l of shown) {
    const key = `${l.partnerNo}:${l.template.templateNo}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const deliveryGroups: DeliveryGroupView[] = [...groups.values()].map((group) => {
    const first = group[0]!;
    const valid = group.filter((l) => !l.problem);
    const buyAmt = valid.reduce((n, l) => n + l.buyAmt, 0);
    const fee = groupDeliveryFee(first.template, buyAmt, opts.remote === true);
    const t = first.template;
    return {
      partnerNo: first.partnerNo,
      partnerName: first.partnerName,
      deliveryPayType: 'PREPAID_DELIVERY',
      deliveryCondition: {
        deliveryConditionType: t.conditionType,
        baseDeliveryAmt: t.conditionType === 'FREE' ? 0 : t.baseDeliveryAmt,
        aboveDeliveryAmt: t.conditionType === 'CONDITIONAL' ? t.aboveDeliveryAmt : 0,
        deliveryAmt: fee.deliveryAmt,
        groupDeliveryAmtType: 'MAXIMUM_SELECTED',
        returnDeliveryAmt: t.returnDeliveryAmt,
        remoteDeliveryAmt: t.remoteDeliveryAmt,
        chargesRemoteDeliveryAmt: fee.remoteDeliveryAmt > 0,
      },
      deliveryAmt: fee.deliveryAmt,
      remoteDeliveryAmt: fee.remoteDeliveryAmt,
      deliveryTemplateGroupNo: t.templateNo,
      deliveryTemplateNo: t.templateNo,
      buyAmt,
      salePrice: valid.reduce((n, l) => n + l.standardAmt, 0),
      orderProducts: byProduct(group).map(productView),
    };
  });
  const valid = lines.filter((l) => !l.problem);
  const standardAmt = valid.reduce((n, l) => n + l.standardAmt, 0);
  const discountAmt = valid.reduce((n, l) => n + l.discountAmt, 0);
  const totalDeliveryAmt = deliveryGroups.reduce((n, g) => n + g.deliveryAmt + g.remoteDeliveryAmt, 0);
  return {
    deliveryGroups,
    invalidProducts: byProduct(invalid).map(productView),
    price: {
      standardAmt,
      discountAmt,
      buyAmt: standardAmt - discountAmt,
      totalDeliveryAmt,
      totalPrePaidDeliveryAmt: totalDeliveryAmt,
      totalPayOnDeliveryAmt: 0,
      totalAmt: standardAmt - discountAmt + totalDeliveryAmt,
      accumulationAmtWhenBuyConfirm: valid.reduce((n, l) => n + l.accumulationAmt, 0),
    },
  };
}
