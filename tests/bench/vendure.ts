/**
 * `npm run bench -- --vendure`: Podo side by side with Vendure 3.7.3 (issue 16), in one run on this
 * machine: the same autocannon load (20 connections, the same duration) on the same three kinds of
 * work, one route of each shop after the other.
 *
 * - list of 20: Vendure's shop API `products(options: { take: 20 })` with what a list shows (name,
 *   slug, featured image preview, the variants' prices) against Podo's lean list `/api/catalog/products`;
 * - product detail: `product(slug)` with variants, assets and options against `/shop-api/products/:no`;
 * - add to cart: `addItemToOrder` with a session token per connection against `POST /shop-api/cart`
 *   with a member's token per connection (each connection its own shopper and cart).
 *
 * Vendure is installed outside the repo (`~/.cache/podo-bench-vendure`, or BENCH_VENDURE_DIR) with
 * exact versions, populated once with its own sample data (54 products, 88 variants, @vendure/create's
 * products.csv) and started in production mode by `vendure-server.mjs`. Podo runs its built server
 * with the demo catalogue (`npm run build` first). Prints throughput, p50/p95, the server's CPU ms per
 * request, response bytes and the ratio Podo/Vendure; writes `tests/bench/results/vendure.json`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/start.mjs';
import { SHOP_API_HEADERS, type PreparedRequest } from './routes.ts';
import { freePort, keepAlive, measureHttp, plainRequest, startServer, type HttpMeasure } from './server.ts';

export const VENDURE_VERSION = '3.7.3';
/** Exact versions installed into the cache (sql.js: SQLite in WebAssembly, no install scripts). */
const VENDURE_PACKAGES = [
  `@vendure/core@${VENDURE_VERSION}`,
  `@vendure/create@${VENDURE_VERSION}`,
  `@vendure/asset-server-plugin@${VENDURE_VERSION}`,
  'sql.js@1.13.0',
];
const CONNECTIONS = 20;
const VENDURE_SERVER = join(ROOT, 'tests', 'bench', 'vendure-server.mjs');

export interface VendureOptions {
  entry: string;
  nodeEnv: string;
  durationS: number;
  warmup: number;
  resultsFile: string;
  commit: string | undefined;
}

interface Side {
  name: string;
  baseUrl: string;
  pid: number | undefined;
  request: PreparedRequest;
  /** One answer's body, as the client receives it without compression. */
  bytes: number;
}

interface Pair {
  work: string;
  vendure: Side;
  podo: Side;
}

function log(message: string) {
  console.log(`[vendure bench] ${message}`);
}

/** Vendure's packages in the cache (installed once) and its populated database (made once). */
function ensureVendure(cacheDir: string): void {
  mkdirSync(cacheDir, { recursive: true });
  const corePackage = join(cacheDir, 'node_modules', '@vendure', 'core', 'package.json');
  const installed = existsSync(corePackage)
    ? (JSON.parse(readFileSync(corePackage, 'utf8')) as { version: string }).version
    : undefined;
  if (installed !== VENDURE_VERSION) {
    log(`installing ${VENDURE_PACKAGES.join(' ')} into ${cacheDir}…`);
    if (!existsSync(join(cacheDir, 'package.json'))) {
      writeFileSync(
        join(cacheDir, 'package.json'),
        `${JSON.stringify({ name: 'podo-bench-vendure', private: true }, null, 2)}\n`,
      );
    }
    const r = spawnSync(
      'npm',
      ['install', '--prefix', cacheDir, '--save-exact', '--no-audit', '--no-fund', ...VENDURE_PACKAGES],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`npm install into ${cacheDir} failed (${r.status})`);
  }
  if (!existsSync(join(cacheDir, 'vendure.sqlite'))) {
    log('populating the sample data (once)…');
    const r = spawnSync(process.execPath, [VENDURE_SERVER, 'populate', cacheDir], {
      stdio: 'inherit',
      env: vendureEnv(0),
    });
    if (r.status !== 0) throw new Error(`populating Vendure failed (${r.status})`);
  }
}

function vendureEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    VENDURE_DISABLE_TELEMETRY: 'true',
  };
}

