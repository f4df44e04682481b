/** Errors of the catalogue's setup editors: categories, brands, partners, delivery templates (src/server/catalog/manage/setup*.ts). */
export const CATALOG_SETUP_ERRORS = {
  SETUP_INVALID: { status: 400, message: '입력한 내용을 확인해 주세요.' },

  CATEGORY_NOT_FOUND: { status: 404, message: '카테고리를 찾을 수 없습니다. 목록을 새로 불러와 주세요.' },
  CATEGORY_PARENT_NOT_FOUND: {
    status: 400,
    message: '상위 카테고리를 찾을 수 없습니다. 목록을 새로 불러온 뒤 다시 골라 주세요.',
  },
  CATEGORY_TOO_DEEP: { status: 400, message: '카테고리는 4단계까지만 만들 수 있습니다.' },
  CATEGORY_MOVE_CYCLE: {
    status: 400,
    message: '카테고리를 자기 자신이나 하위 카테고리 아래로 옮길 수 없습니다.',
  },
  CATEGORY_DISPLAY_FLAT: {
    status: 400,
    message: '전시 카테고리는 하위 카테고리를 둘 수 없고, 메뉴 카테고리와 섞어 옮길 수 없습니다.',
  },
  CATEGORY_LABEL_TAKEN: {
    status: 409,
    message: '같은 위치에 이름이 같은 카테고리가 있습니다. 다른 이름을 입력해 주세요.',
  },
  CATEGORY_HAS_CHILDREN: {
    status: 409,
    message: '하위 카테고리가 있어 삭제할 수 없습니다. 하위 카테고리를 먼저 옮기거나 삭제해 주세요.',
  },
  CATEGORY_HAS_PRODUCTS: {
    status: 409,
    message: '상품이 연결되어 있어 삭제할 수 없습니다. 상품의 카테고리를 먼저 바꿔 주세요.',
  },
  CATEGORY_IN_USE: {
    status: 409,
    message: '전시 섹션이 이 카테고리를 사용하고 있어 삭제할 수 없습니다. 전시 설정을 먼저 바꿔 주세요.',
  },
  CATEGORY_RESERVED: {
    status: 409,
    message: '쇼핑몰 화면이 사용하는 전시 카테고리라 삭제할 수 없습니다. 대신 숨김으로 바꿔 주세요.',
  },

  BRAND_NOT_FOUND: { status: 404, message: '브랜드를 찾을 수 없습니다. 목록을 새로 불러와 주세요.' },
  BRAND_NAME_TAKEN: {
    status: 409,
    message: '같은 이름의 브랜드가 이미 있습니다. 다른 이름을 입력해 주세요.',
  },
  BRAND_IN_USE: {
    status: 409,
    message: '이 브랜드를 쓰는 상품이 있어 삭제할 수 없습니다. 상품의 브랜드를 먼저 바꿔 주세요.',
  },
  BRAND_LOGO_MISSING: { status: 400, message: '로고 이미지 파일을 골라 주세요.' },

  PARTNER_NOT_FOUND: { status: 404, message: '거래처를 찾을 수 없습니다. 목록을 새로 불러와 주세요.' },
  PARTNER_NAME_TAKEN: {
    status: 409,
    message: '같은 이름의 거래처가 이미 있습니다. 다른 이름을 입력해 주세요.',
  },
  PARTNER_IN_USE: {
    status: 409,
    message: '이 거래처의 상품이나 배송비 템플릿이 있어 삭제할 수 없습니다.',
  },
  PARTNER_SELF: { status: 409, message: '쇼핑몰 자신(자사) 거래처는 삭제할 수 없습니다.' },

  DELIVERY_TEMPLATE_NOT_FOUND: {
    status: 404,
    message: '배송비 템플릿을 찾을 수 없습니다. 목록을 새로 불러와 주세요.',
  },
  DELIVERY_TEMPLATE_INVALID: { status: 400, message: '배송비 템플릿의 입력 내용을 확인해 주세요.' },
  DELIVERY_TEMPLATE_IN_USE: {
    status: 409,
    message:
      '이 배송비 템플릿을 쓰는 상품이 있어 삭제할 수 없습니다. 상품의 배송비 템플릿을 먼저 바꿔 주세요.',
  },
} as const;
