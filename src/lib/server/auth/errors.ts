import { ACCOUNT_ERRORS, type AccountErrorCode } from '../../account-errors.ts';
import { AppError } from '../errors.ts';

type AppStatus = AppError['status'];
const APP_STATUSES: readonly number[] = [400, 401, 403, 404, 409, 410, 422, 429, 503];

/**
 * An AppError for an account code of the catalogue, with its status and Korean message (or a
 * more specific message for this case).
 */
export function accountError(code: AccountErrorCode, message?: string): AppError {
  const entry = ACCOUNT_ERRORS[code];
  const status = (APP_STATUSES.includes(entry.status) ? entry.status : 400) as AppStatus;
  return new AppError(code, status, message ?? entry.message);
}
