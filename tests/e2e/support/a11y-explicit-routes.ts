/**
 * Route patterns the e2e suite visits but leaves before a test ends (issue 18: axe-core on every
 * page the suite visits). The accessibility fixture (`a11y.ts`) checks each page still open when a
 * test ends; a pattern seen only in the middle of a test is listed here and checked by
 * `tests/e2e/accessibility-routes.spec.ts`, which opens `url` signed in as `role`. The run's global
 * teardown fails naming any visited pattern that is neither checked nor listed.
 *
 * `pattern` is the normalised route (`/products/:slug`, see `a11y-routes.ts`); `url` is a concrete
 * address of it, or a function that makes the data the page needs and answers one. Storefront
 * entries (a11y-store) and back-office entries (a11y-office: `/manager/**`, `/test/pos/**`) share
 * this one list: add an entry where its area's comment is.
 */
import type { APIRequestContext, Page } from '@playwright/test';

export type A11yRole = 'visitor' | 'member' | 'manager' | 'staff';

export interface A11yRouteSetup {
  /** The signed-in page (a visitor's page for `visitor`). */
  page: Page;
  /** That page's context's request client: the same cookies as the page. */
  request: APIRequestContext;
}

export interface A11yExplicitRoute {
  pattern: string;
  role: A11yRole;
  url: string | ((setup: A11yRouteSetup) => Promise<string>);
}

export const A11Y_EXPLICIT_ROUTES: A11yExplicitRoute[] = [
  // ── storefront (a11y-store) ──

  // ── back office (a11y-office): /manager/**, /test/pos/** ──
  { pattern: '/manager', role: 'manager', url: '/manager' },
  { pattern: '/test/pos', role: 'staff', url: '/test/pos' },
];
