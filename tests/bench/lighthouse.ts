/**
 * Lighthouse (mobile, the default config: simulated slow 4G and 4× CPU slowdown) on the storefront's
 * pages and the editor, against a server that is already running with demo data; it builds nothing.
 *
 *   npm run bench -- --lighthouse                 the built server (dist/) on a fresh demo database
 *   tsx tests/bench/lighthouse.ts --url http://127.0.0.1:4321 [--runs 3] [--only editor,home]
 *   … --lhr-dir /tmp/lhr                          also keep every run's whole report (<key>-<n>.json)
 *
 * Each page is audited `--runs` times (3) and the median run (by performance score, then LCP) is
 * printed: performance score, FCP, LCP, CLS, TBT and the JavaScript transferred. For the editor it
 * also prints the JavaScript (gzip) loaded before its canvas first draws (`first-draw.ts`, measured in
 * Playwright's Chromium), against the 150 KB budget. Simulated throttling is computed from
 * the page's own trace, so other work on the machine still moves the figures: compare runs made
 * together. Writes `tests/bench/results/lighthouse.json`, and each page's median run as Lighthouse's
 * whole report in `tests/bench/results/lighthouse-<page>.report.json` (its audits: the LCP element,
 * long tasks, boot-up time, main-thread work, unused JavaScript, layout shifts, requests).
 */
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../scripts/start.mjs';
import { EDITOR_FIRST_DRAW_BUDGET_KB, firstDrawScripts } from './first-draw.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const RESULTS = join(ROOT, 'tests', 'bench', 'results', 'lighthouse.json');

/** Lighthouse's default storage types to clear (12.x), and localStorage. */
const FIRST_VISIT_STORAGE: (
  'file_systems' | 'shader_cache' | 'service_workers' | 'cache_storage' | 'local_storage'
)[] = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'];

export interface LighthousePage {
  key: string;
  name: string;
  path: (baseUrl: string) => Promise<string>;
}

const fixed = (path: string) => () => Promise.resolve(path);

/** The pages of the targets: the storefront's 100s and the editor's 90. */
export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { key: 'home', name: '홈 /', path: fixed('/') },
  { key: 'category', name: '카테고리 /categories/529105', path: fixed('/categories/529105') },
  {
    key: 'product',
    name: '상품 /products/:productNo',
    async path(baseUrl) {
      const res = await fetch(`${baseUrl}/shop-api/products/search?pageSize=1`, {
        headers: { Version: '1.0', clientId: 'podo-local', platform: 'PC' },
      });
      const body = (await res.json()) as { items?: { productNo: number }[] };
      const productNo = body.items?.[0]?.productNo;
      if (!productNo) throw new Error('/shop-api/products/search gave no product');
      return `/products/${productNo}`;
    },
  },
  {
    key: 'search',
    name: '검색 /search?keyword=방진',
    path: fixed(`/search?keyword=${encodeURIComponent('방진')}`),
  },
  { key: 'notice', name: '공지 /board/notice', path: fixed('/board/notice') },
  { key: 'editor', name: '편집기 /custom/dampener', path: fixed('/custom/dampener') },
];

export interface PageFigures {
  key: string;
  name: string;
  path: string;
  runs: number;
  /** 0–100 */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Scripts as transferred (the server's encoding), KB. */
  jsTransferredKb: number;
  /** Every run's score, to show the spread. */
  scores: number[];
  /**
   * Runs whose first paint came after the `load` event, the page idle: headless Chromium's
   * compositor withheld its frames from a renderer it judged unresponsive (a loaded machine;
   * GoogleChrome/lighthouse#17148), and Lantern then counts every request before that late paint.
   */
  paintAfterLoad: number;
  /** The median score of the other runs, when there are any. */
  performanceWhenPainted?: number;
  /** The editor only: scripts loaded before the canvas first draws. */
  firstDrawJsGzipKb?: number;
  firstDrawScripts?: number;
}

interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
}

/** Observed (unthrottled) timings of the run, from the `metrics` audit. */
function observed(lhr: Lhr) {
  const m = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const n = (k: string) => (typeof m[k] === 'number' ? m[k] : Number.NaN);
  return { fcp: n('observedFirstContentfulPaint'), load: n('observedLoad') };
}

function figuresOf(lhr: Lhr) {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const js = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((n, r) => n + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    jsTransferredKb: js / 1024,
    paintAfterLoad: observed(lhr).fcp > observed(lhr).load,
  };
}

const median = <T>(runs: T[], by: (a: T, b: T) => number): T =>
  [...runs].sort(by)[Math.floor(runs.length / 2)]!;

async function editorFirstDraw(url: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    return await firstDrawScripts(page, url);
  } finally {
    await browser.close();
  }
}

