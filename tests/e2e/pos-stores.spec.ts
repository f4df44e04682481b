import { expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser, uniqueAccount } from './support/members.ts';
import { makeStaff, openCounter } from './support/pos.ts';

/**
 * Stores (issue 14, decision 018): the owner adds a store in the back office and lets a staff
 * member sell at two stores; the staff member picks the new store after signing in, sees it in the
 * counter's bar, opens its shift, and switches back with 매장 변경 while that shift stays open.
 *
 * Other specs sell at store 1 with the demo staff member meanwhile: this spec uses its own staff
 * member and never opens, closes or sells in store 1's shift.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

test('the owner adds a store and assigns a staff member, who picks it at the counter and switches back', async ({
  page,
  browser,
}) => {
  const storeName = `성수${Date.now().toString(36).slice(-4)}점`;
  const account = { ...uniqueAccount('posst'), memberName: '이매장' };
  await createMember(page.request, account);
  await makeStaff(account.memberId);

  // ---------------------------------------------------------------- the owner, /manager/stores
  await page.goto('/manager/stores');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fstores');
  await expect(page).toHaveURL('/manager/stores');
  await hydrated(page);
  await expect(
    page.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '매장 관리' }),
  ).toHaveAttribute('aria-current', 'page');
  const add = page.getByRole('region', { name: '매장 추가' });
  await add.getByLabel('매장 이름 (필수)').fill(storeName);
  await add.getByLabel('사업자등록번호').fill('123-45-67890');
  await add.getByLabel('전화번호').fill('0212345678');
  await add.getByRole('button', { name: '매장 추가' }).click();
  // the check digit is wrong: said beside the field, which takes the focus
  const businessNo = add.getByLabel('사업자등록번호');
  await expect(businessNo).toHaveAttribute('aria-invalid', 'true');
  await expect(businessNo).toBeFocused();
  await expect(businessNo).toHaveAccessibleDescription(/올바른 사업자등록번호가 아닙니다/);
  await businessNo.fill('123-45-67891');
  await add.getByRole('button', { name: '매장 추가' }).click();
  await expect(add.getByRole('status')).toHaveText(`'${storeName}' 매장을 추가했습니다.`);
  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row).toContainText('123-45-67891');
  await expect(row).toContainText('02-1234-5678');
  await expect(row).toContainText('운영 중');
  await expect(row).toContainText('영업 전');

  const assignment = page.getByRole('group', { name: new RegExp(account.memberId) });
  await expect(assignment.getByRole('checkbox', { name: '본점' })).toBeChecked();
  await assignment.getByRole('checkbox', { name: storeName }).check();
  await page.getByRole('button', { name: '이매장 님 판매 매장 저장' }).click();
  await expect(page.getByText(`이매장 님의 판매 매장을 본점, ${storeName}으로 저장했습니다.`)).toBeVisible();

  // ---------------------------------------------------------------- the staff member, the counter
  const context = await browser.newContext();
  const counter = await context.newPage();
  await open(counter, '/test/pos/login');
  await hydrated(counter);
  await counter.getByLabel('아이디 (필수)').fill(account.memberId);
  await counter.getByLabel('비밀번호 (필수)').fill(account.password);
  await counter.getByRole('button', { name: '직원 로그인' }).click();
  // two stores: the picker takes the keyboard
  const picker = counter.getByRole('group', { name: '판매할 매장' });
  await expect(picker).toBeVisible();
  await expect(counter.getByText('판매할 매장', { exact: true })).toBeFocused();
  await picker.getByRole('radio', { name: new RegExp(storeName) }).check();
  await counter.getByRole('button', { name: '이 매장에서 판매' }).click();
  await expect(counter).toHaveURL('/test/pos');
  await expect(
    counter.getByRole('banner').getByRole('link', { name: new RegExp(`^${storeName}`) }),
  ).toBeVisible();
  await openCounter(counter);
  await expect(counter.getByRole('banner')).toContainText(storeName);

  // the owner sees the new store's shift, and cannot stop the store while it is open
  await page.reload();
  await hydrated(page);
  await expect(row).toContainText('영업 중');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `'${storeName}' 매장 운영 중지` }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '영업 중이라 운영을 멈출 수 없습니다' }),
  ).toBeVisible();
  await expect(row).toContainText('운영 중');

  // back to store 1 with the keyboard: 매장 변경 in the bar; the new store's shift stays open
  const change = counter.getByRole('link', { name: /매장 변경/ });
  await change.focus();
  await counter.keyboard.press('Enter');
  await expect(counter).toHaveURL(/\/test\/pos\/store\?redirect=%2Ftest%2Fpos/);
  await hydrated(counter);
  const again = counter.getByRole('group', { name: '판매할 매장' });
  await expect(again.getByRole('radio', { name: new RegExp(`${storeName}.*영업 중`) })).toBeChecked();
  await again.getByRole('radio', { name: /본점/ }).check();
  await expect(counter.getByRole('status').filter({ hasText: '열린 채로' })).toContainText(
    `${storeName}의 영업은 열린 채로 남습니다`,
  );
  await counter.getByRole('button', { name: '이 매장에서 판매' }).click();
  await expect(counter).toHaveURL('/test/pos');
  await expect(counter.getByRole('banner').getByRole('link', { name: /^본점/ })).toBeVisible();
  await counter.getByRole('link', { name: /매장 변경/ }).click();
  await hydrated(counter);
  await expect(
    counter
      .getByRole('group', { name: '판매할 매장' })
      .getByRole('radio', { name: new RegExp(`${storeName}.*영업 중`) }),
  ).toBeVisible();
  await context.close();
});
