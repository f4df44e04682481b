import { describe, expect, it } from 'vitest';
import { breakCoalescing, canRedo, canUndo, createHistory, pushHistory, redo, undo } from './history.ts';

describe('history', () => {
  it('undoes and redoes at least 50 steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 60; i++) h = pushHistory(h, i, { now: i * 10_000 });
    for (let i = 59; i >= 0; i--) {
      h = undo(h);
      expect(h.present).toBe(i);
    }
    expect(canUndo(h)).toBe(false);
    for (let i = 1; i <= 60; i++) {
      h = redo(h);
      expect(h.present).toBe(i);
    }
    expect(canRedo(h)).toBe(false);
  });

  it('keeps at most the limit, dropping the oldest', () => {
    let h = createHistory(0, 50);
    for (let i = 1; i <= 80; i++) h = pushHistory(h, i, { now: i * 10_000 });
    expect(h.past).toHaveLength(50);
    for (let i = 0; i < 100; i++) h = undo(h);
    expect(h.present).toBe(30);
  });

  it('coalesces edits with the same key inside the window', () => {
    let h = createHistory('');
    h = pushHistory(h, '가', { coalesceKey: 'text:a', now: 1000 });
    h = pushHistory(h, '가나', { coalesceKey: 'text:a', now: 1500 });
    h = pushHistory(h, '가나다', { coalesceKey: 'text:a', now: 2200 });
    expect(h.past).toEqual(['']);
    h = pushHistory(h, '가나다라', { coalesceKey: 'text:a', now: 5000 }); // window passed
    expect(h.past).toEqual(['', '가나다']);
    h = pushHistory(h, 'moved', { coalesceKey: 'drag:b', now: 5100 }); // another key
    expect(h.past).toHaveLength(3);
    h = breakCoalescing(h);
    h = pushHistory(h, 'moved again', { coalesceKey: 'drag:b', now: 5200 });
    expect(h.past).toHaveLength(4);
    h = undo(h);
    expect(h.present).toBe('moved');
  });

  it('drops redo steps on a new edit and ignores a no-op push', () => {
    let h = createHistory({ n: 1 });
    const two = { n: 2 };
    h = pushHistory(h, two, { now: 1 });
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = pushHistory(h, { n: 3 }, { now: 2 });
    expect(canRedo(h)).toBe(false);
    expect(pushHistory(h, h.present)).toBe(h);
  });
});
