import { describe, expect, it } from 'vitest';
import { deliveryFeeText, remoteFeeText, unavailableText } from './delivery.ts';

describe('delivery text', () => {
  it('names the free-shipping threshold of a conditional fee', () => {
    expect(
      deliveryFeeText({ deliveryConditionType: 'CONDITIONAL', deliveryAmt: 3000, aboveDeliveryAmt: 50000 }),
    ).toBe('배송비 3,000원 (50,000원 이상 구매 시 무료)');
  });

  it('shows fixed and free fees', () => {
    expect(
      deliveryFeeText({ deliveryConditionType: 'FIXED_FEE', deliveryAmt: 2500, aboveDeliveryAmt: 0 }),
    ).toBe('배송비 2,500원');
    expect(deliveryFeeText({ deliveryConditionType: 'FREE', deliveryAmt: 0, aboveDeliveryAmt: 0 })).toBe(
      '무료배송',
    );
  });

  it('mentions the remote-area fee only when there is one', () => {
    const fee = { deliveryConditionType: 'FIXED_FEE', deliveryAmt: 2500, aboveDeliveryAmt: 0 };
    expect(remoteFeeText({ ...fee, remoteDeliveryAmt: 3000 })).toBe('제주·도서산간 지역 3,000원 추가');
    expect(remoteFeeText(fee)).toBeNull();
  });

  it('names the template’s own remote areas instead of Jeju and the islands', () => {
    const fee = {
      deliveryConditionType: 'FIXED_FEE',
      deliveryAmt: 2500,
      aboveDeliveryAmt: 0,
      remoteDeliveryAmt: 5000,
    };
    const area = (label: string, extraFee: number) => ({ label, zipFrom: '40200', zipTo: '40240', extraFee });
    expect(remoteFeeText({ ...fee, remoteAreas: [area('울릉도', 5000), area('흑산도', 5000)] })).toBe(
      '울릉도·흑산도 지역 5,000원 추가',
    );
    expect(remoteFeeText({ ...fee, remoteAreas: [area('제주', 3000), area('', 5000)] })).toBe(
      '제주·40200~40240 지역 최대 5,000원 추가',
    );
    expect(remoteFeeText({ ...fee, remoteAreas: [area('제주', 0)] })).toBeNull();
  });

  it('explains why a product cannot be bought', () => {
    expect(unavailableText({ soldout: false, saleStatusType: 'ONSALE' })).toBeNull();
    expect(unavailableText({ soldout: true, saleStatusType: 'ONSALE' })).toBe('품절된 상품입니다.');
    expect(unavailableText({ soldout: false, saleStatusType: 'READY' })).toBe('판매 준비 중인 상품입니다.');
  });
});
