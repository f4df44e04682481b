import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

let t: TestDb;
let admin: Client;
let staff: Client;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  admin = new Client();
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  staff = new Client();
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
});
afterEach(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
const json = async (res: Response): Promise<any> => res.json();
const audit = async (query = '') => json(await admin.call(`/api/manager/audit${query}`));

describe('the audit trail', () => {
  it('is for administrators only', async () => {
    const member = new Client();
    await member.joinAndLogin();
    expect((await new Client().call('/api/manager/audit')).status).toBe(401);
    expect((await member.call('/api/manager/audit')).status).toBe(403);
    expect((await staff.call('/api/manager/audit')).status).toBe(403);
  });

  it('keeps who moved stock, with the stock before and after; a refused write leaves no line', async () => {
    const moved = await admin.call('/api/manager/products/101/options/1011/stock', {
      body: { kind: 'ADJUST', delta: -3, memo: '파손' },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const refused = await admin.call('/api/manager/products/101/options/1011/stock', {
      body: { kind: 'ADJUST', delta: -999, memo: '잘못 입력' },
    });
    expect(refused.status).toBe(409);

    const { totalCount, items } = await audit('?action=stock');
    expect(totalCount).toBe(1);
    expect(items[0]).toMatchObject({
      actorName: expect.any(String) as string,
      actorRole: 'ADMIN',
      action: 'stock.move',
      targetType: 'option',
      targetId: '1011',
      before: { stock: 10 },
      after: { stock: 7, kind: 'ADJUST', memo: '파손', channel: 'MANAGER' },
      request: 'POST /api/manager/products/101/options/1011/stock',
    });
    expect(items[0].summary).toContain('10 → 7');
  });

  it('records a staff write without a line of its own as a general line, secrets masked', async () => {
    const opened = await staff.call('/api/pos/shifts', { body: { openingCash: 50_000 } });
    expect(opened.status).toBe(201);
    const { items } = await audit('?action=api');
    expect(items[0]).toMatchObject({
      actorRole: 'STAFF',
      action: 'api.write',
      targetId: '/api/pos/shifts',
      after: { openingCash: 50000 },
    });
    // a member's own writes are not the back office's: no line
    const member = new Client();
    await member.joinAndLogin();
    expect((await audit()).totalCount).toBe(1);
  });

  it('lines cannot be changed or removed, even from the database', async () => {
    await staff.call('/api/pos/shifts', { body: { openingCash: 0 } });
    await expect(t.db.execute("UPDATE audit_log SET summary = '고침'")).rejects.toThrow(/append-only/);
    await expect(t.db.execute('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    expect((await audit()).totalCount).toBe(1);
  });

  it('filters by Seoul day, who and target, and refuses a bad range', async () => {
    await admin.call('/api/manager/products/101/options/1011/stock', {
      body: { kind: 'RECEIVE', quantity: 5, memo: '' },
    });
    await staff.call('/api/pos/shifts', { body: { openingCash: 0 } });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect((await audit(`?from=${today}&to=${today}`)).totalCount).toBe(2);
    expect((await audit('?from=2020-01-01&to=2020-01-02')).totalCount).toBe(0);
    expect((await audit('?targetType=option&targetId=1011')).totalCount).toBe(1);
    const staffNo = (await audit('?action=api')).items[0].actorMemberNo as number;
    expect((await audit(`?actorMemberNo=${staffNo}`)).items.map((i: { action: string }) => i.action)).toEqual(
      ['api.write'],
    );
    expect((await admin.call('/api/manager/audit?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await admin.call('/api/manager/audit?from=2026-02-30')).status).toBe(400);
  });
});
