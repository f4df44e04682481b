/** Errors of the shipping address book. */
export const ADDRESS_ERRORS = {
  ADDRESS_BOOK_FULL: {
    status: 409,
    message: '배송지를 더 저장할 수 없습니다. 쓰지 않는 배송지를 지운 뒤 다시 시도해 주세요.',
  },
} as const;
