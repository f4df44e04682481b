import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, signedInContext, uniqueAccount } from './support/members.ts';

/**
 * Integration checks (the specification's /test/* pages, decision 028): the seeded administrator
 * finds them in the manager shell, runs the storage check and the payment check against the demo's
 * built-in adapters, and sees every step ok. A member is refused.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

test('an administrator runs the storage and payment checks and sees every step ok', async ({ browser }) => {
  const context = await signedInContext(browser, ADMIN);
  const page = await context.newPage();
  await open(page, '/manager');
  await page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '연동 점검' }).click();
  await expect(page).toHaveURL(/\/manager\/integration-checks$/);
  await expect(page.getByRole('heading', { level: 1, name: '연동 점검' })).toBeVisible();

  await page.getByRole('link', { name: '파일 저장소' }).click();
  await expect(page).toHaveURL(/\/test\/s3$/);
  // the check's page stays in the shell, its area marked
  await expect(
    page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '연동 점검' }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('지금 연결:')).toContainText('STORAGE_DRIVER=local');
  await page.getByRole('button', { name: '점검 실행' }).click();
  const storage = page.getByRole('region', { name: '모두 정상입니다' });
  await expect(storage).toBeFocused();
  const storageRows = storage.locator('tbody tr');
  await expect(storageRows).toHaveCount(4);
  for (const label of ['작은 파일 올리기', '다시 읽어 비교하기', '파일 지우기', '지워졌는지 확인하기']) {
    await expect(storageRows.filter({ hasText: label }).locator('.ic-status')).toHaveText('정상');
  }
  await expect(storageRows.first()).toContainText(/\d+ms/);

  await open(page, '/manager/integration-checks');
  await page.getByRole('link', { name: '카드 결제' }).click();
  await expect(page).toHaveURL(/\/test\/[a-z0-9-]+-pay$/);
  await page.getByRole('button', { name: '점검 실행' }).click();
  const payment = page.getByRole('region', { name: '모두 정상입니다' });
  await expect(payment).toContainText('내장 샌드박스 결제 (PAYMENT_PROVIDER=sandbox)');
  const paymentRows = payment.locator('tbody tr');
  await expect(paymentRows).toHaveCount(5);
  await expect(paymentRows.locator('.ic-status')).toHaveText(['정상', '정상', '정상', '정상', '정상']);
  await expect(paymentRows.last()).toContainText('결제 취소(CANCELLED)');

  // each run is in the audit trail
  await open(page, '/manager/audit?area=integration');
  await expect(page.locator('tr[data-action="integration.run"]').first()).toContainText('카드 결제');
  await context.close();
});

test('an administrator makes the Kakao login round trip from its check page, signing nobody in', async ({
  browser,
}) => {
  const context = await signedInContext(browser, ADMIN);
  const page = await context.newPage();
  await open(page, '/test/kakao-login');
  await page.getByRole('button', { name: '로그인 창 열 주소 만들기' }).click();
  await page.getByRole('link', { name: '카카오 로그인 창 열기' }).click();

  // the demo's consent page stands in for Kakao's
  await expect(page).toHaveURL(/\/api\/dev-oauth\/authorize/);
  await page.getByLabel('이름').fill('김카카오');
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();

  // back on the check page with code and state: the second run reads the profile (masked)
  await expect(page).toHaveURL(/\/test\/kakao-login\?.*code=/);
  await expect(page.getByText('제공자에게서 돌아왔습니다.')).toBeVisible();
  await page.getByRole('button', { name: '돌아온 결과 확인' }).click();
  const result = page.getByRole('region', { name: '모두 정상입니다' });
  await expect(result).toContainText('카카오가 회원 정보를 보냈습니다: 이름 김**오');
  await expect(result).toContainText('이 점검은 아무도 로그인시키지 않습니다.');
  await context.close();
});

test('a member is refused the integration checks', async ({ browser }) => {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('checks'));
  await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  const page = await context.newPage();
  await open(page, '/test/s3', 403);
  await open(page, '/manager/integration-checks', 403);
  const origin = new URL(page.url()).origin;
  const run = await page.request.post('/api/manager/integration-checks/s3', {
    headers: { Origin: origin },
    data: {},
  });
  expect(run.status()).toBe(403);
  await context.close();
});
