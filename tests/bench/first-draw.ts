/**
 * The JavaScript a page loads before its first canvas draw (the design editor's budget, issue 16:
 * ≤ 150 KB gzip). Used by the bench's figure, the Lighthouse script and the e2e budget test.
 *
 * The first draw is found without help from the page: an init script wraps the 2D context's drawing
 * calls and notes the time of the first one on a canvas that is in the document (Konva's hit
 * canvases and measuring canvases are not). The scripts counted are the resource entries the browser
 * started before that moment; each is fetched again and gzipped (level 6, as a server would) so the
 * figure does not depend on the encoding the browser was sent.
 */
import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** The budget for the editor's JavaScript before its canvas first draws. */
export const EDITOR_FIRST_DRAW_BUDGET_KB = 150;

/** Put before the page's own scripts (`page.addInitScript`). */
export function watchFirstCanvasDraw(): void {
  const proto = CanvasRenderingContext2D.prototype as unknown as Record<string, unknown>;
  const w = window as unknown as { __podoFirstCanvasDraw?: number };
  for (const name of ['fill', 'fillRect', 'stroke', 'drawImage', 'fillText', 'strokeRect']) {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (w.__podoFirstCanvasDraw === undefined && this.canvas.isConnected)
        w.__podoFirstCanvasDraw = performance.now();
      return original.apply(this, args);
    };
  }
}

export interface ScriptSize {
  url: string;
  gzip: number;
  raw: number;
}

export interface FirstDraw {
  /** ms after navigation start. */
  drawnAtMs: number;
  scripts: ScriptSize[];
  gzipBytes: number;
  rawBytes: number;
}

/**
 * Opens `url` (the init script must already be installed on the page's context), waits for the first
 * canvas draw and sizes the scripts requested before it.
 */
export async function firstDrawScripts(page: Page, url: string, timeoutMs = 60_000): Promise<FirstDraw> {
  await page.addInitScript(watchFirstCanvasDraw);
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __podoFirstCanvasDraw?: number }).__podoFirstCanvasDraw !== undefined,
    undefined,
    { timeout: timeoutMs },
  );
  const { drawnAtMs, urls } = await page.evaluate(() => {
    const at = (window as unknown as { __podoFirstCanvasDraw: number }).__podoFirstCanvasDraw;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      drawnAtMs: at,
      urls: entries
        .filter((e) => e.startTime <= at && /\.m?js$/.test(new URL(e.name).pathname))
        .map((e) => e.name),
    };
  });
  const scripts: ScriptSize[] = [];
  for (const scriptUrl of new Set(urls)) {
    const res = await page.request.get(scriptUrl, { headers: { 'Accept-Encoding': 'identity' } });
    const body = await res.body();
    scripts.push({ url: scriptUrl, raw: body.length, gzip: gzipSync(body).length });
  }
  scripts.sort((a, b) => b.gzip - a.gzip);
  return {
    drawnAtMs,
    scripts,
    gzipBytes: scripts.reduce((n, s) => n + s.gzip, 0),
    rawBytes: scripts.reduce((n, s) => n + s.raw, 0),
  };
}
