import { appError, fieldsError, type FieldProblem } from '../../platform/errors.ts';
import type { ErrorCode } from '../../../lib/errors/index.ts';

/** What the shop does with a banner or a section now, as the manager's lists show it. */
export type DisplayState = 'SHOWING' | 'SCHEDULED' | 'ENDED' | 'HIDDEN' | 'DRAFT';

export const DISPLAY_STATE_LABELS: Record<DisplayState, string> = {
  SHOWING: '노출 중',
  SCHEDULED: '노출 예정',
  ENDED: '기간 종료',
  HIDDEN: '숨김',
  DRAFT: '이미지 없음',
};

export function displayState(
  row: { visible: number; display_start_ymdt: string | null; display_end_ymdt: string | null },
  now: string,
  ready = true,
): DisplayState {
  if (!ready) return 'DRAFT';
  if (row.visible !== 1) return 'HIDDEN';
  if (row.display_end_ymdt && row.display_end_ymdt <= now) return 'ENDED';
  if (row.display_start_ymdt && row.display_start_ymdt > now) return 'SCHEDULED';
  return 'SHOWING';
}

/** A 400 naming one field's problem (the display editors' `fields` answer). */
export const fieldProblem = (path: string, message: string) =>
  fieldsError('DISPLAY_INVALID', [{ path, message }]);

export const fieldProblems = (fields: FieldProblem[]) => fieldsError('DISPLAY_INVALID', fields);

/**
 * An edit that changed nothing: the row is gone (its not-found error) or someone saved a newer
 * version first (409).
 */
export function staleOrGone(exists: boolean, missing: ErrorCode): never {
  throw appError(exists ? 'VERSION_CONFLICT' : missing);
}

/** A start that is not before the end, worked out over the saved and the new values. */
export function periodProblem(start: string | null, end: string | null): FieldProblem | null {
  return start && end && end <= start
    ? { path: 'displayEnd', message: '노출 종료 일시는 시작 일시보다 뒤여야 합니다.' }
    : null;
}
