import type { BrowserContext, Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser, uniqueAccount } from './support/members.ts';

/**
 * The design editor end to end (issue 7): a member designs a round dampener — Korean text typed
 * through a real IME composition in Do Hyeon, colours, an uploaded image — saves, reloads (the
 * draft comes back), and orders it into the cart; a guest goes through the guest guide to the guest
 * cart; a visitor's draft survives the login the guide starts; keyboard shortcuts; and no page but
 * the editor's loads Konva.
 */

const DESIGN_INPUT = '디자인 번호';

async function signIn(context: BrowserContext, memberId: string, password: string) {
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId, password },
  });
  expect(res.ok(), `login ${memberId}: ${res.status()}`).toBe(true);
}

/** A small real PNG, drawn by the browser. */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#5b2a86';
      g.fillRect(0, 0, w!, h!);
      g.fillStyle = '#ffd166';
      g.beginPath();
      g.arc(w! / 2, h! / 2, Math.min(w!, h!) / 3, 0, Math.PI * 2);
      g.fill();
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: '편집 도구' });
const layers = (page: Page) => page.getByRole('list', { name: /레이어 목록/ }).getByRole('listitem');
const textField = (page: Page) => page.getByLabel('문구', { exact: true });

async function editorReady(page: Page) {
  await expect(toolbar(page)).toBeVisible();
  await expect(page.locator('.stage-box canvas').first()).toBeVisible();
}

/** Types Korean the way an IME does: composition updates, then the committed syllable. */
async function typeWithIme(page: Page, syllables: { steps: string[]; commit: string }[]) {
  const cdp = await page.context().newCDPSession(page);
  for (const s of syllables) {
    for (const step of s.steps) {
      await cdp.send('Input.imeSetComposition', {
        text: step,
        selectionStart: step.length,
        selectionEnd: step.length,
      });
    }
    await cdp.send('Input.insertText', { text: s.commit });
  }
  await cdp.detach();
}

