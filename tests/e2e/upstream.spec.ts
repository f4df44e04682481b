import { expect, open, test } from './support/fixtures.ts';
import { loginInBrowser } from './support/members.ts';

/** /upstream: the administrator sees the print service's connection and checks it live. */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
const STAFF = { memberId: 'staff', password: 'podo-staff-1234!' };

test("an administrator opens /upstream from the manager menu and checks the simulator's connection", async ({
  page,
}) => {
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager');
  await expect(page).toHaveURL('/manager');
  const menu = page.getByRole('navigation', { name: '관리 메뉴' });
  await menu.getByRole('link', { name: '인쇄 서비스 연결', exact: true }).click();
  await expect(page).toHaveURL('/upstream');
  await expect(page.getByRole('heading', { name: '인쇄 서비스 연결', level: 1 })).toBeVisible();
  await expect(menu.getByRole('link', { name: '인쇄 서비스 연결' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('upstream-adapter')).toHaveText('내장 시뮬레이터 (simulator)');
  await expect(page.getByTestId('upstream-counts')).toContainText('실패 0건');

  await page.getByRole('button', { name: '연결 확인' }).click();
  const status = page.getByRole('status').filter({ hasText: '인쇄 서비스에 연결되었습니다.' });
  await expect(status).toBeVisible();
  await expect(status.locator('[data-step="token"]')).toContainText('토큰 발급 성공');
  await expect(status.locator('[data-step="read"]')).toContainText(
    /채널 상품 조회 성공 .*채널 상품 \d+개를 읽었습니다/,
  );

  // the token the check fetched is shown with its minutes left
  await open(page, '/upstream');
  await expect(page.getByTestId('upstream-token')).toContainText(/있음, (59|60)분 남음/);
});

test('/upstream is for administrators only', async ({ page }) => {
  await page.goto('/upstream');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fupstream/);
  await loginInBrowser(page, STAFF, '/login?redirect=%2Fupstream');
  await open(page, '/upstream', 403);
  expect((await page.request.get('/api/manager/upstream')).status()).toBe(403);
});
