import sharp from 'sharp';
import { expect, open, test } from './support/fixtures.ts';
import { hydrated, loginInBrowser } from './support/members.ts';

/**
 * The display back office (issue 13): an administrator uploads a home banner with its link and
 * sees it on the home page at once; makes a manual section of two products, puts it on the home
 * page and sees it there.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

const bannerPng = (background: string) =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

test('an administrator adds a home banner with an image and a link; the home page shows it first', async ({
  page,
}) => {
  const name = `e2e 배너 ${Date.now().toString(36)}`;
  await page.goto('/manager/display');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fdisplay');
  await expect(page).toHaveURL('/manager/display');
  await expect(page.getByRole('heading', { name: '메인 배너', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '전시 관리 메뉴' })).toBeVisible();
  await hydrated(page);

  await page.getByRole('button', { name: '새 배너 추가' }).click();
  const form = page.getByRole('form', { name: '새 배너' });
  // the server refuses a script link; the message sits next to the field
  await form.getByLabel('배너 이름 (필수)').fill(name);
  await form.getByLabel('링크 (필수)').fill('javascript:alert(1)');
  await form.getByLabel('PC 이미지 (필수)').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await bannerPng('#2a9d8f'),
  });
  await form.getByRole('button', { name: '배너 추가' }).click();
  await expect(
    form.getByText('배너 링크는 /product/100001처럼 쇼핑몰 안의 주소나 https://로 시작하는 주소만'),
  ).toBeVisible();
  await expect(form.getByLabel('링크 (필수)')).toHaveAttribute('aria-invalid', 'true');

  // a period that ends before it starts is marked at its end (Seoul time, both optional)
  await form.getByLabel('링크 (필수)').fill('/custom-products');
  await form.getByLabel('시작 일시').fill('2026-12-01T09:00');
  await form.getByLabel('종료 일시').fill('2026-11-30T09:00');
  await form.getByRole('button', { name: '배너 추가' }).click();
  await expect(form.getByText('노출 종료 일시는 시작 일시보다 뒤여야 합니다.')).toBeVisible();
  await expect(form.getByLabel('종료 일시')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText('표시된 항목을 고친 뒤 다시 저장해 주세요.');
  await form.getByLabel('시작 일시').fill('');
  await form.getByLabel('종료 일시').fill('');
  await form.getByRole('button', { name: '배너 추가' }).click();
  await expect(page.getByText(`'${name}' 배너를 저장했습니다.`)).toBeVisible();

  // last in the group; 위로 until it is first (each move is saved at once)
  const list = page.getByRole('list', { name: '배너 순서' });
  const rows = list.getByRole('listitem');
  const count = await rows.count();
  for (let i = 0; i < count - 1; i++) {
    await list.getByRole('button', { name: `${name} 위로` }).click();
    await expect(page.getByText(`'${name}' 배너를 ${count - 1 - i}번째로 옮겼습니다.`)).toBeVisible();
  }
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText('노출 중');

  await open(page, '/');
  const firstSlide = page.locator('[data-carousel] [aria-roledescription="slide"]').first();
  await expect(firstSlide).toHaveAttribute('aria-label', new RegExp(`1번째: ${name}$`));
  const link = firstSlide.getByRole('link');
  await expect(link).toHaveAttribute('href', '/custom-products');
  await expect(link.locator('img')).toHaveAttribute(
    'src',
    /\/uploads\/catalog\/managed\/banners\/.+-1280w\.webp$/,
  );

  // a second administrator saves the banner first: this form is told, and offers to read it again
  await open(page, '/manager/display');
  await hydrated(page);
  await page.getByRole('button', { name: `수정 ${name}` }).click();
  const editForm = page.getByRole('form', { name: new RegExp(name) });
  const { banners } = (await (await page.request.get('/api/manager/display/banners')).json()) as {
    banners: { bannerNo: number; name: string; version: number; landingUrl: string }[];
  };
  const saved = banners.find((b) => b.name === name)!;
  const other = await page.request.patch(`/api/manager/display/banners/${saved.bannerNo}`, {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      version: saved.version,
      name,
      description: '',
      landingUrl: '/best',
      newWindow: false,
      visible: true,
      displayStart: null,
      displayEnd: null,
    },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await editForm.getByLabel('링크 (필수)').fill('/new');
  await editForm.getByRole('button', { name: '저장', exact: true }).click();
  await expect(editForm.getByRole('alert')).toContainText('다른 관리자가 먼저 저장한 내용이 있습니다.');
  await editForm.getByRole('button', { name: '새로 불러오기' }).click();
  await hydrated(page);
  await page.getByRole('button', { name: `수정 ${name}` }).click();
  await expect(page.getByRole('form', { name: new RegExp(name) }).getByLabel('링크 (필수)')).toHaveValue(
    '/best',
  );

  // tidy up: the banner and its files go
  await open(page, '/manager/display');
  await hydrated(page);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `삭제 ${name}` }).click();
  await expect(page.getByText(`'${name}' 배너를 삭제했습니다.`)).toBeVisible();
  await open(page, '/');
  await expect(page.locator('[data-carousel]')).not.toContainText(name);
});

test('an administrator makes a manual section of two products and puts it on the home page', async ({
  page,
}) => {
  const label = `e2e 추천 ${Date.now().toString(36)}`;
  await page.goto('/manager/display/sections');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fdisplay%2Fsections');
  await expect(page.getByRole('heading', { name: '상품 진열', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '새 섹션 만들기' }).click();
  await expect(page).toHaveURL('/manager/display/sections/new');
  await hydrated(page);

  await page.getByLabel('섹션 이름 (필수)').fill(label);
  await page.getByLabel('설명').fill('e2e가 고른 상품');
  await page.getByRole('checkbox', { name: '홈 화면에 노출' }).check();
  await page.getByRole('button', { name: '섹션 만들기' }).click();
  await expect(page).toHaveURL(/\/manager\/display\/sections\/\d+\?created=1$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `${label} 섹션`, level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: '상품 찾기' }).fill('매트');
  await page.getByRole('button', { name: '검색', exact: true }).click();
  const results = page.getByRole('list', { name: '검색 결과' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  const picked: string[] = [];
  for (const row of (await results.all()).slice(0, 4)) {
    if (picked.length === 2) break;
    // a product the shop lists now, so the home page shows it
    if ((await row.textContent())?.includes('지금 쇼핑몰에 보이지 않는 상품')) continue;
    picked.push((await row.locator('.dm-name').textContent()) ?? '');
    await row.getByRole('button', { name: /^추가/ }).click();
  }
  expect(picked).toHaveLength(2);
  const chosen = page.getByRole('list', { name: '진열 상품 순서' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  // the second first, by keyboard-usable buttons
  await chosen.getByRole('button', { name: `${picked[1]} 위로` }).click();
  await page.getByRole('button', { name: '상품 목록 저장' }).click();
  await expect(page.getByText('상품 2개를 저장했습니다. 쇼핑몰에 바로 보입니다.')).toBeVisible();

  const editor = new URL(page.url()).pathname;
  await open(page, '/');
  const section = page.getByRole('region', { name: label });
  await expect(section).toBeVisible();
  await expect(section.getByText('e2e가 고른 상품')).toBeVisible();
  const cards = section.locator('.product-grid > li');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(picked[1]!);
  await expect(cards.nth(1)).toContainText(picked[0]!);

  // tidy up: off the home page again
  await open(page, editor);
  await hydrated(page);
  await page.getByRole('checkbox', { name: '홈 화면에 노출' }).uncheck();
  await page.getByRole('button', { name: '설정 저장' }).click();
  await expect(page.getByText(`'${label}' 섹션을 저장했습니다.`)).toBeVisible();
  await open(page, '/');
  await expect(page.getByRole('region', { name: label })).toHaveCount(0);

  // the list of sections: a move is saved and said at once; a delete is said and takes the focus
  await open(page, '/manager/display/sections');
  await hydrated(page);
  await page.getByRole('button', { name: `${label} 위로` }).click();
  await expect(page.getByText(new RegExp(`^'${label}' 섹션을 \\d+번째로 옮겼습니다\\.$`))).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `삭제 ${label}` }).click();
  const done = page.getByText(`'${label}' 섹션을 삭제했습니다.`);
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(page.getByRole('button', { name: `삭제 ${label}` })).toHaveCount(0);
});
