/**
 * A USB barcode scanner is a keyboard that types very fast: the code's characters a few
 * milliseconds apart, then Enter. People do not type four characters and Enter with most keys
 * under 50 ms apart (that is 240 words a minute), so such a burst is a scan wherever the focus
 * is. A few slow gaps (up to 250 ms: a busy browser, a scanner that pauses) do not break the
 * burst, since the typical (median) gap decides; a longer pause starts a new run. This
 * module only judges key timings (pure, unit-tested); the counter's keyboard hook
 * (src/islands/pos/use-scanner.ts) feeds it the page's key presses and acts on its verdicts.
 */

export interface ScannerOptions {
  /** Shortest code recognised as a scan (characters before Enter). */
  minLength: number;
  /** The typical (median) pause between the keys of a scan, Enter included, at most (ms). */
  typicalGapMs: number;
  /** Longest single pause inside a run; a longer one starts a new run (ms). */
  maxGapMs: number;
}

export const SCANNER_DEFAULTS: ScannerOptions = { minLength: 4, typicalGapMs: 50, maxGapMs: 250 };

export interface ScanKeyInput {
  /** `KeyboardEvent.key` */
  key: string;
  /** `KeyboardEvent.timeStamp` (ms, any monotonic clock) */
  time: number;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a code. */
  withModifier?: boolean;
}

export type ScanVerdict =
  /** A character: `startsBurst` when it begins a new run (the hook notes the field's text then). */
  | { kind: 'char'; startsBurst: boolean; length: number }
  /** Enter closing a fast burst: a scan of `code`; the hook swallows this Enter. */
  | { kind: 'scan'; code: string }
  /** Any other key (an ordinary Enter too): nothing to do, the run is over. */
  | { kind: 'other' }
  /** A modifier alone (Shift for capitals): neither part of the code nor the end of the run. */
  | { kind: 'ignore' };

/** Keys scanners send between characters without meaning anything (capitals come with Shift). */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock']);

export interface ScanDetector {
  feed(input: ScanKeyInput): ScanVerdict;
  /** Forgets the current run (focus moved, the page hid). */
  reset(): void;
}

export function createScanDetector(options: Partial<ScannerOptions> = {}): ScanDetector {
  const { minLength, typicalGapMs, maxGapMs } = { ...SCANNER_DEFAULTS, ...options };
  /** The run's characters and when each was pressed. */
  let chars: string[] = [];
  let times: number[] = [];
  const reset = () => {
    chars = [];
    times = [];
  };
  /** The run as a scan ending at `end` (Enter), or null: long enough, its keys typically fast. */
  const scanned = (end: number): string | null => {
    if (chars.length < minLength) return null;
    const gaps = [...times.slice(1), end].map((t, i) => t - times[i]!).sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)]! <= typicalGapMs ? chars.join('') : null;
  };
  return {
    reset,
    feed({ key, time, withModifier = false }) {
      if (NEUTRAL_KEYS.has(key)) return { kind: 'ignore' };
      if (withModifier) {
        reset();
        return { kind: 'other' };
      }
      const last = times.at(-1);
      const gap = last === undefined ? Number.POSITIVE_INFINITY : time - last;
      if (key === 'Enter') {
        const code = gap <= maxGapMs ? scanned(time) : null;
        reset();
        return code ? { kind: 'scan', code } : { kind: 'other' };
      }
      if (key.length !== 1) {
        reset();
        return { kind: 'other' };
      }
      const startsBurst = gap > maxGapMs;
      if (startsBurst) reset();
      chars.push(key);
      times.push(time);
      return { kind: 'char', startsBurst, length: chars.length };
    },
  };
}

/** What a scanned code may look like before it is looked up: printable, no spaces at the ends. */
export function cleanScannedCode(raw: string): string | null {
  const code = raw.trim();
  return /^[\x21-\x7e]{1,64}$/.test(code) ? code : null;
}
