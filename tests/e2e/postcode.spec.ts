import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { POSTCODE_SCRIPT_URL } from '../../src/lib/postcode.ts';
import { expect, open, SHOP_API_HEADERS, shopApi, test } from './support/fixtures.ts';
import { ADMIN, createMember, hydrated, signedIn, uniqueAccount } from './support/members.ts';
import { buyPaidOrder } from './support/orders.ts';

/**
 * 우편번호 찾기 with Kakao's postcode search (issue 18, decision 041). The suite's server offers it
 * (POSTCODE_PROVIDER=kakao); the browser never reaches Kakao: `page.route` serves a local stand-in of
 * postcode.v2.js from the real address, so the page's CSP is tested too (a blocked script fails the
 * test). The stand-in's `Postcode` draws one button per address kind into the dialog and hands
 * `oncomplete` the data Kakao's service sends for an apartment in 잠실.
 */

const PICKED = {
  zonecode: '05551',
  address: '서울 송파구 올림픽로 99',
  addressEnglish: '99, Olympic-ro, Songpa-gu, Seoul, Republic of Korea',
  addressType: 'R',
  userSelectedType: 'R',
  noSelected: 'N',
  userLanguageType: 'K',
  roadAddress: '서울 송파구 올림픽로 99',
  roadAddressEnglish: '99, Olympic-ro, Songpa-gu, Seoul, Republic of Korea',
  jibunAddress: '서울 송파구 잠실동 19',
  jibunAddressEnglish: '19, Jamsil-dong, Songpa-gu, Seoul, Republic of Korea',
  autoRoadAddress: '',
  autoRoadAddressEnglish: '',
  autoJibunAddress: '',
  autoJibunAddressEnglish: '',
  buildingCode: '1171010100100190000000001',
  buildingName: '잠실엘스',
  apartment: 'Y',
  sido: '서울',
  sidoEnglish: 'Seoul',
  sigungu: '송파구',
  sigunguEnglish: 'Songpa-gu',
  sigunguCode: '11710',
  roadnameCode: '3123007',
  bcode: '1171010100',
  roadname: '올림픽로',
  roadnameEnglish: 'Olympic-ro',
  bname: '잠실동',
  bnameEnglish: 'Jamsil-dong',
  bname1: '',
  bname1English: '',
  bname2: '잠실동',
  bname2English: 'Jamsil-dong',
  hname: '잠실2동',
  query: '올림픽로 99',
};

const STAND_IN = `(() => {
  const data = ${JSON.stringify(PICKED)};
  function Postcode(options) { this.options = options; }
  Postcode.prototype.embed = function (element) {
    const pick = (label, kind) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.addEventListener('click', () => this.options.oncomplete({ ...data, userSelectedType: kind }));
      element.append(b);
    };
    pick('도로명 ' + data.roadAddress, 'R');
    pick('지번 ' + data.jibunAddress, 'J');
  };
  window.kakao = { Postcode };
})();`;

/** Serves the stand-in; answers the list of requests made for the script. */
async function kakaoStandIn(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(POSTCODE_SCRIPT_URL, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: STAND_IN });
  });
  return asked;
}

