/**
 * Errors of the back office's promotions (src/server/promotion/manage.ts, /api/manager/coupons
 * and /api/manager/points).
 */
export const PROMOTION_MANAGE_ERRORS = {
  PROMOTION_INVALID: { status: 400, message: '입력한 내용을 확인해 주세요.' },
  MANAGED_COUPON_NOT_FOUND: {
    status: 404,
    message: '쿠폰을 찾을 수 없습니다. 목록을 새로 불러와 주세요.',
  },
  COUPON_STOPPED: { status: 409, message: '발급을 중지한 쿠폰입니다.' },
  COUPON_ISSUE_MEMBERS_UNKNOWN: {
    status: 400,
    message: '찾을 수 없는 회원이 있습니다. 아이디나 휴대폰 번호를 확인해 주세요.',
  },
  POINTS_MEMBER_NOT_FOUND: { status: 404, message: '회원을 찾을 수 없습니다.' },
} as const;
