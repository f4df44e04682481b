import { AppError } from '../platform/errors.ts';
import type { CheckStep } from './types.ts';

/**
 * A step of a check: `run` does one thing through the configured adapter and returns the answer in
 * one Korean sentence, or throws. An `undo` step puts back what earlier steps changed: it runs even
 * after a failure (it decides itself whether there is anything to undo).
 */
export interface StepDef<C> {
  label: string;
  run: (ctx: C) => Promise<string>;
  undo?: true;
}

/** Thrown by a step that cannot run here, with the reason (shown as 건너뜀, neither ok nor failed). */
export class SkipStep extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SkipStep';
  }
}

const AFTER_FAILURE = '앞 단계가 실패해 실행하지 않았습니다.';
const MAX_DETAIL = 300;

/**
 * The answer of a failed step: a domain error's or the step's own Korean message as it is, else the
 * adapter's own words after 오류:.
 */
export function failureDetail(err: unknown): string {
  if (err instanceof AppError) return err.message;
  const text = err instanceof Error ? err.message : String(err);
  if (/[가-힣]/.test(text)) return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
  const short = text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
  return `오류: ${short}`;
}

/**
 * Runs the steps in order. After a failure the remaining steps are not run (shown as skipped),
 * except the undo steps, which always run so a failed check leaves nothing behind.
 */
export async function runSteps<C>(
  ctx: C,
  steps: readonly StepDef<C>[],
  clock: () => number = () => performance.now(),
): Promise<CheckStep[]> {
  const out: CheckStep[] = [];
  let failed = false;
  for (const step of steps) {
    if (failed && !step.undo) {
      out.push({ label: step.label, status: 'skipped', ms: 0, detail: AFTER_FAILURE });
      continue;
    }
    const started = clock();
    try {
      const detail = await step.run(ctx);
      out.push({ label: step.label, status: 'ok', ms: Math.round(clock() - started), detail });
    } catch (err) {
      const ms = Math.round(clock() - started);
      if (err instanceof SkipStep) {
        out.push({ label: step.label, status: 'skipped', ms, detail: err.message });
        continue;
      }
      failed = true;
      out.push({ label: step.label, status: 'failed', ms, detail: failureDetail(err) });
    }
  }
  return out;
}

/** Whether a run is a pass: at least one step worked and none failed. */
export const passed = (steps: readonly CheckStep[]): boolean =>
  steps.some((s) => s.status === 'ok') && steps.every((s) => s.status !== 'failed');
