import type { AccountErrorCode } from '../../lib/errors/index.ts';
import { appError } from '../platform/errors.ts';

/** The AppError of an account code (src/lib/errors/account.ts), or a more precise message for it. */
export const accountError = (code: AccountErrorCode, message?: string) => appError(code, message);
