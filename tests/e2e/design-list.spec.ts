import { josa } from 'es-hangul';
import { addNode, newDesign, newTextNode } from '../../src/lib/design/document.ts';
import { updateSide } from '../../src/lib/design/sides.ts';
import { expect, open, SHOP_API_HEADERS, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser } from './support/members.ts';

/**
 * 내 디자인 (/mypage/design): a member's design saved through the API is listed with its preview,
 * product and saved date; it opens in the editor by id, is renamed, duplicated (the copy then
 * deleted after the confirm) and ordered, which puts a design line into the cart.
 */

const DESIGN_INPUT = '디자인 번호';

test('a member manages and orders a saved design on /mypage/design', async ({ page }) => {
  const account = await createMember(page.request);
  await loginInBrowser(page, account);

  const name = `내 디자인 ${Date.now().toString(36)}`;
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text: '포도 방진패드', fontFamily: 'doHyeon' })),
  );
  // a cookie session's write needs the shop's own Origin (CSRF check)
  const saved = await page.request.post('/api/custom/dampener', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    params: { memberId: account.memberId },
    data: { dampenerPostData: { productNo: 100005, name, design: doc } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { designId, previewUrls } = (
    (await saved.json()) as {
      data: { designId: string; previewUrls: { front: string | null } };
    }
  ).data;
  expect(previewUrls.front).toBeTruthy();

  // the list, reached from the my page menu
  await open(page, '/mypage/order');
  await page
    .getByRole('navigation', { name: '마이페이지 메뉴' })
    .getByRole('link', { name: '내 디자인' })
    .click();
  await expect(page).toHaveURL(/\/mypage\/design$/);
  await expect(page.getByRole('heading', { level: 1, name: '내 디자인' })).toBeVisible();
  await hydrated(page);
  const list = page.getByRole('list', { name: '내 디자인 목록' });
  const item = list.locator(`[data-design-id="${designId}"]`);
  await expect(item.getByRole('heading', { name })).toBeVisible();
  await expect(item.getByRole('img', { name: `${name} 앞면 미리보기` })).toHaveAttribute(
    'src',
    previewUrls.front!,
  );
  await expect(item.locator('time')).toHaveText(/^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}$/);

  // 열기: the product's editor with the design loaded by id
  const openLink = item.getByRole('link', { name: `열기 (${name})` });
  await expect(openLink).toHaveAttribute('href', new RegExp(`/customize\\?design=${designId}$`));
  const editorHref = (await openLink.getAttribute('href'))!;

  // 이름 변경
  const renamed = `${name} 새 이름`;
  await item.getByRole('button', { name: `이름 변경 (${name})`, exact: true }).click();
  await item.getByLabel('새 디자인 이름').fill(renamed);
  await item.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.locator('.mp-live')).toContainText(
    `디자인 이름을 '${renamed}'${josa.pick(renamed, '으로/로')} 바꿨습니다.`,
  );
  await expect(item.getByRole('heading', { name: renamed })).toBeVisible();

  // 복제: a copy "… (사본)" on top of the list
  await item.getByRole('button', { name: `복제 (${renamed})`, exact: true }).click();
  const copyName = `${renamed} (사본)`;
  const copy = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: copyName }) });
  await expect(copy).toHaveCount(1);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('data-design-id', /.+/);
  expect(await list.getByRole('listitem').first().getAttribute('data-design-id')).not.toBe(designId);

  // 삭제 of the copy, after the confirm
  await copy.getByRole('button', { name: `삭제 (${copyName})`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '디자인 삭제' });
  await expect(dialog).toContainText(copyName);
  await dialog.getByRole('button', { name: '삭제', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.mp-live')).toContainText(`'${copyName}' 디자인을 삭제했습니다.`);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // the server agrees, also after a reload
  const mine = await page.request.get('/api/custom/dampener', {
    headers: SHOP_API_HEADERS,
    params: { memberId: account.memberId },
  });
  const designs = ((await mine.json()) as { data: { designId: string; name: string }[] }).data;
  expect(designs.map((d) => [d.designId, d.name])).toEqual([[designId, renamed]]);

  // the editor opens the saved design by id
  await open(page, editorHref);
  await expect(page.getByRole('list', { name: '레이어 목록 (위가 앞)' })).toContainText('포도 방진패드');

  // 주문하기: a design line in the member cart, then /cart
  await open(page, '/mypage/design');
  await hydrated(page);
  await page.getByRole('button', { name: `주문하기 (${renamed})`, exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = await page.request.get('/shop-api/cart', { headers: SHOP_API_HEADERS });
  expect(cart.status()).toBe(200);
  const body = (await cart.json()) as {
    deliveryGroups: {
      orderProducts: {
        productNo: number;
        orderProductOptions: {
          optionInputs: { inputLabel: string; inputValue: string }[];
          extra?: { design: { designId: string; name: string } | null };
        }[];
      }[];
    }[];
  };
  const lines = body.deliveryGroups.flatMap((g) =>
    g.orderProducts.flatMap((p) => p.orderProductOptions.map((o) => ({ productNo: p.productNo, ...o }))),
  );
  const line = lines.find((l) => l.optionInputs.some((i) => i.inputLabel === DESIGN_INPUT));
  expect(line, '장바구니에 디자인 줄이 없습니다').toBeTruthy();
  expect(line!.productNo).toBe(100005);
  expect(line!.optionInputs).toContainEqual(
    expect.objectContaining({ inputLabel: DESIGN_INPUT, inputValue: designId }),
  );
  expect(line!.extra?.design?.name).toBe(renamed);
});
