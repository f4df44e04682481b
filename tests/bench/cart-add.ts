/**
 * Add-to-cart measured in-process (issue 16, decision 052): CPU ms per `POST /shop-api/cart` through
 * the API app (auth, session lookup, validation, the add, the JSON answer), on the demo catalogue in
 * a WAL file as the server opens it, with BENCH_SHOPPERS members adding at once (20, as
 * `npm run bench -- --vendure` does), and the same add split into its parts: the session lookup,
 * the full pricing of the lines (what the add read before decision 052), the lean read of the line
 * rules (what it reads now) and the whole service.
 *
 *   npx tsx tests/bench/cart-add.ts              # prints the table
 *   BENCH_PARTS=route node --cpu-prof --import tsx tests/bench/cart-add.ts   # a profile of the route
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '../../src/api/app.ts';
import { resolveSession } from '../../src/server/auth/session.ts';
import { addToCart } from '../../src/server/cart/index.ts';
import { openDb, useDbForTests } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';
import { checkNewLines, resolveLines } from '../../src/server/order/index.ts';
import { createShopper, SHOP_HEADERS, type Shopper } from '../fixtures/commerce.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);

function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** `calls` runs of `fn`, `SHOPPERS` at once; CPU ms per call and calls per second of wall time. */
async function measure(calls: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await fn(i); // warm up: statements prepared, code optimised
  const start = process.cpuUsage();
  const wall = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      for (let i = next++; i < calls; i = next++) await fn(i);
    }),
  );
  const seconds = (performance.now() - wall) / 1000;
  return { cpuMs: cpuMs(start) / calls, perSecond: calls / seconds };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'podo-cart-bench-'));
  try {
    const db = await openDb({ url: `file:${join(dir, 'shop.db')}` });
    await migrate(db);
    await seedIfEmpty(db, { images: false });
    useDbForTests(db);
    // the product the Vendure comparison adds: most buyable options, no custom input
    const picked = await db.execute(
      `SELECT p.product_no FROM products p JOIN product_options o ON o.product_no = p.product_no
       WHERE p.sale_status = 'ONSALE' AND p.customizable = 0 AND p.min_buy_cnt = 1 AND o.forced_sold_out = 0
         AND NOT EXISTS (SELECT 1 FROM product_inputs i WHERE i.product_no = p.product_no AND i.required = 1)
       GROUP BY p.product_no ORDER BY count(*) DESC, p.product_no LIMIT 1`,
    );
    const productNo = Number(picked.rows[0]?.product_no);
    const optionNos = (
      await db.execute({
        sql: 'SELECT option_no FROM product_options WHERE product_no = ? AND forced_sold_out = 0 ORDER BY option_no',
        args: [productNo],
      })
    ).rows.map((r) => Number(r.option_no));
    await db.execute({
      sql: `UPDATE product_options SET stock_cnt = 1000000 WHERE product_no = ?`,
      args: [productNo],
    });
    await db.execute({
      sql: 'UPDATE products SET max_buy_time_cnt = 0, max_buy_person_cnt = 0 WHERE product_no = ?',
      args: [productNo],
    });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await createShopper(db, `벤치${i}`));
    const body = (i: number) => [{ productNo, optionNo: optionNos[i % optionNos.length]!, orderCnt: 1 }];
    const who = (i: number) => shoppers[i % SHOPPERS]!;

    const app = createApiApp();
    const route = async (i: number) => {
      const res = await app.request('/shop-api/cart', {
        method: 'POST',
        headers: { ...SHOP_HEADERS, 'Content-Type': 'application/json', accessToken: who(i).accessToken },
        body: JSON.stringify(body(i)),
      });
      if (res.status !== 200) throw new Error(`add: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const parts: [string, (i: number) => Promise<unknown>][] = [
      ['POST /shop-api/cart (route)', route],
      ['session lookup', (i) => resolveSession(db, who(i).accessToken)],
      ['full pricing (resolveLines)', (i) => resolveLines(db, body(i), { strict: true })],
      ['lean rules read (checkNewLines)', (i) => checkNewLines(db, body(i))],
      ['addToCart (service)', (i) => addToCart(db, who(i).memberNo, body(i))],
    ];
    console.log(
      `product ${productNo} (${optionNos.length} options), ${SHOPPERS} shoppers at once, ${CALLS} calls each`,
    );
    const only = process.env.BENCH_PARTS; // e.g. BENCH_PARTS=route: the route alone (for a profile)
    for (const [name, fn] of parts.filter(([n]) => !only || n.includes(only))) {
      const m = await measure(CALLS, fn);
      console.log(`${name.padEnd(30)} ${m.cpuMs.toFixed(3)} CPU ms/call  ${m.perSecond.toFixed(0)} calls/s`);
    }
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
