import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, shopApi, test } from './support/fixtures.ts';
import { createMember, e2eDatabase, uniqueAccount } from './support/members.ts';

/**
 * My page member data end to end: the address book with its default (through the postcode step),
 * the wishlist from the product page to /mypage/pick and back, and product Q&A: a secret question
 * hidden from another member and from visitors, answered by the manager under the question.
 * Members join through POST /shop-api/profile and sign in with POST /shop-api/oauth/token from
 * their own browser context, so the session cookie lands there.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

async function signIn(context: BrowserContext, memberId: string, password: string) {
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId, password },
  });
  expect(res.ok(), `login ${memberId}: ${res.status()}`).toBe(true);
}

/**
 * Every spec joins from 127.0.0.1, and joining is limited to 20 an hour per address: this spec's
 * members should not use up the other specs' share, so it forgets the join count of the e2e
 * database first (as members.ts moves session ends there).
 */
async function forgetJoinCount(): Promise<void> {
  const client = e2eDatabase();
  try {
    await client.execute("DELETE FROM login_attempts WHERE scope = 'join'");
  } finally {
    client.close();
  }
}

async function newMember(browser: Browser): Promise<{ context: BrowserContext; page: Page; name: string }> {
  await forgetJoinCount();
  const context = await browser.newContext();
  const account = await createMember(context.request, uniqueAccount('mp'));
  await signIn(context, account.memberId, account.password);
  return { context, page: await context.newPage(), name: account.memberName };
}

/**
 * Waits until the island holding `inner` has hydrated (Astro drops `ssr` from its element then);
 * `client:visible` islands hydrate once scrolled into view.
 */