async function memberWithOrderSheet(page: Page): Promise<string> {
  const account = await createMember(page.request, uniqueAccount('pc'));
  await open(page, '/');
  const origin = new URL(page.url()).origin;
  const headers = { ...SHOP_API_HEADERS, Origin: origin };
  const login = await page.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password, keepLogin: false },
  });
  expect(login.ok(), `login: ${login.status()}`).toBe(true);
  const { flatOptions } = await shopApi<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
    page.request,
    'products/100022/options',
  );
  const option = flatOptions.find((o) => o.stockCnt > 0)!;
  const res = await page.request.post('/shop-api/order-sheets', {
    headers,
    data: { products: [{ productNo: 100022, optionNo: option.optionNo, orderCnt: 1, optionInputs: [] }] },
  });
  expect(res.ok(), `order sheet: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { orderSheetNo: string }).orderSheetNo;
}

async function payAndFinish(page: Page) {
  await page.getByRole('checkbox', { name: /주문 정보 수집 및 이용/ }).check();
  await page.getByRole('button', { name: /원 결제하기$/ }).click();
  await expect(page).toHaveURL(/\/test\/podo-pay\?paymentId=/);
  await hydrated(page);
  await page.getByRole('button', { name: '결제 승인' }).click();
  await expect(page.getByRole('heading', { name: '주문이 완료되었습니다' })).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 900 } });

    test('checkout: 우편번호 찾기 fills the postcode and the address, moves to 상세 주소, and the order keeps them', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const asked = await kakaoStandIn(page);
      const sheetNo = await memberWithOrderSheet(page);
      await open(page, `/order/${sheetNo}/checkout`);
      await hydrated(page);
      // the script loads only when asked for
      expect(asked).toEqual([]);
      expect(await page.locator(`script[src="${POSTCODE_SCRIPT_URL}"]`).count()).toBe(0);

      await page.getByRole('checkbox', { name: '주문자 정보와 동일' }).check();
      await page.getByRole('button', { name: '우편번호 찾기' }).click();
      const dialog = page.getByRole('dialog', { name: '우편번호 찾기' });
      await expect(dialog).toBeVisible();
      expect(asked).toHaveLength(1);
      // the dialog's own parts (title, close button) pass axe-core's WCAG 2.1 A/AA rules
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include('.postcode-dialog')
        .analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      await expect(dialog.getByRole('button', { name: '닫기' })).toBeFocused();
      if (width < 768) {
        // a phone's search takes the whole screen
        const box = (await dialog.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(width - 1);
      }
      await dialog.getByRole('button', { name: /^도로명 / }).click();
      await expect(dialog).toBeHidden();

      await expect(page.getByLabel('우편번호 (필수)', { exact: true })).toHaveValue('05551');
      await expect(page.getByLabel('도로명 주소 (필수)', { exact: true })).toHaveValue(
        '서울 송파구 올림픽로 99 (잠실동, 잠실엘스)',
      );
      const detail = page.getByLabel('상세 주소', { exact: true });
      await expect(detail).toBeFocused();
      await page.keyboard.type('101동 1203호');
      await payAndFinish(page);
      await page.getByRole('link', { name: '주문 상세 보기' }).click();
      await expect(
        page.getByText('(05551) 서울 송파구 올림픽로 99 (잠실동, 잠실엘스) 101동 1203호'),
      ).toBeVisible();
    });

    test('address book: 지번 picked in the search, saved with the apartment’s name', async ({ page }) => {
      await kakaoStandIn(page);
      const account = await createMember(page.request, uniqueAccount('pa'));
      await open(page, '/');
      const login = await page.request.post('/shop-api/oauth/token', {
        headers: SHOP_API_HEADERS,
        data: { memberId: account.memberId, password: account.password, keepLogin: false },
      });
      expect(login.ok()).toBe(true);
      await open(page, '/address/edit/new?return=%2Fmypage%2Faddress');
      const save = page.getByRole('button', { name: '저장' });
      await hydrated(page);
      await page.getByLabel('받는 분 (필수)').fill('김포도');
      await page.getByLabel('연락처 (필수)').fill('010-1234-5678');
      await page.getByRole('button', { name: '우편번호 찾기' }).click();
      const dialog = page.getByRole('dialog', { name: '우편번호 찾기' });
      await dialog.getByRole('button', { name: /^지번 / }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel('우편번호 (필수)')).toHaveValue('05551');
      await expect(page.getByLabel('주소 (필수)', { exact: true })).toHaveValue(
        '서울 송파구 잠실동 19 (잠실엘스)',
      );
      await expect(page.getByLabel('상세 주소')).toBeFocused();
      await page.keyboard.type('101동 1203호');
      await save.click();
      await expect(page).toHaveURL(/\/mypage\/address\?done=saved$/);
      await expect(page.getByText('(05551) 서울 송파구 잠실동 19 (잠실엘스) 101동 1203호')).toBeVisible();
    });
  });
}

test('when the search cannot load, the shopper is told in Korean and types the address', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route(POSTCODE_SCRIPT_URL, (route) => route.abort('internetdisconnected'));
  const sheetNo = await memberWithOrderSheet(page);
  await open(page, `/order/${sheetNo}/checkout`);
  await hydrated(page);
  await page.getByRole('checkbox', { name: '주문자 정보와 동일' }).check();
  await page.getByRole('button', { name: '우편번호 찾기' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '우편번호 검색 서비스를 불러오지 못했습니다.' }),
  ).toContainText('직접 입력해 주세요');
  await expect(page.getByRole('dialog', { name: '우편번호 찾기' })).toBeHidden();
  await page.getByLabel('우편번호 (필수)', { exact: true }).fill('06236');
  await page.getByLabel('도로명 주소 (필수)', { exact: true }).fill('서울특별시 강남구 테헤란로 152');
  await page.getByLabel('상세 주소', { exact: true }).fill('12층');
  await payAndFinish(page);

  // the address book's form offers the manual entry page instead
  await open(page, '/address/edit/new?return=%2Fmypage%2Faddress');
  await hydrated(page);
  await page.getByRole('button', { name: '우편번호 찾기' }).click();
  const told = page.getByRole('alert').filter({ hasText: '우편번호 검색 서비스를 불러오지 못했습니다.' });
  await told.getByRole('button', { name: '직접 입력하기' }).click();
  await expect(page).toHaveURL(/\/address\/search\?return=/);
});

test('a return’s collection address is picked with the search too', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await kakaoStandIn(page);
  const account = await createMember(page.request, uniqueAccount('pr'));
  await open(page, '/');
  const login = await page.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password, keepLogin: false },
  });
  expect(login.ok()).toBe(true);
  const { flatOptions } = await shopApi<{ flatOptions: { optionNo: number; stockCnt: number }[] }>(
    page.request,
    'products/100022/options',
  );
  const orderNo = await buyPaidOrder(page.request, {
    productNo: 100022,
    optionNo: flatOptions.find((o) => o.stockCnt > 0)!.optionNo,
  });
  const admin = await signedIn(browser, ADMIN);
  await open(admin, '/');
  const headers = { ...SHOP_API_HEADERS, Origin: new URL(admin.url()).origin };
  for (const [step, data] of [
    ['prepare', {}],
    ['ship', { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' }],
    ['deliver', {}],
  ] as const) {
    const res = await admin.request.post(`/api/manager/orders/${orderNo}/${step}`, { headers, data });
    expect(res.ok(), `${step}: ${res.status()} ${await res.text()}`).toBe(true);
  }
  await admin.context().close();

  await open(page, `/mypage/order/${orderNo}`);
  await hydrated(page);
  await page.getByRole('button', { name: '반품 신청', exact: true }).click();
  const form = page.getByRole('dialog', { name: '반품 신청' });
  await form.getByLabel('반품 사유 (필수)').selectOption('DEFECTIVE_PRODUCT');
  await form.getByRole('button', { name: '우편번호 찾기' }).click();
  const search = page.getByRole('dialog', { name: '우편번호 찾기' });
  await search.getByRole('button', { name: /^도로명 / }).click();
  await expect(search).toBeHidden();
  await expect(form.getByLabel('우편번호 (필수)')).toHaveValue('05551');
  await expect(form.getByLabel('주소 (필수)', { exact: true })).toHaveValue(
    '서울 송파구 올림픽로 99 (잠실동, 잠실엘스)',
  );
  await expect(form.getByLabel('상세 주소')).toBeFocused();
  await page.keyboard.type('경비실');
  await form.getByRole('button', { name: '반품 신청', exact: true }).click();
  await expect(page.locator('.notice-box')).toContainText('반품을 신청했습니다');
});
