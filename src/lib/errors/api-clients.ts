/** Errors of the registered API clients' back office (src/server/api-client, /api/manager/api-clients). */
export const API_CLIENT_ERRORS = {
  API_CLIENT_INVALID: { status: 400, message: '입력한 API 클라이언트 정보를 확인해 주세요.' },
  API_CLIENT_NOT_FOUND: {
    status: 404,
    message: 'API 클라이언트를 찾을 수 없습니다. 목록을 새로 불러와 주세요.',
  },
  API_CLIENT_TAKEN: {
    status: 409,
    message: '같은 clientId가 이미 등록되어 있습니다. 다른 clientId를 입력해 주세요.',
  },
  API_CLIENT_CONFIGURED: {
    status: 409,
    message:
      '서버 설정(API_CLIENTS)에 있는 클라이언트는 이 화면에서 바꿀 수 없습니다. 서버 설정을 고쳐 주세요.',
  },
} as const;
