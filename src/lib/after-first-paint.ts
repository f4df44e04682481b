/** How long after `load` the wait ends even if no paint was seen (decision 061). */
export const PAINT_WAIT_CAP_MS = 3000;

export interface PaintWait {
  /** The id of an element whose largest-contentful-paint entry ends the wait (the editor's first frame). */
  largestPaintOf?: string;
  /** At most this long after `load`; a tab opened in the background paints only once it is shown. */
  capMs?: number;
}

/**
 * Resolves after `load`, the first paint (a busy phone can paint only after `load`) and one more
 * frame: what starts then does not compete with what the page first shows, nor enter Lighthouse's
 * FCP/LCP graphs, which keep only requests that ended before the paint (decisions 048, 049).
 *
 * The paint is the paint timing's largest-contentful-paint entry of `largestPaintOf` where the
 * browser reports one and the element is on the page, else its first contentful paint, else (no
 * paint entries) nothing but the frame. A hidden tab neither paints nor runs frames, so the wait
 * ends at most `capMs` after `load` (decision 061).
 */
export async function afterLoadAndPaint({
  largestPaintOf,
  capMs = PAINT_WAIT_CAP_MS,
}: PaintWait = {}): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  }
  const paint = watchPaint(largestPaintOf);
  await new Promise<void>((resolve) => {
    const cap = setTimeout(resolve, capMs);
    void paint.seen
      // a task after the frame's callbacks: the frame itself is painted by then
      .then(() => new Promise((frame) => requestAnimationFrame(() => setTimeout(frame, 0))))
      .then(() => {
        clearTimeout(cap);
        resolve();
      });
  });
  paint.stop();
}

function watchPaint(elementId: string | undefined): { seen: Promise<void>; stop: () => void } {
  const types =
    typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  const watch = (type: string, counts: (entry: PerformanceEntry) => boolean) => {
    let observer: PerformanceObserver | undefined;
    const seen = new Promise<void>((resolve) => {
      observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some(counts)) return;
        observer?.disconnect();
        resolve();
      });
      observer.observe({ type, buffered: true });
    });
    return { seen, stop: () => observer?.disconnect() };
  };
  if (elementId && types.includes('largest-contentful-paint') && document.getElementById(elementId)) {
    return watch(
      'largest-contentful-paint',
      (e) => (e as PerformanceEntry & { id?: string }).id === elementId,
    );
  }
  if (types.includes('paint')) return watch('paint', (e) => e.name === 'first-contentful-paint');
  return { seen: Promise.resolve(), stop: () => undefined };
}
