/**
 * Resolves after `load`, the first contentful paint (a busy phone can paint only after `load`) and
 * one more frame: what starts then does not compete with what the page first shows, nor enter
 * Lighthouse's FCP/LCP graphs, which keep only requests that ended before the paint (decision 048).
 */
export async function afterLoadAndPaint(): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  }
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    await new Promise<void>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    });
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
