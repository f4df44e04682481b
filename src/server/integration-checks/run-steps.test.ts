import { describe, expect, it } from 'vitest';
import { appError } from '../platform/errors.ts';
import { passed, runSteps, SkipStep } from './run-steps.ts';

describe('runSteps', () => {
  it('runs the steps in order, timing each and keeping its answer', async () => {
    let t = 0;
    const clock = () => (t += 5);
    const steps = await runSteps(
      {},
      [
        { label: '하나', run: async () => '첫 답' },
        { label: '둘', run: async () => '둘째 답' },
      ],
      clock,
    );
    expect(steps).toEqual([
      { label: '하나', status: 'ok', ms: 5, detail: '첫 답' },
      { label: '둘', status: 'ok', ms: 5, detail: '둘째 답' },
    ]);
    expect(passed(steps)).toBe(true);
  });

  it('after a failure skips the rest but still runs the undo steps', async () => {
    const done: string[] = [];
    const steps = await runSteps({}, [
      { label: '쓰기', run: async () => (done.push('write'), '썼습니다.') },
      {
        label: '읽기',
        run: async () => {
          throw new Error('connection refused');
        },
      },
      { label: '비교', run: async () => (done.push('compare'), '') },
      { label: '지우기', undo: true, run: async () => (done.push('delete'), '지웠습니다.') },
    ]);
    expect(done).toEqual(['write', 'delete']);
    expect(steps.map((s) => s.status)).toEqual(['ok', 'failed', 'skipped', 'ok']);
    expect(steps[1]?.detail).toBe('오류: connection refused');
    expect(steps[2]?.detail).toBe('앞 단계가 실패해 실행하지 않았습니다.');
    expect(passed(steps)).toBe(false);
  });

  it("shows a domain error's own Korean message, and a skipped step's reason", async () => {
    const steps = await runSteps({}, [
      {
        label: '승인',
        run: async () => {
          throw new SkipStep('구매자가 결제창에서 승인합니다.');
        },
      },
      {
        label: '조회',
        run: async () => {
          throw appError('NOT_FOUND', '결제를 찾을 수 없습니다.');
        },
      },
    ]);
    expect(steps[0]).toMatchObject({ status: 'skipped', detail: '구매자가 결제창에서 승인합니다.' });
    expect(steps[1]).toMatchObject({ status: 'failed', detail: '결제를 찾을 수 없습니다.' });
  });
});
