import { UPLOAD_FAILED_MESSAGE } from '../board-limits.ts';

/** Errors of signed uploads; the server adds what went wrong to the general message. */
export const UPLOAD_ERRORS = {
  UPLOAD_BUCKET: { status: 400, message: UPLOAD_FAILED_MESSAGE },
  UPLOAD_EMPTY: { status: 400, message: UPLOAD_FAILED_MESSAGE },
  UPLOAD_NOT_IMAGE: { status: 400, message: UPLOAD_FAILED_MESSAGE },
  UPLOAD_PATH: { status: 403, message: UPLOAD_FAILED_MESSAGE },
  UPLOAD_SIGNATURE: { status: 403, message: UPLOAD_FAILED_MESSAGE },
  UPLOAD_TOO_LARGE: {
    status: 413,
    message: `${UPLOAD_FAILED_MESSAGE} (10MB 이하의 파일만 올릴 수 있습니다)`,
  },
  UPLOAD_DELETE_FORBIDDEN: { status: 403, message: '내가 올린 파일의 폴더만 삭제할 수 있습니다.' },
} as const;
