import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { ADMIN, createMember, signedIn, uniqueAccount } from './support/members.ts';
import { checkPage, type A11yWorker } from './support/a11y.ts';
import { paidDesignOrder } from './support/designs.ts';
import { buyPaidOrder } from './support/orders.ts';
import { openCounter, signIn } from './support/pos.ts';
import { INTEGRATION_CHECK_PAGES } from '../../src/lib/integration-check-pages.ts';

/**
 * axe-core on the back office and the counter (issue 18): every page under /manager, /custom/admin,
 * /upstream, the integration checks and /test/pos, with real rows in it (a paid web order, a member,
 * a counter sale), has no violation of the WCAG 2.1 A/AA rules — as the manager, the counter as
 * staff, and the logins as a visitor. Detail pages are reached through their list's first link.
 * At 390 px and 1280 px; decision 040. `A11Y_REPORT=<file>` appends what each check found there as
 * JSON lines, for a survey of every page in one run.
 */
/** The worker's record of checked route patterns (`support/a11y.ts`): these checks count there too. */
let a11y: A11yWorker;
test.beforeEach(({ a11yWorker }) => {
  a11y = a11yWorker;
});

/** axe on the page as it is now, written to the run's record (decision 039) and answered as a list. */
async function violationsOf(page: Page, label: string) {
  const finding = await checkPage(a11y, page, true);
  if (!finding) throw new Error(`${label}: 가게의 HTML 문서가 열려 있지 않아 검사하지 못했습니다.`);
  if (process.env.A11Y_REPORT)
    writeFileSync(process.env.A11Y_REPORT, `${JSON.stringify({ label, found: finding.violations })}\n`, {
      flag: 'a',
    });
  return finding.violations.map(({ rule, targets }) => ({ rule, nodes: targets.slice(0, 6) }));
}

/**
 * Opens what the page keeps folded in its main content (`<details>`, disclosure buttons), as a
 * manager would; answers how many it opened.
 */
async function unfold(page: Page): Promise<number> {
  const opened = await page.evaluate(() => {
    const details = [...document.querySelectorAll<HTMLDetailsElement>('main details:not([open])')];
    for (const d of details) d.open = true;
    // a few disclosures of each kind are enough: a tree's rows are all alike
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('main button[aria-expanded="false"]')]
      .filter((b) => b.offsetParent !== null)
      .slice(0, 6);
    for (const b of buttons) b.click();
    return details.length + buttons.length;
  });
  if (opened > 0) await page.waitForTimeout(300);
  return opened;
}

/** Opens `path` and checks it (soft: one test reports every page of its group), then unfolded. */
async function check(page: Page, path: string, label = path) {
  await open(page, path);
  // still the page asked for, not a login it was sent to
  expect(new URL(page.url()).pathname).toBe(new URL(path, page.url()).pathname);
  expect.soft(await violationsOf(page, label), label).toEqual([]);
  if ((await unfold(page)) > 0) {
    expect.soft(await violationsOf(page, `${label} (unfolded)`), `${label} (unfolded)`).toEqual([]);
  }
}

/** The href of the first link on `path` whose href matches `pattern`. */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await open(page, path);
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `${path}에 ${pattern} 링크가 없습니다`).toBeTruthy();
  return href!;
}

async function manager(browser: Browser, width: number) {
  const page = await signedIn(browser, ADMIN);
  await page.setViewportSize({ width, height: 900 });
  return page;
}

// real rows in every list: a new member with a paid web order
let orderNo = '';
test.beforeAll(async ({ browser }) => {
  const shopper = await browser.newContext();
  const account = await createMember(shopper.request, uniqueAccount('axeb'));
  await shopper.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  orderNo = await buyPaidOrder(shopper.request, { productNo: 100044, optionNo: 10004401 });
  await shopper.close();
  // a design order for production's list (its member signs in with a token, no cookie)
  const designer = await browser.newContext();
  await paidDesignOrder(designer.request);
  await designer.close();
});

