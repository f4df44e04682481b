import { josa } from 'es-hangul';
import { addNode, newDesign, newTextNode } from '../../src/lib/design/document.ts';
import { updateSide } from '../../src/lib/design/sides.ts';
import type { Page } from '@playwright/test';
import { expect, open, SHOP_API_HEADERS, shopApi, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser } from './support/members.ts';

/**
 * 내 디자인 (/mypage/design): a member's design saved through the API is listed with its preview,
 * product, option and saved date; it opens in the editor by id, is renamed, duplicated (the copy
 * then deleted after the confirm) and ordered, which puts a design line with the design's own option
 * into the cart. A design saved in the editor keeps every option chosen there, and ordering it from
 * my page orders exactly that option (issue 18); a design saved before options were kept is sent to
 * the editor to choose one.
 */

const DESIGN_INPUT = '디자인 번호';

interface CartLine {
  productNo: number;
  optionNo: number;
  optionValue: string;
  buyPrice: number;
  optionInputs: { inputLabel: string; inputValue: string }[];
  extra?: { design: { designId: string; name: string } | null };
}

/** The member cart's option lines, each with its product number. */
async function cartLines(page: Page): Promise<CartLine[]> {
  const cart = await page.request.get('/shop-api/cart', { headers: SHOP_API_HEADERS });
  expect(cart.status()).toBe(200);
  const body = (await cart.json()) as {
    deliveryGroups: {
      orderProducts: { productNo: number; orderProductOptions: Omit<CartLine, 'productNo'>[] }[];
    }[];
  };
  return body.deliveryGroups.flatMap((g) =>
    g.orderProducts.flatMap((p) => p.orderProductOptions.map((o) => ({ productNo: p.productNo, ...o }))),
  );
}

const designLineOf = (lines: CartLine[], designId: string) =>
  lines.find((l) => l.optionInputs.some((i) => i.inputLabel === DESIGN_INPUT && i.inputValue === designId));

/** The round dampener's option with these values ('색상|사이즈|두께|재질'). */
async function roundOption(page: Page, value: string) {
  const options = await shopApi<{ flatOptions: { optionNo: number; value: string; buyPrice: number }[] }>(
    page.request,
    'products/100005/options',
  );
  const found = options.flatOptions.find((o) => o.value === value);
  expect(found, `옵션 ${value}`).toBeTruthy();
  return found!;
}

