import { afterEach, beforeEach, expect, it } from 'vitest';
import { testMember } from '../../api/board.test-helper.ts';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { orderLine } from './review.test-helper.ts';
import { createReview, listReviewFeed } from './service.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterEach(() => t.close());

async function review(memberNo: number, productNo: number, optionNo: number, content: string, at: string) {
  const line = await orderLine(t.db, memberNo, { productNo, optionNo });
  return createReview(
    t.db,
    memberNo,
    productNo,
    { orderOptionNo: line.orderOptionNo, rating: 5, content },
    new Date(at),
  );
}

it('the community feed: newest first across products, photo-only filter, paged, hidden products left out', async () => {
  const m = await testMember(t.db, { name: '김포도' });
  const first = await review(m.memberNo, 101, 1011, '세탁기 소음이 줄었어요.', '2026-11-01T00:00:00Z');
  const second = await review(m.memberNo, 102, 1021, '매트가 두툼합니다.', '2026-11-02T00:00:00Z');
  // 판매중지 댐퍼 (106) cannot be opened: its review stays out of the feed
  await review(m.memberNo, 106, 1061, '판매중지 상품 후기', '2026-11-03T00:00:00Z');
  await t.db.execute({ sql: 'UPDATE product_reviews SET photo_cnt = 1 WHERE review_no = ?', args: [first] });

  const all = await listReviewFeed(t.db, null);
  expect(all.items.map((r) => r.reviewNo)).toEqual([second, first]);
  expect(all.totalCount).toBe(2);
  expect(all.items[0]).toMatchObject({ productNo: 102, registerName: '김**' });

  const photos = await listReviewFeed(t.db, null, { photoOnly: true });
  expect(photos.items.map((r) => r.reviewNo)).toEqual([first]);

  const page2 = await listReviewFeed(t.db, null, { pageSize: 1, pageNumber: 2 });
  expect(page2).toMatchObject({ totalCount: 2, pageCount: 2 });
  expect(page2.items.map((r) => r.reviewNo)).toEqual([first]);
});
