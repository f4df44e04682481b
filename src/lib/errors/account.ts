/**
 * Account error codes with the Korean message a shopper sees and the HTTP status the server
 * answers with. The first block is the specification's catalogue (section 8, account codes,
 * spelled as the spec spells them); the second holds Podo's own codes for cases the spec's
 * list does not name. Client-safe: forms map a response's `code` to the same text.
 */
export const ACCOUNT_ERRORS = {
  // Specification section 8
  'duplication-phone': { status: 409, message: '이미 가입된 휴대폰 번호입니다.' },
  'jwt-decode-error': { status: 400, message: '인증 정보를 읽을 수 없습니다. 다시 로그인해 주세요.' },
  'no-account': { status: 404, message: '가입된 계정을 찾을 수 없습니다.' },
  'mismatched-userid': { status: 403, message: '로그인한 회원의 아이디와 일치하지 않습니다.' },
  'need-to-register': {
    status: 409,
    message: '간편 로그인 연결을 해제하려면 먼저 아이디와 비밀번호를 등록해 주세요.',
  },
  'no-exist-sns-user': {
    status: 404,
    message: '연결된 간편 로그인 계정이 없습니다. 회원가입을 진행해 주세요.',
  },
  'bad-sns_id': { status: 400, message: '간편 로그인 계정 정보가 올바르지 않습니다. 다시 시도해 주세요.' },
  'token-has-expired': { status: 401, message: '로그인 시간이 만료되었습니다. 다시 로그인해 주세요.' },
  'invalid-token': { status: 401, message: '인증 정보가 올바르지 않습니다. 다시 로그인해 주세요.' },
  'jwt-except': { status: 401, message: '인증 처리 중 문제가 발생했습니다. 다시 로그인해 주세요.' },
  'already-registered': { status: 409, message: '이미 가입된 계정입니다.' },
  'invalid-request': { status: 400, message: '잘못된 요청입니다. 입력하신 내용을 확인해 주세요.' },
  'token-retry-over': { status: 429, message: '인증 시도 횟수를 초과했습니다. 10분 후 다시 시도해 주세요.' },
  'Error updating item': { status: 400, message: '회원 정보를 수정하지 못했습니다. 다시 시도해 주세요.' },
  'command-error': { status: 400, message: '지원하지 않는 요청입니다.' },
  'denied-sns-agreement': {
    status: 400,
    message: '간편 로그인 정보 제공에 동의하지 않아 진행할 수 없습니다. 필수 항목에 동의해 주세요.',
  },
  exceptions: { status: 500, message: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' },

  // Podo's own
  'login-failed': { status: 401, message: '아이디 또는 비밀번호가 올바르지 않습니다.' },
  'login-required': { status: 401, message: '로그인이 필요합니다.' },
  'locked-account': { status: 403, message: '이용이 제한된 계정입니다. 고객센터로 문의해 주세요.' },
  'withdrawn-account': { status: 403, message: '탈퇴한 회원의 아이디입니다. 새 아이디로 가입해 주세요.' },
  'too-many-attempts': {
    status: 429,
    message: '로그인 시도가 너무 많습니다. 10분 후 다시 시도해 주세요.',
  },
  'too-many-requests': { status: 429, message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' },
  'duplication-id': { status: 409, message: '이미 사용 중인 아이디입니다.' },
  'duplication-email': { status: 409, message: '이미 가입된 이메일입니다.' },
  'wrong-password': { status: 400, message: '비밀번호가 올바르지 않습니다.' },
  // The 30-minute user-update token (password re-check), not the login session: 403, never 401,
  // so a client that treats 401 as "logged out" keeps the member signed in (decision 002, point 6)
  'update-token-expired': {
    status: 403,
    message: '개인정보 수정 시간이 지났습니다. 비밀번호를 다시 확인해 주세요.',
  },
  'update-token-required': {
    status: 403,
    message: '회원 정보를 수정하려면 비밀번호를 다시 확인해 주세요.',
  },
  'join-certification-required': { status: 400, message: '휴대폰 번호 인증을 먼저 완료해 주세요.' },
  'mobile-certification-required': {
    status: 400,
    message: '휴대폰 번호를 바꾸려면 새 번호로 받은 인증번호를 먼저 확인해 주세요.',
  },
  'same-password': { status: 400, message: '현재 비밀번호와 다른 비밀번호를 입력해 주세요.' },
  // the rule's own message (contains the id, or common) replaces this one where it is known
  'weak-password': { status: 400, message: '쓸 수 없는 비밀번호입니다. 다른 비밀번호를 입력해 주세요.' },
  'required-terms': { status: 400, message: '필수 약관에 모두 동의해 주세요.' },
  forbidden: { status: 403, message: '접근 권한이 없습니다.' },
  'admin-only': { status: 403, message: '관리자만 이용할 수 있습니다.' },
  'staff-only': { status: 403, message: '매장 직원만 이용할 수 있습니다.' },
  'csrf-origin': {
    status: 403,
    message: '허용되지 않은 곳에서 보낸 요청입니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.',
  },
  'unsupported-media-type': { status: 415, message: '요청 형식이 올바르지 않습니다. (application/json)' },
  'secret-cookie': { status: 400, message: '로그인 정보는 서버만 다룰 수 있습니다.' },
} as const;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;
