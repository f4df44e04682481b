import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { useCardTerminalForTests } from '../../server/adapters/card-terminal/index.ts';
import { useKakaoPayForTests } from '../../server/adapters/kakaopay/index.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createStore, setStaffStores, setStoreActive } from '../../server/pos/index.ts';

/**
 * Which store the counter sells at (decision 018): the server's list of the member's stores, the
 * browser's choice checked on every counter request, the sale and the shift at the chosen store.
 */

let t: TestDb;
let staff: Client;
let staffNo: number;
let second: number;
let third: number;

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies freely */
async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
const key = () => randomBytes(12).toString('hex');
const count = async (sql: string, ...args: (string | number)[]) =>
  Number((await t.db.execute({ sql, args })).rows[0]?.n);
const store = async (storeNo: number) =>
  (await t.db.execute({ sql: 'SELECT * FROM stores WHERE store_no = ?', args: [storeNo] })).rows[0]!;

function sale(shiftNo: number) {
  return {
    idempotencyKey: key(),
    shiftNo,
    lines: [{ optionNo: 1011, qty: 1 }],
    payments: [{ method: 'CASH', amount: 18000, received: 20000 }],
    soldAt: new Date().toISOString(),
  };
}

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  useCardTerminalForTests(undefined);
  useKakaoPayForTests(undefined);
  staff = new Client();
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
  staffNo = Number(
    (
      await t.db.execute({
        sql: 'SELECT member_no FROM members WHERE member_id = ?',
        args: [DEMO_ACCOUNTS.staff.memberId],
      })
    ).rows[0]?.member_no,
  );
  const fields = {
    businessNo: '',
    representative: '',
    address: '',
    phone: '',
    receiptFooter: '',
    pointRate: 1,
  };
  second = (await createStore(t.db, { ...fields, storeName: '성수점', address: '서울 성동구 성수이로 1' }))
    .storeNo;
  third = (await createStore(t.db, { ...fields, storeName: '부산점' })).storeNo;
});
afterEach(() => t.close());

describe('who may use the store choice', () => {
  it('refuses visitors (401) and members (403), and nobody but staff learns the stores', async () => {
    const member = new Client();
    await member.joinAndLogin();
    for (const [method, path, body] of [
      ['GET', '/api/pos/stores'],
      ['PUT', '/api/pos/store', { storeNo: 1 }],
    ] as const) {
      expect((await new Client().call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      const refused = await member.call(path, { method, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.headers.getSetCookie().join()).not.toContain('podo_pos_store');
    }
  });
});

describe('a staff member with one store', () => {
  it('sells at store 1 without choosing anything, as before', async () => {
    const stores = await json(await staff.call('/api/pos/stores'));
    expect(stores).toMatchObject({
      stores: [{ storeNo: 1, storeName: '본점', shiftOpen: false }],
      current: 1,
    });
    expect((await json(await staff.call('/api/pos/me'))).cashier.storeNo).toBe(1);
    const shift = await json(await staff.call('/api/pos/shifts', { body: { openingCash: 0 } }));
    expect(shift.storeNo).toBe(1);
    expect((await staff.call('/api/pos/sales', { body: sale(shift.shiftNo) })).status).toBe(201);
    expect(await count('SELECT COUNT(*) AS n FROM pos_sales WHERE store_no = 1')).toBe(1);
    // another store is not theirs
    const other = await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: second } });
    expect(other.status).toBe(403);
    expect(await json(other)).toMatchObject({
      code: 'POS_STORE_NOT_ALLOWED',
      message: "'성수점' 매장에서 판매할 권한이 없습니다. 관리자에게 매장 배정을 요청해 주세요.",
    });
  });

  it('has no store at all when their only store is stopped (403 with a Korean message)', async () => {
    await t.db.execute('UPDATE stores SET active = 0 WHERE store_no = 1');
    expect(await json(await staff.call('/api/pos/stores'))).toMatchObject({
      stores: [],
      current: null,
      refused: 'POS_NO_STORE',
    });
    const me = await staff.call('/api/pos/me');
    expect(me.status).toBe(403);
    expect((await json(me)).message).toBe(
      '판매할 수 있는 매장이 없습니다. 관리자에게 매장 배정을 요청해 주세요.',
    );
  });
});

