import { expect, test } from './support/fixtures.ts';
import { hydrated } from './support/members.ts';
import { openCounter, signIn, won } from './support/pos.ts';

/**
 * Closing the counter's shift with its Z report (issue 14, Done when). It runs after every other
 * spec (its own Playwright project, playwright.config.ts), since the other specs sell at the same
 * store's open shift.
 */

test('close the shift: counted cash against expected, and the Z report', async ({ page, context }) => {
  await signIn(context);
  await openCounter(page);
  await page.getByRole('link', { name: '영업 마감' }).click();
  await expect(page).toHaveURL('/test/pos/shift');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'X 리포트 (중간 점검)' })).toBeVisible();
  await expect(page.getByTestId('zreport-sale-count')).not.toHaveText('0건');

  await page.getByRole('button', { name: '영업 마감하고 Z 리포트 보기' }).click();
  await expect(page.getByText('서랍에서 센 현금을 입력해 주세요')).toBeVisible();
  await page.getByLabel('서랍에서 센 현금(원)').fill('123456');
  await page.getByLabel('마감 메모 (선택)').fill('e2e 마감');
  await page.getByRole('button', { name: '영업 마감하고 Z 리포트 보기' }).click();

  await expect(page).toHaveURL(/\/test\/pos\/shift\?shiftNo=\d+&closed=1/);
  await expect(page.getByRole('heading', { name: 'Z 리포트 (영업 마감)' })).toBeVisible();
  await expect(page.getByTestId('zreport-counted')).toHaveText(won(123_456));
  const expected = Number((await page.getByTestId('zreport-expected').textContent())!.replace(/\D/g, ''));
  const diff = 123_456 - expected;
  await expect(page.getByTestId('zreport-difference')).toContainText(won(Math.abs(diff)));
  await expect(page.getByText('메모: e2e 마감')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Z 리포트 인쇄' })).toBeVisible();
});
