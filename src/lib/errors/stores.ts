/**
 * Errors of the stores: the store a counter sells at (src/server/pos/staff.ts, /api/pos/store) and
 * the back office's stores and staff assignments (src/server/pos/stores.ts, /api/manager/stores).
 */
export const STORES_ERRORS = {
  STORE_INVALID: { status: 400, message: '입력한 매장 정보를 확인해 주세요.' },
  STORE_NOT_FOUND: { status: 404, message: '매장을 찾을 수 없습니다. 목록을 새로 불러와 주세요.' },
  STORE_NAME_TAKEN: {
    status: 409,
    message: '같은 이름의 매장이 이미 있습니다. 다른 이름을 입력해 주세요.',
  },
  STORE_SHIFT_OPEN: {
    status: 409,
    message: '영업 중인 매장은 운영 중지할 수 없습니다. 매장에서 영업을 마감한 뒤 다시 시도해 주세요.',
  },
  STORE_INACTIVE: {
    status: 409,
    message: '운영을 멈춘 매장입니다. 다른 매장을 골라 주세요.',
  },
  POS_NO_STORE: {
    status: 403,
    message: '판매할 수 있는 매장이 없습니다. 관리자에게 매장 배정을 요청해 주세요.',
  },
  POS_STORE_NOT_ALLOWED: {
    status: 403,
    message: '이 매장에서 판매할 권한이 없습니다. 매장을 다시 골라 주세요.',
  },
  STAFF_NOT_FOUND: {
    status: 404,
    message: '직원 계정을 찾을 수 없습니다. 목록을 새로 불러와 주세요.',
  },
} as const;
