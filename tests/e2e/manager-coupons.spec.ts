import { expect, open, test } from './support/fixtures.ts';
import { ADMIN, createMember, hydrated, shop, signedIn, uniqueAccount } from './support/members.ts';

/**
 * Promotions in the back office (issue 15): the administrator makes a cart coupon on
 * /manager/coupons, a member downloads it and pays an order with it, and the coupon's "used"
 * figure moves; the administrator grants points with a reason on /manager/points and the member's
 * balance on /mypage/point shows them.
 */

test('an administrator makes a coupon a member downloads and pays with, then grants the member points', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `e2e 쿠폰 ${Date.now().toString(36)}`;
  const admin = await signedIn(browser, ADMIN);
  await open(admin, '/manager/coupons');
  await hydrated(admin);
  const form = admin.getByRole('region', { name: '새 쿠폰 만들기' });
  await form.getByLabel('쿠폰 이름').fill(name);
  await form.getByLabel('장바구니 쿠폰 (주문 전체)').check();
  // a refused save says why next to the field, in Korean
  await form.getByRole('button', { name: '쿠폰 만들기' }).click();
  await expect(form.getByLabel('할인 금액(원)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('할인 값을 숫자로 입력해 주세요.')).toBeVisible();
  await form.getByLabel('할인 금액(원)').fill('3,000');
  await form.getByLabel('최소 주문 금액(원)').fill('10000');
  await form.getByLabel('받은 날부터 사용 기간(일)').fill('30');
  await form.getByLabel('전체 발급 한도(장)').fill('100');
  await expect(form.getByLabel('회원이 쇼핑몰에서 직접 받을 수 있음')).toBeChecked();
  await form.getByRole('button', { name: '쿠폰 만들기' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '쿠폰을 만들었습니다' })).toContainText(name);
  const row = admin.locator('tr[data-coupon-no]').filter({ hasText: name });
  await expect(row).toContainText('3,000원 할인');
  await expect(row.locator('[data-figure="issued"]')).toHaveText('0장');
  const couponNo = Number(await row.getAttribute('data-coupon-no'));

  // the member downloads it and pays an order with it at checkout
  const account = await createMember(request, uniqueAccount('cp'));
  const member = await signedIn(browser, account);
  await open(member, '/');
  const issued = await shop<{ couponIssueNo: number }>(member, `coupons/${couponNo}/download`, {});
  const options = await shop<{ flatOptions: { optionNo: number; value: string }[] }>(
    member,
    'products/100045/options',
  );
  const grey = options.flatOptions.find((o) => o.value === '그레이')!;
  await shop(member, 'cart', [{ productNo: 100045, optionNo: grey.optionNo, orderCnt: 1, optionInputs: [] }]);
  await open(member, '/cart');
  await hydrated(member);
  await member.getByRole('button', { name: '선택 상품 주문 (1)' }).click();
  await expect(member).toHaveURL(/\/order\/\d+\/checkout$/);
  await hydrated(member);
  await member.getByLabel('받는 분 (필수)', { exact: true }).fill('이수령');
  await member.getByLabel('받는 분 휴대폰 번호 (필수)', { exact: true }).fill('010-9876-5432');
  await member.getByLabel('우편번호 (필수)', { exact: true }).fill('06236');
  await member.getByLabel('도로명 주소 (필수)', { exact: true }).fill('서울특별시 강남구 테헤란로 152');
  await member.getByLabel('장바구니 쿠폰', { exact: true }).selectOption(String(issued.couponIssueNo));
  const summary = member.getByRole('complementary', { name: '결제 금액' });
  await expect(summary).toContainText('-3,000원');
  await member.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await member.getByRole('button', { name: /원 결제하기$/ }).click();
  await expect(member).toHaveURL(/\/test\/podo-pay\?paymentId=/);
  await hydrated(member);
  await member.getByRole('button', { name: '결제 승인' }).click();
  await expect(member.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();

  // the figures moved: one issued, one used
  await open(admin, '/manager/coupons');
  await hydrated(admin);
  await expect(row.locator('[data-figure="issued"]')).toHaveText('1장');
  await expect(row.locator('[data-figure="used"]')).toHaveText('1장');
  await expect(row.locator('[data-figure="remaining"]')).toContainText('99장');

  // points by hand, with a reason; the member sees the balance
  await open(admin, '/manager/points');
  await hydrated(admin);
  await admin.getByLabel('회원 아이디 또는 휴대폰 번호').fill(account.memberId);
  await admin.getByRole('button', { name: '찾기' }).click();
  await expect(admin.getByTestId('points-balance')).toHaveText('0원');
  await admin.getByLabel('금액(원)').fill('2500');
  await admin.getByRole('button', { name: '지급하기' }).click();
  await expect(admin.getByText('사유를 입력해 주세요.').first()).toBeVisible();
  await expect(admin.getByLabel('사유 (필수)')).toHaveAttribute('aria-invalid', 'true');
  await admin.getByLabel('사유 (필수)').fill('배송 지연 보상');
  await admin.getByRole('button', { name: '지급하기' }).click();
  await expect(admin.getByTestId('points-balance')).toHaveText('2,500원');
  await expect(admin.getByRole('table', { name: /적립금 내역/ })).toContainText('배송 지연 보상');
  // more than the balance is refused
  await admin.getByRole('radio', { name: '차감' }).check();
  await admin.getByLabel('금액(원)').fill('9000');
  await admin.getByLabel('사유 (필수)').fill('잘못 지급');
  await admin.getByRole('button', { name: '차감하기' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: /\S/ })).toContainText(
    '보유 적립금(2,500원)보다 많이',
  );

  await open(member, '/mypage/point');
  await expect(member.getByTestId('points-balance')).toHaveText('2,500원');
  await expect(member.getByText('배송 지연 보상')).toBeVisible();
  await admin.context().close();
  await member.context().close();
});