test('a member designs a round dampener, gets the draft back after a reload and orders it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('ed'));
  await signIn(context, account.memberId, account.password);
  const page = await context.newPage();

  await open(page, '/custom/dampener');
  await editorReady(page);
  await expect(page.getByRole('dialog', { name: '로그인 안내' })).toBeHidden();

  // material (the product option with its add price)
  await page.getByLabel(/^재질/).selectOption('실리콘');
  await expect(page.getByLabel(/^재질/).locator('option[value="실리콘"]')).toHaveText(/\+3,000원/);

  // text, edited in place through an IME: nothing reaches the design mid-syllable
  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  await expect(textField(page)).toHaveValue('문구를 입력하세요');
  await page.getByRole('application').focus();
  await page.keyboard.press('Enter');
  const overlay = page.getByLabel(/^문구 편집/);
  await expect(overlay).toBeFocused();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'ㅍ', selectionStart: 1, selectionEnd: 1 });
  await cdp.send('Input.imeSetComposition', { text: '포', selectionStart: 1, selectionEnd: 1 });
  await expect(overlay).toHaveValue('포');
  // mid-composition the design (shown by the properties field) still has the old text
  await expect(textField(page)).toHaveValue('문구를 입력하세요');
  await cdp.send('Input.insertText', { text: '포' });
  await cdp.detach();
  await expect(textField(page)).toHaveValue('포');
  await typeWithIme(page, [
    { steps: ['ㄷ', '도'], commit: '도' },
    { steps: [' '], commit: ' ' },
    { steps: ['ㅂ', '바', '방'], commit: '방' },
    { steps: ['ㅈ', '지', '진'], commit: '진' },
  ]);
  await overlay.press('Enter');
  await expect(overlay).toBeHidden();
  await expect(textField(page)).toHaveValue('포도 방진');
  await expect(layers(page).filter({ hasText: '포도 방진' })).toHaveCount(1);

  // Do Hyeon, loaded for the actual text before it is drawn
  await page.getByLabel('글꼴').selectOption({ label: '도현체' });
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('24px "Do Hyeon"', '포도 방진')))
    .toBe(true);

  // colours from the palettes, as labelled radio buttons
  await page
    .getByRole('group', { name: /^글자 색/ })
    .getByRole('radio', { name: '흰색' })
    .check();
  await page
    .getByRole('group', { name: /^배경색/ })
    .getByRole('radio', { name: '민트' })
    .check();
  await expect(page.getByRole('group', { name: /^배경색/ })).toContainText('민트');

  // an uploaded image: small, so the DPI warning shows
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'grape.png', mimeType: 'image/png', buffer: await pngOf(page, 200, 200) });
  await expect(layers(page).filter({ hasText: '이미지' })).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: '해상도가 낮아' })).toBeVisible();
  await page.getByRole('button', { name: '선명하게 인쇄되는 크기로 줄이기' }).click();
  await expect(page.getByText(/인쇄 해상도 \d+ DPI/)).toBeVisible();

  // save: the save modal, then the add-to-cart modal
  await page.getByRole('button', { name: '디자인 저장', exact: true }).first().click();
  const saveDialog = page.getByRole('dialog', { name: '디자인 저장' });
  await saveDialog.getByLabel('디자인 이름').fill('우리 집 세탁기');
  await saveDialog.getByRole('button', { name: '디자인 저장' }).click();
  const cartDialog = page.getByRole('dialog', { name: '장바구니 담기' });
  await expect(cartDialog.getByText('디자인을 저장했습니다.')).toBeVisible();
  await cartDialog.getByRole('button', { name: '나중에 담기' }).click();

  // the draft is stored, and comes back after a reload
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('podo:draft-design') ?? ''))
    .toMatch(/포도 방진.*"background":"mint"|"background":"mint".*포도 방진/);
  await page.reload();
  await editorReady(page);
  await expect(page.getByText('임시 저장된 디자인을 불러왔습니다.')).toBeVisible();
  await expect(layers(page)).toHaveCount(2);
  await expect(layers(page).filter({ hasText: '포도 방진' })).toHaveCount(1);
  await expect(
    page.getByRole('group', { name: /^배경색/ }).getByRole('radio', { name: '민트' }),
  ).toBeChecked();
  await expect(page.getByLabel(/^재질/)).toHaveValue('실리콘');

  // COMPLETE_SAVE: saved again, a cart line with the design number, then /cart
  await page.getByRole('button', { name: '저장하고 장바구니 담기' }).first().click();
  await saveDialog.getByLabel('각인 문구 (선택)').fill('포도네');
  await saveDialog.getByRole('button', { name: '저장하고 장바구니 담기' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  const cart = await context.request.get('/shop-api/cart', { headers: SHOP_API_HEADERS });
  expect(cart.status()).toBe(200);
  const body = (await cart.json()) as {
    deliveryGroups: {
      orderProducts: {
        productNo: number;
        orderProductOptions: {
          optionTitle: string;
          optionInputs: { inputLabel: string; inputValue: string }[];
          extra?: { design: { designId: string; previewUrl: string | null } | null };
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
  expect(line!.optionTitle).toContain('실리콘');
  const designId = line!.optionInputs.find((i) => i.inputLabel === DESIGN_INPUT)!.inputValue;

  // the line carries the design with its server-rendered preview, and the cart page lists it
  expect(line!.extra?.design?.designId).toBe(designId);
  const previewUrl = line!.extra!.design!.previewUrl!;
  expect(previewUrl).toContain(designId);
  const preview = await context.request.get(previewUrl);
  expect(preview.headers()['content-type']).toContain('image/png');
  // the cart calls the line by the design's name with its preview, never by its internal id
  await expect(page.getByText(/^디자인: /).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /미리보기$/ }).first()).toBeVisible();
  await expect(page.getByText(designId)).toHaveCount(0);
  // ordered: the draft is gone
  expect(await page.evaluate(() => localStorage.getItem('podo:draft-design'))).toBeNull();

  // and checks out: the design line is paid by card through the sandbox
  await hydrated(page);
  await page.getByRole('button', { name: /^선택 상품 주문 \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(page);
  await page.getByLabel('받는 분 (필수)', { exact: true }).fill('이수령');
  await page.getByLabel('받는 분 휴대폰 번호 (필수)', { exact: true }).fill('010-9876-5432');
  await page.getByLabel('우편번호 (필수)', { exact: true }).fill('06236');
  await page.getByLabel('도로명 주소 (필수)', { exact: true }).fill('서울특별시 강남구 테헤란로 152');
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await page.getByRole('button', { name: /원 결제하기$/ }).click();
  await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=pay_/);
  await hydrated(page);
  await page.getByRole('button', { name: '결제 승인' }).click();
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
  const orderNo = (await page.getByTestId('order-no').textContent())!.trim();
  const order = await context.request.get(`/shop-api/profile/orders/${orderNo}`, {
    headers: SHOP_API_HEADERS,
  });
  expect(order.status()).toBe(200);
  const paid = (await order.json()) as { defaultOrderStatusType: string };
  expect(paid.defaultOrderStatusType).toBe('PAY_DONE');
  expect(JSON.stringify(paid)).toContain(designId);
  await context.close();
});

test('a guest goes through the guest guide, designs and lands in the guest cart', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, '/custom/dampener');
  await editorReady(page);

  const guide = page.getByRole('dialog', { name: '로그인 안내' });
  await expect(guide).toBeVisible();
  await expect(guide.getByRole('button', { name: '로그인하기' })).toBeFocused();
  await guide.getByRole('button', { name: '비회원으로 계속하기' }).click();
  await expect(guide).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('podo:guest-identity'))).toContain('guest:');

  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  await textField(page).fill('비회원 디자인');
  await textField(page).blur();
  await expect(layers(page).filter({ hasText: '비회원 디자인' })).toHaveCount(1);

  await page.getByRole('button', { name: '저장하고 장바구니 담기' }).first().click();
  const saveDialog = page.getByRole('dialog', { name: '디자인 저장' });
  await saveDialog.getByRole('button', { name: '저장하고 장바구니 담기' }).click();
  await expect(page).toHaveURL(/\/guest\/cart$/);
  const stored = await page.evaluate(() => localStorage.getItem('podo:guest-cart') ?? '');
  expect(stored).toContain(DESIGN_INPUT);
  expect(stored).toContain('100005');
  await context.close();
});

