import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { appError } from '../../server/platform/errors.ts';

/**
 * `zValidator` with the one hook every route uses: a bad input becomes a 400 `{ code, message }`
 * whose Korean message names the first problem.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      const message =
        issue?.message && /[가-힣]/.test(issue.message)
          ? issue.message
          : `입력값을 확인해 주세요${field ? ` (${field})` : ''}.`;
      throw appError('INVALID_INPUT', message);
    }
  });
}
