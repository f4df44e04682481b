import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  a11yDir,
  attachContext,
  checkPage,
  describe,
  watchBrowser,
  type A11yWorker,
  type Finding,
} from './a11y.ts';

export { expect };

/**
 * The `test` every spec imports: a script error thrown in the page (an island that crashes while
 * hydrating, say) fails the test that caused it, even when the page still looks right.
 */
export const test = base.extend<
  { pageErrors: Error[]; cspViolations: string[]; a11y: void },
  { a11yWorker: A11yWorker }
>({
  /** Every browser context of the worker watched for the documents its pages load (issue 18). */
  a11yWorker: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('playwright.config.ts: use.baseURL가 없습니다.');
      const worker: A11yWorker = {
        dir: a11yDir(workerInfo.project.outputDir),
        origin: new URL(baseURL).origin,
        current: null,
      };
      const unwatch = watchBrowser(worker, browser);
      await use(worker);
      unwatch();
    },
    { scope: 'worker', auto: true },
  ],
  /**
   * axe-core at the end of each passing test on every page still open (any context), once per route
   * pattern in the run (`a11y.ts`, decision 039): a WCAG 2.1 A/AA violation fails the test.
   */
  a11y: [
    async ({ a11yWorker, browser, context }, use, testInfo) => {
      attachContext(a11yWorker, context);
      const findings: Finding[] = [];
      a11yWorker.current = { title: testInfo.titlePath.slice(1).join(' › '), info: testInfo, findings };
      await use();
      try {
        if (testInfo.status !== testInfo.expectedStatus) return;
        for (const ctx of browser.contexts()) {
          for (const page of ctx.pages()) {
            const finding = await checkPage(a11yWorker, page);
            if (finding?.violations.length) findings.push(finding);
          }
        }
      } finally {
        a11yWorker.current = null;
      }
      if (findings.length) {
        throw new Error(`axe-core가 접근성 위반을 찾았습니다 (WCAG 2.1 A/AA):\n${describe(findings)}`);
      }
    },
    { auto: true, timeout: 60_000 },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (err) => errors.push(err));
      await use(errors);
      expect(
        errors.map((e) => e.message),
        '페이지에서 스크립트 오류가 났습니다',
      ).toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every spec runs with the shop's Content-Security-Policy on (decision 013): anything the policy
   * blocks (an inline script without its hash, a style, a font, an image from elsewhere) fails the
   * test that loaded it.
   */
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) {
          violations.push(`${page.url()}: ${msg.text()}`);
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy가 막은 것이 있습니다').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens `path` and checks the document's HTTP status (200 unless told otherwise). */
export async function open(page: Page, path: string, status = 200) {
  const res = await page.goto(path);
  expect(res, `${path}: 응답이 없습니다`).not.toBeNull();
  expect(res?.status(), `${path}의 상태 코드`).toBe(status);
  // nothing after </html>: a layout's or page's top-level <script> placed after its layout's
  // closing tag lands there (a parser error the browser forgives by moving it into the body)
  if (res?.headers()['content-type']?.includes('text/html')) {
    const html = (await res.text()).trimEnd();
    expect(html.slice(-200), `${path}: 문서가 </html>로 끝나지 않습니다`).toMatch(/<\/html>$/);
  }
  return res;
}

/** Shopby's request headers, as the storefront's islands send them. */
export const SHOP_API_HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'PC' } as const;

/** `GET /shop-api/<path>` with the shop headers, returning its JSON (and failing on a non-2xx). */
export async function shopApi<T = unknown>(
  request: APIRequestContext,
  path: string,
  params?: Record<string, string | number | boolean>,
): Promise<T> {
  const res = await request.get(`/shop-api/${path.replace(/^\//, '')}`, {
    params,
    headers: SHOP_API_HEADERS,
  });
  expect(res.ok(), `GET /shop-api/${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}
