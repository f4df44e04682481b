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
  await page.getByRole('link', { name: orderNo }).click();
  await expect(page).toHaveURL(`/manager/orders/${orderNo}`);

  await open(page, '/manager/orders?from=2026-02-01&to=2026-01-01', 400);
  await expect(page.getByRole('alert')).toContainText('시작일이 끝나는 날보다 늦습니다');
  await shopper.close();
  await office.close();
});
