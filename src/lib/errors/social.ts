/**
 * Podo's own social-login codes, for cases the spec's account codes (src/lib/account-errors.ts)
 * do not name. Client-safe: the callback pages map a response's `code` to the same text.
 */
export const SOCIAL_ERRORS = {
  'invalid-state': {
    status: 400,
    message: '간편 로그인 요청이 만료되었거나 올바르지 않습니다. 처음부터 다시 시도해 주세요.',
  },
  /** No link yet, but the provider's e-mail or phone belongs to a member: log in and link. */
  'existing-account': {
    status: 409,
    message: '이미 가입된 계정이 있습니다. 기존 계정으로 로그인한 뒤 간편 로그인을 연결해 주세요.',
  },
  'provider-unavailable': { status: 404, message: '지원하지 않는 간편 로그인입니다.' },
  'provider-error': {
    status: 503,
    message: '간편 로그인 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  },
  'provider-denied': { status: 400, message: '간편 로그인이 취소되었습니다.' },
  'sign-up-expired': {
    status: 410,
    message: '간편 가입 가능 시간이 지났습니다. 간편 로그인을 처음부터 다시 진행해 주세요.',
  },
  /** The social account is linked to another member. */
  'linked-to-other-member': { status: 409, message: '이미 다른 회원과 연결된 간편 로그인 계정입니다.' },
  /** The member already has a link for this provider (one account per provider). */
  'provider-already-linked': {
    status: 409,
    message: '이미 연결된 간편 로그인입니다. 다른 계정을 연결하려면 먼저 연결을 해제해 주세요.',
  },
} as const;

export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;
