import sharp from 'sharp';
import { expect, open, shopApi, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser } from './support/members.ts';

/**
 * The catalogue's setup editors (issue 13): categories, brands, partners and delivery templates.
 * Each change shows in the shop on the next request. The specs make their own rows (other specs
 * read the demo catalogue at the same time) and leave the demo's rows as they were.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
const stamp = () => Date.now().toString(36).slice(-5);

interface ShopCategory {
  categoryNo: number;
  label: string;
  children: ShopCategory[];
}
const labelsOf = (nodes: ShopCategory[]): string[] =>
  nodes.flatMap((n) => [n.label, ...labelsOf(n.children)]);

test('an administrator builds a small category tree, renames, reorders, hides and deletes; the shop follows at once', async ({
  page,
  request,
}) => {
  const s = stamp();
  const top = `e2e 분류 ${s}`;
  const [first, second, renamed] = [`첫째 ${s}`, `둘째 ${s}`, `두 번째 ${s}`];
  // the page's timers on a clock the test can hold (it runs as usual until then)
  await page.clock.install();
  await page.goto('/manager/categories');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fcategories');
  await expect(page).toHaveURL('/manager/categories');
  await expect(page.getByRole('heading', { name: '카테고리 관리', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '분류·브랜드·배송 메뉴' })).toBeVisible();
  await hydrated(page);

  await page.getByLabel('맨 위 카테고리 추가').fill(top);
  await page.getByRole('button', { name: '추가', exact: true }).first().click();
  await expect(page.getByText(`'${top}' 카테고리를 추가했습니다.`)).toBeVisible();

  for (const child of [first, second]) {
    await page.getByRole('button', { name: `'${top}' 하위 추가` }).click();
    // the panel takes the focus to its field
    await expect(page.getByLabel(`'${top}' 아래에 추가할 카테고리 이름`)).toBeFocused();
    await page.getByLabel(`'${top}' 아래에 추가할 카테고리 이름`).fill(child);
    await page.getByRole('button', { name: '추가', exact: true }).nth(1).click();
    await expect(page.getByText(`'${child}' 카테고리를 추가했습니다.`)).toBeVisible();
  }
  const children = page.getByRole('list', { name: `${top}의 하위 카테고리` });
  await expect(children.getByRole('listitem')).toHaveCount(2);

  // a name the same parent already has is refused next to the field
  await page.getByRole('button', { name: `'${second}' 이름 바꾸기` }).click();
  await page.getByLabel('새 이름').fill(first);
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText(`같은 위치에 '${first}' 카테고리가 이미 있습니다.`).first()).toBeVisible();
  await expect(page.getByLabel('새 이름')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('새 이름').fill(renamed);
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText(`카테고리 이름을 '${renamed}'로 바꿨습니다.`)).toBeVisible();

  // keyboard reorder: lift, one up, drop
  const handle = page.getByRole('button', { name: `'${renamed}' 순서 바꾸기 손잡이` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  // dnd-kit's own live region reads out where it is now
  await expect(page.getByText(`'${renamed}': 1번째 자리입니다.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(`'${renamed}' 카테고리를 1번째로 옮겼습니다.`)).toBeVisible();
  await expect(children.getByRole('listitem').first()).toContainText(renamed);
  // and back with the button
  await page.getByRole('button', { name: `'${renamed}' 아래로 옮기기` }).click();
  await expect(page.getByText(`'${renamed}' 카테고리를 2번째로 옮겼습니다.`)).toBeVisible();
  // an arrow that reaches the page before the timer the lift set has run (a busy page hands queued
  // keys over before it runs timers) still moves the row; Esc then puts it back
  await handle.focus();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`'${renamed}': 1번째 자리입니다.`)).toBeAttached();
  await page.clock.resume();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`'${renamed}' 옮기기를 취소했습니다.`)).toBeAttached();
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');

  const shop = await shopApi<{ multiLevelCategories: ShopCategory[] }>(request, 'categories');
  const mine = shop.multiLevelCategories.find((c) => c.label === top);
  expect(mine?.children.map((c) => c.label)).toEqual([first, renamed]);
  await open(page, '/');
  await expect(page.getByRole('link', { name: top }).first()).toBeAttached();

  // hidden: gone from the shop's tree
  await open(page, '/manager/categories');
  await hydrated(page);
  await page.getByRole('button', { name: `'${top}' 숨기기` }).click();
  await expect(page.getByText(`'${top}' 카테고리를 숨겼습니다.`)).toBeVisible();
  const after = await shopApi<{ multiLevelCategories: ShopCategory[] }>(request, 'categories');
  expect(labelsOf(after.multiLevelCategories)).not.toContain(top);
  expect(labelsOf(after.multiLevelCategories)).not.toContain(first);

  // a parent with children is not deleted; empty children are
  page.on('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `'${top}' 삭제` }).click();
  await expect(
    page.getByText(`'${top}' 카테고리에 하위 카테고리가 2개 있어 삭제할 수 없습니다.`).first(),
  ).toBeVisible();
  for (const child of [first, renamed]) {
    await page.getByRole('button', { name: `'${child}' 삭제` }).click();
    await expect(page.getByText(`'${child}' 카테고리를 삭제했습니다.`).first()).toBeVisible();
  }
  await page.getByRole('button', { name: `'${top}' 삭제` }).click();
  await expect(page.getByText(`'${top}' 카테고리를 삭제했습니다.`).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `'${top}' 삭제` })).toHaveCount(0);
});

test('an administrator adds a brand with a logo; the shop finds it by name', async ({ page, request }) => {
  const name = `e2e 브랜드 ${stamp()}`;
  await page.goto('/manager/brands');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fbrands');
  await hydrated(page);
  const add = page.getByRole('region', { name: '브랜드 추가' });
  await add.getByRole('button', { name: '추가' }).click();
  await expect(add.getByText('브랜드 이름을 입력해 주세요.').first()).toBeVisible();
  await expect(add.getByLabel('브랜드 이름 (필수)')).toHaveAttribute('aria-invalid', 'true');
  await add.getByLabel('브랜드 이름 (필수)').fill(name);
  await add.getByLabel('영문 이름').fill('E2E BRAND');
  await add.getByRole('button', { name: '추가' }).click();
  await expect(add.getByText(`'${name}' 브랜드를 추가했습니다.`)).toBeVisible();

  await page.getByRole('button', { name: `'${name}' 브랜드 수정` }).click();
  const edit = page.getByRole('region', { name: `'${name}' 브랜드 수정` });
  await expect(edit.getByRole('heading')).toBeFocused();
  await edit.getByLabel('로고 이미지').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 300, height: 120, channels: 3, background: '#6b2bd9' } })
      .png()
      .toBuffer(),
  });
  await expect(edit.getByText(`'${name}' 로고를 올렸습니다.`)).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} 로고` })).toBeVisible();

  const found = await shopApi<unknown>(request, 'display/brands/search', { brandName: name });
  expect(JSON.stringify(found)).toContain(name);

  // closing the panel gives the keyboard back to the row's 수정; a delete is said above the list
  const editButton = page.getByRole('button', { name: `'${name}' 브랜드 수정` });
  await edit.getByRole('button', { name: '닫기' }).click();
  await expect(edit).toHaveCount(0);
  await expect(editButton).toBeFocused();
  await expect(editButton).toHaveAttribute('aria-expanded', 'false');
  await editButton.click();
  page.once('dialog', (d) => void d.accept());
  await edit.getByRole('button', { name: '브랜드 삭제' }).click();
  const notice = page.getByRole('region', { name: /브랜드 목록/ }).getByRole('status');
  await expect(notice).toHaveText(`'${name}' 브랜드를 삭제했습니다.`);
  await expect(notice).toBeFocused();
  await expect(editButton).toHaveCount(0);
});

test('an administrator adds, renames and deletes a partner; the shop’s own partner cannot be deleted', async ({
  page,
}) => {
  const name = `e2e 거래처 ${stamp()}`;
  await page.goto('/manager/partners');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fpartners');
  await hydrated(page);
  const add = page.getByRole('region', { name: '거래처 추가' });
  await add.getByRole('button', { name: '추가' }).click();
  const nameField = add.getByLabel('거래처 이름 (필수)');
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toBeFocused();
  await expect(nameField).toHaveAccessibleDescription(/입력해 주세요/);
  await nameField.fill(name);
  await add.getByRole('button', { name: '추가' }).click();
  await expect(add.getByRole('status')).toHaveText(`'${name}' 거래처를 추가했습니다.`);
  await expect(nameField).toHaveValue('');

  // the edit panel takes the keyboard; a rename is said with the right particle
  const editButton = page.getByRole('button', { name: `'${name}' 거래처 수정` });
  await editButton.click();
  const edit = page.getByRole('region', { name: `'${name}' 거래처 수정` });
  await expect(edit.getByRole('heading')).toBeFocused();
  const renamed = `${name} 상사`;
  await edit.getByLabel('거래처 이름 (필수)').fill(renamed);
  await edit.getByRole('button', { name: '저장' }).click();
  const editRenamed = page.getByRole('region', { name: `'${renamed}' 거래처 수정` });
  await expect(editRenamed.getByRole('status')).toHaveText(`거래처 이름을 '${renamed}'로 바꿨습니다.`);
  await expect(editRenamed.getByLabel('거래처 이름 (필수)')).toHaveValue(renamed);

  page.once('dialog', (d) => {
    expect(d.message()).toBe(`'${renamed}' 거래처를 삭제할까요? 되돌릴 수 없습니다.`);
    void d.accept();
  });
  await editRenamed.getByRole('button', { name: '거래처 삭제' }).click();
  const notice = page.getByRole('region', { name: /거래처 목록/ }).getByRole('status');
  await expect(notice).toHaveText(`'${renamed}' 거래처를 삭제했습니다.`);
  await expect(notice).toBeFocused();
  await expect(page.getByRole('button', { name: `'${renamed}' 거래처 수정` })).toHaveCount(0);

  // the shop's own partner (자사) has no delete; 닫기 gives the keyboard back to its 수정
  const own = page.getByRole('row').filter({ hasText: '자사' });
  const ownEdit = own.getByRole('button', { name: /거래처 수정$/ });
  await ownEdit.click();
  const ownPanel = page.getByRole('region', { name: /거래처 수정$/ });
  await expect(ownPanel.getByRole('button', { name: '저장' })).toBeVisible();
  await expect(ownPanel.getByRole('button', { name: '거래처 삭제' })).toHaveCount(0);
  await ownPanel.getByRole('button', { name: '닫기' }).click();
  await expect(ownPanel).toHaveCount(0);
  await expect(ownEdit).toBeFocused();
});

test('an administrator makes a delivery template with postcode ranges; overlaps are refused by row', async ({
  page,
}) => {
  const name = `e2e 배송 ${stamp()}`;
  await page.goto('/manager/delivery-templates/new');
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager%2Fdelivery-templates%2Fnew');
  await hydrated(page);
  await page.getByLabel('템플릿 이름 (필수)').fill(name);
  await page.getByLabel('택배사').selectOption({ label: '한진택배' });
  await page.getByRole('radio', { name: '유료 배송(고정 금액)' }).check();
  await page.getByLabel('기본 배송비 (원) (필수)').fill('3500');
  for (const [from, to, fee] of [
    ['63000', '63644', '5000'],
    ['63600', '63700', '6000'],
  ] as const) {
    await page.getByRole('button', { name: '구간 추가' }).click();
    const row = page.getByRole('group', { name: `${from === '63000' ? 1 : 2}번째 구간` });
    await row.getByLabel('시작 우편번호').fill(from);
    await row.getByLabel('끝 우편번호').fill(to);
    await row.getByLabel('추가 배송비 (원)').fill(fee);
  }
  await page.getByRole('button', { name: '템플릿 만들기' }).click();
  const second = page.getByRole('group', { name: '2번째 구간' });
  await expect(
    second.getByText('2번째 구간(63600~63700)이 1번째 구간(63000~63644)과 겹칩니다.'),
  ).toBeVisible();
  await expect(second.getByLabel('시작 우편번호')).toHaveAttribute('aria-invalid', 'true');

  await second.getByLabel('시작 우편번호').fill('63645');
  await page.getByRole('button', { name: '템플릿 만들기' }).click();
  await expect(page).toHaveURL(/\/manager\/delivery-templates\/\d+\?created=1$/);
  await expect(page.getByText('템플릿을 만들었습니다.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `배송비 템플릿: ${name}` })).toBeVisible();

  await open(page, '/manager/delivery-templates');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('한진택배');
  await expect(row).toContainText('구간 2개 (5,000원~6,000원)');
  await row.getByRole('link', { name }).click();
  await hydrated(page);
  page.on('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: '템플릿 삭제' }).click();
  await expect(page).toHaveURL('/manager/delivery-templates?deleted=1');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a member is refused the setup pages', async ({ page, request }) => {
  const member = await createMember(request);
  await page.goto('/login');
  await loginInBrowser(page, member);
  for (const path of [
    '/manager/categories',
    '/manager/brands',
    '/manager/partners',
    '/manager/delivery-templates',
  ]) {
    await open(page, path, 403);
    await expect(page.getByRole('heading', { name: '권한이 없습니다' })).toBeVisible();
  }
});
