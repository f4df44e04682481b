/**
 * The page cache while orders run (issue 16, decisions 043 and 053): visitors read the home page,
 * a category, the page of a product being ordered and the page of one nobody orders (as many
 * visitors on each), first with no order running, then while the pooled orders of `orders.ts` run
 * (each order takes stock and counts a sale). Prints per page the share of answers from memory
 * (`X-Page-Cache: hit`) and the pages served per second in both phases, in the same run.
 *
 * BENCH_CACHE_READERS (8): concurrent visitors; BENCH_CACHE_SECONDS (8): each phase's length;
 * BENCH_CACHE_ORDER_WORKERS (4): orders placed at once beside them (fewer than the orders bench's
 * 16, so the app is busy but not saturated by orders alone: what is measured is the cache).
 */
import { cpuMsOf } from './nodes.ts';
import { pooledOrders } from './orders.ts';
import { orderableLines, type BenchContext, type Figure, type FigureBench } from './routes.ts';
import { plainRequest } from './server.ts';

const READERS = Number(process.env.BENCH_CACHE_READERS ?? 8);
const SECONDS = Number(process.env.BENCH_CACHE_SECONDS ?? 8);
const ORDER_WORKERS = Number(process.env.BENCH_CACHE_ORDER_WORKERS ?? 4);
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

interface Tally {
  hits: number;
  total: number;
}

/** Visitors reading `pages` in turn for `seconds`; per page, how many answers came from memory. */
async function readPages(ctx: BenchContext, pages: Record<string, string>, seconds: number) {
  const tallies = new Map(Object.keys(pages).map((k) => [k, { hits: 0, total: 0 } as Tally]));
  const list = Object.entries(pages);
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  const pids = ctx.appPids ?? [];
  const cpuBefore = pids.length > 0 ? cpuMsOf(pids) : undefined;
  const times: number[] = [];
  // each visitor stays on one page, so a slow page (one rendered again) does not hold up the others
  await Promise.all(
    Array.from({ length: READERS }, async (_, i) => {
      const [name, path] = list[i % list.length]!;
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await plainRequest(ctx.baseUrl + path, 'GET', BROWSER);
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        const tally = tallies.get(name)!;
        tally.total++;
        if (res.headers['x-page-cache'] === 'hit') tally.hits++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = pids.length > 0 ? cpuMsOf(pids) : undefined;
  // the app's CPU over the phase, orders' included when they run: ms per second of the phase
  const cpuPerSecond =
    cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / elapsed : undefined;
  const total = [...tallies.values()].reduce((n, t) => n + t.total, 0);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { tallies, elapsed, pagesPerSecond: total / elapsed, p50: at(0.5), p99: at(0.99), cpuPerSecond };
}

export const pageCacheUnderOrders: FigureBench = {
  kind: 'figure',
  name: 'page cache under orders: hit rate and pages/s, without and with orders running',
  async measure(ctx) {
    const order = await pooledOrders.setup(ctx);
    if (typeof order !== 'function') return order;
    const lines = await orderableLines(ctx);
    const ordered = new Set(lines.slice(0, pooledOrders.workers ?? 16).map((l) => l.productNo));
    const found = await ctx.getJson<{ items?: { productNo: number }[] }>(
      '/shop-api/products/search?pageSize=50',
    );
    const quiet = found?.items?.find((p) => !ordered.has(p.productNo))?.productNo;
    const [busy] = ordered;
    if (busy === undefined || quiet === undefined) return { skip: 'no product to read beside the orders' };
    const pages = {
      home: '/',
      category: '/categories/529105',
      'product being ordered': `/products/${busy}`,
      'product nobody orders': `/products/${quiet}`,
    };
    // warm: every page rendered once, then the first phase without orders
    for (const path of Object.values(pages)) await plainRequest(ctx.baseUrl + path, 'GET', BROWSER);
    const calm = await readPages(ctx, pages, SECONDS);

    let orders = 0;
    let failures = 0;
    let running = true;
    const ordering = Promise.all(
      Array.from({ length: ORDER_WORKERS }, async () => {
        while (running) {
          try {
            await order();
            orders++;
          } catch {
            failures++;
          }
        }
      }),
    );
    const start = performance.now();
    const busyPhase = await readPages(ctx, pages, SECONDS);
    running = false;
    await ordering;
    const orderRate = orders / ((performance.now() - start) / 1000);

    const rate = (t: Tally | undefined) => (t && t.total > 0 ? (100 * t.hits) / t.total : 0);
    // the app's CPU per second of the phase, and per request (pages and the orders' calls together)
    const cpu = (phase: { cpuPerSecond: number | undefined; pagesPerSecond: number }) =>
      phase.cpuPerSecond === undefined
        ? ''
        : `, app CPU ${phase.cpuPerSecond.toFixed(0)} ms/s, ${(phase.cpuPerSecond / phase.pagesPerSecond).toFixed(2)} ms per page served`;
    const figures: Figure[] = [];
    for (const name of Object.keys(pages)) {
      const before = calm.tallies.get(name);
      const during = busyPhase.tallies.get(name);
      figures.push({
        name: `page cache hit rate with orders running: ${name}`,
        value: rate(during),
        unit: '%',
        detail: `${during?.hits ?? 0}/${during?.total ?? 0}, ${((during?.total ?? 0) / busyPhase.elapsed).toFixed(1)}/s (without orders ${rate(before).toFixed(1)} %, ${((before?.total ?? 0) / calm.elapsed).toFixed(1)}/s)`,
      });
    }
    figures.push(
      {
        name: `pages/s without orders (${READERS} visitors over 4 pages)`,
        value: calm.pagesPerSecond,
        unit: 'req/s',
        detail: `${READERS} visitors, p50 ${calm.p50.toFixed(1)} ms, p99 ${calm.p99.toFixed(1)} ms${cpu(calm)}`,
      },
      {
        name: 'pages/s with orders running',
        value: busyPhase.pagesPerSecond,
        unit: 'req/s',
        detail: `${(busyPhase.pagesPerSecond / calm.pagesPerSecond).toFixed(2)} of the calm phase, p50 ${busyPhase.p50.toFixed(1)} ms, p99 ${busyPhase.p99.toFixed(1)} ms${cpu(busyPhase)}`,
      },
      {
        name: 'orders/s beside the visitors',
        value: orderRate,
        unit: 'orders/s',
        detail: `${ORDER_WORKERS} at once${failures > 0 ? `, ${failures} failed` : ''}`,
      },
    );
    return figures;
  },
};
