/** Errors of cancels, returns, buy confirmation and shipping, with the Korean text a member sees. */
export const CLAIM_ERRORS = {
  CLAIM_NOT_FOUND: { status: 404, message: '취소·반품 내역을 찾을 수 없습니다.' },
  ORDER_OPTION_NOT_FOUND: { status: 404, message: '주문 상품을 찾을 수 없습니다.' },
  ORDER_NOT_CANCELABLE: {
    status: 409,
    message: '상품이 발송된 뒤에는 주문을 취소할 수 없습니다. 배송이 끝난 뒤 반품을 신청해 주세요.',
  },
  PARTIAL_CANCEL_BEFORE_DEPOSIT: {
    status: 409,
    message: '입금 전 주문은 일부 상품만 취소할 수 없습니다. 주문 전체를 취소해 주세요.',
  },
  CLAIM_QUANTITY: { status: 409, message: '취소 또는 반품할 수 있는 수량을 넘었습니다.' },
  CLAIM_ONE_ORDER: { status: 400, message: '한 번에 한 주문의 상품만 신청할 수 있습니다.' },
  CLAIM_REASON_INVALID: { status: 400, message: '취소·반품 사유를 선택해 주세요.' },
  CLAIM_IMAGE_INVALID: { status: 400, message: '직접 올린 사진만 첨부할 수 있습니다.' },
  ORDER_NOT_RETURNABLE: { status: 409, message: '배송이 시작된 주문만 반품을 신청할 수 있습니다.' },
  CLAIM_NOT_WITHDRAWABLE: { status: 409, message: '승인을 기다리는 반품 신청만 철회할 수 있습니다.' },
  CLAIM_ALREADY_DECIDED: { status: 409, message: '이미 처리된 반품 신청입니다.' },
  ORDER_NOT_CONFIRMABLE: { status: 409, message: '배송이 시작된 주문만 구매 확정할 수 있습니다.' },
  RETURN_IN_PROGRESS: {
    status: 409,
    message: '반품 신청이 진행 중인 주문은 구매 확정할 수 없습니다. 반품 처리가 끝난 뒤 다시 시도해 주세요.',
  },
  EXPORT_TOO_LARGE: { status: 400, message: '내려받을 주문이 너무 많습니다. 기간이나 조건을 좁혀 주세요.' },
  SHIP_CSV_INVALID: {
    status: 400,
    message: '발송 파일을 읽을 수 없습니다. 첫 줄을 "주문번호,택배사,송장번호"로 맞춰 주세요.',
  },
  CUSTOM_NOT_MADE: {
    status: 409,
    message: '커스텀 상품의 제작이 끝나지 않아 발송할 수 없습니다.',
  },
  ORDER_STATUS_CHANGED: {
    status: 409,
    message: '주문 상태가 바뀌었습니다. 새로고침한 뒤 다시 시도해 주세요.',
  },
  INVALID_DATE_RANGE: { status: 400, message: '조회 기간을 확인해 주세요.' },
  PARTIAL_REFUND_UNAVAILABLE: {
    status: 503,
    message: '결제 서비스에서 부분 환불을 할 수 없습니다. 고객센터로 문의해 주세요.',
  },
} as const;
