import { SOCIAL_ERRORS, type SocialErrorCode } from '../../social-errors.ts';
import { AppError } from '../errors.ts';

export function socialError(code: SocialErrorCode): AppError {
  const { status, message } = SOCIAL_ERRORS[code];
  return new AppError(code, status, message);
}
