import { appError } from '../platform/errors.ts';
import type { ClaimErrorCode } from '../../lib/errors/index.ts';

export type { ClaimErrorCode };

/** The AppError of a claim code (src/lib/errors/claim.ts), with its standard or a more precise message. */
export const claimError = (code: ClaimErrorCode, message?: string) => appError(code, message);
