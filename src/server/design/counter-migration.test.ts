import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/client.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';

/**
 * Migration 0012 rebuilds custom_orders with foreign keys off. A shop that already has web custom
 * orders and their history must keep every row, and the history must still belong to its orders.
 */

let dir: string | undefined;
let db: Db | undefined;
afterEach(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

const AT = '2026-05-01T00:00:00.000Z';

async function webOrderWithCustomOrders(conn: Db): Promise<void> {
  await conn.executeMultiple(`
    INSERT INTO order_sheets (order_sheet_no, member_no, guest_token_hash, products, created_at, expires_at)
      VALUES ('20260501000000000001', NULL, 'hash', '[]', '${AT}', '${AT}');
    INSERT INTO orders (order_no, order_sheet_no, member_no, guest_token_hash, order_status, pay_type, pg_type,
        orderer_name, orderer_contact1, receiver_name, receiver_zip_cd, receiver_address, receiver_detail_address,
        receiver_contact1, standard_amt, pay_amt, ordered_at, paid_at, updated_at)
      VALUES ('20260501000000000001', '20260501000000000001', NULL, 'hash', 'PAY_DONE', 'CREDIT_CARD', 'sandbox',
        '김포도', '010-1234-5678', '김포도', '06236', '서울특별시 강남구 테헤란로 123', '4층', '010-1234-5678',
        49800, 49800, '${AT}', '${AT}', '${AT}');
    INSERT INTO order_options (order_option_no, order_no, product_no, option_no, product_name, order_cnt, sale_price,
        buy_price, buy_amt, option_inputs, partner_no, partner_name, delivery_template_no)
      VALUES (501, '20260501000000000001', 100005, 10000501, '커스텀 원형 방진패드', 1, 24900, 24900, 24900, '[]', 1, '포도', 1),
             (502, '20260501000000000001', 100005, 10000501, '커스텀 원형 방진패드', 1, 24900, 24900, 24900, '[]', 1, '포도', 1);
    INSERT INTO designs (design_id, member_no, guest_token_hash, product_no, template_id, shape, front_back_same, name,
        document, document_version, create_time, created_at, updated_at)
      VALUES ('AAAAAAAAAAAAAAAAAAAAAA', NULL, 'hash', 100005, 'round-dampener-100', 'circle', 1, '첫째', '{}', 1,
        '2026-05-01@09:00:00.000', '${AT}', '${AT}'),
             ('BBBBBBBBBBBBBBBBBBBBBB', NULL, 'hash', 100005, 'round-dampener-100', 'circle', 1, '둘째', '{}', 1,
        '2026-05-01@09:00:01.000', '${AT}', '${AT}');
    INSERT INTO custom_orders (custom_order_no, order_no, order_option_no, design_id, product_no, quantity, unit_price,
        status, document, print_files, pod_order_code, pod_status, pod_sent_at, pod_attempts, pod_error, created_at,
        updated_at)
      VALUES (7, '20260501000000000001', 501, 'AAAAAAAAAAAAAAAAAAAAAA', 100005, 1, 24900, 'progress', '{"a":1}',
        '{"front":"/uploads/f.png"}', '20260501000000000001', 'IN_PRODUCTION', '${AT}', 1, NULL, '${AT}', '${AT}'),
             (8, '20260501000000000001', 502, 'BBBBBBBBBBBBBBBBBBBBBB', 100005, 1, 24900, 'request', '{"b":2}',
        NULL, NULL, NULL, NULL, 3, 'timeout', '${AT}', '${AT}');
    INSERT INTO custom_order_events (custom_order_no, from_status, to_status, actor_member_no, note, created_at)
      VALUES (7, NULL, 'request', NULL, '결제 완료', '${AT}'), (7, 'request', 'design_complete', 1, '', '${AT}'),
             (7, 'design_complete', 'progress', NULL, '인쇄 서비스', '${AT}'), (8, NULL, 'request', NULL, '결제 완료', '${AT}');
  `);
}

const snapshot = async (conn: Db) => ({
  orders: (
    await conn.execute(
      `SELECT custom_order_no, order_no, order_option_no, design_id, product_no, quantity, unit_price, status, document,
        print_files, pod_order_code, pod_status, pod_sent_at, pod_attempts, pod_error, created_at, updated_at
       FROM custom_orders ORDER BY custom_order_no`,
    )
  ).rows.map((r) => ({ ...r })),
  events: (await conn.execute('SELECT * FROM custom_order_events ORDER BY event_no')).rows.map((r) => ({
    ...r,
  })),
});

describe('migration 0012 (counter custom orders)', () => {
  it('keeps every web custom order and its history, pointing at the rebuilt table', async () => {
    dir = mkdtempSync(join(tmpdir(), 'podo-0012-'));
    db = await openDb({ url: `file:${join(dir, 'shop.db')}` });
    const all = loadMigrations();
    const before = all.filter((m) => m.version < '0012');
    expect(all.some((m) => m.version.startsWith('0012_'))).toBe(true);
    await migrate(db, before);
    await webOrderWithCustomOrders(db);
    const old = await snapshot(db);
    expect(old.events).toHaveLength(4);

    const applied = await migrate(db, all);
    expect(applied[0]).toMatch(/^0012_/);
    expect(await snapshot(db)).toEqual(old);
    const fresh = await db.execute('SELECT sale_no, sale_line_no, customer_name FROM custom_orders');
    expect(
      fresh.rows.every((r) => r.sale_no === null && r.sale_line_no === null && r.customer_name === null),
    ).toBe(true);

    // the history still belongs to custom_orders, foreign keys are on and hold
    const fk = await db.execute('PRAGMA foreign_key_list(custom_order_events)');
    expect(fk.rows.map((r) => r.table)).toEqual(['custom_orders']);
    expect((await db.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
    expect((await db.execute('PRAGMA foreign_keys')).rows[0]?.foreign_keys).toBe(1);
    await expect(
      db.execute(
        "INSERT INTO custom_order_events (custom_order_no, to_status, note, created_at) VALUES (999, 'request', '', 'x')",
      ),
    ).rejects.toThrow(/FOREIGN KEY/);

    // the indexes are back
    const indexes = await db.execute(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'custom_orders' AND sql IS NOT NULL ORDER BY name",
    );
    expect(indexes.rows.map((r) => r.name)).toEqual([
      'custom_orders_design',
      'custom_orders_order',
      'custom_orders_pod_pending',
      'custom_orders_sale',
      'custom_orders_status',
    ]);

    // one source, never both or none; a counter order names who picks it up
    const insert = (cols: string, values: string) =>
      db!.execute(
        `INSERT INTO custom_orders (${cols}, design_id, product_no, quantity, unit_price, document, created_at, updated_at)
         VALUES (${values}, 'AAAAAAAAAAAAAAAAAAAAAA', 100005, 1, 0, '{}', 'x', 'x')`,
      );
    await expect(insert('order_no', "'20260501000000000001'")).rejects.toThrow(/custom_orders_one_source/);
    await expect(
      insert(
        'order_no, order_option_no, sale_no, sale_line_no',
        "'20260501000000000001', 501, 'P20260501-0001', 1",
      ),
    ).rejects.toThrow(/custom_orders_one_source|FOREIGN KEY/);
    // the same line and design once (the web unique key kept)
    await expect(
      db.execute(
        `INSERT INTO custom_orders (order_no, order_option_no, design_id, product_no, quantity, unit_price, document,
           created_at, updated_at) VALUES ('20260501000000000001', 501, 'AAAAAAAAAAAAAAAAAAAAAA', 100005, 1, 0, '{}', 'x', 'x')`,
      ),
    ).rejects.toThrow(/UNIQUE/);

    // deleting the order still cascades to its custom orders and their history
    await db.execute("DELETE FROM orders WHERE order_no = '20260501000000000001'");
    expect((await db.execute('SELECT COUNT(*) AS n FROM custom_orders')).rows[0]?.n).toBe(0);
    expect((await db.execute('SELECT COUNT(*) AS n FROM custom_order_events')).rows[0]?.n).toBe(0);
  });
});
