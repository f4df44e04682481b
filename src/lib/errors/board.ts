/** Errors of the board, 1:1 inquiries and product questions. */
export const BOARD_ERRORS = {
  INQUIRY_ANSWERED: { status: 409, message: '답변이 등록된 문의는 수정할 수 없습니다.' },
} as const;