export async function runLighthouse(
  baseUrl: string,
  { runs = 3, only, lhrDir }: { runs?: number; only?: string[]; lhrDir?: string } = {},
): Promise<PageFigures[]> {
  const pages = LIGHTHOUSE_PAGES.filter((p) => !only || only.includes(p.key));
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const out: PageFigures[] = [];
  try {
    for (const p of pages) {
      const path = await p.path(baseUrl);
      // one unmeasured load: the server's first render of a page and its image files
      await fetch(baseUrl + path).then((r) => r.arrayBuffer());
      const measured: (ReturnType<typeof figuresOf> & { report: string })[] = [];
      for (let i = 0; i < runs; i++) {
        process.stdout.write(`lighthouse ${p.name} (${i + 1}/${runs})… `);
        const result = await lighthouse(baseUrl + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // every run a first visit: Lighthouse clears the HTTP cache but by default keeps the
          // origin's localStorage, where the previous run left the UI font's mark (decision 048)
          clearStorageTypes: FIRST_VISIT_STORAGE,
        });
        if (!result) throw new Error(`lighthouse gave no result for ${path}`);
        if (lhrDir) {
          mkdirSync(lhrDir, { recursive: true });
          writeFileSync(join(lhrDir, `${p.key}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
        const f = { ...figuresOf(result.lhr as unknown as Lhr), report: JSON.stringify(result.lhr) };
        measured.push(f);
        console.log(`${f.performance}`);
      }
      const { report, ...mid } = median(
        measured,
        (a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs,
      );
      mkdirSync(join(RESULTS, '..'), { recursive: true });
      writeFileSync(join(RESULTS, '..', `lighthouse-${p.key}.report.json`), report);
      const row: PageFigures = {
        key: p.key,
        name: p.name,
        path,
        runs,
        ...mid,
        scores: measured.map((m) => m.performance),
        paintAfterLoad: measured.filter((m) => m.paintAfterLoad).length,
      };
      const painted = measured.filter((m) => !m.paintAfterLoad);
      if (painted.length) {
        row.performanceWhenPainted = median(painted, (a, b) => a.performance - b.performance).performance;
      }
      if (p.key === 'editor') {
        const draw = await editorFirstDraw(baseUrl + path);
        row.firstDrawJsGzipKb = draw.gzipBytes / 1024;
        row.firstDrawScripts = draw.scripts.length;
      }
      out.push(row);
    }
  } finally {
    chrome.kill();
  }
  return out;
}

export function printLighthouse(rows: PageFigures[]): void {
  const head = [
    'page',
    'perf',
    'runs',
    'paint after load',
    'perf (others)',
    'FCP ms',
    'LCP ms',
    'CLS',
    'TBT ms',
    'JS KB (sent)',
    'before draw',
  ];
  const body = rows.map((r) => [
    r.name,
    String(r.performance),
    r.scores.join('/'),
    `${r.paintAfterLoad}/${r.runs}`,
    r.performanceWhenPainted === undefined ? '–' : String(r.performanceWhenPainted),
    r.fcpMs.toFixed(0),
    r.lcpMs.toFixed(0),
    r.cls.toFixed(3),
    r.tbtMs.toFixed(0),
    r.jsTransferredKb.toFixed(1),
    r.firstDrawJsGzipKb === undefined
      ? ''
      : `${r.firstDrawJsGzipKb.toFixed(1)} KB gzip / ${EDITOR_FIRST_DRAW_BUDGET_KB} (${r.firstDrawScripts} files)`,
  ]);
  const width = (s: string) => [...s].reduce((n, ch) => n + (/[\uac00-\ud7a3]/u.test(ch) ? 2 : 1), 0);
  const widths = head.map((h, i) => Math.max(width(h), ...body.map((b) => width(b[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c + ' '.repeat(widths[i]! - width(c)) : c.padStart(widths[i]!)))
      .join('  ');
  console.log(
    `\nLighthouse mobile, median of ${rows[0]?.runs ?? 0} runs per page (machine shared: figures move)`,
  );
  console.log(
    'paint after load: runs whose first paint the compositor held back past `load` (a loaded machine, lighthouse#17148); perf (others): the median of the remaining runs',
  );
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

export function writeLighthouse(rows: PageFigures[], extra: Record<string, unknown> = {}): void {
  mkdirSync(join(RESULTS, '..'), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ date: new Date().toISOString(), ...extra, pages: rows }, null, 2)}\n`,
  );
  console.log(`\nwritten: ${RESULTS}`);
}

function argValue(argv: readonly string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const arg = argv[i]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
}

/** `--runs 3 --only home,editor --lhr-dir /tmp/lhr` from the command line. */
export function lighthouseOptions(argv: readonly string[]): {
  runs: number;
  only?: string[];
  lhrDir?: string;
} {
  const runs = Number(argValue(argv, '--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a positive whole number');
  const only = argValue(argv, '--only')?.split(',').filter(Boolean);
  const lhrDir = argValue(argv, '--lhr-dir');
  return { runs, only, ...(lhrDir ? { lhrDir } : {}) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const url = argValue(argv, '--url');
  if (!url) {
    console.error(
      'usage: tsx tests/bench/lighthouse.ts --url http://127.0.0.1:4321 [--runs 3] [--only home,editor]',
    );
    process.exit(2);
  }
  runLighthouse(url.replace(/\/$/, ''), lighthouseOptions(argv))
    .then((rows) => {
      printLighthouse(rows);
      writeLighthouse(rows, { baseUrl: url });
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    });
}
