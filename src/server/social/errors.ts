import type { SocialErrorCode } from '../../lib/errors/index.ts';
import { appError } from '../platform/errors.ts';

/** The AppError of a social-login code (src/lib/errors/social.ts). */
export const socialError = (code: SocialErrorCode) => appError(code);
