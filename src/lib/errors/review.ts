/** Errors of product reviews and their photos. */
export const REVIEW_ERRORS = {
  REVIEW_NOT_FOUND: { status: 404, message: '상품 후기를 찾을 수 없습니다.' },
  REVIEW_NOT_MINE: { status: 403, message: '내가 작성한 후기만 수정하거나 삭제할 수 있습니다.' },
  REVIEW_ALREADY_WRITTEN: { status: 409, message: '이미 후기를 작성한 주문 상품입니다.' },
  REVIEW_NOT_REVIEWABLE: {
    status: 403,
    message: '배송이 완료된 내 주문 상품에만 후기를 작성할 수 있습니다.',
  },
  REVIEW_ORDER_OPTION_MISMATCH: { status: 400, message: '주문하신 상품과 후기를 쓰려는 상품이 다릅니다.' },
  REVIEW_OWN_RECOMMEND: { status: 403, message: '내가 작성한 후기는 추천할 수 없습니다.' },
  REVIEW_ALREADY_RECOMMENDED: { status: 409, message: '이미 추천한 후기입니다.' },
  REVIEW_NOT_RECOMMENDED: { status: 409, message: '추천하지 않은 후기입니다.' },
  REVIEW_PHOTO_INVALID: { status: 400, message: '후기에 첨부할 수 없는 사진입니다.' },
} as const;
