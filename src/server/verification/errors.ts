import type { VerificationErrorCode } from '../../lib/errors/index.ts';
import { appError } from '../platform/errors.ts';

/** The AppError of one of the specification's verification codes (src/lib/errors/verification.ts). */
export const verificationError = (code: VerificationErrorCode) => appError(code);