test('a member manages and orders a saved design on /mypage/design', async ({ page }) => {
  const account = await createMember(page.request);
  await loginInBrowser(page, account);

  const name = `내 디자인 ${Date.now().toString(36)}`;
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text: '포도 방진패드', fontFamily: 'doHyeon' })),
  );
  const mint = await roundOption(page, '민트|10cm|2cm|고무');
  // a cookie session's write needs the shop's own Origin (CSRF check)
  const saved = await page.request.post('/api/custom/dampener', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    params: { memberId: account.memberId },
    data: { dampenerPostData: { productNo: 100005, optionNo: mint.optionNo, name, design: doc } },
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
  await expect(item.getByText('색상: 민트 / 사이즈: 10cm / 두께: 2cm / 재질: 고무')).toBeVisible();

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

  // 주문하기: a design line with the design's option in the member cart, then /cart
  await open(page, '/mypage/design');
  await hydrated(page);
  await page.getByRole('button', { name: `주문하기 (${renamed})`, exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = designLineOf(await cartLines(page), designId);
  expect(line, '장바구니에 디자인 줄이 없습니다').toBeTruthy();
  expect(line!.productNo).toBe(100005);
  expect(line!.optionNo).toBe(mint.optionNo);
  expect(line!.extra?.design?.name).toBe(renamed);
});

test('a design keeps the options chosen in the editor, and 내 디자인 orders exactly that option', async ({
  page,
}) => {
  const account = await createMember(page.request);
  await loginInBrowser(page, account);
  const white = await roundOption(page, '화이트|12cm|3cm|실리콘');
  expect(white.buyPrice).toBe(31_400);

  // designed in the editor as 화이트 / 12cm / 3cm / 실리콘
  await open(page, '/products/custom-round-dampener/customize');
  await expect(page.locator('.stage-box canvas').first()).toBeVisible();
  await page.getByLabel('색상', { exact: true }).selectOption('화이트');
  await page.getByLabel('사이즈', { exact: true }).selectOption('12cm');
  await page.getByLabel('두께', { exact: true }).selectOption('3cm');
  await page.getByLabel(/^재질/).selectOption('실리콘');
  await expect(page.locator('.editor-sub')).toContainText('31,400원');
  await page.getByRole('toolbar', { name: '편집 도구' }).getByRole('button', { name: '문구 추가' }).click();
  await page.getByLabel('문구', { exact: true }).fill('하얀 세탁기');
  await page.getByLabel('문구', { exact: true }).blur();
  const name = `흰 패드 ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: '디자인 저장', exact: true }).first().click();
  const saveDialog = page.getByRole('dialog', { name: '디자인 저장' });
  await expect(saveDialog).toContainText('색상: 화이트 / 사이즈: 12cm / 두께: 3cm / 재질: 실리콘');
  await saveDialog.getByLabel('디자인 이름').fill(name);
  await saveDialog.getByRole('button', { name: '디자인 저장' }).click();
  const cartDialog = page.getByRole('dialog', { name: '장바구니 담기' });
  await expect(cartDialog.getByText('디자인을 저장했습니다.')).toBeVisible();
  await cartDialog.getByRole('button', { name: '나중에 담기' }).click();

  // ordered from 내 디자인: the same option and price in the cart
  await open(page, '/mypage/design');
  await hydrated(page);
  const item = page
    .getByRole('list', { name: '내 디자인 목록' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
  const designId = (await item.getAttribute('data-design-id'))!;
  await item.getByRole('button', { name: `주문하기 (${name})`, exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = designLineOf(await cartLines(page), designId);
  expect(line, '장바구니에 디자인 줄이 없습니다').toBeTruthy();
  expect(line!.optionValue).toBe('화이트|12cm|3cm|실리콘');
  expect(line!.optionNo).toBe(white.optionNo);
  expect(line!.buyPrice).toBe(31_400);
  await expect(page.getByText('31,400원').first()).toBeVisible();

  // my page says which option the design is ordered with
  await open(page, '/mypage/design');
  await expect(page.getByText('색상: 화이트 / 사이즈: 12cm / 두께: 3cm / 재질: 실리콘')).toBeVisible();
});

test('a design saved without its option is sent to the editor to choose one before ordering', async ({
  page,
}) => {
  const account = await createMember(page.request);
  await loginInBrowser(page, account);
  const doc = updateSide(newDesign('round-dampener-120'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-120', { text: '옵션 없는 디자인', fontFamily: 'jua' })),
  );
  const name = `옛 디자인 ${Date.now().toString(36)}`;
  const saved = await page.request.post('/api/custom/dampener', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    params: { memberId: account.memberId },
    data: { dampenerPostData: { productNo: 100005, name, material: '실리콘', design: doc } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { designId } = ((await saved.json()) as { data: { designId: string } }).data;

  await open(page, '/mypage/design');
  await hydrated(page);
  const item = page.locator(`[data-design-id="${designId}"]`);
  await expect(item).toContainText('옵션을 고르지 않은 디자인입니다.');
  await expect(item.getByRole('button', { name: `주문하기 (${name})`, exact: true })).toHaveCount(0);
  const choose = item.getByRole('link', { name: `옵션 고르고 주문하기 (${name})` });
  await expect(choose).toHaveAttribute('href', new RegExp(`/customize\\?design=${designId}$`));
  await choose.click();

  // the editor asks for the option instead of guessing one
  await expect(page.locator('.stage-box canvas').first()).toBeVisible();
  await expect(page.getByText('이 디자인은 상품 옵션 없이 저장되었습니다.')).toBeVisible();
  await expect(page.getByLabel('색상', { exact: true })).toHaveValue('');
  // and the server refuses to guess for it: a cart line of this design needs its option first
  const some = await roundOption(page, '블랙|12cm|2cm|실리콘');
  const refused = await page.request.post('/shop-api/cart', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    data: [
      {
        productNo: 100005,
        optionNo: some.optionNo,
        orderCnt: 1,
        optionInputs: [{ inputLabel: DESIGN_INPUT, inputValue: designId }],
      },
    ],
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toMatch(/옵션/);
});
