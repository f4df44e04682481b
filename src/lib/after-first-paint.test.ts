import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLoadAndPaint, PAINT_WAIT_CAP_MS } from './after-first-paint.ts';

/**
 * A browser's page in small: its load event, the paint timing's observers (with buffered entries)
 * and its animation frames, each fired only when a test says so — as in a tab that is loading, one
 * that paints, and one opened in the background that never paints.
 */
type Entry = { entryType: string; name: string; id?: string };
type EntryList = { getEntries(): Entry[]; getEntriesByName(name: string): Entry[] };

class FakeObserver {
  static supportedEntryTypes: readonly string[] | undefined = ['paint', 'largest-contentful-paint'];
  static live = new Set<FakeObserver>();
  static buffer: Entry[] = [];
  type = '';
  constructor(private readonly callback: (list: EntryList) => void) {}
  observe({ type, buffered }: { type: string; buffered?: boolean }) {
    this.type = type;
    FakeObserver.live.add(this);
    const earlier = FakeObserver.buffer.filter((e) => e.entryType === type);
    if (buffered && earlier.length > 0) queueMicrotask(() => this.deliver(earlier));
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  deliver(entries: Entry[]) {
    if (!FakeObserver.live.has(this)) return;
    this.callback({
      getEntries: () => entries,
      getEntriesByName: (n) => entries.filter((e) => e.name === n),
    });
  }
}

let frames: FrameRequestCallback[] = [];
let onLoad: (() => void) | null = null;
const page = { readyState: 'loading' as DocumentReadyState, ids: new Set<string>() };

function paint(entry: Entry) {
  FakeObserver.buffer.push(entry);
  for (const o of [...FakeObserver.live]) if (o.type === entry.entryType) o.deliver([entry]);
}
const fcp: Entry = { entryType: 'paint', name: 'first-contentful-paint' };
const lcp = (id: string): Entry => ({ entryType: 'largest-contentful-paint', name: '', id });

function load() {
  page.readyState = 'complete';
  onLoad?.();
}
/** The next animation frame, once what is due before it (promises, zero timers) has run. */
async function frame() {
  await vi.advanceTimersByTimeAsync(0);
  const due = frames;
  frames = [];
  for (const f of due) f(0);
}

/**
 * Whether the wait has ended a millisecond later (fake timers put a zero timer set while timers run
 * a millisecond ahead).
 */
function watch(wait: Promise<void>) {
  let done = false;
  void wait.then(() => (done = true));
  return async () => {
    await vi.advanceTimersByTimeAsync(1);
    return done;
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  onLoad = null;
  page.readyState = 'loading';
  page.ids = new Set();
  FakeObserver.live = new Set();
  FakeObserver.buffer = [];
  FakeObserver.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  vi.stubGlobal('document', {
    get readyState() {
      return page.readyState;
    },
    getElementById: (id: string) => (page.ids.has(id) ? { id } : null),
  });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    if (type === 'load') onLoad = listener;
  });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterLoadAndPaint', () => {
  it('waits for load, then the first contentful paint, then one more frame', async () => {
    const done = watch(afterLoadAndPaint());
    paint(fcp); // painted before load: the buffered entry still counts once loaded
    expect(await done()).toBe(false);
    load();
    expect(await done()).toBe(false);
    await frame();
    expect(await done()).toBe(true);
  });

  it('does not end on a frame alone while the page has not painted', async () => {
    page.readyState = 'complete';
    const done = watch(afterLoadAndPaint());
    await frame();
    expect(await done()).toBe(false);
    paint(fcp);
    await frame();
    expect(await done()).toBe(true);
  });

  it('ends at the cap after load in a tab that never paints nor gives frames (opened in the background)', async () => {
    const done = watch(afterLoadAndPaint());
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_CAP_MS * 2);
    expect(await done()).toBe(false); // the cap counts from load
    load();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_CAP_MS - 2);
    expect(await done()).toBe(false); // 1 ms before the cap
    expect(await done()).toBe(true); // at the cap
    expect(FakeObserver.live.size).toBe(0); // the observer let go
  });

  it('takes a shorter cap when asked', async () => {
    page.readyState = 'complete';
    const done = watch(afterLoadAndPaint({ capMs: 500 }));
    await vi.advanceTimersByTimeAsync(498);
    expect(await done()).toBe(false);
    expect(await done()).toBe(true);
  });

  it('with an element named, waits for that element’s largest-contentful-paint entry, not the first paint', async () => {
    page.readyState = 'complete';
    page.ids.add('first-frame');
    const done = watch(afterLoadAndPaint({ largestPaintOf: 'first-frame' }));
    paint(fcp);
    paint(lcp('subtitle'));
    await frame();
    expect(await done()).toBe(false);
    paint(lcp('first-frame'));
    await frame();
    expect(await done()).toBe(true);
  });

  it('with the element absent from the page, waits for the first contentful paint', async () => {
    page.readyState = 'complete';
    const done = watch(afterLoadAndPaint({ largestPaintOf: 'first-frame' }));
    paint(fcp);
    await frame();
    expect(await done()).toBe(true);
  });

  it('in a browser without largest-contentful-paint entries, waits for the first contentful paint', async () => {
    FakeObserver.supportedEntryTypes = ['paint'];
    page.readyState = 'complete';
    page.ids.add('first-frame');
    const done = watch(afterLoadAndPaint({ largestPaintOf: 'first-frame' }));
    paint(fcp);
    await frame();
    expect(await done()).toBe(true);
  });

  it('in a browser without paint entries, or without the list of entry types, waits for a frame after load', async () => {
    for (const types of [[], undefined]) {
      FakeObserver.supportedEntryTypes = types;
      frames = [];
      page.readyState = 'complete';
      const done = watch(afterLoadAndPaint());
      expect(await done()).toBe(false);
      await frame();
      expect(await done()).toBe(true);
    }
  });

  it('in a browser without PerformanceObserver, waits for a frame after load', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    page.readyState = 'complete';
    const done = watch(afterLoadAndPaint());
    await frame();
    expect(await done()).toBe(true);
  });
});
