import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { joinCertificationKey } from './support/members.ts';

/**
 * The support board end to end: a manager posts a notice that shoppers then read, and a member's
 * 1:1 question is answered by the manager and read by the member. Sign-in goes through
 * POST /shop-api/oauth/token from the page's own context, so the session cookie lands in it.
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
const PASSWORD = 'grape-2024!';

async function signIn(context: BrowserContext, memberId: string, password: string) {
  const res = await context.request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId, password },
  });
  expect(res.ok(), `login ${memberId}: ${res.status()}`).toBe(true);
}

async function newMember(browser: Browser): Promise<{ context: BrowserContext; page: Page; name: string }> {
  const context = await browser.newContext();
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const memberId = `board${n}`;
  const mobileNo = `0108${n}1`.slice(0, 11);
  const certificationKey = await joinCertificationKey(context.request, mobileNo);
  const join = await context.request.post('/shop-api/profile', {
    headers: SHOP_API_HEADERS,
    data: {
      certificationKey,
      memberId,
      password: PASSWORD,
      memberName: '문의회원',
      email: `${memberId}@example.com`,
      mobileNo,
      joinTermsAgreements: ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'],
    },
  });
  expect(join.status(), await join.text()).toBe(201);
  await signIn(context, memberId, PASSWORD);
  return { context, page: await context.newPage(), name: '문의회원' };
}

/** Waits until the island holding `inner` has hydrated (Astro drops `ssr` from its element then). */
async function hydrated(page: Page, inner: ReturnType<Page['locator']>) {
  await expect(page.locator('astro-island', { has: inner }).first()).not.toHaveAttribute('ssr', /.*/);
}

/** A small real PNG, made by the browser (no fixture file needed). */
async function pngFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5b2a86';
    g.fillRect(0, 0, 240, 160);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test('a manager posts a notice and shoppers see it on the notice board', async ({ browser, page }) => {
  const manager = await browser.newContext();
  await signIn(manager, ADMIN.memberId, ADMIN.password);
  const desk = await manager.newPage();
  const title = `배송 일정 변경 안내 ${Date.now()}`;

  await open(desk, '/manager/board/notice/write');
  await hydrated(desk, desk.locator('form'));
  await desk.getByLabel('제목 (필수)').fill(title);
  await desk
    .getByLabel('내용', { exact: true })
    .fill(
      '## 안내\n\n**다음 주 월요일**부터 출고 시간이 오후 2시로 바뀝니다.\n\n<script>window.__hacked = true</script>',
    );
  await desk.getByRole('button', { name: '미리보기' }).click();
  await expect(desk.locator('.bf-preview strong')).toHaveText('다음 주 월요일');
  await desk.getByRole('button', { name: '작성' }).click();
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(desk).toHaveURL(/\/manager\/board\/notice\?done=saved$/);
  await expect(desk.getByRole('link', { name: title })).toBeVisible();

  await open(page, '/board/notice');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/board\/notice\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.notice-body strong')).toHaveText('다음 주 월요일');
  expect(await page.evaluate(() => (window as { __hacked?: boolean }).__hacked)).toBeUndefined();
  expect(await page.locator('.notice-body script').count()).toBe(0);
  await expect(page.getByRole('navigation', { name: '이전 글과 다음 글' })).toBeVisible();
  await manager.close();
});

