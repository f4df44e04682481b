/** Errors any route can answer with: input, the database, the size of a request, outside services. */
export const PLATFORM_ERRORS = {
  NOT_FOUND: { status: 404, message: '요청한 정보를 찾을 수 없습니다.' },
  BAD_REQUEST: { status: 400, message: '요청을 처리할 수 없습니다.' },
  INVALID_INPUT: { status: 400, message: '입력값을 확인해 주세요.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: '요청 내용이 너무 큽니다. 256KB 이하로 보내 주세요.' },
  DB_BUSY: { status: 503, message: '요청이 몰려 처리가 늦어지고 있습니다. 잠시 후 다시 시도해 주세요.' },
  INTERNAL_ERROR: { status: 500, message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' },
  SMS_UNAVAILABLE: { status: 503, message: '인증번호를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.' },
  MAIL_UNAVAILABLE: { status: 503, message: '메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.' },
  POD_UNAVAILABLE: { status: 503, message: '인쇄 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.' },
  POD_NOT_FAILED: { status: 409, message: '전송에 실패한 주문만 다시 보낼 수 있습니다.' },
  NOTIFICATION_NOT_FAILED: { status: 409, message: '발송에 실패한 메시지만 다시 보낼 수 있습니다.' },
  POD_WEBHOOK_REFUSED: { status: 401, message: '인쇄 서비스 알림의 서명을 확인하지 못했습니다.' },
} as const;
