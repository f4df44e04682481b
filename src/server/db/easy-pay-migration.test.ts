import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client.ts';
import { loadMigrations, migrate } from './migrate.ts';

/**
 * Migration 0029 rebuilds orders (its pay_type CHECK) with foreign keys off (decision 036). A shop
 * with orders keeps every row and column, the rows that point at an order still do, and the new
 * pay types are accepted while an unknown one is still refused.
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

const order = (no: string, payType: string) => `
  INSERT INTO order_sheets (order_sheet_no, member_no, guest_token_hash, products, created_at, expires_at)
    VALUES ('${no}', NULL, 'hash', '[]', '${AT}', '${AT}');
  INSERT INTO orders (order_no, order_sheet_no, member_no, guest_token_hash, order_status, pay_type, pg_type,
      orderer_name, orderer_contact1, receiver_name, receiver_zip_cd, receiver_address, receiver_detail_address,
      receiver_contact1, standard_amt, pay_amt, ordered_at, paid_at, updated_at, invoice_no, returned_at,
      accumulation_given_amt)
    VALUES ('${no}', '${no}', NULL, 'hash', 'PAY_DONE', '${payType}', 'sandbox',
      '김포도', '010-1234-5678', '김포도', '06236', '서울특별시 강남구 테헤란로 123', '4층', '010-1234-5678',
      49800, 49800, '${AT}', '${AT}', '${AT}', '123456789012', '${AT}', 498);
  INSERT INTO order_options (order_option_no, order_no, product_no, option_no, product_name, order_cnt, sale_price,
      buy_price, buy_amt, option_inputs, partner_no, partner_name, delivery_template_no)
    VALUES (${Number(no.slice(-3))}, '${no}', 100005, 10000501, '커스텀 원형 방진패드', 1, 49800, 49800, 49800, '[]', 1, '포도', 1);
`;

describe('migration 0029 (easy pay types)', () => {
  it('keeps every order and its lines, and takes KAKAO_PAY and TOSS_PAY', async () => {
    dir = mkdtempSync(join(tmpdir(), 'podo-0029-'));
    db = await openDb({ url: `file:${join(dir, 'shop.db')}` });
    const all = loadMigrations();
    expect(all.some((m) => m.version.startsWith('0029_'))).toBe(true);
    await migrate(
      db,
      all.filter((m) => m.version < '0029'),
    );
    await db.executeMultiple(order('20260501000000000001', 'NAVER_EASY_PAY'));
    await expect(db.executeMultiple(order('20260501000000000002', 'KAKAO_PAY'))).rejects.toThrow(/CHECK/);
    const before = (await db.execute('SELECT * FROM orders')).rows.map((r) => ({ ...r }));

    await migrate(db, all);
    expect((await db.execute('SELECT * FROM orders')).rows.map((r) => ({ ...r }))).toEqual(before);
    expect((await db.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
    await db.executeMultiple(order('20260501000000000003', 'KAKAO_PAY'));
    await db.executeMultiple(order('20260501000000000004', 'TOSS_PAY'));
    await expect(db.executeMultiple(order('20260501000000000005', 'PAYCO'))).rejects.toThrow(/CHECK/);
    const lines = await db.execute('SELECT order_no FROM order_options ORDER BY order_option_no');
    expect(lines.rows.map((r) => r.order_no)).toEqual([
      '20260501000000000001',
      '20260501000000000003',
      '20260501000000000004',
    ]);
    // the lines still belong to their order: deleting it takes them along (ON DELETE CASCADE)
    await db.execute("DELETE FROM orders WHERE order_no = '20260501000000000003'");
    expect((await db.execute('SELECT COUNT(*) AS n FROM order_options')).rows[0]!.n).toBe(2);
  });
});
