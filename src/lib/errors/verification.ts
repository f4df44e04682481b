/**
 * The verification codes of spec section 8 (L1001–L1008) with the Korean message a shopper sees
 * and the HTTP status the shop API answers with. Client-safe: forms show the same text.
 */
export const VERIFICATION_ERRORS = {
  L1001: {
    status: 410,
    message: '인증 정보가 만료되었거나 이미 사용되었습니다. 인증을 처음부터 다시 진행해 주세요.',
  },
  L1002: { status: 410, message: '인증번호 입력 시간이 지났습니다. 인증번호를 다시 요청해 주세요.' },
  L1003: { status: 400, message: '인증번호를 정확히 입력해 주세요.' },
  L1004: { status: 404, message: '가입된 계정이 없습니다. 입력하신 정보를 확인해 주세요.' },
  L1005: { status: 409, message: '이미 가입된 계정이 있습니다.' },
  L1006: { status: 400, message: '입력하신 이름이 회원 정보와 일치하지 않습니다.' },
  L1007: { status: 404, message: '일치하는 회원 정보가 없습니다. 입력하신 정보를 확인해 주세요.' },
  L1008: {
    status: 429,
    message: '요청 횟수를 초과하여 10분 동안 이용이 제한됩니다. 잠시 후 다시 시도해 주세요.',
  },
} as const;

export type VerificationErrorCode = keyof typeof VERIFICATION_ERRORS;
