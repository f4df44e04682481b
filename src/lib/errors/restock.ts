/** Errors of 재입고 알림 (restock alerts, decision 033). */
export const RESTOCK_ERRORS = {
  RESTOCK_ALREADY_REQUESTED: {
    status: 409,
    message: '이미 재입고 알림을 신청하신 옵션입니다. 입고되면 바로 알려 드릴게요.',
  },
  RESTOCK_NOT_SOLD_OUT: { status: 409, message: '지금 구매할 수 있는 옵션입니다. 바로 주문해 주세요.' },
  RESTOCK_CONSENT_REQUIRED: {
    status: 400,
    message: '재입고 알림을 받으려면 휴대폰 번호 수집·이용에 동의해 주세요.',
  },
  RESTOCK_NO_CONTACT: {
    status: 400,
    message: '알림을 받을 휴대폰 번호나 이메일이 회원 정보에 없습니다. 회원 정보를 먼저 수정해 주세요.',
  },
} as const;
