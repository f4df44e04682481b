import { expect, open, test } from './support/fixtures.ts';

/**
 * The specification's other editor routes (issue 18): `/shop/template/editor` without a template
 * opens a blank design, `/canvas1` and `/konva` open the editor on the round and the square template.
 */

const toolbar = (page: import('@playwright/test').Page) => page.getByRole('toolbar', { name: '편집 도구' });
const layers = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: /레이어 목록/ }).getByRole('listitem');

test('/shop/template/editor without a template opens a blank round design', async ({ page }) => {
  await open(page, '/shop/template/editor');
  await expect(toolbar(page)).toBeVisible();
  await expect(page.getByText(/원형 방진패드 지름 10cm · /)).toBeVisible();
  await expect(layers(page)).toHaveCount(0);
  // an unknown template is still not found
  await open(page, '/shop/template/editor?template=no-such-template', 404);
});

test('/canvas1 opens the round template and /konva the square one', async ({ page }) => {
  await open(page, '/canvas1');
  await expect(toolbar(page)).toBeVisible();
  await expect(page.getByText(/원형 방진패드 지름 10cm · /)).toBeVisible();
  await expect(layers(page)).toHaveCount(0);

  await open(page, '/konva');
  await expect(toolbar(page)).toBeVisible();
  await expect(page.getByText(/사각 방진패드 100 x 100mm · /)).toBeVisible();
  await expect(layers(page)).toHaveCount(0);
});

test('the hourly build check offers to reload after a deploy, and the reload keeps the draft design', async ({
  page,
}) => {
  await page.clock.install();
  await open(page, '/konva');
  await expect(toolbar(page)).toBeVisible();
  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  await expect(layers(page)).toHaveCount(1);

  const banner = page.getByRole('status').filter({ hasText: '새 버전이 있습니다' });
  // the same build: an hour passes, nothing is offered
  await page.clock.fastForward('01:00:01');
  await expect(
    page.getByRole('status').filter({ has: page.getByRole('button', { name: '새로고침' }) }),
  ).toHaveCount(0);

  // a new build is deployed
  await page.route('**/api/version', (route) =>
    route.fulfill({ json: { version: 'a-newer-build' }, headers: { 'Cache-Control': 'no-store' } }),
  );
  await page.clock.fastForward('01:00:01');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: '새로고침' }).click();
  await page.waitForLoadState('load');
  await expect(toolbar(page)).toBeVisible();
  await expect(layers(page)).toHaveCount(1);
});
