/**
 * Error codes of the cart, order sheet, coupon, points, payment and order routes, with the HTTP
 * status the server answers with and the Korean message a shopper sees. Some messages are made
 * more precise by the server (the product's name, the remaining stock, the coupon's minimum); the
 * text here is the general form. Client-safe: islands map a response's `code` to the same text.
 */
export const COMMERCE_ERRORS = {
  // lines
  OPTION_NOT_FOUND: { status: 400, message: '옵션 정보를 찾을 수 없습니다.' },
  PRODUCT_NOT_FOUND: { status: 400, message: '상품 정보를 찾을 수 없습니다.' },
  INVALID_QUANTITY: { status: 400, message: '주문 수량을 확인해 주세요.' },
  INPUT_REQUIRED: { status: 400, message: '필수 입력 항목을 입력해 주세요.' },
  INPUT_INVALID: { status: 400, message: '입력 항목을 확인해 주세요.' },
  NOT_ON_SALE: { status: 409, message: '지금은 구매할 수 없는 상품입니다.' },
  SOLD_OUT: { status: 409, message: '품절된 상품이 있습니다.' },
  /** A design line whose design is gone, not the shopper's, or of another product. */
  DESIGN_NOT_ORDERABLE: { status: 400, message: '주문할 수 없는 디자인입니다. 디자인을 다시 저장해 주세요.' },
  /** A product made from the shopper's design or photo, asked for without a design. */
  DESIGN_REQUIRED: {
    status: 400,
    message: '디자인을 넣어 만드는 주문 제작 상품입니다. 디자인하기에서 디자인을 저장한 뒤 담아 주세요.',
  },
  // member cart
  CART_NOT_FOUND: { status: 404, message: '장바구니 상품을 찾을 수 없습니다.' },
  CART_FULL: { status: 400, message: '장바구니에는 상품을 100개까지 담을 수 있습니다.' },
  // order sheets
  IDENTITY_REQUIRED: { status: 401, message: '로그인하거나 비회원으로 주문해 주세요.' },
  ORDER_SHEET_NOT_FOUND: { status: 404, message: '주문서를 찾을 수 없습니다.' },
  ORDER_SHEET_EXPIRED: {
    status: 410,
    message: '주문서의 유효 시간이 지났습니다. 장바구니에서 다시 주문해 주세요.',
  },
  ORDER_SHEET_USED: { status: 409, message: '이미 결제가 끝난 주문서입니다.' },
  EMPTY_ORDER: { status: 400, message: '주문할 상품을 선택해 주세요.' },
  // coupons
  COUPON_NOT_FOUND: { status: 400, message: '사용할 수 없는 쿠폰입니다.' },
  COUPON_USED: { status: 409, message: '이미 사용한 쿠폰입니다.' },
  COUPON_EXPIRED: { status: 400, message: '사용 기간이 지난 쿠폰입니다.' },
  COUPON_NOT_APPLICABLE: { status: 400, message: '이 상품에는 사용할 수 없는 쿠폰입니다.' },
  COUPON_MIN_ORDER: { status: 400, message: '최소 주문 금액을 채우지 못해 쿠폰을 사용할 수 없습니다.' },
  COUPON_DUPLICATE: { status: 400, message: '쿠폰 하나는 한 번만 사용할 수 있습니다.' },
  COUPON_FOR_MEMBERS: { status: 400, message: '쿠폰과 적립금은 회원만 사용할 수 있습니다.' },
  COUPON_NOT_ISSUABLE: { status: 409, message: '지금은 받을 수 없는 쿠폰입니다.' },
  COUPON_ALREADY_ISSUED: { status: 409, message: '이미 받은 쿠폰입니다.' },
  COUPON_EXHAUSTED: { status: 409, message: '쿠폰이 모두 소진되었습니다.' },
  // points
  POINTS_SHORT: { status: 409, message: '보유 적립금이 부족합니다.' },
  POINTS_OVER_LIMIT: { status: 400, message: '사용할 수 있는 적립금을 넘었습니다.' },
  // checkout and payment
  AMOUNT_MISMATCH: { status: 409, message: '결제 금액이 바뀌었습니다. 주문 내용을 다시 확인해 주세요.' },
  TERMS_REQUIRED: { status: 400, message: '주문 정보 수집 및 이용에 동의해 주세요.' },
  GUEST_PASSWORD_REQUIRED: { status: 400, message: '비회원 주문 비밀번호를 입력해 주세요.' },
  PAY_TYPE_UNAVAILABLE: { status: 400, message: '선택한 결제 수단을 사용할 수 없습니다.' },
  PAYMENT_NOT_FOUND: { status: 404, message: '결제 정보를 찾을 수 없습니다.' },
  PAYMENT_NOT_PENDING: { status: 409, message: '이미 처리된 결제입니다.' },
  PAYMENT_UNAVAILABLE: {
    status: 503,
    message: '결제 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  },
  INVALID_SIGNATURE: { status: 401, message: '결제 확인 정보가 올바르지 않습니다.' },
  SIGNATURE_EXPIRED: {
    status: 400,
    message: '결제 확인 링크의 유효 시간이 지났습니다. 주문 내역에서 결제 결과를 확인해 주세요.',
  },
  // orders
  ORDER_NOT_FOUND: { status: 404, message: '주문을 찾을 수 없습니다.' },
  GUEST_ORDER_AUTH_FAILED: { status: 401, message: '주문번호 또는 비밀번호가 올바르지 않습니다.' },
  GUEST_ORDER_LOCKED: { status: 429, message: '비밀번호를 여러 번 틀렸습니다. 10분 후 다시 시도해 주세요.' },
} as const;

export type CommerceErrorCode = keyof typeof COMMERCE_ERRORS;