test('the back-office login pages have no axe violations', async ({ page }) => {
  await check(page, '/login?redirect=%2Fmanager');
  await check(page, '/test/pos/login');
});

/**
 * The manager's pages by area; `{orderNo}` is the paid web order of `beforeAll`. A detail page is
 * `[list, link pattern, route pattern]`: the first link of its list that matches.
 */
const MANAGER_AREAS: Record<string, (string | [string, RegExp, string])[]> = {
  'dashboard and products': [
    '/manager',
    '/manager/products',
    '/manager/products/new',
    '/manager/products/import',
    ['/manager/products', /^\/manager\/products\/\d+$/, '/manager/products/[productNo]'],
  ],
  'catalog setup': [
    '/manager/categories',
    '/manager/brands',
    '/manager/partners',
    '/manager/delivery-templates',
    '/manager/delivery-templates/new',
    [
      '/manager/delivery-templates',
      /^\/manager\/delivery-templates\/\d+$/,
      '/manager/delivery-templates/[templateNo]',
    ],
  ],
  'display, coupons and points': [
    '/manager/display',
    '/manager/display/sections',
    [
      '/manager/display/sections',
      /^\/manager\/display\/sections\/\d+$/,
      '/manager/display/sections/[sectionNo]',
    ],
    '/manager/coupons',
    '/manager/points',
  ],
  'members and orders': [
    '/manager/members',
    ['/manager/members', /^\/manager\/members\/\d+$/, '/manager/members/[memberNo]'],
    '/manager/orders',
    ['/manager/orders', /^\/manager\/orders\/\d+$/, '/manager/orders/[orderNo]'],
    '/manager/orders/ship',
    '/manager/orders/claims',
    '/manager/orders/packing?orderNo={orderNo}',
  ],
  'stores, boards and inquiries': [
    '/manager/stores',
    '/manager/board',
    '/manager/board/notice',
    '/manager/board/notice/write',
    ['/manager/board/notice', /^\/manager\/board\/notice\/\d+$/, '/manager/board/[board]/[articleNo]'],
    '/manager/board/inquiry',
    '/manager/product-inquiries',
  ],
  'API clients, audit, messages and the print service': [
    '/manager/api-clients',
    '/manager/audit',
    '/manager/notifications',
    '/manager/outbox',
    '/manager/integration-checks',
    '/upstream',
  ],
  'custom production and sales': [
    '/custom/admin/list',
    ['/custom/admin/list', /^\/custom\/admin\/order\//, '/custom/admin/order/[slug]'],
    '/custom/admin/production',
    '/custom/admin/completion',
    '/custom/admin/shared',
    '/test/pos/sales',
    ['/test/pos/sales', /^\/test\/pos\/sales\/\d{4}-\d{2}-\d{2}/, '/test/pos/sales/[date]'],
  ],
  'integration checks': [...INTEGRATION_CHECK_PAGES],
};

interface CounterItem {
  productNo: number;
  optionNo: number;
  productName: string;
  barcode: string | null;
  unitPrice: number;
  stock: number;
  sellable: boolean;
  soldOut: boolean;
  customizable: boolean;
  inputs: unknown[];
}

/** Plain goods the counter can sell now (no custom design, no texts to ask). */
async function counterItems(page: Page, q: string): Promise<CounterItem[]> {
  const res = await page.request.get('/api/pos/items', { params: { q } });
  expect(res.ok(), await res.text()).toBe(true);
  const { items } = (await res.json()) as { items: CounterItem[] };
  return items.filter(
    (i) => i.sellable && !i.soldOut && i.stock >= 5 && i.barcode && !i.customizable && i.inputs.length === 0,
  );
}

/** The back office at a phone's width (its tables scroll sideways there) and at a desktop's. */
for (const width of [390, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // the manager's pages at the phone's width only: what differs by width is what scrolls or wraps
    // there, and the rules that do not depend on width (names, labels, contrast) fail at either
    // width; the counter, used at a desk, at both (decision 040, amended: the suite's time)
    for (const [area, pages] of width === 390 ? Object.entries(MANAGER_AREAS) : []) {
      test(`the manager’s ${area} have no axe violations`, async ({ browser }) => {
        test.setTimeout(150_000);
        const page = await manager(browser, width);
        for (const entry of pages) {
          if (typeof entry === 'string') await check(page, entry.replace('{orderNo}', orderNo));
          else await check(page, await firstLink(page, entry[0], entry[1]), entry[2]);
        }
        await page.context().close();
      });
    }

    test('the counter with a cart, its dialogs and its other screens have no axe violations', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      await signIn(page.context());
      await openCounter(page);
      expect.soft(await violationsOf(page, '/test/pos (empty)')).toEqual([]);

      const [item] = await counterItems(page, '방진');
      const field = page.getByRole('combobox', { name: /바코드 · 상품명/ });
      // a name lists the products found under the scan field
      await field.fill('방진');
      await field.press('Enter');
      await expect(page.getByRole('listbox', { name: '찾은 상품' })).toBeVisible();
      expect.soft(await violationsOf(page, '/test/pos (suggestions)')).toEqual([]);
      await field.press('Escape');
      await field.fill(item!.barcode!);
      await field.press('Enter');
      await expect(page.locator(`tbody[data-option-no="${item!.optionNo}"]`)).toBeVisible();
      expect.soft(await violationsOf(page, '/test/pos (cart)')).toEqual([]);

      // the payment dialog: cash, a declined card, the Kakao Pay QR and the customer's phone page
      await page.keyboard.press('F8');
      const dialog = page.getByRole('dialog', { name: '결제' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('받은 현금(원)').fill(String(item!.unitPrice + 10_000));
      expect.soft(await violationsOf(page, '/test/pos (pay: cash)')).toEqual([]);
      await dialog.getByRole('radio', { name: '카드' }).check();
      await dialog.getByRole('checkbox', { name: '다음 카드 결제 거절(연습)' }).check();
      await dialog.getByRole('button', { name: /^카드 .* 결제/ }).click();
      await expect(dialog.getByTestId('pos-pay-error')).toContainText('카드 결제가 거절되었습니다');
      expect.soft(await violationsOf(page, '/test/pos (pay: card declined)')).toEqual([]);
      await dialog.getByRole('radio', { name: '카카오페이' }).check();
      await dialog.getByRole('button', { name: /카카오페이 .* QR 만들기/ }).click();
      await expect(dialog.getByRole('img', { name: '카카오페이 결제 QR 코드' })).toBeVisible();
      expect.soft(await violationsOf(page, '/test/pos (pay: Kakao Pay QR)')).toEqual([]);
      const href = await dialog
        .getByRole('link', { name: '고객 휴대폰 화면 열기(연습)' })
        .getAttribute('href');
      const phone = await (await browser.newContext()).newPage();
      const url = new URL(href!);
      await check(phone, `${url.pathname}${url.search}`, '/test/pos/kakao');
      await phone.getByRole('button', { name: '결제하기' }).click();
      await expect(phone.getByText('결제를 마쳤습니다')).toBeVisible();
      expect.soft(await violationsOf(phone, '/test/pos/kakao (paid)')).toEqual([]);
      await phone.context().close();
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      await expect(page.getByTestId('pos-last-sale')).toContainText('판매 완료');
      expect.soft(await violationsOf(page, '/test/pos (sold)')).toEqual([]);
      const saleNo = (await page.getByTestId('pos-last-sale-no').textContent())!.trim();

      for (const path of [
        `/test/pos/order?saleNo=${saleNo}`,
        '/test/pos-order',
        '/test/pos/order-list',
        `/test/pos/order-detail?saleNo=${saleNo}`,
        '/test/pos/products',
        '/test/pos/product/create',
        `/test/pos/product/update?productNo=${item!.productNo}`,
        `/test/pos/product/update/detail?productNo=${item!.productNo}`,
        '/test/pos/product/barcode/search',
        `/test/pos/product/barcode/register?optionNo=${item!.optionNo}`,
        `/test/pos/product/barcode/update?optionNo=${item!.optionNo}`,
        '/test/pos/stock',
        '/test/pos/stock?mode=receive',
        `/test/pos/labels?o${item!.optionNo}=2&format=roll`,
        `/test/pos/labels?o${item!.optionNo}=2&format=a4`,
        '/test/pos/custom',
        '/test/pos/store',
        '/test/pos/shift',
        '/test/pos/sales',
      ]) {
        await check(page, path);
      }

      // the refund screen: its errors, then the confirmation dialog
      await check(page, `/test/pos-order-update?saleNo=${saleNo}`);
      await page.getByRole('button', { name: '환불하기' }).click();
      await expect(page.getByText('환불 사유를 입력해 주세요.')).toBeVisible();
      expect.soft(await violationsOf(page, '/test/pos-order-update (errors)')).toEqual([]);
      const qty = page.getByLabel(/환불 수량/).first();
      await qty.focus();
      await page.keyboard.press('ArrowUp');
      await page.getByLabel('환불 사유 (필수)').fill('단순 변심');
      await page.getByRole('button', { name: '환불하기' }).click();
      await expect(page.getByRole('dialog', { name: '이대로 환불할까요?' })).toBeVisible();
      expect.soft(await violationsOf(page, '/test/pos-order-update (confirm dialog)')).toEqual([]);
    });
  });
}

/**
 * What the focus looks like on the element that has it: an outline (or a box shadow) at least 2 px
 * wide whose colour has 3:1 contrast with the background around the element (WCAG 2.2's focus
 * appearance, 1.4.11's non-text contrast). Answers a problem in words, or '' when it is fine.
 */
async function focusProblem(page: Page): Promise<{ who: string; problem: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { who: 'body', problem: '' };
    const who = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 30)}"`;
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const contrast = (a: number[], b: number[]) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    // the background the outline is drawn on: the nearest ancestor with an opaque one
    let bg = [255, 255, 255];
    for (let n = el.parentElement; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length >= 3 && (c.length < 4 || c[3]! > 0.5)) {
        bg = c.slice(0, 3);
        break;
      }
    }
    const style = getComputedStyle(el);
    const width = parseFloat(style.outlineWidth);
    if (style.outlineStyle !== 'none' && width >= 2) {
      const ratio = contrast(rgb(style.outlineColor), bg);
      return {
        who,
        problem: ratio >= 3 ? '' : `outline ${style.outlineColor} on ${bg.join(',')}: ${ratio.toFixed(2)}:1`,
      };
    }
    if (style.boxShadow !== 'none') return { who, problem: '' };
    return { who, problem: `no focus outline (${style.outlineStyle} ${style.outlineWidth})` };
  });
}

test('the counter: every control the keyboard reaches shows its focus clearly', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page.context());
  await openCounter(page);
  const [item] = await counterItems(page, '방진');
  const field = page.getByRole('combobox', { name: /바코드 · 상품명/ });
  await field.fill(item!.barcode!);
  await field.press('Enter');
  await expect(page.locator(`tbody[data-option-no="${item!.optionNo}"]`)).toBeVisible();

  const problems: string[] = [];
  const seen = new Set<string>();
  await page.locator('body').focus();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const { who, problem } = await focusProblem(page);
    if (seen.has(who)) break;
    seen.add(who);
    if (problem) problems.push(`${who}: ${problem}`);
  }
  // the payment dialog, as F8 opens it
  await field.focus();
  await page.keyboard.press('F8');
  await expect(page.getByRole('dialog', { name: '결제' })).toBeVisible();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const { who, problem } = await focusProblem(page);
    if (problem) problems.push(`dialog ${who}: ${problem}`);
  }
  if (process.env.A11Y_REPORT)
    writeFileSync(
      process.env.A11Y_REPORT,
      `${JSON.stringify({ label: 'focus', seen: [...seen], problems })}\n`,
      { flag: 'a' },
    );
  expect(problems).toEqual([]);
});
