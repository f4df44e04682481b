import type { Browser, BrowserContext } from '@playwright/test';
import { A11Y_EXPLICIT_ROUTES, type A11yRole } from './support/a11y-explicit-routes.ts';
import { checkPage, describe } from './support/a11y.ts';
import { SHOP_API_HEADERS, expect, test } from './support/fixtures.ts';
import { ADMIN, createMember, uniqueAccount } from './support/members.ts';
import { STAFF } from './support/pos.ts';

/**
 * axe-core on the pages the suite visits only in the middle of a test (issue 18): the entries of
 * `a11y-explicit-routes.ts`, each opened signed in as its role and checked whatever the run has
 * checked before. The fixture checks every page still open when a test ends; these are the others.
 */

async function contextFor(browser: Browser, role: A11yRole): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (role === 'visitor') return context;
  const who =
    role === 'manager'
      ? ADMIN
      : role === 'staff'
        ? STAFF
        : await createMember(context.request, uniqueAccount('a11y'));
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: who.memberId, password: who.password, keepLogin: false },
  });
  expect(res.ok(), `${role} login: ${res.status()}`).toBe(true);
  return context;
}

for (const entry of A11Y_EXPLICIT_ROUTES) {
  test(`${entry.pattern} (${entry.role}) has no axe violations`, async ({ browser, a11yWorker, baseURL }) => {
    test.setTimeout(60_000);
    const context = await contextFor(browser, entry.role);
    try {
      const page = await context.newPage();
      const url =
        typeof entry.url === 'string'
          ? entry.url
          : await entry.url({ page, request: context.request, browser });
      // a setup that ends on the page (a form reached through another) is checked where it is
      if (page.url() !== new URL(url, baseURL).href) await page.goto(url);
      const finding = await checkPage(a11yWorker, page, true);
      expect(finding?.pattern, `${url}가 연 페이지`).toBe(entry.pattern);
      if (finding?.violations.length) {
        throw new Error(`axe-core가 접근성 위반을 찾았습니다 (WCAG 2.1 A/AA):\n${describe([finding])}`);
      }
    } finally {
      await context.close();
    }
  });
}
