import { describe, expect, it } from 'vitest';
import {
  groupFee,
  isOrderable,
  selectableCartNos,
  shippingNote,
  totalsOf,
  unavailableReason,
} from './cart-model.ts';
import type { CartOptionLine, CartView, DeliveryGroup } from './types.ts';

function line(cartNo: number, over: Partial<CartOptionLine> = {}): CartOptionLine {
  return {
    cartNo,
    productNo: 1,
    optionNo: cartNo,
    orderCnt: 1,
    stockCnt: 10,
    soldOut: false,
    optionName: '색상',
    optionValue: '보라',
    optionTitle: '색상: 보라',
    imageUrl: '',
    buyPrice: 10000,
    price: { salePrice: 10000, addPrice: 0, immediateDiscountAmt: 0, standardAmt: 10000, buyAmt: 10000 },
    optionInputs: [],
    validInfo: { valid: true, errorCode: { code: '' }, message: '' },
    ...over,
  };
}

function group(
  over: Partial<DeliveryGroup['deliveryCondition']>,
  buyAmt = 0,
  deliveryAmt = 3000,
): DeliveryGroup {
  return {
    partnerNo: 1,
    partnerName: '포도',
    deliveryTemplateNo: 30001,
    buyAmt,
    deliveryAmt,
    remoteDeliveryAmt: 0,
    deliveryCondition: {
      deliveryConditionType: 'CONDITIONAL',
      baseDeliveryAmt: 3000,
      aboveDeliveryAmt: 50000,
      deliveryAmt,
      remoteDeliveryAmt: 3000,
      ...over,
    },
    orderProducts: [],
  };
}

describe('cart lines', () => {
  it('orders only lines in stock and valid, and says why not', () => {
    expect(isOrderable(line(1))).toBe(true);
    expect(unavailableReason(line(1))).toBeNull();
    expect(isOrderable(line(2, { soldOut: true }))).toBe(false);
    expect(unavailableReason(line(2, { soldOut: true }))).toBe('품절');
    const stopped = line(3, {
      validInfo: { valid: false, errorCode: { code: 'NOT_ON_SALE' }, message: '판매 중지' },
    });
    expect(unavailableReason(stopped)).toBe('판매 중지');
  });

  it('offers only orderable lines of the groups for ticking', () => {
    const view: CartView = {
      deliveryGroups: [
        {
          ...group({}),
          orderProducts: [
            {
              productNo: 1,
              productName: '패드',
              imageUrl: '',
              brandName: '',
              partnerName: '',
              buyAmt: 0,
              minBuyCount: 1,
              maxBuyCountInfo: { maxBuyTimeCount: 0 },
              optionUsed: true,
              orderProductOptions: [line(1), line(2, { soldOut: true }), line(3)],
            },
          ],
        },
      ],
      invalidProducts: [],
      price: totalsPrice(),
    };
    expect(selectableCartNos(view)).toEqual([1, 3]);
    expect(selectableCartNos(null)).toEqual([]);
  });
});

function totalsPrice() {
  return {
    standardAmt: 30000,
    discountAmt: 2000,
    buyAmt: 28000,
    totalDeliveryAmt: 3000,
    totalAmt: 31000,
    accumulationAmtWhenBuyConfirm: 280,
  };
}

describe('delivery groups', () => {
  it('shows how far the ticked goods are from free shipping', () => {
    const g = group({});
    expect(shippingNote(g, group({}, 38000))).toEqual({
      rule: '배송비 3,000원 (50,000원 이상 무료)',
      progress: { current: 38000, goal: 50000, remaining: 12000 },
      text: '12,000원 더 담으면 무료배송',
    });
    expect(shippingNote(g, group({}, 52000, 0)).text).toBe('무료배송 조건을 채웠습니다');
    expect(shippingNote(g, null).progress?.remaining).toBe(50000);
  });

  it('names free and fixed fees, and charges nothing for a group with nothing ticked', () => {
    expect(shippingNote(group({ deliveryConditionType: 'FREE' }), null).rule).toBe('무료배송');
    expect(shippingNote(group({ deliveryConditionType: 'FIXED_FEE', baseDeliveryAmt: 2500 }), null)).toEqual({
      rule: '배송비 2,500원',
      progress: null,
      text: null,
    });
    expect(groupFee(null)).toBe(0);
    expect(groupFee({ ...group({}), deliveryAmt: 3000, remoteDeliveryAmt: 3000 })).toBe(6000);
  });

  it('totals come from the server answer for the ticked lines', () => {
    expect(totalsOf(null)).toEqual({ standardAmt: 0, discountAmt: 0, deliveryAmt: 0, totalAmt: 0 });
    expect(totalsOf({ deliveryGroups: [], invalidProducts: [], price: totalsPrice() })).toEqual({
      standardAmt: 30000,
      discountAmt: 2000,
      deliveryAmt: 3000,
      totalAmt: 31000,
    });
  });
});
