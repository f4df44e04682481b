import { describe, expect, it } from 'vitest';
import { createImeGuard } from './ime-guard.ts';

function setup() {
  const commits: string[] = [];
  const commit = (v: string) => void commits.push(v);
  const ime = createImeGuard();
  const guard = {
    get composing() {
      return ime.composing;
    },
    compositionStart: () => ime.compositionStart(),
    compositionEnd: (v: string) => ime.compositionEnd(v, commit),
    input: (v: string, nativeIsComposing = false) => ime.input(v, nativeIsComposing, commit),
    blur: (v: string) => ime.blur(v, commit),
    keyMayAct: (e: { isComposing?: boolean; keyCode?: number }) => ime.keyMayAct(e),
  };
  return { guard, commits };
}

describe('IME guard', () => {
  it('commits nothing while a Korean syllable is composed, then the syllable once', () => {
    const { guard, commits } = setup();
    guard.compositionStart();
    guard.input('ㅎ', true);
    guard.input('하', true);
    guard.input('한', true);
    expect(commits).toEqual([]);
    expect(guard.composing).toBe(true);
    guard.compositionEnd('한');
    expect(commits).toEqual(['한']);
    expect(guard.composing).toBe(false);
  });

  it('ignores input events flagged as composing even before compositionstart arrived', () => {
    const { guard, commits } = setup();
    guard.input('ㄱ', true);
    expect(commits).toEqual([]);
  });

  it('commits plain Latin input at once, without repeats', () => {
    const { guard, commits } = setup();
    guard.input('P');
    guard.input('Po');
    guard.input('Po');
    expect(commits).toEqual(['P', 'Po']);
  });

  it('an input right after compositionend (Safari order) is not lost nor doubled', () => {
    const { guard, commits } = setup();
    guard.compositionStart();
    guard.compositionEnd('포도');
    guard.input('포도');
    expect(commits).toEqual(['포도']);
  });

  it('blur ends a dangling composition and commits what the textarea holds', () => {
    const { guard, commits } = setup();
    guard.compositionStart();
    guard.input('포ㄷ', true);
    guard.blur('포도');
    expect(commits).toEqual(['포도']);
    expect(guard.composing).toBe(false);
  });

  it('hands each value to the commit given with its event (the handler of the latest render)', () => {
    const ime = createImeGuard();
    const first: string[] = [];
    const second: string[] = [];
    ime.input('P', false, (v) => void first.push(v));
    ime.blur('Po', (v) => void second.push(v));
    expect(first).toEqual(['P']);
    expect(second).toEqual(['Po']);
  });

  it('keys may not act mid-syllable (Enter choosing a candidate must not finish editing)', () => {
    const { guard } = setup();
    expect(guard.keyMayAct({ keyCode: 13 })).toBe(true);
    expect(guard.keyMayAct({ keyCode: 229 })).toBe(false);
    expect(guard.keyMayAct({ isComposing: true, keyCode: 13 })).toBe(false);
    guard.compositionStart();
    expect(guard.keyMayAct({ keyCode: 13 })).toBe(false);
  });
});
