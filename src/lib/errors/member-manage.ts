/**
 * Errors of the members back office (src/server/member/manage/, /api/manager/members; decision 025).
 * A stale save answers the catalogue's VERSION_CONFLICT with a member's own message.
 */
export const MEMBER_MANAGE_ERRORS = {
  MEMBER_INVALID: { status: 400, message: '입력한 회원 정보를 확인해 주세요.' },
  MANAGED_MEMBER_NOT_FOUND: { status: 404, message: '회원을 찾을 수 없습니다. 목록을 새로 불러와 주세요.' },
  MEMBER_WITHDRAWN: { status: 409, message: '탈퇴한 회원은 바꿀 수 없습니다.' },
  LAST_ADMIN: {
    status: 409,
    message: '쇼핑몰에 관리자가 한 명은 있어야 합니다. 다른 관리자를 먼저 지정해 주세요.',
  },
  OWN_ADMIN: {
    status: 409,
    message: '자신의 관리자 권한은 해제하거나 정지·탈퇴 처리할 수 없습니다. 다른 관리자에게 요청해 주세요.',
  },
  WITHDRAWAL_NOT_REQUESTED: {
    status: 409,
    message: '탈퇴 요청이 접수되지 않은 회원입니다. 회원의 요청을 먼저 접수해 주세요.',
  },
} as const;
