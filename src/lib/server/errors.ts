/**
 * The one error type domain code throws. `message` is Korean and safe to show to a shopper;
 * `app.onError` turns it into `{ code, message }` with `status`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 503;

  constructor(code: string, status: AppError['status'], message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }
}

export const notFound = (what = '요청한 정보') =>
  new AppError('NOT_FOUND', 404, `${what}을(를) 찾을 수 없습니다.`);

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(code, 400, message);
