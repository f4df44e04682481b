/**
 * One order split into its four requests, measured in-process (issue 16, decision 056): CPU ms per
 * step through the API app (auth, session lookup, validation, the service, the JSON answer) from
 * `process.cpuUsage()` (microseconds, where the HTTP bench's `/proc` figures come in 10 ms ticks),
 * on the demo catalogue in a WAL file as the server opens it (write turns, grouped WAL syncs,
 * statement cache), orders placed one after another by BENCH_SHOPPERS members in turn. Also the
 * statements, commits and schema-version reads of an order.
 *
 *   npx tsx tests/bench/order-steps.ts                 # prints the table
 *   node --cpu-prof --import tsx tests/bench/order-steps.ts   # and a profile of the orders
 */
import type { Client, InStatement, TransactionMode } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '../../src/api/app.ts';
import { openDb, useDbForTests } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';
import * as statementCache from '../../src/server/db/statement-cache.ts';
import {
  createShopper,
  reserveBody,
  returnParams,
  SHOP_HEADERS,
  type Shopper,
} from '../fixtures/commerce.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 16);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600);
const STEPS = ['order sheet', 'reserve', 'sandbox approve + webhook', 'confirm'] as const;

const statements: string[] = [];
let commits = 0;
const isWrite = (s: string) => !/^\s*(?:select|pragma)\b/i.test(s);

/** The client, counting statements and commits (single writes, write batches, transactions). */
function counted(db: Client): Client {
  const execute = db.execute.bind(db);
  const batch = db.batch.bind(db);
  const transaction = db.transaction.bind(db);
  return Object.assign(
    Object.create(db) as Client,
    {
      execute: (stmt: InStatement) => {
        const sql = typeof stmt === 'string' ? stmt : stmt.sql;
        statements.push(sql);
        if (isWrite(sql)) commits++;
        return execute(stmt);
      },
      batch: (stmts: InStatement[], mode?: Parameters<Client['batch']>[1]) => {
        for (const s of stmts) statements.push(typeof s === 'string' ? s : s.sql);
        if (mode !== 'read') commits++;
        return batch(stmts, mode);
      },
      transaction: async (mode?: TransactionMode) => {
        const tx = await transaction(mode);
        if (mode !== 'read') commits++;
        const txExecute = tx.execute.bind(tx);
        tx.execute = (stmt: InStatement) => {
          statements.push(typeof stmt === 'string' ? stmt : stmt.sql);
          return txExecute(stmt);
        };
        return tx;
      },
    } as Partial<Client>,
  );
}

const schemaChecks = () =>
  (statementCache.statementCacheStats() as { schemaChecks?: number }).schemaChecks ?? Number.NaN;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'podo-order-bench-'));
  try {
    const db = await openDb({ url: `file:${join(dir, 'shop.db')}` });
    await migrate(db);
    await seedIfEmpty(db, { images: false });
    useDbForTests(counted(db));
    const picked = await db.execute(
      `SELECT p.product_no, o.option_no FROM products p JOIN product_options o ON o.product_no = p.product_no
       WHERE p.sale_status = 'ONSALE' AND p.customizable = 0 AND p.min_buy_cnt = 1 AND o.forced_sold_out = 0
         AND NOT EXISTS (SELECT 1 FROM product_inputs i WHERE i.product_no = p.product_no AND i.required = 1)
       ORDER BY p.product_no, o.option_no LIMIT 1`,
    );
    const productNo = Number(picked.rows[0]?.product_no);
    const optionNo = Number(picked.rows[0]?.option_no);
    await db.execute({
      sql: 'UPDATE product_options SET stock_cnt = 1000000 WHERE option_no = ?',
      args: [optionNo],
    });
    await db.execute({
      sql: 'UPDATE products SET max_buy_time_cnt = 0, max_buy_person_cnt = 0 WHERE product_no = ?',
      args: [productNo],
    });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await createShopper(db, `벤치${i}`));
    const products = [{ productNo, optionNo, orderCnt: 1 }];
    const app = createApiApp();
    const call = async (path: string, body: unknown, who: Shopper) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { ...SHOP_HEADERS, 'Content-Type': 'application/json', accessToken: who.accessToken },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const sheetOf = (who: Shopper) => call('/shop-api/order-sheets', { products }, who);
    const first = await sheetOf(shoppers[0]!);
    const sheet = await app.request(`/shop-api/order-sheets/${String(first.orderSheetNo)}`, {
      headers: { ...SHOP_HEADERS, accessToken: shoppers[0]!.accessToken },
    });
    const amount = ((await sheet.json()) as { paymentInfo: { paymentAmt: number } }).paymentInfo.paymentAmt;

    const cpu = STEPS.map(() => 0);
    /** statements, commits and schema-version reads of each step of the last order */
    const counts = STEPS.map(() => ({ statements: 0, commits: 0, checks: 0 }));
    const placeOrder = async (who: Shopper, measured: boolean) => {
      let at = process.cpuUsage();
      let seen = { statements: statements.length, commits, checks: schemaChecks() };
      const step = (i: number) => {
        const d = process.cpuUsage(at);
        if (measured) cpu[i]! += (d.user + d.system) / 1000;
        const now = { statements: statements.length, commits, checks: schemaChecks() };
        counts[i] = {
          statements: now.statements - seen.statements,
          commits: now.commits - seen.commits,
          checks: now.checks - seen.checks,
        };
        seen = now;
        at = process.cpuUsage();
      };
      const { orderSheetNo } = await sheetOf(who);
      step(0);
      const reserved = await call(
        '/shop-api/payments/reserve',
        reserveBody(String(orderSheetNo), amount, { payType: 'CREDIT_CARD' }),
        who,
      );
      step(1);
      await call(`/api/payment-sandbox/payments/${String(reserved.paymentId)}/approve`, {}, who);
      step(2);
      const outcome = await call(
        '/shop-api/payments/confirm',
        returnParams(String(reserved.clientReturnUrl)),
        who,
      );
      step(3);
      if (outcome.result !== 'PAID') throw new Error(`not paid: ${JSON.stringify(outcome)}`);
    };
    for (let i = 0; i < 50; i++) await placeOrder(shoppers[i % SHOPPERS]!, false); // warm up
    statements.length = 0;
    commits = 0;
    const checksBefore = schemaChecks();
    await placeOrder(shoppers[0]!, false);
    const one = { statements: statements.length, commits, checks: schemaChecks() - checksBefore };
    const perStep = counts.map((c) => ({ ...c }));
    const wall = performance.now();
    for (let i = 0; i < ORDERS; i++) await placeOrder(shoppers[i % SHOPPERS]!, true);
    const seconds = (performance.now() - wall) / 1000;
    console.log(
      `one order: ${one.statements} statements, ${one.commits} commits, ${one.checks} schema version reads`,
    );
    for (const [i, name] of STEPS.entries()) {
      const c = perStep[i]!;
      console.log(
        `${name.padEnd(28)} ${(cpu[i]! / ORDERS).toFixed(3)} CPU ms  ${c.statements} statements, ${c.commits} commits, ${c.checks} schema version reads`,
      );
    }
    const total = cpu.reduce((a, b) => a + b, 0) / ORDERS;
    console.log(
      `${'order'.padEnd(28)} ${total.toFixed(3)} CPU ms  ${(ORDERS / seconds).toFixed(0)} orders/s one at a time`,
    );
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
