import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, openForm, uniqueAccount } from './support/members.ts';

/**
 * The members back office (issue 15, decision 025): the administrator finds a member by phone,
 * sees their personal data masked until 개인정보 보기 (the reveal's audit line on /manager/audit),
 * changes their grade, makes them staff at a store, and suspends them — their login is refused.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

test('an administrator finds a member by phone, reveals, changes grade and staff role, and suspends them', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createMember(request, uniqueAccount('mm'));
  const phone = `${account.mobileNo.slice(0, 3)}-${account.mobileNo.slice(3, 7)}-${account.mobileNo.slice(7)}`;

  const context = await browser.newContext();
  const signed = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: ADMIN,
  });
  expect(signed.ok()).toBe(true);
  const page = await context.newPage();
  await open(page, '/manager');
  const menu = page.getByRole('navigation', { name: '관리 메뉴' });
  await menu.getByRole('link', { name: '회원', exact: true }).click();
  await expect(page).toHaveURL(/\/manager\/members$/);
  await expect(menu.getByRole('link', { name: '회원', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('검색어').fill(phone);
  await page.getByRole('button', { name: '찾기' }).click();
  const row = page.locator('tr[data-member-no]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('김*도');
  await expect(row).toContainText(`010-****-${account.mobileNo.slice(-4)}`);
  await row.getByRole('link', { name: '김*도' }).click();
  await hydrated(page);
  const memberNo = new URL(page.url()).pathname.split('/').pop()!;

  // nothing unmasked in the page the server sent
  const html = await (await page.request.get(`/manager/members/${memberNo}`)).text();
  expect(html).not.toContain(account.mobileNo);
  expect(html).not.toContain(phone);
  expect(html).not.toContain(account.email);
  expect(html).not.toContain('김포도');

  await page.getByLabel('열람 사유').fill('배송 문의 전화 확인');
  await page.getByRole('button', { name: '개인정보 보기' }).click();
  await expect(page.locator('[data-field="memberName"]')).toHaveText('김포도');
  await expect(page.locator('[data-field="mobileNo"]')).toHaveText(phone);

  await page.getByLabel('회원 등급').selectOption({ label: 'VIP' });
  await page.getByRole('button', { name: '등급 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '등급을 VIP로 저장했습니다.' })).toBeVisible();

  await page.getByLabel('매장(POS) 직원 권한').check();
  await page.getByLabel('판매 매장').selectOption({ index: 0 });
  await page.getByRole('button', { name: '직원 권한 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '매장 직원으로 지정했습니다.' })).toBeVisible();

  await page.getByLabel('정지 사유').fill('결제 도용 의심');
  await page.getByRole('button', { name: '이용 정지' }).click();
  await expect(page.getByRole('status').filter({ hasText: '이용을 정지했습니다.' })).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-field="state"]')).toContainText('이용 정지');
  await expect(page.locator('[data-field="grade"]')).toHaveText('VIP');

  await open(page, `/manager/audit?area=member&targetId=${memberNo}`);
  await expect(page.locator('tr[data-action="member.reveal"]')).toContainText('배송 문의 전화 확인');
  await expect(page.locator('tr[data-action="member.staff"]')).toBeVisible();
  await expect(page.locator('tr[data-action="member.suspend"]')).toContainText('결제 도용 의심');
  await context.close();

  // the suspended member's login is refused, in Korean
  const theirs = await browser.newContext();
  const login = await theirs.newPage();
  await openForm(login, '/login');
  await login.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await login.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await login.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(login.getByText('이용이 제한된 계정입니다')).toBeVisible();
  await expect(login).toHaveURL(/\/login/);
  await theirs.close();
});
