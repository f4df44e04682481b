import type { ErrorCode } from '../../lib/errors/index.ts';
import { appError } from '../platform/errors.ts';

/** `appError` under the name the commerce code has always used (codes: src/lib/errors/commerce.ts). */
export const commerceError = (code: ErrorCode, message?: string) => appError(code, message);
