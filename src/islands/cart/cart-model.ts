import { formatWon } from '../../lib/money.ts';
import type { CartOptionLine, CartProduct, CartView, DeliveryGroup } from './types.ts';

/** Pure helpers of the cart pages: which lines can be ordered, delivery groups, free shipping. */

/** Every option line of a cart answer, groups and invalid products alike. */
export function allLines(view: CartView | null): CartOptionLine[] {
  if (!view) return [];
  return [
    ...view.deliveryGroups.flatMap((g) => g.orderProducts.flatMap((p) => p.orderProductOptions)),
    ...view.invalidProducts.flatMap((p) => p.orderProductOptions),
  ];
}

/** A line that can be ticked and ordered: on sale, in stock, within the stock. */
export function isOrderable(line: CartOptionLine): boolean {
  return !line.soldOut && line.validInfo.valid;
}

/** Why a line cannot be ordered, in the shopper's words. */
export function unavailableReason(line: CartOptionLine): string | null {
  if (isOrderable(line)) return null;
  if (line.soldOut) return '품절';
  return line.validInfo.message || '구매할 수 없는 상품입니다';
}

export function selectableCartNos(view: CartView | null): number[] {
  return view
    ? view.deliveryGroups
        .flatMap((g) => g.orderProducts.flatMap((p) => p.orderProductOptions))
        .filter(isOrderable)
        .map((l) => l.cartNo)
    : [];
}

export const groupKey = (g: Pick<DeliveryGroup, 'partnerNo' | 'deliveryTemplateNo'>) =>
  `${g.partnerNo}:${g.deliveryTemplateNo}`;

/** "색상: 차콜" (or nothing for a product without options), then custom inputs. */
export function lineTitle(product: Pick<CartProduct, 'productName'>, line: CartOptionLine): string {
  return [product.productName, line.optionTitle].filter(Boolean).join(' ');
}

export interface ShippingNote {
  /** What the fee is, e.g. "배송비 3,000원 (50,000원 이상 무료)". */
  rule: string;
  /** For conditional delivery: how far the selected goods are from free shipping. */
  progress: { current: number; goal: number; remaining: number } | null;
  /** "12,000원 더 담으면 무료배송" / "무료배송 조건을 채웠습니다". */
  text: string | null;
}

/**
 * The delivery line of a group. `selected` is the same group priced with the ticked lines only
 * (null: none of its lines is ticked); the fee and the progress follow the selection.
 */
export function shippingNote(group: DeliveryGroup, selected: DeliveryGroup | null): ShippingNote {
  const c = group.deliveryCondition;
  const buyAmt = selected?.buyAmt ?? 0;
  if (c.deliveryConditionType === 'FREE') return { rule: '무료배송', progress: null, text: null };
  if (c.deliveryConditionType === 'CONDITIONAL' && c.aboveDeliveryAmt > 0) {
    const remaining = Math.max(0, c.aboveDeliveryAmt - buyAmt);
    return {
      rule: `배송비 ${formatWon(c.baseDeliveryAmt)} (${formatWon(c.aboveDeliveryAmt)} 이상 무료)`,
      progress: { current: Math.min(buyAmt, c.aboveDeliveryAmt), goal: c.aboveDeliveryAmt, remaining },
      text: remaining > 0 ? `${formatWon(remaining)} 더 담으면 무료배송` : '무료배송 조건을 채웠습니다',
    };
  }
  return { rule: `배송비 ${formatWon(c.baseDeliveryAmt)}`, progress: null, text: null };
}

/** The delivery fee of a group for the ticked lines (0 when none of them is ticked). */
export function groupFee(selected: DeliveryGroup | null): number {
  return selected ? selected.deliveryAmt + selected.remoteDeliveryAmt : 0;
}

export interface Totals {
  /** 상품금액: list price of the ticked lines. */
  standardAmt: number;
  /** 할인: immediate discounts. */
  discountAmt: number;
  /** 배송비 */
  deliveryAmt: number;
  /** 결제예정금액 */
  totalAmt: number;
}

/** The summary of the ticked lines, as the server priced them. */
export function totalsOf(selected: CartView | null): Totals {
  if (!selected) return { standardAmt: 0, discountAmt: 0, deliveryAmt: 0, totalAmt: 0 };
  return {
    standardAmt: selected.price.standardAmt,
    discountAmt: selected.price.discountAmt,
    deliveryAmt: selected.price.totalDeliveryAmt,
    totalAmt: selected.price.totalAmt,
  };
}
