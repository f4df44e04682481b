/** Verification usages and limits (spec sections 8 and 9), for the server and the forms alike. */

/** Shopby's verification usages (`USAGE_TYPE_MAP`), with the label the SMS text uses. */
export const VERIFICATION_USAGES = {
  JOIN: '가입인증',
  FIND_ID: '아이디 찾기',
  FIND_PASSWORD: '비밀번호 찾기',
  RELEASE_DORMANT: '휴면 해제',
  CHANGE_ID: '아이디 변경',
  CHANGE_EMAIL: '이메일 변경',
  CHANGE_MOBILE_NO: '휴대폰번호 변경',
} as const;

export type VerificationUsage = keyof typeof VERIFICATION_USAGES;

/** Limits the server enforces (spec section 9: verification lockout 10 minutes). */
export const VERIFICATION_LIMITS = {
  codeLength: 6,
  codeValidSeconds: 180,
  maxWrongAttempts: 5,
  /** More sends than this to one number inside the window locks the number. */
  maxSendsPerWindow: 5,
  sendWindowSeconds: 600,
  lockSeconds: 600,
} as const;