test('a member asks a 1:1 question, the manager answers, the member reads the answer', async ({
  browser,
}) => {
  const member = await newMember(browser);
  const title = `주문한 쿠션 배송지 변경 ${Date.now()}`;
  const answer = '안녕하세요. 출고 전이라 배송지를 회사 주소로 바꿔 드렸습니다.';

  // the member asks, with a photo sent through the upload route
  await open(member.page, '/board/inquiry/form');
  await hydrated(member.page, member.page.locator('form.bf-form'));
  await member.page.getByLabel('문의 유형 (필수)').selectOption({ label: '배송' });
  await member.page.getByLabel('제목 (필수)').fill(title);
  await member.page
    .getByLabel('문의 내용 (필수)')
    .fill('어제 주문한 쿠션의 배송지를\n회사 주소로 바꿀 수 있을까요?');
  await member.page
    .getByLabel('사진 첨부')
    .setInputFiles({ name: 'address.png', mimeType: 'image/png', buffer: await pngFrom(member.page) });
  const thumb = member.page.locator('.bf-photos img');
  await expect(thumb).toHaveAttribute('src', /^\/uploads\/members\/\d+\/inquiry\/[\w-]+_small\.png$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(100);
  await member.page.getByRole('button', { name: '문의하기' }).click();
  await expect(member.page).toHaveURL(/\/board\/inquiry\?done=asked$/);
  const mine = member.page.locator('details', { hasText: title });
  await expect(mine.locator('.badge')).toHaveText('답변 대기');

  // the manager answers
  const manager = await browser.newContext();
  await signIn(manager, ADMIN.memberId, ADMIN.password);
  const desk = await manager.newPage();
  await open(desk, '/manager/board/inquiry');
  await desk.getByRole('link', { name: new RegExp(title) }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(title);
  const inquiryNo = Number(/\/manager\/board\/inquiry\/(\d+)$/.exec(desk.url())?.[1]);
  expect(inquiryNo).toBeGreaterThan(0);
  await expect(desk.locator('.question img')).toHaveCount(1);
  await hydrated(desk, desk.locator('form'));
  await desk.getByLabel('답변 작성').fill(answer);
  await desk.getByRole('button', { name: '답변 등록' }).click();
  // the page also has the (empty) toast region, another status
  await expect(desk.getByRole('status').filter({ hasText: '답변을 등록했습니다' })).toBeVisible();

  // the member sees it
  await member.page.reload();
  const answered = member.page.locator('details', { hasText: title });
  await expect(answered.locator('.badge')).toHaveText('답변 완료');
  await answered.locator('summary').click();
  await expect(answered.getByLabel('답변')).toContainText(answer);

  // another member neither sees nor reaches it: not found, as if it did not exist
  const other = await newMember(browser);
  await open(other.page, '/board/inquiry');
  await expect(other.page.getByText(title)).toHaveCount(0);
  await open(other.page, `/board/inquiry/form?inquiryNo=${inquiryNo}`, 404);
  const api = await other.context.request.get(`/shop-api/inquiries/${inquiryNo}`, {
    headers: SHOP_API_HEADERS,
  });
  expect(api.status()).toBe(404);

  await manager.close();
  await member.context.close();
  await other.context.close();
});

test('the board forms say what is missing: the 1:1 form at its fields, the manager’s FAQ form above it', async ({
  browser,
}) => {
  // the member's 1:1 form: each problem beside its field, the first one focused
  const member = await newMember(browser);
  await open(member.page, '/board/inquiry/form');
  await hydrated(member.page, member.page.locator('form.bf-form'));
  await member.page.getByRole('button', { name: '문의하기' }).click();
  const type = member.page.getByLabel('문의 유형 (필수)');
  await expect(type).toBeFocused();
  await expect(type).toHaveAttribute('aria-invalid', 'true');
  await expect(type).toHaveAccessibleDescription('문의 유형을 선택해 주세요.');
  const title = member.page.getByLabel('제목 (필수)');
  await expect(title).toHaveAccessibleDescription('제목을 입력해 주세요.');
  const content = member.page.getByLabel('문의 내용 (필수)');
  await expect(content).toHaveAccessibleDescription('0 / 3,000자 문의 내용을 입력해 주세요.');
  // a chosen type's description is its hint once the problem is gone
  await type.selectOption({ label: '배송' });
  await title.fill('배송 문의');
  await member.page.getByRole('button', { name: '문의하기' }).click();
  await expect(content).toBeFocused();
  await expect(type).not.toHaveAttribute('aria-invalid', /.*/);
  await expect(title).not.toHaveAttribute('aria-describedby', /.*/);
  await member.context.close();

  // the manager's FAQ form: the category is required, problems are said in one alert
  const manager = await browser.newContext();
  await signIn(manager, ADMIN.memberId, ADMIN.password);
  const desk = await manager.newPage();
  await open(desk, '/manager/board/faq/write');
  await hydrated(desk, desk.locator('form'));
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(desk.getByRole('alert')).toHaveText('제목을 입력해 주세요.');
  await desk.getByLabel('제목 (필수)').fill('FAQ 제목');
  await desk.getByLabel('내용', { exact: true }).fill('답변');
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(desk.getByRole('alert')).toHaveText('분류를 선택해 주세요.');
  const category = desk.getByLabel('분류 (필수)');
  await expect(category.getByRole('option')).not.toHaveCount(1);
  await expect(category).toHaveValue('');
  await manager.close();
});

test('a member reports a bug from the service pages and the manager reads the report', async ({
  browser,
}) => {
  const member = await newMember(browser);
  const title = `FAQ 화면 오류 ${Date.now()}`;
  // the page ships no script of the report form (nor React) until the button is used (decision 035)
  const scripts: string[] = [];
  member.page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await open(member.page, '/board/faq');
  const trigger = member.page.getByRole('button', { name: '오류 신고하기' });
  await trigger.scrollIntoViewIfNeeded();
  await member.page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /BugReport|bug-report/i.test(s))).toEqual([]);
  // keyboard: focus the button and press Enter
  await trigger.focus();
  await member.page.keyboard.press('Enter');
  const dialog = member.page.getByRole('dialog', { name: '오류 신고' });
  await expect(dialog).toBeVisible();
  expect(scripts.some((s) => /bug-report|BugReport/i.test(s))).toBe(true);
  await dialog.getByLabel('분류').selectOption({ label: '화면 오류' });
  await dialog.getByLabel('제목 (필수)').fill(title);
  await dialog.getByLabel('내용 (필수)').fill('질문을 눌러도 답변이 <b>열리지</b> 않아요.');
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await expect(dialog.getByRole('status')).toContainText('신고해 주셔서 감사합니다');

  const manager = await browser.newContext();
  await signIn(manager, ADMIN.memberId, ADMIN.password);
  const desk = await manager.newPage();
  await open(desk, '/manager/board/bug-report');
  await desk.getByRole('link', { name: title }).click();
  await expect(desk.getByRole('link', { name: '/board/faq' })).toBeVisible();
  // a member's text stays text
  await expect(desk.locator('.report .prose')).toContainText('<b>열리지</b>');
  await manager.close();
  await member.context.close();
});
