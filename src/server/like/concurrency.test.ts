import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createShopper, SHOP_HEADERS, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { startApiProcess, type ApiProcess } from '../../../tests/fixtures/api-processes.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';

/**
 * Likes under real concurrency: the API runs in separate Node processes on one database file and
 * every member's toggles arrive at once at different processes (promises in one process do not
 * race; processes do). The like count must equal its start plus the likes that exist.
 */

const SERVERS = 3;
const MEMBERS = 6;
const TOGGLES = 7;
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

async function toggle(server: number, who: Shopper, productNo: number) {
  const res = await fetch(`${servers[server % SERVERS]!.url}/shop-api/profile/like-products`, {
    method: 'POST',
    headers: { ...SHOP_HEADERS, accessToken: who.accessToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ productNos: [productNo] }),
  });
  return { status: res.status, body: await res.json() };
}

describe('likes across processes', () => {
  it(`${MEMBERS} members toggling one product ${TOGGLES} times each at once leave the count exact`, async () => {
    const members: Shopper[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createShopper(t.db, `찜회원${'가나다라마바'[i]}`));
    const start = await t.db.execute('SELECT like_cnt FROM products WHERE product_no = 101');
    const before = Number(start.rows[0]?.like_cnt);

    const perMember = await Promise.all(
      members.map((m, i) => Promise.all(Array.from({ length: TOGGLES }, (_, k) => toggle(i + k, m, 101)))),
    );
    const results = perMember.flat();
    expect(results.filter((r) => r.status !== 200)).toEqual([]);

    const likes = await t.db.execute('SELECT COUNT(*) AS n FROM product_likes WHERE product_no = 101');
    const after = await t.db.execute('SELECT like_cnt FROM products WHERE product_no = 101');
    // an odd number of toggles: everyone ends liking it
    expect(Number(likes.rows[0]?.n)).toBe(MEMBERS);
    expect(Number(after.rows[0]?.like_cnt)).toBe(before + MEMBERS);
    // every toggle saw the one before it: one "liked" more than "unliked" per member
    for (const answers of perMember) {
      const liked = answers.filter((r) => r.body[0]?.result === true).length;
      expect(liked - (TOGGLES - liked)).toBe(1);
    }
  });
});
