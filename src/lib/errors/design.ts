/** Errors of saved designs, print files and custom production. */
export const DESIGN_ERRORS = {
  DESIGN_NOT_FOUND: { status: 404, message: '디자인을 찾을 수 없습니다.' },
  FORBIDDEN_MEMBER: { status: 403, message: '다른 회원의 디자인에는 접근할 수 없습니다.' },
  DESIGN_PRODUCT_INVALID: { status: 400, message: '디자인할 수 없는 상품입니다.' },
  DESIGN_TEMPLATE_MISMATCH: { status: 400, message: '이 상품에 쓸 수 없는 디자인 템플릿입니다.' },
  DESIGN_MATERIAL_INVALID: { status: 400, message: '선택할 수 없는 재질입니다.' },
  /** The option a design is saved with is not the product's, or not of the design's size. */
  DESIGN_OPTION_INVALID: { status: 400, message: '이 디자인에 고를 수 없는 옵션입니다.' },
  DESIGN_CHANNEL_INVALID: { status: 400, message: '판매 채널이 올바르지 않습니다.' },
  DESIGN_CHANNEL_FORBIDDEN: { status: 403, message: '판매 채널은 관리자만 바꿀 수 있습니다.' },
  DESIGN_TOO_LARGE: { status: 413, message: '디자인 데이터가 너무 큽니다.' },
  DESIGN_MALFORMED: { status: 400, message: '디자인 데이터 형식이 올바르지 않습니다.' },
  DESIGN_INVALID: { status: 400, message: '디자인 데이터를 확인해 주세요.' },
  DESIGN_IMAGE_MISSING: {
    status: 400,
    message: '디자인에 넣은 이미지를 찾을 수 없습니다. 이미지를 다시 올려 주세요.',
  },
  DESIGN_IMAGE_FORBIDDEN: {
    status: 400,
    message: '직접 올린 이미지만 디자인에 넣을 수 있습니다. 이미지를 다시 올려 주세요.',
  },
  DESIGN_LIMIT: { status: 409, message: '디자인을 더 저장할 수 없습니다. 쓰지 않는 디자인을 지워 주세요.' },
  DESIGN_CONFLICT: {
    status: 409,
    message: '다른 곳에서 디자인이 바뀌었습니다. 디자인을 다시 불러와 주세요.',
  },
  CUSTOM_ORDER_TRANSITION: { status: 409, message: '제작 상태가 방금 바뀌었습니다. 다시 확인해 주세요.' },
  CUSTOM_ORDER_CANCELLED: {
    status: 409,
    message: '환불되어 제작을 멈춘 주문입니다. 제작 상태를 바꿀 수 없습니다.',
  },
  ORDER_NOT_PAID: { status: 409, message: '결제가 끝난 주문만 제작을 요청할 수 있습니다.' },
} as const;
