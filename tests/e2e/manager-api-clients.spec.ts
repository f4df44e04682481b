import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, signedInContext, uniqueAccount } from './support/members.ts';

/**
 * Registered API clients (issue 17, decision 032): an administrator registers a storefront's
 * clientId and origin on /manager/api-clients, sees it in the list and in the audit trail, and
 * stops it; a member is refused the page and its API.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

test('an administrator registers a storefront, stops it, and finds the change in the audit trail', async ({
  browser,
}) => {
  const context = await signedInContext(browser, ADMIN);
  const page = await context.newPage();
  await open(page, '/manager/api-clients');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'API 클라이언트', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: 'API 클라이언트' }),
  ).toHaveAttribute('aria-current', /page|true/);

  const clientId = `skin-${Date.now().toString(36)}`;
  const form = page.getByRole('region', { name: 'API 클라이언트 등록' });
  // a path is not an origin: said next to the field, in Korean
  await form.getByLabel('clientId').fill(clientId);
  await form.getByLabel('이름').fill('브랜드 스킨');
  await form.getByLabel('허용할 출처').fill('https://skin.example.com/shop');
  await form.getByRole('button', { name: '등록' }).click();
  await expect(form.getByLabel('허용할 출처')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toContainText('경로 없이 입력해 주세요');

  await form.getByLabel('허용할 출처').fill('https://skin.example.com');
  await form.getByRole('button', { name: '등록' }).click();
  await expect(form.getByRole('status')).toHaveText(`${clientId}를 등록했습니다.`);
  const table = page.getByRole('table', { name: '등록된 API 클라이언트' });
  const row = table.getByRole('row').filter({ hasText: clientId });
  await expect(row).toContainText('https://skin.example.com');
  await expect(row).toContainText('사용 중');

  // its edit panel (the back office's shared add/edit panel): the heading takes the keyboard, the
  // name is saved, 닫기 gives the keyboard back to the row's 수정
  await row.getByRole('button', { name: `${clientId} 수정` }).click();
  const edit = page.getByRole('region', { name: `${clientId} 수정` });
  await expect(edit.getByRole('heading', { name: `${clientId} 수정` })).toBeFocused();
  await expect(edit.getByLabel('허용할 출처')).toHaveValue('https://skin.example.com');
  await edit.getByLabel('이름').fill('브랜드 스킨 모바일');
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(row).toContainText('브랜드 스킨 모바일');
  await edit.getByRole('button', { name: '닫기' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByRole('button', { name: `${clientId} 수정` })).toBeFocused();

  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: `${clientId} 사용 중지` }).click();
  await expect(row).toContainText('사용 중지');
  await expect(row.getByRole('button', { name: `${clientId} 다시 사용` })).toBeFocused();

  await open(page, `/manager/audit?area=apiClient`);
  await expect(page.locator('tr[data-action="apiClient.stop"]').first()).toContainText(clientId);
  await expect(page.locator('tr[data-action="apiClient.create"]').first()).toContainText(clientId);
  await context.close();
});

test('a member is refused the API clients page and its API', async ({ browser }) => {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('apiclient'));
  await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  const page = await context.newPage();
  await open(page, '/manager/api-clients', 403);
  expect((await page.request.get('/api/manager/api-clients')).status()).toBe(403);
  await context.close();
});
