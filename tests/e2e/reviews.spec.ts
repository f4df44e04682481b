import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, open, SHOP_API_HEADERS, test } from './support/fixtures.ts';
import { type Account, createMember, e2eDatabase, hydrated, uniqueAccount } from './support/members.ts';

/**
 * Reviews in the browser (issue 5): a member buys, the order is delivered, the member writes a photo
 * review from my page (rating radios, text, a generated PNG through the upload route), sees it on
 * the product page (summary, photo strip, photo viewer), and another member recommends it. Text
 * typed as HTML stays text: nothing of it runs, on my page or on the product page.
 *
 * Delivery: there is no manager order page yet, so the order is moved to DELIVERY_DONE in the e2e
 * server's database (as the other specs set stock or points).
 */

/** 키보드 손목 받침 쿠션: no options, not used by the other specs. */
const PRODUCT_NO = 100048;
const SCRIPT_TEXT = '<script>window.__reviewXss = 1</script>';

async function markDelivered(orderNo: string): Promise<void> {
  const client = e2eDatabase();
  const at = new Date().toISOString();
  try {
    await client.execute({
      sql: `UPDATE orders SET order_status = 'DELIVERY_DONE', shipped_at = ?, delivered_at = ?, updated_at = ?
            WHERE order_no = ? AND order_status = 'PAY_DONE'`,
      args: [at, at, at, orderNo],
    });
  } finally {
    client.close();
  }
}

/** A small PNG made here (solid purple), so the upload route has a real image to check and re-encode. */
function pngBytes(width = 64, height = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [0x5b, 0x2a, 0x86]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The shop API as the page's signed-in member (its cookies; Origin says this site, for the CSRF check). */
function memberApi(page: Page) {
  const headers = { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await page.request.post(path, { headers, data });
      expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
    async get<T>(path: string): Promise<T> {
      const res = await page.request.get(path, { headers });
      expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

async function signIn(page: Page, prefix: string): Promise<Account> {
  const account = await createMember(page.request, uniqueAccount(prefix));
  await open(page, '/');
  const res = await page.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password, keepLogin: false },
  });
  expect(res.ok(), `login: ${res.status()}`).toBe(true);
  return account;
}

/** Buys one unit by card through the sandbox (order sheet → reserve → approve → confirm). */
async function buy(page: Page, productNo: number): Promise<string> {
  const api = memberApi(page);
  const { flatOptions } = await api.get<{ flatOptions: { optionNo: number }[] }>(
    `/shop-api/products/${productNo}/options`,
  );
  const { orderSheetNo } = await api.post<{ orderSheetNo: string }>('/shop-api/order-sheets', {
    products: [{ productNo, optionNo: flatOptions[0]!.optionNo, orderCnt: 1, optionInputs: [] }],
  });
  const calc = await api.post<{ paymentInfo: { paymentAmt: number } }>(
    `/shop-api/order-sheets/${orderSheetNo}/calculate`,
    { addressRequest: { receiverZipCd: '06236' } },
  );
  const reserved = await api.post<{ orderNo: string; paymentId: string }>('/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '010-1234-5678', ordererEmail: 'grape@example.com' },
    shippingAddress: {
      receiverName: '김포도',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 152',
      receiverDetailAddress: '12층',
      receiverContact1: '010-1234-5678',
    },
    payType: 'CREDIT_CARD',
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: calc.paymentInfo.paymentAmt,
  });
  const approved = await api.post<{ returnUrl: string }>(
    `/api/payment-sandbox/payments/${reserved.paymentId}/approve`,
    {},
  );
  const q = new URL(approved.returnUrl, page.url()).searchParams;
  const outcome = await api.post<{ result: string }>('/shop-api/payments/confirm', {
    orderNo: q.get('orderNo'),
    paymentId: q.get('paymentId'),
    amount: Number(q.get('amount')),
    ts: Number(q.get('ts')),
    signature: q.get('signature'),
  });
  expect(outcome.result).toBe('PAID');
  return reserved.orderNo;
}

