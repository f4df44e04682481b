import { josa } from 'es-hangul';
import { ERRORS, type ErrorCode } from '../../lib/errors/index.ts';

type AppStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * The one error type domain code throws. `message` is Korean and safe to show to a shopper;
 * `app.onError` turns it into `{ code, message }` with `status`. Its codes, statuses and standard
 * messages come from the catalogue (src/lib/errors/): throw `appError(code)`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: AppStatus;
  /** Per-field problems of a form (`path` like `options.rows.2.barcode`), each with its Korean message. */
  readonly fields: readonly FieldProblem[] | undefined;

  constructor(code: string, status: AppStatus, message: string, fields?: readonly FieldProblem[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** An error of the catalogue whose answer also lists every field's problem (a form's save). */
export function fieldsError(code: ErrorCode, fields: readonly FieldProblem[]): AppError {
  const entry = ERRORS[code];
  const first = fields[0]?.message;
  return new AppError(code, entry.status as AppStatus, first ?? entry.message, fields);
}

/** The AppError of a catalogue code, with its standard message or a more precise one for this case. */
export function appError(code: ErrorCode, message?: string): AppError {
  const entry = ERRORS[code];
  return new AppError(code, entry.status as AppStatus, message ?? entry.message);
}

/** `NOT_FOUND` naming what was not found, with the particle that fits it (상품을, 디자인을, 주문을). */
export const notFound = (what = '요청한 정보') =>
  appError('NOT_FOUND', `${josa(what, '을/를')} 찾을 수 없습니다.`);

/** `INVALID_INPUT` (or another 400 code of the catalogue) with the message of this input. */
export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST') => appError(code, message);
