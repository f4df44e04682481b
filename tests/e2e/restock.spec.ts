import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser, uniqueAccount } from './support/members.ts';
import { createProductByApi } from './support/products.ts';

/**
 * 재입고 알림 (issue 18, decision 033): a guest on a phone asks to be told when a sold-out option is
 * back; the owner receives goods in the back office; the message lands in the demo outbox
 * (/manager/outbox), sent by the server's notification pass.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
// 문닫힘 소음방지 쿠션 스티커 20개입 (demo catalogue): one option
const PRODUCT = { productNo: 100044, optionNo: 10004401 };

test.use({ viewport: { width: 390, height: 844 } });

test('restock alert requested on a sold-out option, then received when the stock returns', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4399').origin;
  const suffix = String(Date.now()).slice(-8);
  const phone = `010-${suffix.slice(0, 4)}-${suffix.slice(4)}`;

  // the owner counts the shelf empty: the option is sold out
  const owner = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const headers = { ...SHOP_API_HEADERS, Origin: origin };
  expect((await owner.request.post('/shop-api/oauth/token', { headers, data: ADMIN })).ok()).toBe(true);
  const emptied = await owner.request.post(
    `/api/manager/products/${PRODUCT.productNo}/options/${PRODUCT.optionNo}/stock`,
    { headers, data: { kind: 'COUNT', counted: 0, memo: '재입고 알림 테스트' } },
  );
  expect(emptied.ok(), await emptied.text()).toBe(true);

  // a guest asks for the alert on the product page
  await open(page, `/product/${PRODUCT.productNo}`);
  // the form hydrates when it comes into view (client:visible)
  const island = page.locator('astro-island[component-url*="RestockAlertForm"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  const form = page.getByRole('region', { name: '재입고 알림 신청' });
  await form.getByRole('button', { name: '재입고 알림 신청' }).click();
  await expect(form.getByRole('alert')).toHaveText(/수집·이용에 동의해 주세요/);
  await form.getByLabel('이름 (선택)', { exact: true }).fill('홍길동');
  await form.getByLabel('휴대폰 번호', { exact: true }).fill(phone);
  await form.getByRole('checkbox', { name: /휴대폰 번호와 이름을 수집·이용/ }).check();
  await form.getByRole('button', { name: '재입고 알림 신청' }).click();
  await expect(form.getByRole('status')).toHaveText(/재입고 알림을 신청했습니다/);
  // asking twice is refused kindly
  await form.getByRole('button', { name: '재입고 알림 신청' }).click();
  await expect(form.getByRole('alert')).toHaveText(/이미 재입고 알림을 신청하신 옵션입니다/);

  // the owner receives two in the back office
  // (the owner's context is signed in: its token call above set the session cookies)
  const admin = await owner.newPage();
  await open(admin, `/manager/products/${PRODUCT.productNo}`);
  await hydrated(admin);
  const stockForm = admin.getByRole('form', { name: '재고 변경' });
  await stockForm.getByRole('radio', { name: '입고' }).check();
  await stockForm.getByLabel('입고 수량 (필수)', { exact: true }).fill('2');
  await stockForm.getByRole('button', { name: '재고 반영' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '0개 → 2개 (+2)' })).toBeVisible();

  // the message reaches the demo outbox once the notification pass has run
  const row = admin.getByRole('row').filter({ hasText: phone }).filter({ hasText: '재입고 알림' });
  await expect(async () => {
    await open(admin, '/manager/outbox?channel=sms');
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  await expect(row).toContainText('다시 입고되었습니다');

  // /restock lists the product back in stock
  await open(page, '/restock');
  await expect(page.getByRole('heading', { name: '재입고', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: '다시 입고된 상품' })).toContainText('문닫힘');
  await owner.close();
});

test('the community feed and the customer-service hub', async ({ page }) => {
  await open(page, '/community');
  await expect(page.getByRole('heading', { name: '커뮤니티', level: 1 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: '후기 보기' });
  await expect(tabs.getByRole('link', { name: '전체 후기' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '포토 후기' }).click();
  await expect(page).toHaveURL(/\/community\?photo=1$/);
  await expect(tabs.getByRole('link', { name: '포토 후기' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status').filter({ hasText: /총 [\d,]+개의 후기/ })).toBeVisible();

  await open(page, '/service');
  await expect(page.getByRole('heading', { name: '고객센터', level: 1 })).toBeVisible();
  await expect(page.getByText('평일 10:00–17:00').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '자주 묻는 질문', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '공지사항', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: '1:1 문의하기' })).toHaveAttribute(
    'href',
    '/board/inquiry/form',
  );
  await page.getByRole('main').getByRole('link', { name: '비회원 주문조회' }).click();
  await expect(page).toHaveURL(/\/order\/guest-lookup$/);
});

test('a member asks with the phone and e-mail of their profile, sees the request on /restock and cancels it', async ({
  page,
  browser,
}) => {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4399').origin;
  const headers = { ...SHOP_API_HEADERS, Origin: origin };
  const owner = await browser.newContext();
  expect((await owner.request.post('/shop-api/oauth/token', { headers, data: ADMIN })).ok()).toBe(true);
  const emptied = await owner.request.post(
    `/api/manager/products/${PRODUCT.productNo}/options/${PRODUCT.optionNo}/stock`,
    { headers, data: { kind: 'COUNT', counted: 0, memo: '재입고 알림 테스트' } },
  );
  expect(emptied.ok(), await emptied.text()).toBe(true);
  await owner.close();

  const account = await createMember(page.request, uniqueAccount('restock'));
  const login = await page.request.post('/shop-api/oauth/token', {
    headers,
    data: { memberId: account.memberId, password: account.password },
  });
  expect(login.ok()).toBe(true);

  await open(page, `/product/${PRODUCT.productNo}`);
  const island = page.locator('astro-island[component-url*="RestockAlertForm"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  const form = page.getByRole('region', { name: '재입고 알림 신청' });
  await expect(form.getByText('회원 정보의 휴대폰 번호와 이메일로 알려 드립니다.')).toBeVisible();
  await expect(form.getByLabel('휴대폰 번호', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: '재입고 알림 신청' }).click();
  await expect(form.getByRole('status')).toHaveText(/재입고 알림을 신청했습니다/);

  await open(page, '/restock');
  const mine = page.getByRole('region', { name: '내 재입고 알림' });
  await expect(mine).toContainText('입고 대기');
  const cancel = mine.getByRole('button', { name: /재입고 알림 신청 취소$/ });
  await cancel.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="MyRestockAlerts"]')).not.toHaveAttribute(
    'ssr',
    /.*/,
  );
  await cancel.click();
  await expect(mine.getByRole('status')).toHaveText(/재입고 알림 신청을 취소했습니다/);
  await expect(mine.getByText('신청한 재입고 알림이 없습니다.')).toBeVisible();
});

test('an option a manager stopped (강제 품절) offers 재입고 알림 though it has stock (decision 054)', async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  const admin = await owner.newPage();
  await loginInBrowser(admin, ADMIN, '/login?redirect=%2Fmanager');
  await expect(admin).toHaveURL('/manager');
  const productNo = await createProductByApi(admin, {
    name: `판매 멈춤 방진패드 ${Date.now().toString(36)}`,
    saleStatus: 'ONSALE',
    stock: 5,
    forcedSoldOut: true,
  });
  await owner.close();

  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4399').origin;
  const account = await createMember(page.request, uniqueAccount('forced'));
  const login = await page.request.post('/shop-api/oauth/token', {
    headers: { ...SHOP_API_HEADERS, Origin: origin },
    data: { memberId: account.memberId, password: account.password },
  });
  expect(login.ok()).toBe(true);
  await open(page, `/product/${productNo}`);
  const island = page.locator('astro-island[component-url*="RestockAlertForm"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  const form = page.getByRole('region', { name: '재입고 알림 신청' });
  await form.getByRole('button', { name: '재입고 알림 신청' }).click();
  await expect(form.getByRole('status')).toHaveText(/재입고 알림을 신청했습니다/);
});
