import { readFile } from 'node:fs/promises';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, uniqueAccount } from './support/members.ts';
import { buyPaidOrder } from './support/orders.ts';

/**
 * The back office finds an order at volume (issue 15): by the recipient's phone number typed with
 * hyphens, with a period shortcut; a period that ends before it starts is said, not a server error.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
// 문닫힘 소음방지 쿠션 스티커 20개입 (demo catalogue, no options)
const PRODUCT = { productNo: 100044, optionNo: 10004401 };

test('an administrator finds an order by the recipient’s phone number', async ({ browser }) => {
  const shopper = await browser.newContext();
  const account = await createMember(shopper.request, uniqueAccount('ordsr'));
  await shopper.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  const tail = String(Date.now() % 10_000).padStart(4, '0');
  const phone = `010-5${tail.slice(0, 3)}-${tail}`;
  const orderNo = await buyPaidOrder(shopper.request, PRODUCT, {
    receiverName: '박받음',
    receiverContact1: phone,
  });

  const office = await browser.newContext();
  await office.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: ADMIN });
  const page = await office.newPage();
  await open(page, '/manager/orders');
  const search = page.getByRole('search', { name: '주문 찾기' });
  await search.getByLabel('검색어').fill(phone);
  await search.getByRole('button', { name: '찾기' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  // the period shortcut keeps the search
  await page.getByRole('search', { name: '주문 찾기' }).getByRole('link', { name: '오늘' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('search', { name: '주문 찾기' }).getByLabel('검색어')).toHaveValue(phone);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator(`tr[data-order-no="${orderNo}"]`)).toBeVisible();
  // the export of what the search found: one line, the recipient's phone formatted
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSV로 내려받기' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{12}\.csv$/);
  const exported = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(exported).toHaveLength(2);
  expect(exported[1]).toContain(orderNo);
  expect(exported[1]).toContain(phone);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '엑셀(XLSX)로 내려받기' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByRole('link', { name: orderNo }).click();
  await expect(page).toHaveURL(`/manager/orders/${orderNo}`);

  await open(page, '/manager/orders?from=2026-02-01&to=2026-01-01', 400);
  await expect(page.getByRole('alert')).toContainText('시작일이 끝나는 날보다 늦습니다');
  await shopper.close();
  await office.close();
});

test('an administrator ships three orders from the courier’s file after its dry run', async ({ browser }) => {
  const shopper = await browser.newContext();
  const account = await createMember(shopper.request, uniqueAccount('ordcsv'));
  await shopper.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  const orderNos: string[] = [];
  for (let i = 0; i < 3; i++) orderNos.push(await buyPaidOrder(shopper.request, PRODUCT));
  const csv = [
    '주문번호,택배사,송장번호',
    ...orderNos.map((no, i) => `${no},CJ대한통운,6123-4567-89${i}0`),
    '20990101000000000000,CJ,612345678999',
  ].join('\r\n');

  const office = await browser.newContext();
  await office.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: ADMIN });
  const page = await office.newPage();
  await open(page, '/manager/orders');
  await page
    .getByRole('navigation', { name: '주문 관리 메뉴' })
    .getByRole('link', { name: '송장 일괄 등록' })
    .click();
  await expect(page).toHaveURL('/manager/orders/ship');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('택배사 송장 파일 (CSV)').setInputFiles({
    name: 'invoices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
  const heading = page.getByRole('heading', { name: /발송할 수 있는 3건, 확인이 필요한 1건/ });
  await expect(heading).toBeFocused();
  await expect(page.locator('tr[data-line="5"]')).toContainText('없는 주문번호입니다.');
  // nothing shipped yet
  for (const no of orderNos) {
    const res = await page.request.get(`/api/manager/orders?status=ALL&q=${no}`);
    expect(((await res.json()) as { items: { orderStatusType: string }[] }).items[0]!.orderStatusType).toBe(
      'PAY_DONE',
    );
  }
  await page.getByRole('button', { name: '문제 없는 3건 발송 처리' }).click();
  await expect(page.getByRole('heading', { name: '3건을 발송 처리했습니다' })).toBeFocused();
  await open(page, `/manager/orders/${orderNos[0]}`);
  await expect(page.getByTestId('manager-order-status')).toHaveText('배송중');
  // the order's detail: its amounts, the provider's record and who shipped it, when
  await expect(page.getByTestId('manager-order-amounts')).toContainText('결제 금액');
  await expect(page.getByTestId('manager-order-payment')).toContainText('결제 완료');
  const history = page.getByTestId('manager-order-history');
  await expect(history).toContainText('결제 완료');
  await expect(history).toContainText('결제완료 → 배송중 (CJ 612345678900)');
  await expect(history).toContainText('(관리자)');
  await expect(page.getByText('612345678900').first()).toBeVisible();
  await shopper.close();
  await office.close();
});

test('an administrator prepares ticked orders in one step and prints their packing list', async ({
  browser,
}) => {
  const shopper = await browser.newContext();
  const account = await createMember(shopper.request, uniqueAccount('ordbk'));
  await shopper.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  const tail = String((Date.now() + 7) % 10_000).padStart(4, '0');
  const phone = `010-6${tail.slice(0, 3)}-${tail}`;
  const orderNos = [
    await buyPaidOrder(shopper.request, PRODUCT, { receiverName: '이포장', receiverContact1: phone }),
    await buyPaidOrder(
      shopper.request,
      { ...PRODUCT, orderCnt: 2 },
      { receiverName: '이포장', receiverContact1: phone },
    ),
  ];

  const office = await browser.newContext();
  await office.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: ADMIN });
  const page = await office.newPage();
  await open(page, `/manager/orders?q=${encodeURIComponent(phone)}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  for (const no of orderNos) await page.getByRole('checkbox', { name: `주문 ${no} 고르기` }).check();
  await page.getByRole('button', { name: '선택한 주문 상품 준비' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2건을 처리했습니다.' })).toBeVisible();
  for (const no of orderNos)
    await expect(page.locator(`tr[data-order-no="${no}"]`)).toContainText('상품준비중');

  for (const no of orderNos) await page.getByRole('checkbox', { name: `주문 ${no} 고르기` }).check();
  await page.getByRole('button', { name: '선택한 주문 포장 목록' }).click();
  await expect(page).toHaveURL(/\/manager\/orders\/packing\?orderNo=/);
  await expect(page.getByRole('heading', { name: '포장 목록 (2건)' })).toBeVisible();
  const second = page.locator(`section[data-order-no="${orderNos[1]}"]`);
  await expect(second).toContainText('이포장');
  await expect(second).toContainText(phone);
  await expect(second.locator('tbody td.num')).toHaveText('2');
  await shopper.close();
  await office.close();
});

test('the orders’ and the members’ search forms are laid out alike: one wrapping row, finger-sized controls', async ({
  browser,
}) => {
  const office = await browser.newContext();
  await office.request.post('/shop-api/oauth/token', { headers: SHOP_API_HEADERS, data: ADMIN });
  const page = await office.newPage();
  for (const [path, name] of [
    ['/manager/orders', '주문 찾기'],
    ['/manager/members', '회원 찾기'],
  ] as const) {
    await open(page, path);
    const search = page.getByRole('search', { name });
    const layout = await search.evaluate((form) => {
      const style = getComputedStyle(form);
      const controls = [...form.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select')];
      return {
        display: style.display,
        wrap: style.flexWrap,
        border: style.borderTopStyle,
        controls: controls.length,
        shortest: Math.min(...controls.map((c) => c.getBoundingClientRect().height)),
      };
    });
    expect(layout, path).toMatchObject({ display: 'flex', wrap: 'wrap', border: 'solid' });
    expect(layout.controls, path).toBeGreaterThan(2);
    expect(layout.shortest, path).toBeGreaterThanOrEqual(44);
  }
});