/** The product page with its review island hydrated (it waits until scrolled into view). */
async function openReviews(page: Page, productNo: number) {
  await open(page, `/product/${productNo}`);
  const section = page.locator('#product-reviews');
  await section.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="/ProductReviews."]')).not.toHaveAttribute(
    'ssr',
    /.*/,
  );
  return section;
}

async function reviewTotal(page: Page, productNo: number): Promise<number> {
  const res = await page.request.get(`/shop-api/products/${productNo}/product-reviews?pageSize=1`, {
    headers: SHOP_API_HEADERS,
  });
  return ((await res.json()) as { totalCount: number }).totalCount;
}

async function secondMember(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'rvb');
  return { context, page };
}

test.describe('product reviews', () => {
  test.describe.configure({ timeout: 90_000 });

  test('buy → delivered → photo review from my page → on the product page → another member recommends it', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'rva');
    const before = await reviewTotal(page, PRODUCT_NO);
    const orderNo = await buy(page, PRODUCT_NO);

    // not delivered yet: nothing to write
    await open(page, '/mypage/review');
    await hydrated(page);
    await expect(page.getByRole('tab', { name: /작성 가능한 후기 \(0\)/ })).toBeVisible();

    await markDelivered(orderNo);
    await open(page, '/mypage/review');
    await hydrated(page);
    await expect(page.getByRole('tab', { name: /작성 가능한 후기 \(1\)/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('키보드 손목 받침 쿠션')).toBeVisible();
    await expect(panel.getByText(`주문번호 ${orderNo}`, { exact: false })).toBeVisible();
    await panel.getByRole('button', { name: '후기 쓰기' }).click();

    const modal = page.getByRole('dialog', { name: '후기 쓰기' });
    await expect(modal).toBeVisible();
    // the rating is an accessible radio group, 5 to 1
    const ratings = modal.getByRole('group', { name: /평점/ }).getByRole('radio');
    await expect(ratings).toHaveCount(5);
    await expect(ratings.first()).toHaveAccessibleName('5점 아주 좋아요');
    await expect(ratings.last()).toHaveAccessibleName('1점 별로예요');
    // nothing chosen, text too short: the modal says what is missing
    await modal.getByLabel('후기 내용 (필수)').fill('짧아요');
    await modal.getByRole('button', { name: '후기 등록' }).click();
    await expect(modal.getByText('평점을 선택해 주세요.')).toBeVisible();
    await expect(modal.getByText('후기 내용은 10자 이상 입력해 주세요.')).toBeVisible();

    await modal.getByRole('radio', { name: '5점 아주 좋아요' }).check();
    await modal
      .getByLabel('후기 내용 (필수)')
      .fill(`손목이 편해요. 재구매 의사 있어요!\n${SCRIPT_TEXT} <b>굵게</b>`);
    await modal.getByLabel('후기 사진 선택').setInputFiles({
      name: 'wrist.png',
      mimeType: 'image/png',
      buffer: pngBytes(),
    });
    const preview = modal.getByRole('img', { name: '첨부한 사진 1' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /\/uploads\/members\/\d+\/review\/.+_small\.png$/);
    // removal, then the photo again
    await modal.getByRole('button', { name: '사진 1 삭제' }).click();
    await expect(preview).toHaveCount(0);
    await modal.getByLabel('후기 사진 선택').setInputFiles({
      name: 'wrist.png',
      mimeType: 'image/png',
      buffer: pngBytes(80, 60),
    });
    await expect(modal.getByRole('img', { name: '첨부한 사진 1' })).toBeVisible();
    await modal.getByRole('button', { name: '후기 등록' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByText('후기를 등록했습니다.', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: /작성 가능한 후기 \(0\)/ })).toBeVisible();

    await page.getByRole('tab', { name: /내가 쓴 후기/ }).click();
    const written = page.getByRole('tabpanel');
    await expect(written.getByText(SCRIPT_TEXT, { exact: false })).toBeVisible();
    await expect(written.locator('script', { hasText: '__reviewXss' })).toHaveCount(0);
    await expect(written.locator('b', { hasText: '굵게' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __reviewXss?: number }).__reviewXss)).toBeUndefined();

    // the product page: summary, the photo in the strip, the review as text
    const html = await (await page.request.get(`/product/${PRODUCT_NO}`)).text();
    expect(html).not.toContain(SCRIPT_TEXT);
    expect(html).not.toContain('<b>굵게</b>');
    const section = await openReviews(page, PRODUCT_NO);
    await expect(section.getByTestId('review-total')).toHaveText(String(before + 1));
    await expect(section.getByRole('heading', { name: /포토 후기/ })).toBeVisible();
    const stripPhoto = section.getByRole('img', { name: '포토 후기 1 크게 보기' });
    await expect(stripPhoto).toHaveAttribute('src', /_small\.png$/);
    const card = section.locator('article.rv-card').filter({ hasText: '손목이 편해요' });
    await expect(card).toBeVisible();
    await expect(card.getByText('내 후기')).toBeVisible();
    await expect(card.getByText(SCRIPT_TEXT, { exact: false })).toBeVisible();
    await expect(card.locator('br')).toHaveCount(1);
    // (Astro's own hydration script sits in the section; none carries the review's text)
    await expect(section.locator('script', { hasText: '__reviewXss' })).toHaveCount(0);
    await expect(section.locator('b', { hasText: '굵게' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __reviewXss?: number }).__reviewXss)).toBeUndefined();

    // the photo review viewer
    await stripPhoto.click();
    const viewer = page.getByRole('dialog', { name: '포토 후기' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img', { name: /후기 사진 \(1\/\d+\)/ })).toHaveAttribute('src', /\.png$/);
    await expect(viewer.getByText(SCRIPT_TEXT, { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // another member finds it helpful, once
    const other = await secondMember(browser);
    try {
      const otherSection = await openReviews(other.page, PRODUCT_NO);
      const otherCard = otherSection.locator('article.rv-card').filter({ hasText: '손목이 편해요' });
      const helpful = otherCard.getByRole('button', { name: /도움돼요/ });
      await expect(helpful).toHaveAttribute('aria-pressed', 'false');
      await expect(helpful).toContainText('0');
      await helpful.click();
      await expect(helpful).toHaveAttribute('aria-pressed', 'true');
      await expect(helpful).toContainText('1');
      // the server remembers: after a reload the button is still pressed, the count still 1
      const again = await openReviews(other.page, PRODUCT_NO);
      const pressed = again
        .locator('article.rv-card')
        .filter({ hasText: '손목이 편해요' })
        .getByRole('button', { name: /도움돼요/ });
      await expect(pressed).toHaveAttribute('aria-pressed', 'true');
      await expect(pressed).toContainText('1');
      // a second recommendation by the same member is refused by the server
      const twice = await other.page.request.post(
        `/shop-api/products/${PRODUCT_NO}/product-reviews/${await otherCard.getAttribute('data-review-no')}/recommend`,
        { headers: { ...SHOP_API_HEADERS, Origin: new URL(other.page.url()).origin } },
      );
      expect(twice.status()).toBe(409);
    } finally {
      await other.context.close();
    }

    // the author sees the count on their own review (no button to recommend it)
    const mine = (await openReviews(page, PRODUCT_NO))
      .locator('article.rv-card')
      .filter({ hasText: '손목이 편해요' });
    await expect(mine.getByText('도움돼요 1')).toBeVisible();
    await expect(mine.getByRole('button', { name: /도움돼요/ })).toHaveCount(0);
  });

  test('visitors read reviews and are sent to log in to recommend', async ({ page }) => {
    const section = await openReviews(page, PRODUCT_NO);
    await expect(section.getByRole('heading', { name: /상품 후기/ })).toBeVisible();
    await expect(section.getByRole('list', { name: '평점별 후기 수' }).getByRole('listitem')).toHaveCount(5);
    const helpful = section.getByRole('button', { name: /도움돼요/ }).first();
    if ((await helpful.count()) > 0) {
      await helpful.click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
    }
  });
});
