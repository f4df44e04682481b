import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
const api = createApiApp();
let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await testMember(t.db);
  bob = await testMember(t.db);
});
afterAll(() => t.close());

const BASE = '/shop-api/profile/like-products';

async function likeCount(productNo: number): Promise<number> {
  const r = await t.db.execute({
    sql: 'SELECT like_cnt FROM products WHERE product_no = ?',
    args: [productNo],
  });
  return Number(r.rows[0]?.like_cnt);
}

async function toggle(member: TestMember, productNos: number[]) {
  const res = await call(api, BASE, { member, body: { productNos } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { productNo: number; result: boolean }[];
}

async function list(member: TestMember, query = '') {
  const res = await call(api, `${BASE}${query}`, { member });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    totalCount: number;
    items: { productNo: number; liked: boolean; likeCount: number; productName: string }[];
  };
}

describe('the wishlist', () => {
  it('needs a member', async () => {
    expect((await call(api, BASE)).status).toBe(401);
    expect((await call(api, BASE, { body: { productNos: [101] } })).status).toBe(401);
  });

  it('toggles, lists most recent first, and moves the product’s like count with it', async () => {
    const before101 = await likeCount(101);
    const before102 = await likeCount(102);
    expect(await toggle(alice, [101])).toEqual([{ productNo: 101, result: true }]);
    await new Promise((r) => setTimeout(r, 5));
    expect(await toggle(alice, [102])).toEqual([{ productNo: 102, result: true }]);
    expect(await likeCount(101)).toBe(before101 + 1);
    expect(await likeCount(102)).toBe(before102 + 1);

    const liked = await list(alice, '?pageNumber=1&pageSize=10&hasTotalCount=true');
    expect(liked.totalCount).toBe(2);
    expect(liked.items.map((i) => i.productNo)).toEqual([102, 101]);
    expect(liked.items[0]).toMatchObject({
      liked: true,
      productName: '사각 방진 매트',
      likeCount: before102 + 1,
    });

    // one request may toggle several: 101 off, 103 on
    expect(await toggle(alice, [101, 103])).toEqual([
      { productNo: 101, result: false },
      { productNo: 103, result: true },
    ]);
    expect(await likeCount(101)).toBe(before101);
    expect((await list(alice)).items.map((i) => i.productNo)).toEqual([103, 102]);
    // the other member's list is their own
    expect((await list(bob)).totalCount).toBe(0);
  });

  it('keeps the count consistent under many repeated toggles by two members', async () => {
    // (requests racing across processes: src/server/like/concurrency.test.ts)
    const start = await likeCount(104);
    for (let i = 0; i < 15; i++) {
      await toggle(alice, [104]);
      await toggle(bob, [104]);
      const rows = await t.db.execute('SELECT COUNT(*) AS n FROM product_likes WHERE product_no = 104');
      expect(await likeCount(104)).toBe(start + Number(rows.rows[0]?.n));
    }
    // 15 toggles each: both end liked
    expect(await likeCount(104)).toBe(start + 2);
    for (let i = 0; i < 15; i++) await toggle(alice, [104]);
    expect(await likeCount(104)).toBe(start + 1);
  });

  it('never lets the count go below zero', async () => {
    await t.db.execute('UPDATE products SET like_cnt = 0 WHERE product_no = 105');
    await t.db.execute({
      sql: "INSERT INTO product_likes (member_no, product_no, created_at) VALUES (?, 105, '2024-01-01T00:00:00.000Z')",
      args: [bob.memberNo],
    });
    expect(await toggle(bob, [105])).toEqual([{ productNo: 105, result: false }]);
    expect(await likeCount(105)).toBe(0);
  });

  it('refuses bad input with a Korean 400 and unknown products with 404, changing nothing', async () => {
    for (const body of [
      {},
      { productNos: [] },
      { productNos: ['x'] },
      { productNos: [0] },
      { productNos: 101 },
    ]) {
      const res = await call(api, BASE, { member: bob, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toMatch(/[가-힣]/);
    }
    const tooMany = await call(api, BASE, {
      member: bob,
      body: { productNos: Array.from({ length: 51 }, (_, i) => i + 1) },
    });
    expect(tooMany.status).toBe(400);
    expect((await call(api, `${BASE}?pageSize=0`, { member: bob })).status).toBe(400);
    expect((await call(api, `${BASE}?pageNumber=abc`, { member: bob })).status).toBe(400);

    const before = await likeCount(101);
    const res = await call(api, BASE, { member: bob, body: { productNos: [101, 999999] } });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('상품을 찾을 수 없습니다.');
    // all or nothing: 101 was not liked either
    expect(await likeCount(101)).toBe(before);
    expect((await list(bob)).items.map((i) => i.productNo)).not.toContain(101);
  });
});
