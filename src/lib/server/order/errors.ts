import { COMMERCE_ERRORS, type CommerceErrorCode } from '../../commerce-errors.ts';
import { AppError } from '../errors.ts';

/** The AppError of a commerce code, with its status and (unless given) its standard message. */
export function commerceError(code: CommerceErrorCode, message?: string): AppError {
  const entry = COMMERCE_ERRORS[code];
  return new AppError(code, entry.status, message ?? entry.message);
}
