/** Errors of the display editors: home banners and display sections (src/server/catalog/manage/display*.ts). */
export const DISPLAY_MANAGE_ERRORS = {
  /** A form's save with per-field problems (`fields` in the answer). */
  DISPLAY_INVALID: { status: 400, message: '입력한 내용을 확인해 주세요.' },
  BANNER_NOT_FOUND: {
    status: 404,
    message: '배너를 찾을 수 없습니다. 다른 관리자가 삭제했을 수 있으니 목록을 새로 불러와 주세요.',
  },
  BANNER_GROUP_NOT_FOUND: {
    status: 404,
    message: '배너 그룹을 찾을 수 없습니다. 목록을 새로 불러와 주세요.',
  },
  DISPLAY_SECTION_NOT_FOUND: {
    status: 404,
    message: '진열 섹션을 찾을 수 없습니다. 다른 관리자가 삭제했을 수 있으니 목록을 새로 불러와 주세요.',
  },
  DISPLAY_LIST_CHANGED: {
    status: 409,
    message: '다른 관리자가 목록을 바꿨습니다. 새로 불러온 뒤 다시 순서를 정해 주세요.',
  },
  SECTION_NOT_MANUAL: {
    status: 409,
    message:
      '규칙으로 채워지는 섹션에는 상품을 직접 넣을 수 없습니다. 진열 방식을 "직접 선택"으로 바꿔 저장해 주세요.',
  },
  BANNER_IMAGE_MISSING: { status: 400, message: '배너 이미지 파일을 골라 주세요.' },
} as const;
