import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createReview } from '../../server/review/service.ts';
import {
  orderLine,
  productCounters,
  setOrderStatus,
  type TestLine,
} from '../../server/review/review.test-helper.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
let dir: string;
const api = createApiApp();
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;

/** 107 (강제품절 쿠션, one option 1071) starts with no reviews; 103 with 5 reviews averaging 4. */
const P = 107;
const OPT = 1071;

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-review-uploads-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads', origins: ['http://localhost:4321'] }));
  await seedCatalogFixture(t.db);
  alice = await testMember(t.db, { name: '김앨리스' });
  bob = await testMember(t.db, { name: '박밥' });
  carol = await testMember(t.db, { name: '최캐럴' });
});
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const line = (member: TestMember, productNo = P, optionNo = OPT, status?: Parameters<typeof orderLine>[3]) =>
  orderLine(t.db, member.memberNo, { productNo, optionNo, productName: '강제품절 쿠션' }, status);

const body = (l: TestLine, extra: Record<string, unknown> = {}) => ({
  orderOptionNo: l.orderOptionNo,
  rate: 5,
  content: '푹신하고 좋아요.\n두 번째 줄입니다.',
  urls: [],
  ...extra,
});

const write = (member: TestMember | null, productNo: number, b: unknown) =>
  call(api, `/shop-api/products/${productNo}/product-reviews`, { member, body: b });

async function written(member: TestMember, productNo: number, b: unknown): Promise<number> {
  const res = await write(member, productNo, b);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { reviewNo: number }).reviewNo;
}

async function json<T = Record<string, unknown>>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

async function errorOf(res: Response, status: number) {
  const b = await json<{ code: string; message: string }>(res, status);
  expect(b.message).toMatch(/[가-힣]/);
  return b;
}

