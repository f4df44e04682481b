import { deliveryCompanyOf } from '../../../lib/order-claims.ts';
import { formatWon } from '../../../lib/money.ts';

/** Korean names of a delivery template's choices, for the list page and the editor. */

export const DELIVERY_TYPE_LABELS = {
  PARCEL_DELIVERY: '택배',
  DIRECT_DELIVERY: '직접 배송',
  NONE: '배송 없음',
} as const;

export const CONDITION_LABELS = {
  FREE: '무료 배송',
  CONDITIONAL: '조건부 무료 배송',
  FIXED_FEE: '유료 배송(고정 금액)',
} as const;

export type ConditionType = keyof typeof CONDITION_LABELS;

export const courierLabel = (type: string) => deliveryCompanyOf(type)?.label ?? type;

/** "3,000원 · 50,000원 이상 무료" */
export function feeSummary(t: {
  conditionType: ConditionType;
  baseDeliveryAmt: number;
  aboveDeliveryAmt: number | null;
}): string {
  if (t.conditionType === 'FREE') return '무료';
  if (t.conditionType === 'FIXED_FEE') return formatWon(t.baseDeliveryAmt);
  return `${formatWon(t.baseDeliveryAmt)} · ${formatWon(t.aboveDeliveryAmt ?? 0)} 이상 무료`;
}

/** "제주·도서산간 3,000원" or "구간 2개 (3,000원~7,000원)" */
export function remoteSummary(t: {
  remoteDeliveryAmt: number;
  remoteAreas: readonly { extraFee: number }[];
}): string {
  if (t.remoteAreas.length === 0) return `제주·도서산간 ${formatWon(t.remoteDeliveryAmt)}`;
  const fees = t.remoteAreas.map((a) => a.extraFee);
  const [min, max] = [Math.min(...fees), Math.max(...fees)];
  return `구간 ${t.remoteAreas.length}개 (${min === max ? formatWon(min) : `${formatWon(min)}~${formatWon(max)}`})`;
}