test('a visitor logs in from the guest guide and finds the design again', async ({ browser }) => {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('eg'));
  const page = await context.newPage();
  await open(page, '/custom/dampener1');
  await editorReady(page);
  const guide = page.getByRole('dialog', { name: '로그인 안내' });
  await guide.getByRole('button', { name: '닫기' }).click();

  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  await textField(page).fill('로그인 전 문구');
  await textField(page).blur();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('podo:draft-design') ?? ''))
    .toContain('로그인 전 문구');

  await page.getByRole('button', { name: '디자인 저장', exact: true }).first().click();
  await expect(guide).toBeVisible();
  await guide.getByRole('button', { name: '로그인하기' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fcustom%2Fdampener1');
  await loginInBrowser(page, account, '/login?redirect=%2Fcustom%2Fdampener1');
  await expect(page).toHaveURL('/custom/dampener1');
  await editorReady(page);
  await expect(guide).toBeHidden();
  await expect(layers(page).filter({ hasText: '로그인 전 문구' })).toHaveCount(1);
  await context.close();
});

test('the editor warns about text over the cut line and the placeholder text before saving and ordering', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('ew'));
  await signIn(context, account.memberId, account.password);
  const page = await context.newPage();
  await open(page, '/products/custom-round-dampener/customize');
  await editorReady(page);
  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  await expect(textField(page)).toHaveValue('문구를 입력하세요');

  // the placeholder text: ordering is blocked, saving may go on
  await page.getByRole('button', { name: '저장하고 장바구니 담기' }).first().click();
  const saveDialog = page.getByRole('dialog', { name: '디자인 저장' });
  const warning = saveDialog.getByRole('alert').filter({ hasText: '인쇄 전에 확인해 주세요' });
  await expect(warning).toContainText("기본 문구 '문구를 입력하세요'를 바꾸지 않았습니다.");
  await expect(saveDialog.getByRole('button', { name: /장바구니 담기/ })).toBeDisabled();
  await expect(saveDialog.getByRole('button', { name: '이대로 저장', exact: true })).toBeEnabled();

  // back to fix it: the text is selected again; then made too big for the pad
  await saveDialog.getByRole('button', { name: '돌아가서 고치기' }).click();
  await expect(saveDialog).toBeHidden();
  await textField(page).fill('포도 방진');
  await textField(page).blur();
  await page.getByLabel('글자 크기 (pt)').fill('200');
  await page.getByRole('button', { name: '저장하고 장바구니 담기' }).first().click();
  await expect(warning).toContainText('재단선을 넘었습니다');
  await expect(warning).not.toContainText('문구를 입력하세요');

  // over the cut line is a warning: the shopper may order it as it is
  await saveDialog.getByRole('button', { name: '이대로 저장하고 장바구니 담기' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await context.close();
});

