import { formatWon } from '../../lib/money.ts';

export interface DeliveryFeeLike {
  deliveryConditionType: string;
  deliveryAmt: number;
  aboveDeliveryAmt: number;
  remoteDeliveryAmt?: number | undefined;
  remoteAreas?: readonly { label: string; zipFrom: string; zipTo: string; extraFee: number }[] | undefined;
}

/** "배송비 3,000원 (50,000원 이상 구매 시 무료)", "배송비 3,000원" or "무료배송". */
export function deliveryFeeText(fee: DeliveryFeeLike): string {
  if (fee.deliveryConditionType === 'FREE' || fee.deliveryAmt <= 0) return '무료배송';
  const base = `배송비 ${formatWon(fee.deliveryAmt)}`;
  if (fee.deliveryConditionType === 'CONDITIONAL' && fee.aboveDeliveryAmt > 0) {
    return `${base} (${formatWon(fee.aboveDeliveryAmt)} 이상 구매 시 무료)`;
  }
  return base;
}

/**
 * "제주·도서산간 지역 3,000원 추가"; with the template's own areas "울릉도·흑산도 지역 3,000원 추가"
 * (or "… 최대 5,000원 추가" when their fees differ); null when there is no extra fee.
 */
export function remoteFeeText(fee: DeliveryFeeLike): string | null {
  const areas = (fee.remoteAreas ?? []).filter((a) => a.extraFee > 0);
  if (fee.remoteAreas && fee.remoteAreas.length > 0) {
    if (areas.length === 0) return null;
    const fees = areas.map((a) => a.extraFee);
    const names = [...new Set(areas.map((a) => a.label || `${a.zipFrom}~${a.zipTo}`))];
    const where = names.length > 3 ? `${names.slice(0, 3).join('·')} 등` : names.join('·');
    const max = Math.max(...fees);
    return `${where} 지역 ${Math.min(...fees) === max ? '' : '최대 '}${formatWon(max)} 추가`;
  }
  const amt = fee.remoteDeliveryAmt ?? 0;
  return amt > 0 ? `제주·도서산간 지역 ${formatWon(amt)} 추가` : null;
}

const UNAVAILABLE: Record<string, string> = {
  READY: '판매 준비 중인 상품입니다.',
  FINISHED: '판매가 종료된 상품입니다.',
  STOP: '판매가 중지된 상품입니다.',
  PROHIBITION: '판매가 중지된 상품입니다.',
};

/** Why the product cannot be bought, or null when it can. */
export function unavailableText(status: { soldout: boolean; saleStatusType: string }): string | null {
  if (status.saleStatusType !== 'ONSALE')
    return UNAVAILABLE[status.saleStatusType] ?? '현재 구매할 수 없는 상품입니다.';
  return status.soldout ? '품절된 상품입니다.' : null;
}