async function startVendure(
  cacheDir: string,
  port: number,
): Promise<{ child: ChildProcess; stop: () => void }> {
  const child = spawn(process.execPath, [VENDURE_SERVER, 'serve', cacheDir], {
    env: vendureEnv(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vendure exited (${child.exitCode}):\n${lines.join('\n')}`);
    try {
      const r = await graphql(`http://127.0.0.1:${port}`, '{ activeChannel { code } }');
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Vendure did not answer in 120 s:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { child, stop: () => child.kill('SIGTERM') };
}

function graphql(baseUrl: string, query: string, headers: Record<string, string> = {}) {
  return plainRequest(`${baseUrl}/shop-api`, 'POST', headers, { query });
}

function graphqlRequest(query: string, headers: Record<string, string> = {}): PreparedRequest {
  return {
    path: '/shop-api',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    bodies: [JSON.stringify({ query })],
  };
}

/** What a product list shows: name, link, image, price (range over the variants). */
const VENDURE_LIST = `{ products(options: { take: 20 }) { totalItems items { id name slug
  featuredAsset { preview } variants { id priceWithTax currencyCode } } } }`;

const vendureDetail = (slug: string) => `{ product(slug: ${JSON.stringify(slug)}) { id name slug description
  featuredAsset { id preview } assets { id preview }
  optionGroups { id code name options { id code name } }
  facetValues { id name facet { id name } }
  variants { id name sku price priceWithTax currencyCode stockLevel featuredAsset { preview }
    options { id code name groupId } } } }`;

const vendureAdd = (
  variantId: string,
) => `mutation { addItemToOrder(productVariantId: ${JSON.stringify(variantId)}, quantity: 1) {
  ... on Order { id code totalQuantity subTotalWithTax totalWithTax
    lines { id quantity unitPriceWithTax linePriceWithTax productVariant { id name } } }
  ... on ErrorResult { errorCode message } } }`;

/** A session per connection: each one's first addItemToOrder answers its token. */
async function vendureSessions(baseUrl: string, variantId: string): Promise<Record<string, string>[]> {
  const sessions: Record<string, string>[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const r = await graphql(baseUrl, vendureAdd(variantId));
    const token = r.headers['vendure-auth-token'];
    if (r.status !== 200 || typeof token !== 'string') throw new Error(`Vendure gave no session: ${r.text}`);
    sessions.push({ Authorization: `Bearer ${token}` });
  }
  return sessions;
}

async function bytesOf(baseUrl: string, req: PreparedRequest, extra: Record<string, string> = {}) {
  const body = req.bodies?.[0];
  const r = await plainRequest(
    baseUrl + req.path,
    req.method ?? 'GET',
    { ...req.headers, ...extra },
    body === undefined ? undefined : (JSON.parse(body) as unknown),
  );
  if (r.status < 200 || r.status >= 300) throw new Error(`${req.path}: ${r.status} ${r.text.slice(0, 300)}`);
  if (r.text.includes('"errors"') && req.path === '/shop-api' && req.method === 'POST')
    throw new Error(`Vendure answered errors: ${r.text.slice(0, 300)}`);
  return Buffer.byteLength(r.text);
}

/**
 * Shoppers with a session each: joined as the join form does it (the phone verified first: the code
 * read from the throwaway database's SMS outbox) and signed in as an API client (token in the body).
 */
async function podoMembers(baseUrl: string, dir: string, count: number): Promise<Record<string, string>[]> {
  const stamp = `${Date.now()}`.slice(-6);
  const members: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const n = `${stamp}${String(i).padStart(2, '0')}`;
    const mobileNo = `010${n}`;
    const sent = await plainRequest(`${baseUrl}/shop-api/authentications/sms`, 'POST', SHOP_API_HEADERS, {
      usage: 'JOIN',
      mobileNo,
    });
    if (sent.status !== 200) throw new Error(`sms: ${sent.status} ${sent.text}`);
    const sms = await podoSql(
      dir,
      `SELECT body FROM outbox_messages WHERE channel = 'sms' AND recipient = ? ORDER BY message_no DESC LIMIT 1`,
      [mobileNo],
    );
    const key = /\[(\d{6})\]/.exec(String(sms.rows[0]?.body ?? ''))?.[1] ?? '';
    const checked = await plainRequest(
      `${baseUrl}/shop-api/authentications/sms?${new URLSearchParams({ usage: 'JOIN', mobileNo, key })}`,
      'GET',
      SHOP_API_HEADERS,
    );
    const { certificationKey } = JSON.parse(checked.text) as { certificationKey?: string };
    if (!certificationKey) throw new Error(`sms check: ${checked.status} ${checked.text}`);
    const account = { memberId: `vbench${n}`, password: 'bench-2024!' };
    const joined = await plainRequest(`${baseUrl}/shop-api/profile`, 'POST', SHOP_API_HEADERS, {
      ...account,
      memberName: '벤치',
      email: `vbench${n}@example.com`,
      mobileNo,
      certificationKey,
      joinTermsAgreements: ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'],
    });
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${joined.text}`);
    const login = await plainRequest(`${baseUrl}/shop-api/oauth/token`, 'POST', SHOP_API_HEADERS, account);
    const { accessToken } = JSON.parse(login.text) as { accessToken?: string };
    if (!accessToken) throw new Error(`login: ${login.status} ${login.text}`);
    members.push({ accessToken });
  }
  return members;
}

async function podoSql(dir: string, sql: string, args: (string | number)[] = []) {
  const { createClient } = await import('@libsql/client');
  const database = createClient({ url: `file:${join(dir, 'shop.db')}` });
  try {
    return await database.execute({ sql, args });
  } finally {
    database.close();
  }
}

function ratioCell(podo: number, vendure: number): string {
  return vendure > 0 ? `${(podo / vendure).toFixed(1)}×` : '';
}

function printTable(rows: { pair: Pair; v: HttpMeasure; p: HttpMeasure }[]) {
  const head = ['work', 'shop', 'req/s', 'p50 ms', 'p95 ms', 'CPU ms/req', 'bytes', 'errors', 'Podo/Vendure'];
  const body: string[][] = [];
  for (const { pair, v, p } of rows) {
    for (const [side, m, isPodo] of [
      [pair.vendure, v, false],
      [pair.podo, p, true],
    ] as const) {
      body.push([
        isPodo ? '' : pair.work,
        side.name,
        m.rps.toFixed(0),
        m.p50.toFixed(1),
        m.p95.toFixed(1),
        m.cpuMsPerRequest === undefined ? '' : m.cpuMsPerRequest.toFixed(2),
        String(side.bytes),
        String(m.non2xx + m.errors),
        isPodo ? ratioCell(p.rps, v.rps) : '',
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i <= 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

export async function runVendure(o: VendureOptions): Promise<void> {
  const cacheDir = process.env.BENCH_VENDURE_DIR ?? join(homedir(), '.cache', 'podo-bench-vendure');
  ensureVendure(cacheDir);
  const vendurePort = await freePort();
  const vendureUrl = `http://127.0.0.1:${vendurePort}`;
  const vendure = await startVendure(cacheDir, vendurePort);
  try {
    await sideBySide(o, vendureUrl, vendure.child.pid);
  } finally {
    vendure.stop();
    keepAlive.destroy();
  }
}

async function sideBySide(o: VendureOptions, vendureUrl: string, vendurePid: number | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'podo-bench-vendure-'));
  const podoPort = await freePort();
  const podoUrl = `http://127.0.0.1:${podoPort}`;
  const podo = await startServer({
    entry: o.entry,
    nodeEnv: o.nodeEnv,
    dir,
    port: podoPort,
    readyPath: '/api/health',
  });
  try {
    // the first request migrates and seeds Podo's database: never inside a measurement
    await plainRequest(`${podoUrl}/shop-api/products/search?pageSize=1`, 'GET', SHOP_API_HEADERS);

    // --- the catalogues: sizes, and the product each detail/cart run uses
    const vendureCount = JSON.parse((await graphql(vendureUrl, '{ products { totalItems } }')).text) as {
      data: { products: { totalItems: number } };
    };
    const laptop = JSON.parse(
      (await graphql(vendureUrl, '{ product(slug: "laptop") { variants { id } } }')).text,
    ) as {
      data: { product: { variants: { id: string }[] } };
    };
    const variantIds = laptop.data.product.variants.map((v) => v.id);
    const podoCount = await podoSql(dir, "SELECT count(*) AS n FROM products WHERE sale_status = 'ONSALE'");
    // Podo's product with the most buyable options (no custom input), the detail run's product
    const detail = await podoSql(
      dir,
      `SELECT p.product_no, count(*) AS n FROM products p JOIN product_options o ON o.product_no = p.product_no
       WHERE p.sale_status = 'ONSALE' AND p.customizable = 0 AND p.min_buy_cnt = 1 AND o.forced_sold_out = 0
         AND NOT EXISTS (SELECT 1 FROM product_inputs i WHERE i.product_no = p.product_no AND i.required = 1)
       GROUP BY p.product_no ORDER BY n DESC, p.product_no LIMIT 1`,
    );
    const productNo = Number(detail.rows[0]?.product_no);
    const options = await podoSql(
      dir,
      'SELECT option_no FROM product_options WHERE product_no = ? AND forced_sold_out = 0 ORDER BY option_no',
      [productNo],
    );
    const optionNos = options.rows.map((r) => Number(r.option_no));
    // stock and per-order limits out of the way, as Vendure's sample data tracks no stock
    await podoSql(
      dir,
      `UPDATE product_options SET stock_cnt = 1000000 WHERE option_no IN (${optionNos.map(() => '?').join(',')})`,
      optionNos,
    );
    await podoSql(
      dir,
      'UPDATE products SET max_buy_time_cnt = 0, max_buy_person_cnt = 0 WHERE product_no = ?',
      [productNo],
    );
    log(
      `Vendure ${VENDURE_VERSION}: ${vendureCount.data.products.totalItems} products (its sample data); ` +
        `Podo: ${String(podoCount.rows[0]?.n)} products on sale (the demo catalogue)`,
    );

    const members = await podoMembers(podoUrl, dir, CONNECTIONS);
    const vendureCarts = await vendureSessions(vendureUrl, variantIds[0]!);
    // quantity 1 of one option per request, taking the product's options (variants) in turn
    const podoAdds = optionNos.map((optionNo) => JSON.stringify([{ productNo, optionNo, orderCnt: 1 }]));
    const vendureAdds = variantIds.map((id) => JSON.stringify({ query: vendureAdd(id) }));
    const podoHeaders = { ...SHOP_API_HEADERS, 'Content-Type': 'application/json' };

    const side = async (
      name: string,
      baseUrl: string,
      pid: number | undefined,
      request: PreparedRequest,
    ): Promise<Side> => ({
      name,
      baseUrl,
      pid,
      request,
      bytes: await bytesOf(baseUrl, request, request.connectionHeaders?.[0]),
    });
    const pairs: Pair[] = [
      {
        work: 'list of 20',
        vendure: await side(
          'Vendure products(take: 20)',
          vendureUrl,
          vendurePid,
          graphqlRequest(VENDURE_LIST),
        ),
        podo: await side('Podo GET /api/catalog/products', podoUrl, podo.child.pid, {
          path: '/api/catalog/products',
        }),
      },
      {
        work: 'product detail',
        vendure: await side(
          'Vendure product(slug: "laptop")',
          vendureUrl,
          vendurePid,
          graphqlRequest(vendureDetail('laptop')),
        ),
        podo: await side(`Podo GET /shop-api/products/${productNo}`, podoUrl, podo.child.pid, {
          path: `/shop-api/products/${productNo}`,
          headers: SHOP_API_HEADERS,
        }),
      },
      {
        work: 'add to cart',
        vendure: await side('Vendure addItemToOrder', vendureUrl, vendurePid, {
          ...graphqlRequest(vendureAdd(variantIds[0]!)),
          bodies: vendureAdds,
          connectionHeaders: vendureCarts,
        }),
        podo: await side('Podo POST /shop-api/cart', podoUrl, podo.child.pid, {
          path: '/shop-api/cart',
          method: 'POST',
          headers: podoHeaders,
          bodies: podoAdds,
          connectionHeaders: members,
        }),
      },
    ];

    console.log(
      `\nPodo vs Vendure ${VENDURE_VERSION}: ${CONNECTIONS} connections, ${o.durationS} s per route, ` +
        `${availableParallelism()} cores, both servers and the load generator on this machine`,
    );
    const rows: { pair: Pair; v: HttpMeasure; p: HttpMeasure }[] = [];
    for (const pair of pairs) {
      const measure = (s: Side) => {
        process.stdout.write(`measuring ${s.name}… `);
        return measureHttp(s.baseUrl, s.request, {
          connections: CONNECTIONS,
          durationS: o.durationS,
          warmup: o.warmup,
          serverPid: s.pid,
        }).then((m) => {
          console.log(`${m.rps.toFixed(0)} req/s`);
          return m;
        });
      };
      const v = await measure(pair.vendure);
      const p = await measure(pair.podo);
      rows.push({ pair, v, p });
    }
    printTable(rows);

    mkdirSync(join(o.resultsFile, '..'), { recursive: true });
    writeFileSync(
      o.resultsFile,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          commit: o.commit,
          node: process.version,
          cores: availableParallelism(),
          vendure: VENDURE_VERSION,
          connections: CONNECTIONS,
          durationSeconds: o.durationS,
          results: rows.map(({ pair, v, p }) => ({
            work: pair.work,
            vendure: { name: pair.vendure.name, bytes: pair.vendure.bytes, ...v },
            podo: { name: pair.podo.name, bytes: pair.podo.bytes, ...p },
            ratio: v.rps > 0 ? p.rps / v.rps : null,
          })),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwritten: ${o.resultsFile}`);
  } finally {
    await podo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
