import { expect, open, test } from './support/fixtures.ts';

test('the home page is served in Korean', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
});

test('an unknown address gives the not-found page with status 404', async ({ page }) => {
  await open(page, '/this-page-does-not-exist', 404);
  await expect(page.getByRole('heading', { name: '요청하신 페이지를 찾을 수 없습니다' })).toBeVisible();
});
