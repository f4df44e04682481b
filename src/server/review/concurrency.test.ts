import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createShopper, SHOP_HEADERS, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { startApiProcess, type ApiProcess } from '../../../tests/fixtures/api-processes.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { orderLine, productCounters } from './review.test-helper.ts';

/**
 * Reviews under real concurrency: the API runs in separate Node processes on one database file and
 * the same request arrives at several processes at once (promises in one process do not race;
 * processes do). A line gets one review, a member recommends once, and the product's review count
 * and average always match the reviews that exist.
 */

const SERVERS = 3;
const MEMBERS = 6;
const REPEATS = 3;
/** 108 (공개예정 방진패드, option 1081) starts with no reviews. */
const P = 108;
const OPT = 1081;
let t: TestDb;
const servers: ApiProcess[] = [];

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  const path = `${t.dir}/shop.db`;
  servers.push(...(await Promise.all(Array.from({ length: SERVERS }, () => startApiProcess(path)))));
}, 90_000);

afterAll(() => {
  for (const s of servers) s.proc.kill('SIGTERM');
  t.close();
});

async function send(server: number, who: Shopper, method: string, path: string, body?: unknown) {
  const res = await fetch(`${servers[server % SERVERS]!.url}/shop-api${path}`, {
    method,
    headers: { ...SHOP_HEADERS, accessToken: who.accessToken, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function liveReviews(productNo: number) {
  const rs = await t.db.execute({
    sql: 'SELECT COUNT(*) AS n, AVG(rating) AS avg FROM product_reviews WHERE product_no = ? AND deleted_at IS NULL',
    args: [productNo],
  });
  return { n: Number(rs.rows[0]!.n), avg: Number(rs.rows[0]!.avg ?? 0) };
}

describe('reviews across processes', () => {
  const members: Shopper[] = [];
  const reviewNos: number[] = [];

  it(`the same review sent ${REPEATS} times at once to different processes is written once`, async () => {
    for (let i = 0; i < MEMBERS; i++) members.push(await createShopper(t.db, `후기회원${'가나다라마바'[i]}`));
    const lines = await Promise.all(
      members.map((m) => orderLine(t.db, m.memberNo, { productNo: P, optionNo: OPT })),
    );
    const perMember = await Promise.all(
      members.map((m, i) =>
        Promise.all(
          Array.from({ length: REPEATS }, (_, k) =>
            send(i + k, m, 'POST', `/products/${P}/product-reviews`, {
              orderOptionNo: lines[i]!.orderOptionNo,
              rate: (i % 5) + 1,
              content: `동시에 보낸 후기입니다 ${i}`,
            }),
          ),
        ),
      ),
    );
    for (const answers of perMember) {
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(REPEATS - 1).fill(409)]);
      reviewNos.push(Number(answers.find((a) => a.status === 201)!.body!.reviewNo));
    }
    const live = await liveReviews(P);
    expect(live.n).toBe(MEMBERS);
    const counters = await productCounters(t.db, P);
    expect(counters.reviewCnt).toBe(MEMBERS);
    expect(counters.reviewRating).toBeCloseTo(live.avg, 9);
  });

  it('recommendations: once per member however many arrive at once, and withdrawn once', async () => {
    const [author, ...others] = members;
    const reviewNo = reviewNos[0]!;
    const path = `/products/${P}/product-reviews/${reviewNo}/recommend`;
    const count = async () =>
      Number(
        (
          await t.db.execute({
            sql: 'SELECT recommend_cnt FROM product_reviews WHERE review_no = ?',
            args: [reviewNo],
          })
        ).rows[0]!.recommend_cnt,
      );
    const rows = async () =>
      Number(
        (
          await t.db.execute({
            sql: 'SELECT COUNT(*) AS n FROM review_recommendations WHERE review_no = ?',
            args: [reviewNo],
          })
        ).rows[0]!.n,
      );

    const on = await Promise.all(
      others.map((m, i) =>
        Promise.all(Array.from({ length: REPEATS }, (_, k) => send(i + k, m, 'POST', path))),
      ),
    );
    for (const answers of on) expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await count()).toBe(others.length);
    expect(await rows()).toBe(others.length);
    expect((await send(0, author!, 'POST', path)).status).toBe(403);

    const off = await Promise.all(
      others.map((m, i) =>
        Promise.all(Array.from({ length: REPEATS }, (_, k) => send(i + k, m, 'DELETE', path))),
      ),
    );
    for (const answers of off) expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await count()).toBe(0);
    expect(await rows()).toBe(0);
  });

  it('edits and deletes racing each other leave the count and average equal to the reviews left', async () => {
    const answers = await Promise.all(
      members.flatMap((m, i) => {
        const path = `/products/${P}/product-reviews/${reviewNos[i]}`;
        return [
          send(i, m, 'PUT', path, { rate: 5 - (i % 5), content: `고쳐 쓴 후기입니다 ${i}` }),
          ...(i % 2 === 0 ? [send(i + 1, m, 'DELETE', path), send(i + 2, m, 'DELETE', path)] : []),
          send(i + 2, m, 'PUT', path, { rate: 1 + (i % 3), content: `또 고쳐 쓴 후기입니다 ${i}` }),
        ];
      }),
    );
    expect(answers.filter((a) => ![204, 404].includes(a.status))).toEqual([]);
    const live = await liveReviews(P);
    expect(live.n).toBe(MEMBERS / 2);
    const counters = await productCounters(t.db, P);
    expect(counters.reviewCnt).toBe(live.n);
    expect(counters.reviewRating).toBeCloseTo(live.avg, 9);
  });
});