async function hydrated(inner: Locator) {
  await inner.first().scrollIntoViewIfNeeded();
  await expect(inner.first().locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
}

/** A product of the demo catalogue, by its page address. */
async function someProduct(
  page: Page,
  index: number,
): Promise<{ productNo: number; href: string; name: string }> {
  const found = await shopApi<{
    items: { productNo: number; productName: string; extra: { slug: string } }[];
  }>(page.request, '/products/search', { pageSize: 10, 'order.by': 'SALE_YMD' });
  const item = found.items[index]!;
  return { productNo: item.productNo, href: `/product/${item.extra.slug}`, name: item.productName };
}

test('addresses: add through the postcode step, choose the default, edit and delete', async ({ browser }) => {
  const { context, page } = await newMember(browser);

  await open(page, '/mypage/address');
  await expect(page.getByText('저장된 배송지가 없습니다')).toBeVisible();
  await page.getByRole('link', { name: '새 배송지 추가' }).click();
  await expect(page).toHaveURL(/\/address\/edit\/new\?return=%2Fmypage%2Faddress$/);
  const save = page.getByRole('button', { name: '저장' });
  await hydrated(save);

  // a form with mistakes says what is wrong, field by field
  await page.getByLabel('연락처 (필수)').fill('010-12');
  await save.click();
  await expect(page.getByText('받는 분 이름을 입력해 주세요.')).toBeVisible();
  await expect(page.getByText('연락처를 10자리 이상 입력해 주세요.')).toBeVisible();
  await expect(page.getByLabel('받는 분 (필수)')).toBeFocused();

  await page.getByLabel('배송지 이름').fill('집');
  await page.getByLabel('받는 분 (필수)').fill('김포도');
  await page.getByLabel('연락처 (필수)').fill('010-1234-5678');

  // the postcode step by hand (직접 입력, beside Kakao's search: postcode.spec.ts), then back with what was typed
  await page.getByRole('button', { name: '직접 입력' }).click();
  await expect(page).toHaveURL(/\/address\/search\?return=/);
  await page.getByLabel('우편번호 (필수)').fill('06236');
  await page.getByLabel('도로명 주소 (필수)').fill('서울특별시 강남구 테헤란로 123');
  await page.getByRole('button', { name: '주소 확인' }).click();
  await expect(page).toHaveURL(/\/address\/result\?/);
  await expect(page.getByText('서울특별시 강남구 테헤란로 123')).toBeVisible();
  await page.getByRole('link', { name: '이 주소 사용' }).click();
  await expect(page).toHaveURL(/\/address\/edit\/new\?.*zipCd=06236/);
  await hydrated(save);
  await expect(page.getByLabel('우편번호 (필수)')).toHaveValue('06236');
  await expect(page.getByLabel('주소 (필수)', { exact: true })).toHaveValue('서울특별시 강남구 테헤란로 123');
  await expect(page.getByLabel('받는 분 (필수)')).toHaveValue('김포도');
  await page.getByLabel('상세 주소').fill('4층 401호');
  await save.click();

  await expect(page).toHaveURL(/\/mypage\/address\?done=saved$/);
  const home = page.getByRole('article', { name: /^집/ });
  await expect(home).toContainText('(06236) 서울특별시 강남구 테헤란로 123 4층 401호');
  await expect(home).toContainText('010-1234-5678');
  // the first address is the default
  await expect(home.getByText('기본 배송지', { exact: true })).toBeVisible();

  // a second one, then it becomes the default: exactly one default
  const res = await context.request.post('/shop-api/profile/shipping-addresses', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    data: {
      addressName: '회사',
      receiverName: '김포도',
      receiverZipCd: '04524',
      receiverAddress: '서울특별시 중구 세종대로 110',
      receiverContact1: '02-1234-5678',
      defaultYn: 'N',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.reload();
  const office = page.getByRole('article', { name: /^회사/ });
  await hydrated(page.getByRole('button', { name: /기본 배송지로 설정/ }));
  await office.getByRole('button', { name: /기본 배송지로 설정/ }).click();
  await expect(page.getByText(/기본 배송지로 설정했습니다/)).toBeVisible();
  await expect(office.getByText('기본 배송지', { exact: true })).toBeVisible();
  await expect(page.getByText('기본 배송지', { exact: true })).toHaveCount(1);
  await expect(
    page.getByRole('list', { name: '배송지 목록' }).getByRole('article').first(),
  ).toHaveAccessibleName(/^회사/);

  // edit the first
  await page.getByRole('article', { name: /^집/ }).getByRole('link', { name: /수정/ }).click();
  await expect(page).toHaveURL(/\/address\/edit\/\d+\?return=/);
  await hydrated(save);
  await page.getByLabel('상세 주소').fill('5층 501호');
  await save.click();
  await expect(page).toHaveURL(/\/mypage\/address\?done=saved$/);
  await expect(page.getByRole('article', { name: /^집/ })).toContainText('5층 501호');

  // delete the default: the other one takes over
  await hydrated(page.getByRole('button', { name: /삭제/ }));
  await page.getByRole('article', { name: /^회사/ }).getByRole('button', { name: /삭제/ }).click();
  const confirm = page.getByRole('dialog', { name: '배송지 삭제' });
  await expect(confirm).toContainText('기본 배송지');
  await confirm.getByRole('button', { name: '삭제' }).click();
  await expect(page.getByRole('article', { name: /^회사/ })).toHaveCount(0);
  await expect(
    page.getByRole('article', { name: /^집/ }).getByText('기본 배송지', { exact: true }),
  ).toBeVisible();
  await context.close();
});

test('wishlist: the heart on the product page, then /mypage/pick, and removal', async ({ browser, page }) => {
  const product = await someProduct(page, 1);

  // visitors are sent to log in, and back
  await open(page, product.href);
  const visitorHeart = page.locator('.summary').getByRole('link', { name: '찜하기' });
  await expect(visitorHeart).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(product.href)}`);

  const { context, page: mine } = await newMember(browser);
  await open(mine, product.href);
  const heart = mine.getByRole('button', { name: '찜하기' });
  await hydrated(heart);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const before = Number((await mine.locator('.summary .like-count').textContent())?.replace(/\D/g, ''));
  await heart.click();
  const pressed = mine.getByRole('button', { name: '찜 해제' });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.locator('.summary .like-count')).toHaveText((before + 1).toLocaleString('ko-KR'));

  // still liked after a reload (the server knows)
  await mine.reload();
  await expect(mine.getByRole('button', { name: '찜 해제' })).toHaveAttribute('aria-pressed', 'true');

  await open(mine, '/mypage/pick');
  // the wishlist's own list: the page's 최근 본 상품 (decision 030) lists the product too
  const row = mine
    .getByRole('list', { name: '찜한 상품 목록' })
    .getByRole('listitem')
    .filter({ hasText: product.name });
  await expect(row).toBeVisible();
  await expect(mine.getByText('찜한 상품 1개')).toBeVisible();
  const remove = row.getByRole('button', { name: /찜 해제/ });
  await hydrated(remove);
  await remove.click();
  await expect(mine.getByText(/찜한 상품에서 뺐습니다/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await mine.reload();
  await expect(mine.getByText('찜한 상품이 없습니다')).toBeVisible();

  await open(mine, product.href);
  await expect(mine.getByRole('button', { name: '찜하기' })).toHaveAttribute('aria-pressed', 'false');
  await expect(mine.locator('.summary .like-count')).toHaveText(before.toLocaleString('ko-KR'));
  await context.close();
});

test('product Q&A: a secret question is hidden from another member and visitors; the manager’s answer shows under it', async ({
  browser,
  page: visitor,
}) => {
  const product = await someProduct(visitor, 2);
  const stamp = Date.now();
  const secretText = `제 주소는 비밀구 ${stamp}번지입니다. 이쪽으로 보내 주실 수 있나요?`;
  const answer = `네, 말씀하신 주소로 보내 드리겠습니다 (${stamp}).`;

  // the author asks through the modal, corrects it through the edit modal, and deletes a second one
  const author = await newMember(browser);
  await open(author.page, `${product.href}#product-qna`);
  const ask = author.page.getByRole('button', { name: '상품 문의하기' });
  await hydrated(ask);
  await ask.click();
  const dialog = author.page.getByRole('dialog', { name: '상품 문의하기' });
  await dialog.getByLabel('문의 유형').selectOption({ label: '배송' });
  await dialog.getByLabel('문의 내용 (필수)').fill(`임시 질문 ${stamp}`);
  await dialog.getByLabel(/비밀글로 문의하기/).check();
  await dialog.getByRole('button', { name: '등록' }).click();
  await expect(dialog).toBeHidden();
  const draft = author.page.locator('.qna-item', { hasText: `임시 질문 ${stamp}` });
  await draft.getByRole('button', { name: /수정/ }).click();
  const edit = author.page.getByRole('dialog', { name: '상품 문의 수정' });
  await expect(edit.getByLabel(/비밀글로 문의하기/)).toBeChecked();
  await edit.getByLabel('문의 내용 (필수)').fill(secretText);
  await edit.getByRole('button', { name: '수정' }).click();
  await expect(edit).toBeHidden();
  const own = author.page.locator('.qna-item', { hasText: secretText });
  await expect(own).toBeVisible();
  await expect(own.getByText('답변 대기')).toBeVisible();

  await ask.click();
  await dialog.getByLabel('문의 내용 (필수)').fill(`지울 질문 ${stamp}`);
  await dialog.getByRole('button', { name: '등록' }).click();
  const doomed = author.page.locator('.qna-item', { hasText: `지울 질문 ${stamp}` });
  await doomed.getByRole('button', { name: /삭제/ }).click();
  await author.page
    .getByRole('dialog', { name: '상품 문의 삭제' })
    .getByRole('button', { name: '삭제' })
    .click();
  await expect(doomed).toHaveCount(0);

  // another member and a visitor see only "비밀글입니다", and the text is nowhere in their page
  const other = await newMember(browser);
  for (const viewer of [other.page, visitor]) {
    await open(viewer, product.href);
    await expect(viewer.locator('#product-qna')).toContainText('비밀글입니다');
    expect(await viewer.content()).not.toContain(secretText);
    const api = await viewer.request.get(`/shop-api/products/${product.productNo}/inquiries`, {
      headers: SHOP_API_HEADERS,
    });
    expect(await api.text()).not.toContain(`비밀구 ${stamp}`);
  }

  // the manager answers on the manager page
  const manager = await browser.newContext();
  await signIn(manager, ADMIN.memberId, ADMIN.password);
  const desk = await manager.newPage();
  await open(desk, '/manager/product-inquiries');
  const question = desk.getByRole('article').filter({ hasText: secretText });
  await expect(question).toContainText('비밀글');
  const answerBox = question.getByLabel('답변 작성');
  await hydrated(answerBox);
  await answerBox.fill(answer);
  await question.getByRole('button', { name: '답변 등록' }).click();
  await expect(question.getByRole('status')).toContainText('답변을 등록했습니다');

  // the author reads it under the question, here and on my page
  await author.page.reload();
  const answered = author.page.locator('.qna-item', { hasText: secretText });
  await expect(answered.getByText('답변 완료')).toBeVisible();
  await expect(answered.getByRole('region', { name: '답변' })).toContainText(answer);
  await open(author.page, '/mypage/inquiry');
  await expect(author.page.locator('.qna-item', { hasText: secretText })).toContainText(answer);

  // the other member still sees neither question nor answer
  await other.page.reload();
  expect(await other.page.content()).not.toContain(answer);
  await expect(other.page.locator('#product-qna')).toContainText('비밀글입니다');

  await manager.close();
  await author.context.close();
  await other.context.close();
});
