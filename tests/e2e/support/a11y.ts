import AxeBuilder from '@axe-core/playwright';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { pagePatterns, routeOf } from './a11y-routes.ts';

/**
 * axe-core on every page the e2e suite visits (issue 18, decision 039). Each browser page is watched
 * for the documents its main frame loads; a test's end (and a context closed during a test) runs
 * axe on each open page whose route pattern this run has not checked yet. The run's ledgers sit in
 * `<outputDir>/a11y/*.jsonl`, shared by every worker: `visited` (each document loaded), `checked`
 * (axe found nothing) and `failed` (axe found violations; the test failed with them). The global
 * teardown compares them with `a11y-explicit-routes.ts`.
 */

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const PATTERNS = pagePatterns(join(import.meta.dirname, '../../../src/pages'));

export type Ledger = 'visited' | 'checked' | 'failed';

export interface LedgerRow {
  pattern: string;
  url: string;
  test: string;
  violations?: Violation[];
  /** How long the check took (scrolling, hydration, axe), for the run's cost. */
  ms?: number;
}

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface Finding {
  pattern: string;
  url: string;
  violations: Violation[];
}

export const a11yDir = (outputDir: string) => join(outputDir, 'a11y');

export function readLedger(dir: string, ledger: Ledger): LedgerRow[] {
  const file = join(dir, `${ledger}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LedgerRow);
}

function append(dir: string, ledger: Ledger, row: LedgerRow) {
  mkdirSync(dir, { recursive: true });
  // one short line per write with O_APPEND: workers' rows never interleave
  appendFileSync(join(dir, `${ledger}.jsonl`), `${JSON.stringify(row)}\n`);
}

/** Patterns already checked in this run, by any worker (a failed one counts: it failed once). */
function alreadyChecked(dir: string, pattern: string): boolean {
  return [...readLedger(dir, 'checked'), ...readLedger(dir, 'failed')].some((r) => r.pattern === pattern);
}

/** What one worker knows: where it writes, the shop's origin, the test running now. */
export interface A11yWorker {
  dir: string;
  origin: string;
  current: { title: string; info: TestInfo; findings: Finding[] } | null;
}

const documentOf = new WeakMap<Page, { pattern: string; url: string }>();
const watched = new WeakSet<Page>();
const attached = new WeakSet<BrowserContext>();

/** Records every HTML document of the shop the page's main frame loads. */
function watchPage(worker: A11yWorker, page: Page) {
  if (watched.has(page)) return;
  watched.add(page);
  page.on('response', (res) => {
    const req = res.request();
    if (!req.isNavigationRequest() || req.frame() !== page.mainFrame()) return;
    const status = res.status();
    if (status >= 300 && status < 400) return;
    if (new URL(res.url()).origin !== worker.origin) return;
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) {
      documentOf.delete(page);
      return;
    }
    const doc = { pattern: routeOf(res.url(), PATTERNS, status), url: res.url() };
    documentOf.set(page, doc);
    append(worker.dir, 'visited', { ...doc, test: worker.current?.title ?? '(beforeAll/afterAll)' });
  });
}

/** Watches a context's pages, and checks them before the context is closed during a passing test. */
export function attachContext(worker: A11yWorker, context: BrowserContext) {
  if (attached.has(context)) return;
  attached.add(context);
  context.pages().forEach((p) => watchPage(worker, p));
  context.on('page', (p) => watchPage(worker, p));
  const close = context.close.bind(context);
  context.close = async (options) => {
    const current = worker.current;
    if (current && current.info.status === current.info.expectedStatus) {
      for (const page of context.pages()) {
        const finding = await checkPage(worker, page).catch(() => null);
        if (finding?.violations.length) current.findings.push(finding);
      }
    }
    return close(options);
  };
}

/** Every context the worker's browser opens is watched, whoever opens it (a spec's own contexts too). */
export function watchBrowser(worker: A11yWorker, browser: Browser): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    attachContext(worker, context);
    return context;
  };
  browser.contexts().forEach((c) => attachContext(worker, c));
  return () => {
    browser.newContext = newContext;
  };
}

/** Scrolls through the page so its `client:visible` islands hydrate, then waits a little for all. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0, n = 0; y < document.body.scrollHeight && n < 40; y += step, n++) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => !document.querySelector('astro-island[ssr]'), null, { timeout: 3_000 })
    .catch(() => undefined);
}

/**
 * axe on the page's current document unless its pattern was checked in this run (`force` checks
 * anyway). Answers what it found, or null when it did not check.
 */
export async function checkPage(worker: A11yWorker, page: Page, force = false): Promise<Finding | null> {
  const doc = documentOf.get(page);
  if (!doc || page.isClosed()) return null;
  if (!force && alreadyChecked(worker.dir, doc.pattern)) return null;
  const started = Date.now();
  await settle(page);
  const result = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const violations: Violation[] = result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(' ')),
  }));
  const row = { ...doc, test: worker.current?.title ?? '', violations, ms: Date.now() - started };
  append(worker.dir, violations.length ? 'failed' : 'checked', row);
  return { ...doc, violations };
}

/** A readable list: per page its route, address and each rule with impact and target selectors. */
export function describe(findings: Finding[]): string {
  return findings
    .map((f) => {
      const rules = f.violations.map((v) => {
        const targets = v.targets.slice(0, 8).map((t) => `        ${t}`);
        const more = v.targets.length > 8 ? [`        … 외 ${v.targets.length - 8}개`] : [];
        return [`    • ${v.rule} [${v.impact}] ${v.help}`, ...targets, ...more].join('\n');
      });
      return [`  ${f.pattern} (${f.url}): 위반 ${f.violations.length}건`, ...rules].join('\n');
    })
    .join('\n');
}
