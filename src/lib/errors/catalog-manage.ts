/**
 * Errors of the catalogue back office: products, options, stock, images and the CSV import
 * (src/server/catalog/manage/). `VERSION_CONFLICT` is every manager editor's answer when someone
 * else saved first.
 */
export const CATALOG_MANAGE_ERRORS = {
  VERSION_CONFLICT: {
    status: 409,
    message: '다른 관리자가 먼저 저장한 내용이 있습니다. 새로 불러온 뒤 다시 저장해 주세요.',
  },
  MANAGED_PRODUCT_NOT_FOUND: {
    status: 404,
    message: '상품을 찾을 수 없습니다. 삭제되었거나 없는 상품 번호입니다.',
  },
  PRODUCT_INVALID: { status: 400, message: '상품 정보를 확인해 주세요.' },
  OPTION_NOT_OF_PRODUCT: {
    status: 400,
    message: '이 상품의 옵션이 아닙니다. 새로 불러온 뒤 다시 저장해 주세요.',
  },
  BARCODE_TAKEN: { status: 409, message: '이미 다른 옵션에 등록된 바코드입니다.' },
  STOCK_BELOW_ZERO: { status: 409, message: '재고는 0개보다 적게 만들 수 없습니다.' },
  CATALOG_IMAGE_INVALID: {
    status: 400,
    message: '이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다.',
  },
  IMAGE_NOT_OF_PRODUCT: { status: 404, message: '이 상품의 이미지가 아닙니다.' },
  CSV_INVALID: { status: 400, message: 'CSV 파일을 읽을 수 없습니다. 내보내기로 받은 양식을 확인해 주세요.' },
  CSV_HAS_ERRORS: { status: 422, message: 'CSV 파일에 고쳐야 할 행이 있어 아무것도 저장하지 않았습니다.' },
} as const;