/** A PNG through the real upload route: signed URL, PUT, the file's address. */
async function upload(member: TestMember): Promise<string> {
  const png = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#5b2a86' } })
    .png()
    .toBuffer();
  const signed = await json<{ url: string; fileUrl: string }>(
    await call(api, '/api/upload?fileName=review.png&fileType=image/png&path=review', { member }),
  );
  const res = await api.request(signed.url, {
    method: 'PUT',
    body: new Uint8Array(png),
    headers: { ...member.headers, 'Content-Type': 'image/png' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return signed.fileUrl;
}

interface Item {
  reviewNo: number;
  rate: number;
  content: string;
  fileUrls: string[];
  myReview: boolean;
  recommendable: boolean;
  recommendCnt: number;
  registerName: string;
  orderedOption: { orderOptionNo: number; inputs: { inputValue: string }[] };
  extra: { thumbnailUrls: string[]; recommended: boolean };
}
interface ListBody {
  totalCount: number;
  rate: number;
  reviewRatingResponses: { rating: number; countOfRating: number }[];
  items: Item[];
}

const list = async (productNo: number, member: TestMember | null = null, query = '') =>
  json<ListBody>(
    await call(api, `/shop-api/products/${productNo}/product-reviews?hasTotalCount=true${query}`, { member }),
  );

describe('writing a review', () => {
  it('the buyer of a delivered line writes a photo review; counters, summary, list, detail and photos follow', async () => {
    const l = await line(alice);
    const photo = await upload(alice);
    const reviewNo = await written(alice, P, body(l, { urls: [photo] }));

    expect(await productCounters(t.db, P)).toEqual({ reviewCnt: 1, reviewRating: 5 });
    const visitor = await list(P);
    expect(visitor.totalCount).toBe(1);
    expect(visitor.rate).toBe(5);
    expect(visitor.reviewRatingResponses).toEqual([
      { rating: 5, countOfRating: 1 },
      { rating: 4, countOfRating: 0 },
      { rating: 3, countOfRating: 0 },
      { rating: 2, countOfRating: 0 },
      { rating: 1, countOfRating: 0 },
    ]);
    expect(visitor.items[0]).toMatchObject({
      reviewNo,
      rate: 5,
      content: '푹신하고 좋아요.\n두 번째 줄입니다.',
      fileUrls: [photo],
      myReview: false,
      recommendable: false,
      registerName: '김***',
      orderedOption: { orderOptionNo: l.orderOptionNo },
      extra: { thumbnailUrls: [photo.replace(/\.png$/, '_small.png')] },
    });
    expect((await list(P, alice)).items[0]).toMatchObject({ myReview: true, registerName: '김앨리스' });
    expect((await list(P, bob)).items[0]).toMatchObject({ myReview: false, recommendable: true });

    const detail = await json<Item>(await call(api, `/shop-api/products/${P}/product-reviews/${reviewNo}`));
    expect(detail.reviewNo).toBe(reviewNo);
    const photos = await json<{ totalCount: number; contents: { reviewNo: number; urls: string[] }[] }>(
      await call(api, `/shop-api/products/${P}/photo-reviews?pageNumber=1&pageSize=12`),
    );
    expect(photos.totalCount).toBe(1);
    expect(photos.contents[0]).toMatchObject({ reviewNo, urls: [photo] });
    // viewer-dependent: never in a shared cache
    const res = await call(api, `/shop-api/products/${P}/product-reviews`);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('refuses lines not bought, not delivered, of another product, and a second review of a line', async () => {
    const before = await productCounters(t.db, P);
    const bobs = await line(bob);
    const notReviewable = async (l: TestLine) =>
      expect((await errorOf(await write(alice, P, body(l)), 403)).code).toBe('REVIEW_NOT_REVIEWABLE');
    // another member's line, a line that does not exist, lines not delivered yet, a line sent back
    await notReviewable(bobs);
    await notReviewable({ orderNo: '', orderOptionNo: 99999999 });
    const paid = await line(alice, P, OPT, 'PAY_DONE');
    await notReviewable(paid);
    await notReviewable(await line(alice, P, OPT, 'DELIVERY_ING'));
    const returned = await line(alice, P, OPT, 'DELIVERY_DONE');
    await t.db.execute({
      sql: 'UPDATE order_options SET returned_cnt = order_cnt WHERE order_option_no = ?',
      args: [returned.orderOptionNo],
    });
    await notReviewable(returned);
    const other = await line(alice, 101, 1011);
    expect((await errorOf(await write(alice, P, body(other)), 400)).code).toBe(
      'REVIEW_ORDER_OPTION_MISMATCH',
    );
    expect(
      (await errorOf(await write(alice, P, body(await line(alice), { optionNo: 1011 })), 400)).code,
    ).toBe('REVIEW_ORDER_OPTION_MISMATCH');
    expect((await write(null, P, body(bobs))).status).toBe(401);

    // a confirmed line is reviewable too; once
    const confirmed = await line(alice, P, OPT, 'BUY_CONFIRM');
    await written(alice, P, body(confirmed, { rate: 1 }));
    expect((await errorOf(await write(alice, P, body(confirmed)), 409)).code).toBe('REVIEW_ALREADY_WRITTEN');
    expect(await productCounters(t.db, P)).toEqual({
      reviewCnt: before.reviewCnt + 1,
      reviewRating: (before.reviewRating * before.reviewCnt + 1) / (before.reviewCnt + 1),
    });
    // once delivered, the paid line may be reviewed
    await setOrderStatus(t.db, paid.orderNo, 'DELIVERY_DONE');
    await written(alice, P, body(paid, { rate: 3 }));
  });

  it('checks rating, text and photos (400 with a Korean message)', async () => {
    const l = await line(carol);
    for (const rate of [0, 6, 3.5, -1, '5']) {
      expect((await errorOf(await write(carol, P, body(l, { rate })), 400)).code).toBe('INVALID_INPUT');
    }
    await errorOf(
      await write(carol, P, { orderOptionNo: l.orderOptionNo, content: '평점이 없는 후기입니다.' }),
      400,
    );
    await errorOf(await write(carol, P, body(l, { content: '짧아요' })), 400);
    await errorOf(await write(carol, P, body(l, { content: '가'.repeat(2001) })), 400);

    const bobsPhoto = await upload(bob);
    const mine = await upload(carol);
    const cases: [string[], string][] = [
      [[bobsPhoto], 'REVIEW_PHOTO_INVALID'],
      [['https://evil.example.com/x.png'], 'REVIEW_PHOTO_INVALID'],
      [['/uploads/catalog/products/107-1-320w.webp'], 'REVIEW_PHOTO_INVALID'],
      [[mine.replace(/\.png$/, '_small.png')], 'REVIEW_PHOTO_INVALID'],
      [[mine, mine], 'REVIEW_PHOTO_INVALID'],
      [Array.from({ length: 6 }, () => mine), 'INVALID_INPUT'],
    ];
    for (const [urls, code] of cases) {
      expect((await errorOf(await write(carol, P, body(l, { urls })), 400)).code).toBe(code);
    }
    // nothing was written by any of those
    expect((await list(P, carol)).items.some((i) => i.myReview)).toBe(false);
    // the author's own absolute address on this site is kept as the storage's own path
    const reviewNo = await written(
      carol,
      P,
      body(l, { rate: undefined, rating: 4, urls: [`http://localhost:4321${mine}`] }),
    );
    const detail = await json<Item>(await call(api, `/shop-api/products/${P}/product-reviews/${reviewNo}`));
    expect(detail).toMatchObject({ rate: 4, fileUrls: [mine] });
  });

  it('keeps script and HTML in the text as plain text (JSON), inputs too', async () => {
    const l = await line(bob, 104, 1041);
    const evil = '<script>alert("xss")</script>\n<img src=x onerror=alert(1)> 정말 좋아요';
    const reviewNo = await written(bob, 104, body(l, { content: evil }));
    const res = await call(api, `/shop-api/products/104/product-reviews/${reviewNo}`);
    expect(res.headers.get('content-type')).toContain('application/json');
    const item = (await res.json()) as Item;
    expect(item.content).toBe(evil);
    expect(item.orderedOption.inputs[0]?.inputValue).toBe('<b>포도</b>');
  });
});

describe('changing and deleting', () => {
  it('only the author edits or deletes (403); the average and count follow; a deleted line stays reviewed', async () => {
    const before = await productCounters(t.db, 103);
    expect(before).toEqual({ reviewCnt: 5, reviewRating: 4 });
    const a = await line(alice, 103, 1031);
    const b = await line(bob, 103, 1032);
    const ra = await written(alice, 103, body(a, { rate: 5 }));
    const rb = await written(bob, 103, body(b, { rate: 2 }));
    // the demo base counts: (4 × 5 + 5 + 2) / 7
    expect((await productCounters(t.db, 103)).reviewCnt).toBe(7);
    expect((await productCounters(t.db, 103)).reviewRating).toBeCloseTo(27 / 7, 10);

    const path = `/shop-api/products/103/product-reviews/${ra}`;
    const edit = { rate: 1, content: '다시 써 보니 별로였어요.', urls: [] };
    expect((await errorOf(await call(api, path, { member: bob, method: 'PUT', body: edit }), 403)).code).toBe(
      'REVIEW_NOT_MINE',
    );
    expect((await errorOf(await call(api, path, { member: bob, method: 'DELETE' }), 403)).code).toBe(
      'REVIEW_NOT_MINE',
    );
    expect((await call(api, path, { method: 'DELETE' })).status).toBe(401);
    // the review under another product's address is not there
    await errorOf(
      await call(api, `/shop-api/products/101/product-reviews/${ra}`, {
        member: alice,
        method: 'PUT',
        body: edit,
      }),
      404,
    );
    await errorOf(
      await call(api, `/shop-api/products/103/product-reviews/99999999`, { member: alice, method: 'DELETE' }),
      404,
    );

    expect((await call(api, path, { member: alice, method: 'PUT', body: edit })).status).toBe(204);
    expect((await productCounters(t.db, 103)).reviewRating).toBeCloseTo(23 / 7, 10);
    const edited = await json<Item>(await call(api, path));
    expect(edited).toMatchObject({ rate: 1, content: '다시 써 보니 별로였어요.' });
    await errorOf(await call(api, path, { member: alice, method: 'PUT', body: { ...edit, rate: 9 } }), 400);

    expect((await call(api, path, { member: alice, method: 'DELETE' })).status).toBe(204);
    expect((await productCounters(t.db, 103)).reviewCnt).toBe(6);
    expect((await productCounters(t.db, 103)).reviewRating).toBeCloseTo(22 / 6, 10);
    await errorOf(await call(api, path), 404);
    await errorOf(await call(api, path, { member: alice, method: 'DELETE' }), 404);
    await errorOf(await call(api, path, { member: alice, method: 'PUT', body: edit }), 404);
    expect((await errorOf(await write(alice, 103, body(a)), 409)).code).toBe('REVIEW_ALREADY_WRITTEN');

    const summary = await list(103);
    expect(summary.totalCount).toBe(1);
    expect(summary.items.map((i) => i.reviewNo)).toEqual([rb]);
    expect(summary.rate).toBe(2);

    expect(
      (await call(api, `/shop-api/products/103/product-reviews/${rb}`, { member: bob, method: 'DELETE' }))
        .status,
    ).toBe(204);
    expect(await productCounters(t.db, 103)).toMatchObject({ reviewCnt: 5 });
    expect((await productCounters(t.db, 103)).reviewRating).toBeCloseTo(4, 10);
  });

  it('counts exactly on a product without a base: create, edit, delete down to none', async () => {
    const l1 = await line(alice, 108, 1081);
    const l2 = await line(bob, 108, 1081);
    const r1 = await written(alice, 108, body(l1, { rate: 5 }));
    const r2 = await written(bob, 108, body(l2, { rate: 2 }));
    expect(await productCounters(t.db, 108)).toEqual({ reviewCnt: 2, reviewRating: 3.5 });
    await call(api, `/shop-api/products/108/product-reviews/${r2}`, {
      member: bob,
      method: 'PUT',
      body: { rate: 4, content: '생각보다 괜찮네요 다시 보니.' },
    });
    expect(await productCounters(t.db, 108)).toEqual({ reviewCnt: 2, reviewRating: 4.5 });
    await call(api, `/shop-api/products/108/product-reviews/${r1}`, { member: alice, method: 'DELETE' });
    expect(await productCounters(t.db, 108)).toEqual({ reviewCnt: 1, reviewRating: 4 });
    await call(api, `/shop-api/products/108/product-reviews/${r2}`, { member: bob, method: 'DELETE' });
    expect(await productCounters(t.db, 108)).toEqual({ reviewCnt: 0, reviewRating: 0 });
  });
});

describe('recommending', () => {
  it('once per member, never one’s own; the count is right under repeats', async () => {
    const l = await line(alice, 102, 1021);
    const reviewNo = await written(alice, 102, body(l));
    const path = `/shop-api/products/102/product-reviews/${reviewNo}/recommend`;
    expect((await errorOf(await call(api, path, { member: alice, method: 'POST' }), 403)).code).toBe(
      'REVIEW_OWN_RECOMMEND',
    );
    expect((await call(api, path, { method: 'POST' })).status).toBe(401);
    expect(await json(await call(api, path, { member: bob, method: 'POST' }))).toEqual({
      recommendCnt: 1,
      recommended: true,
    });
    expect((await errorOf(await call(api, path, { member: bob, method: 'POST' }), 409)).code).toBe(
      'REVIEW_ALREADY_RECOMMENDED',
    );
    expect(
      (await json<{ recommendCnt: number }>(await call(api, path, { member: carol, method: 'POST' })))
        .recommendCnt,
    ).toBe(2);
    expect((await list(102, bob)).items[0]).toMatchObject({
      recommendCnt: 2,
      recommendable: false,
      extra: { recommended: true },
    });
    for (let i = 0; i < 5; i++) {
      await call(api, path, { member: bob, method: 'DELETE' });
      await call(api, path, { member: bob, method: 'DELETE' });
      await call(api, path, { member: bob, method: 'POST' });
      await call(api, path, { member: bob, method: 'POST' });
    }
    expect((await list(102)).items[0]?.recommendCnt).toBe(2);
    expect(await json(await call(api, path, { member: bob, method: 'DELETE' }))).toEqual({
      recommendCnt: 1,
      recommended: false,
    });
    expect((await errorOf(await call(api, path, { member: bob, method: 'DELETE' }), 409)).code).toBe(
      'REVIEW_NOT_RECOMMENDED',
    );
    await errorOf(
      await call(api, `/shop-api/products/101/product-reviews/${reviewNo}/recommend`, {
        member: bob,
        method: 'POST',
      }),
      404,
    );
  });

  it('sorts by recommendations, rating and date, and pages without overlap', async () => {
    const nos: number[] = [];
    for (const rate of [3, 5, 1, 4]) {
      nos.push(await written(carol, 105, body(await line(carol, 105, 1051), { rate })));
    }
    await call(api, `/shop-api/products/105/product-reviews/${nos[2]}/recommend`, {
      member: bob,
      method: 'POST',
    });
    const by = async (q: string) => (await list(105, null, q)).items.map((i) => i.reviewNo);
    expect(await by('')).toEqual([...nos].reverse());
    expect(await by('&order.by=REGISTER_YMDT&order.direction=ASC')).toEqual(nos);
    expect((await by('&order.by=RECOMMEND'))[0]).toBe(nos[2]);
    expect(await by('&order.by=RATING&order.direction=DESC')).toEqual([nos[1], nos[3], nos[0], nos[2]]);
    expect(await by('&order.by=RATING&order.direction=ASC')).toEqual([nos[2], nos[0], nos[3], nos[1]]);
    const p1 = await by('&pageNumber=1&pageSize=3');
    const p2 = await by('&pageNumber=2&pageSize=3');
    expect([...p1, ...p2]).toEqual([...nos].reverse());
    expect((await list(105, null, '&hasAttachmentFile=true')).totalCount).toBe(0);
    const s = await list(105);
    expect(s.rate).toBe(3.3);
  });

  it('answers 400 with Korean messages for bad page numbers and sorts, 404 for products not shown', async () => {
    for (const q of [
      'pageNumber=0',
      'pageNumber=-1',
      'pageNumber=abc',
      'pageNumber=1.5',
      'pageSize=0',
      'pageSize=101',
      'order.by=PRICE',
      'order.direction=UP',
    ]) {
      await errorOf(await call(api, `/shop-api/products/${P}/product-reviews?${q}`), 400);
    }
    for (const q of ['pageNumber=0', 'pageSize=1000']) {
      await errorOf(await call(api, `/shop-api/products/${P}/photo-reviews?${q}`), 400);
    }
    await errorOf(await call(api, '/shop-api/products/106/product-reviews'), 404);
    await errorOf(await call(api, '/shop-api/products/999999/photo-reviews'), 404);
    await errorOf(await call(api, '/shop-api/products/101/product-reviews/abc'), 404);
  });
});

describe('my reviews', () => {
  it('lists delivered lines without a review, the member’s own only', async () => {
    const dave = await testMember(t.db, { name: '정데이브' });
    const first = await line(dave, 101, 1011);
    const second = await line(dave, 102, 1021);
    await line(dave, 103, 1031, 'PAY_DONE');
    await line(alice, 101, 1011);
    type Reviewable = {
      totalCount: number;
      items: { orderOptionNo: number; productNo: number; optionTitle: string }[];
    };
    const open = await json<Reviewable>(
      await call(api, '/shop-api/profile/order-options/product-reviewable?pageNumber=1&pageSize=10', {
        member: dave,
      }),
    );
    expect(open.items.map((i) => i.orderOptionNo)).toEqual([second.orderOptionNo, first.orderOptionNo]);
    expect(open.items[0]).toMatchObject({ productNo: 102 });
    await written(dave, 102, body(second));
    const after = await json<Reviewable>(
      await call(api, '/shop-api/profile/order-options/product-reviewable', { member: dave }),
    );
    expect(after.items.map((i) => i.orderOptionNo)).toEqual([first.orderOptionNo]);
    expect(
      (
        await json<Reviewable>(
          await call(api, '/shop-api/profile/order-options/product-reviewable?productNo=102', {
            member: dave,
          }),
        )
      ).totalCount,
    ).toBe(0);
    expect((await call(api, '/shop-api/profile/order-options/product-reviewable')).status).toBe(401);
    await errorOf(
      await call(api, '/shop-api/profile/order-options/product-reviewable?pageNumber=0', { member: dave }),
      400,
    );
  });

  it('lists written reviews from 2024-03-01: an earlier startYmd is clamped; bad dates are 400', async () => {
    const erin = await testMember(t.db, { name: '한에린' });
    const old = await line(erin, 101, 1011);
    const recent = await line(erin, 102, 1021);
    // written before the list's start (through the service, whose clock a test may set)
    await createReview(
      t.db,
      erin.memberNo,
      101,
      { orderOptionNo: old.orderOptionNo, rating: 4, content: '작년에 쓴 후기입니다.' },
      new Date('2024-02-20T03:00:00Z'),
    );
    const recentNo = await written(erin, 102, body(recent));
    type Mine = { totalCount: number; items: { reviewNo: number; productNo: number; orderNo: string }[] };
    const mine = (q = '') =>
      call(api, `/shop-api/profile/product-reviews?hasTotalCount=true${q}`, { member: erin });
    for (const q of ['', '&startYmd=2020-01-01', '&startYmd=2024-02-01&endYmd=2099-12-31']) {
      const page = await json<Mine>(await mine(q));
      expect(page.totalCount, q).toBe(1);
      expect(page.items[0]).toMatchObject({ reviewNo: recentNo, productNo: 102, orderNo: recent.orderNo });
    }
    // a range wholly before the start is empty, not an error
    expect((await json<Mine>(await mine('&startYmd=2023-01-01&endYmd=2023-12-31'))).totalCount).toBe(0);
    for (const q of [
      '&startYmd=2024-13-01',
      '&startYmd=2024-02-30',
      '&startYmd=20240301',
      '&endYmd=yesterday',
      '&startYmd=2025-05-02&endYmd=2025-05-01',
      '&pageNumber=0',
    ]) {
      await errorOf(await mine(q), 400);
    }
    expect((await call(api, '/shop-api/profile/product-reviews')).status).toBe(401);
    // another member sees only their own
    const bobs = await json<Mine>(await call(api, '/shop-api/profile/product-reviews', { member: bob }));
    expect(bobs.items.some((i) => i.reviewNo === recentNo)).toBe(false);
  });
});
