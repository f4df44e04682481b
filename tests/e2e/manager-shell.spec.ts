import { expect, open, test } from './support/fixtures.ts';
import { loginInBrowser } from './support/members.ts';

/** The back office has one shell: its home lists every area and each page carries the same menu. */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };

test('an administrator moves between the back office areas through one menu', async ({ page }) => {
  await page.goto('/manager');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmanager/);
  await loginInBrowser(page, ADMIN, '/login?redirect=%2Fmanager');
  await expect(page).toHaveURL('/manager');
  await expect(page.getByRole('heading', { name: '관리자 홈' })).toBeVisible();
  // the counter's sales figures are one of the back office's areas (an administrator may open them)
  await expect(page.getByRole('link', { name: /매장 매출/ }).first()).toHaveAttribute(
    'href',
    '/test/pos/sales',
  );

  const menu = page.getByRole('navigation', { name: '관리 메뉴' });
  for (const area of [
    '상품',
    '분류·브랜드·배송',
    '전시',
    '쿠폰·적립금',
    '회원',
    '주문·반품',
    '커스텀 제작',
    '매장 매출',
    '매장 관리',
    '게시판·1:1 문의',
    '상품 문의',
    'API 클라이언트',
    '작업 기록',
    '인쇄 서비스 연결',
    '연동 점검',
    '고객 메시지',
    '발송함',
  ]) {
    await expect(menu.getByRole('link', { name: area, exact: true })).toBeVisible();
  }
  await page
    .getByRole('main')
    .getByRole('link', { name: /주문·반품/ })
    .click();
  await expect(page).toHaveURL('/manager/orders');
  await expect(menu.getByRole('link', { name: '주문·반품' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: '주문 관리 메뉴' })).toBeVisible();

  await menu.getByRole('link', { name: '커스텀 제작' }).click();
  await expect(page).toHaveURL('/custom/admin/list');
  await expect(menu.getByRole('link', { name: '커스텀 제작' })).toHaveAttribute('aria-current', 'page');

  await open(page, '/manager/board/notice');
  const boardMenu = page.getByRole('navigation', { name: '게시판 관리 메뉴' });
  await expect(boardMenu.getByRole('link', { name: '공지사항' })).toHaveAttribute('aria-current', 'page');
  await expect(boardMenu.getByRole('link', { name: '게시판 관리' })).not.toHaveAttribute('aria-current');
  await expect(menu.getByRole('link', { name: '게시판·1:1 문의' })).toHaveAttribute('aria-current', 'true');

  // coupons and points are one area, with its own menu
  await open(page, '/manager/points');
  await expect(menu.getByRole('link', { name: '쿠폰·적립금' })).toHaveAttribute('aria-current', 'true');
  const promoMenu = page.getByRole('navigation', { name: '프로모션 메뉴' });
  await expect(promoMenu.getByRole('link', { name: '적립금' })).toHaveAttribute('aria-current', 'page');
  await promoMenu.getByRole('link', { name: '쿠폰' }).click();
  await expect(page).toHaveURL('/manager/coupons');
  await expect(page.getByRole('heading', { name: '쿠폰 관리', level: 1 })).toBeVisible();
});