test('keyboard: duplicate, delete, undo and redo; not while typing', async ({ page }) => {
  await open(page, '/products/custom-name-round-cushion/customize');
  await editorReady(page);
  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  const canvas = page.getByRole('application');
  await canvas.focus();
  await page.keyboard.press('Control+d');
  await expect(layers(page)).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(layers(page)).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await expect(layers(page)).toHaveCount(2);
  await page.keyboard.press('Control+Shift+z');
  await expect(layers(page)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: '다시 실행했습니다.' })).toBeAttached();

  // typing in a field keeps its keys
  await layers(page).first().locator('.layer__name').click();
  await textField(page).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Control+d');
  await expect(layers(page)).toHaveCount(1);

  // arrows move within the toolbar (one tab stop), aria-pressed says what is on
  const same = toolbar(page).getByRole('button', { name: '앞뒤 동일' });
  await expect(same).toHaveAttribute('aria-pressed', 'true');
  await toolbar(page).getByRole('button', { name: '문구 추가' }).focus();
  await page.keyboard.press('End');
  await expect(toolbar(page).getByRole('button', { name: '화면 맞춤' })).toBeFocused();
  await same.click();
  await expect(same).toHaveAttribute('aria-pressed', 'false');
  await toolbar(page).getByRole('button', { name: '뒷면' }).click();
  await expect(layers(page)).toHaveCount(1); // the back started as a copy of the front
});

test('touch: two fingers zoom the view and rotate the selected element', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 412, height: 860 } });
  const page = await context.newPage();
  await open(page, '/products/custom-pet-photo-cushion/customize');
  await editorReady(page);
  await toolbar(page).getByRole('button', { name: '문구 추가' }).click();
  await expect(page.getByLabel('회전 (도)')).toHaveValue('0');

  await page.locator('.stage-box').scrollIntoViewIfNeeded();
  const box = (await page.locator('.stage-box').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map(([x, y], id) => ({ x, y, id })),
    });
  // fingers 80 px apart, then 160 px apart and turned by 30°
  await touch('touchStart', [
    [cx - 40, cy],
    [cx + 40, cy],
  ]);
  const turn = (30 * Math.PI) / 180;
  for (let i = 1; i <= 5; i++) {
    const r = 40 + (40 * i) / 5;
    const a = (turn * i) / 5;
    await touch('touchMove', [
      [cx - r * Math.cos(a), cy - r * Math.sin(a)],
      [cx + r * Math.cos(a), cy + r * Math.sin(a)],
    ]);
  }
  await touch('touchEnd', []);
  await expect(toolbar(page).getByText('200%')).toBeVisible();
  await expect(page.getByLabel('회전 (도)')).toHaveValue('30');
  await context.close();
});

test('the editor is only on editor pages: no Konva elsewhere, 404 for products without a design', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  for (const path of ['/', '/products/custom-round-dampener', '/shop/template', '/board/notice']) {
    await open(page, path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes('Konva')).length).toBe(0);

  await open(page, '/products/custom-round-dampener');
  await expect(page.getByRole('link', { name: '디자인하기' })).toHaveAttribute(
    'href',
    '/products/custom-round-dampener/customize',
  );
  await open(page, '/products/chair-leg-noise-pad-16p');
  await expect(page.getByRole('link', { name: '디자인하기' })).toHaveCount(0);
  await open(page, '/products/chair-leg-noise-pad-16p/customize', 404);

  await open(page, '/shop/template');
  await page.getByRole('link', { name: /이 템플릿으로 디자인하기.*굿나잇/ }).click();
  await editorReady(page);
  await expect(layers(page)).toHaveCount(3);

  await open(page, '/custom/document');
  await expect(page.getByRole('heading', { name: '커스텀 상품 제작 가이드' })).toBeVisible();
  await expect(page.getByText(/150 DPI/).first()).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);
});
