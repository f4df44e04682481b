import { describe, expect, it } from 'vitest';
import { cleanScannedCode, createScanDetector, type ScanVerdict } from './scanner.ts';

/** Feeds `text` then Enter, `gap` ms apart, starting at `start`; answers every verdict. */
function type(detector: ReturnType<typeof createScanDetector>, text: string, gap: number, start = 1000) {
  const out: ScanVerdict[] = [];
  let t = start;
  for (const key of text) {
    out.push(detector.feed({ key, time: t }));
    t += gap;
  }
  out.push(detector.feed({ key: 'Enter', time: t }));
  return out;
}

describe('createScanDetector', () => {
  it('recognises a fast burst of at least four characters ending in Enter', () => {
    const d = createScanDetector();
    const verdicts = type(d, '8800000101101', 8);
    expect(verdicts.at(-1)).toEqual({ kind: 'scan', code: '8800000101101' });
    expect(verdicts[0]).toEqual({ kind: 'char', startsBurst: true, length: 1 });
    expect(verdicts[1]).toEqual({ kind: 'char', startsBurst: false, length: 2 });
  });

  it('does not take human typing for a scan', () => {
    const d = createScanDetector();
    expect(type(d, '12345', 120).at(-1)).toEqual({ kind: 'other' });
    // every long gap restarts the run
    expect(
      type(d, '12', 300)
        .slice(0, 2)
        .every((v) => v.kind === 'char' && v.startsBurst),
    ).toBe(true);
    // quick, but not scanner-quick: 70 ms a key
    expect(type(createScanDetector(), '123456', 70).at(-1)).toEqual({ kind: 'other' });
    // mostly slow with a couple of quick pairs
    const d2 = createScanDetector();
    for (const [i, t] of [0, 20, 140, 160, 280].entries()) d2.feed({ key: String(i), time: t });
    expect(d2.feed({ key: 'Enter', time: 400 })).toEqual({ kind: 'other' });
  });

  it('survives a few slow gaps of a busy browser', () => {
    const d = createScanDetector();
    const times = [0, 91, 99, 125, 133, 159, 180, 217, 258, 264, 286, 293, 300];
    for (const [i, key] of [...'8800000001012'].entries()) d.feed({ key, time: times[i]! });
    expect(d.feed({ key: 'Enter', time: 308 })).toEqual({ kind: 'scan', code: '8800000001012' });
    const e = createScanDetector();
    const slow = [0, 8, 16, 24, 300, 308, 316, 324];
    for (const [i, key] of [...'12345678'].entries()) e.feed({ key, time: slow[i]! });
    expect(e.feed({ key: 'Enter', time: 330 })).toEqual({ kind: 'scan', code: '5678' });
  });

  it('needs at least four characters', () => {
    expect(type(createScanDetector(), '123', 5).at(-1)).toEqual({ kind: 'other' });
    expect(type(createScanDetector(), '1234', 5).at(-1)).toEqual({ kind: 'scan', code: '1234' });
    expect(type(createScanDetector({ minLength: 6 }), '12345', 5).at(-1)).toEqual({ kind: 'other' });
    expect(type(createScanDetector({ typicalGapMs: 10 }), '12345', 20).at(-1)).toEqual({ kind: 'other' });
  });

  it('a slow Enter after a fast burst is an ordinary Enter', () => {
    const d = createScanDetector();
    for (const [i, key] of [...'880000'].entries()) d.feed({ key, time: i * 5 });
    expect(d.feed({ key: 'Enter', time: 5 * 5 + 400 })).toEqual({ kind: 'other' });
  });

  it('keeps only the fast tail when a person typed before the scanner', () => {
    const d = createScanDetector();
    d.feed({ key: 'a', time: 0 });
    d.feed({ key: 'b', time: 300 });
    expect(type(d, 'PD00100123', 10, 600).at(-1)).toEqual({ kind: 'scan', code: 'PD00100123' });
  });

  it('a long pause in the middle starts a new run', () => {
    const d = createScanDetector();
    for (const [i, key] of [...'1234'].entries()) d.feed({ key, time: i * 5 });
    expect(d.feed({ key: '5', time: 300 })).toEqual({ kind: 'char', startsBurst: true, length: 1 });
    expect(d.feed({ key: 'Enter', time: 305 })).toEqual({ kind: 'other' });
  });

  it('ignores Shift between characters and resets on other keys or shortcuts', () => {
    const d = createScanDetector();
    d.feed({ key: 'Shift', time: 0 });
    d.feed({ key: 'P', time: 2 });
    expect(d.feed({ key: 'Shift', time: 4 })).toEqual({ kind: 'ignore' });
    d.feed({ key: 'D', time: 6 });
    d.feed({ key: '0', time: 8 });
    d.feed({ key: '1', time: 10 });
    expect(d.feed({ key: 'Enter', time: 12 })).toEqual({ kind: 'scan', code: 'PD01' });

    for (const [i, key] of [...'1234'].entries()) d.feed({ key, time: 100 + i * 5 });
    d.feed({ key: 'Backspace', time: 121 });
    expect(d.feed({ key: 'Enter', time: 122 })).toEqual({ kind: 'other' });

    for (const [i, key] of [...'1234'].entries()) d.feed({ key, time: 200 + i * 5 });
    d.feed({ key: 'v', time: 221, withModifier: true });
    expect(d.feed({ key: 'Enter', time: 222 })).toEqual({ kind: 'other' });
  });

  it('reset forgets the run', () => {
    const d = createScanDetector();
    for (const [i, key] of [...'1234'].entries()) d.feed({ key, time: i * 5 });
    d.reset();
    expect(d.feed({ key: 'Enter', time: 20 })).toEqual({ kind: 'other' });
  });
});

describe('cleanScannedCode', () => {
  it('trims and accepts printable codes only', () => {
    expect(cleanScannedCode(' 8800000101101 ')).toBe('8800000101101');
    expect(cleanScannedCode('')).toBeNull();
    expect(cleanScannedCode('88 00')).toBeNull();
    expect(cleanScannedCode('x'.repeat(65))).toBeNull();
  });
});
