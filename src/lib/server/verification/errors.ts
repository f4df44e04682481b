import { VERIFICATION_ERRORS, type VerificationErrorCode } from '../../verification-errors.ts';
import { AppError } from '../errors.ts';

/** The AppError for one of the spec's verification codes, with its Korean message and status. */
export function verificationError(code: VerificationErrorCode): AppError {
  const { status, message } = VERIFICATION_ERRORS[code];
  return new AppError(code, status, message);
}