describe('a staff member with several stores', () => {
  beforeEach(async () => {
    await setStaffStores(t.db, staffNo, { storeNos: [1, second], previous: [] });
  });

  it('lists their stores, remembers the one chosen, and opens the shift and sells there', async () => {
    const listed = await json(await staff.call('/api/pos/stores'));
    expect(listed.stores.map((s: any) => s.storeName)).toEqual(['본점', '성수점']);
    // no choice yet: the home store
    expect(listed.current).toBe(1);

    const chosen = await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: second } });
    expect(chosen.status).toBe(200);
    expect(await json(chosen)).toMatchObject({
      store: { storeNo: second, storeName: '성수점' },
      shift: null,
    });
    const cookie = chosen.headers.getSetCookie().find((c) => c.startsWith('podo_pos_store='));
    expect(cookie).toMatch(/^podo_pos_store=\d+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await json(await staff.call('/api/pos/me'));
    expect(me).toMatchObject({ cashier: { storeNo: second }, store: { storeName: '성수점' }, shift: null });
    const shift = await json(await staff.call('/api/pos/shifts', { body: { openingCash: 30000 } }));
    expect(shift.storeNo).toBe(second);
    const sold = await staff.call('/api/pos/sales', { body: sale(shift.shiftNo) });
    expect(sold.status, await sold.clone().text()).toBe(201);
    expect((await json(sold)).sale.storeNo).toBe(second);
    expect(await count('SELECT COUNT(*) AS n FROM pos_sales WHERE store_no = ?', second)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM pos_shifts WHERE store_no = 1')).toBe(0);
    // the reports and lists are the chosen store's
    expect((await json(await staff.call('/api/pos/sales'))).totalCount).toBe(1);

    // back to store 1: its own (closed) till; store 2's shift stays open
    expect((await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: 1 } })).status).toBe(200);
    expect(await json(await staff.call('/api/pos/me'))).toMatchObject({
      cashier: { storeNo: 1 },
      shift: null,
    });
    expect((await json(await staff.call('/api/pos/sales'))).totalCount).toBe(0);
    // a sale naming store 2's shift is not store 1's
    expect((await staff.call('/api/pos/sales', { body: sale(shift.shiftNo) })).status).toBe(404);
    expect(
      await count("SELECT COUNT(*) AS n FROM pos_shifts WHERE store_no = ? AND status = 'OPEN'", second),
    ).toBe(1);
    expect((await json(await staff.call('/api/pos/stores'))).stores).toMatchObject([
      { storeNo: 1, shiftOpen: false },
      { storeNo: second, shiftOpen: true },
    ]);
  });

  it('refuses a store not theirs (403), a stopped one (409) and an unknown one (404), keeping the choice', async () => {
    expect((await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: second } })).status).toBe(
      200,
    );
    const notMine = await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: third } });
    expect(notMine.status).toBe(403);
    expect((await json(notMine)).message).toContain('부산점');
    expect(notMine.headers.getSetCookie()).toEqual([]);

    const version = Number((await store(second)).version);
    await setStoreActive(t.db, second, { version, active: false });
    const stopped = await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: second } });
    expect(stopped.status).toBe(409);
    expect(await json(stopped)).toMatchObject({
      code: 'STORE_INACTIVE',
      message: "'성수점' 매장은 운영을 멈춘 매장이라 고를 수 없습니다.",
    });
    const unknown = await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: 9999 } });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toMatch(/매장을 찾을 수 없습니다/);
    const bad = await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: '2' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('매장을 골라 주세요.');
  });

  it('never sells at a store named by a forged or stale cookie, on any counter route', async () => {
    const shift = await json(await staff.call('/api/pos/shifts', { body: { openingCash: 0 } }));
    for (const forged of [String(third), '0', 'abc', '1; store=2', String(second) + '0']) {
      staff.jar.cookies.set('podo_pos_store', forged);
      for (const [method, path, body] of [
        ['POST', '/api/pos/sales', sale(shift.shiftNo)],
        ['POST', '/api/pos/shifts', { openingCash: 0 }],
        ['GET', '/api/pos/me'],
        ['GET', '/api/pos/items?q=폼'],
        ['GET', '/api/pos/reports/sales?from=2026-11-01&to=2026-11-30'],
        ['GET', '/api/pos/catalog/products'],
        ['GET', '/api/pos/custom/orders'],
      ] as const) {
        const res = await staff.call(path, { method, body });
        expect(res.status, `${forged}: ${method} ${path}`).toBe(403);
        expect((await json(res)).code).toBe('POS_STORE_NOT_ALLOWED');
      }
    }
    expect(await count('SELECT COUNT(*) AS n FROM pos_sales')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM pos_shifts')).toBe(1);

    // the store list still answers, says why, and a store of theirs puts the counter right
    staff.jar.cookies.set('podo_pos_store', String(third));
    expect(await json(await staff.call('/api/pos/stores'))).toMatchObject({
      current: null,
      refused: 'POS_STORE_NOT_ALLOWED',
    });
    expect((await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: 1 } })).status).toBe(200);
    expect((await staff.call('/api/pos/sales', { body: sale(shift.shiftNo) })).status).toBe(201);
    expect(await count('SELECT COUNT(*) AS n FROM pos_sales WHERE store_no = 1')).toBe(1);
  });

  it('refuses the remembered store once it is taken away, instead of selling elsewhere', async () => {
    expect((await staff.call('/api/pos/store', { method: 'PUT', body: { storeNo: second } })).status).toBe(
      200,
    );
    await setStaffStores(t.db, staffNo, { storeNos: [1], previous: [1, second] });
    const me = await staff.call('/api/pos/me');
    expect(me.status).toBe(403);
    expect((await json(me)).message).toBe('이 매장에서 판매할 권한이 없습니다. 매장을 다시 골라 주세요.');
    expect(await count('SELECT COUNT(*) AS n FROM pos_shifts')).toBe(0);
  });
});

describe('administrators', () => {
  it('may sell at every active store, and at no stopped one', async () => {
    const admin = new Client();
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    const listed = await json(await admin.call('/api/pos/stores'));
    expect(listed.stores.map((s: any) => s.storeNo)).toEqual([1, second, third]);
    expect(listed.current).toBe(1);
    expect((await admin.call('/api/pos/store', { method: 'PUT', body: { storeNo: third } })).status).toBe(
      200,
    );
    const shift = await json(await admin.call('/api/pos/shifts', { body: { openingCash: 0 } }));
    expect(shift.storeNo).toBe(third);

    await t.db.execute({ sql: 'UPDATE stores SET active = 0 WHERE store_no = ?', args: [second] });
    expect((await admin.call('/api/pos/store', { method: 'PUT', body: { storeNo: second } })).status).toBe(
      409,
    );
    expect((await json(await admin.call('/api/pos/stores'))).stores.map((s: any) => s.storeNo)).toEqual([
      1,
      third,
    ]);
  });
});
