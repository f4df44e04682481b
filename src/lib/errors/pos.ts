/** Errors of the point of sale: shifts, counter sales, payments at the counter and refunds. */
export const POS_ERRORS = {
  POS_INVALID: { status: 400, message: '입력한 내용을 확인해 주세요.' },
  SHIFT_NOT_OPEN: { status: 409, message: '열린 영업(시재)이 없습니다. 먼저 영업을 시작해 주세요.' },
  SHIFT_ALREADY_OPEN: {
    status: 409,
    message: '이 매장은 이미 영업 중입니다. 열린 영업을 이어서 쓰거나 마감한 뒤 다시 시작해 주세요.',
  },
  SHIFT_NOT_FOUND: { status: 404, message: '영업 기록을 찾을 수 없습니다.' },
  POS_ITEM_NOT_FOUND: { status: 404, message: '등록되지 않은 바코드입니다. 상품명으로 찾아 주세요.' },
  POS_ITEM_NOT_SELLABLE: { status: 409, message: '지금 판매할 수 없는 상품입니다.' },
  POS_SOLD_OUT: { status: 409, message: '재고가 부족해 판매할 수 없습니다.' },
  POS_PAYMENT_MISMATCH: { status: 400, message: '결제 금액의 합이 받을 금액과 다릅니다.' },
  POS_CARD_DECLINED: { status: 402, message: '카드 결제가 거절되었습니다.' },
  POS_KAKAO_NOT_APPROVED: {
    status: 409,
    message: '카카오페이 결제가 아직 승인되지 않았습니다. 고객 휴대폰에서 결제를 마쳤는지 확인해 주세요.',
  },
  POS_OFFLINE_CASH_ONLY: { status: 400, message: '연결이 끊긴 동안에는 현금 결제만 받을 수 있습니다.' },
  POS_POINTS_SHORT: { status: 409, message: '회원의 적립금이 부족합니다.' },
  POS_MEMBER_NOT_FOUND: { status: 404, message: '회원을 찾을 수 없습니다.' },
  POS_SALE_NOT_FOUND: { status: 404, message: '매장 판매 기록을 찾을 수 없습니다.' },
  POS_REFUND_QUANTITY: { status: 409, message: '환불할 수 있는 수량을 넘었습니다.' },
  POS_NOT_SANDBOX: { status: 404, message: '페이지를 찾을 수 없습니다.' },
} as const;
