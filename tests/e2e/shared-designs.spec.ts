import { addNode, newDesign, newTextNode } from '../../src/lib/design/document.ts';
import { updateSide } from '../../src/lib/design/sides.ts';
import { expect, open, SHOP_API_HEADERS, test } from './support/fixtures.ts';
import { createMember, hydrated, loginInBrowser } from './support/members.ts';

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

/**
 * /shop/user (issue 18; decision 034): a member shares a saved design from 내 디자인; a visitor sees
 * it with the sharer's name masked and opens the editor with a copy of it from "이 디자인으로 주문"; an administrator hides it.
 */

test('a shared design is listed on /shop/user and opens in the editor as a copy', async ({
  page,
  browser,
}) => {
  const account = await createMember(page.request);
  await loginInBrowser(page, account);
  const name = `공유 디자인 ${Date.now().toString(36)}`;
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text: '함께 써요', fontFamily: 'doHyeon' })),
  );
  const saved = await page.request.post('/api/custom/dampener', {
    headers: { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin },
    params: { memberId: account.memberId },
    data: { dampenerPostData: { productNo: 100005, name, design: doc } },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await open(page, '/mypage/design');
  await hydrated(page);
  const item = page.getByRole('listitem').filter({ hasText: name });
  await item.getByRole('button', { name: /^공유하기/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '회원 공유 디자인에 공유했습니다' })).toBeVisible();
  await expect(item.getByRole('button', { name: /^공유 중지/ })).toHaveAttribute('aria-pressed', 'true');

  // a visitor in another browser
  const visitor = await (await browser.newContext()).newPage();
  await open(visitor, '/shop/user');
  await expect(visitor.getByRole('heading', { name: '회원 공유 디자인', level: 1 })).toBeVisible();
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name }) });
  await expect(card.getByText('공유한 회원 김*도')).toBeVisible();
  await expect(card).not.toContainText(account.memberId);
  await card.getByRole('link', { name: new RegExp(`이 디자인으로 주문.*${name}`) }).click();
  await expect(visitor.getByRole('toolbar', { name: '편집 도구' })).toBeVisible();
  await expect(visitor.getByRole('list', { name: /레이어 목록/ }).getByRole('listitem')).toHaveCount(1);

  // the administrator hides it: gone from /shop/user, and its copy link no longer opens it
  const admin = await (await browser.newContext()).newPage();
  await loginInBrowser(admin, ADMIN, '/login?redirect=%2Fcustom%2Fadmin%2Fshared');
  await expect(admin).toHaveURL(/\/custom\/admin\/shared$/);
  await hydrated(admin);
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('김*도');
  await row.getByRole('button', { name: /^숨기기/ }).click();
  await expect(row.getByRole('status')).toHaveText('숨겼습니다.');
  await open(visitor, '/shop/user');
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0);
  await admin.context().close();
  await visitor.context().close();
});
