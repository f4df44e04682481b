import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { openShift } from '../../server/pos/index.ts';

/**
 * /api/manager/stores: the stores and where each staff member may sell. Administrators only; every
 * store write checks the version; the counter sees each change on its next request.
 */

const BASE = '/api/manager/stores';
let t: TestDb;
const admin = new Client();
const staff = new Client();
let staffNo: number;

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies freely */
async function call(client: Client, method: string, path: string, body?: unknown) {
  const res = await client.call(`${BASE}${path}`, { method, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}
const get = (path: string) => call(admin, 'GET', path);
const post = (path: string, body: unknown) => call(admin, 'POST', path, body);
const put = (path: string, body: unknown) => call(admin, 'PUT', path, body);

const FIELDS = {
  businessNo: '',
  representative: '',
  address: '',
  phone: '',
  receiptFooter: '',
  pointRate: 1,
};

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
  staffNo = Number(
    (
      await t.db.execute({
        sql: 'SELECT member_no FROM members WHERE member_id = ?',
        args: [DEMO_ACCOUNTS.staff.memberId],
      })
    ).rows[0]?.member_no,
  );
});
afterAll(() => t.close());

describe('who may use /api/manager/stores', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', ''],
    ['POST', '', { ...FIELDS, storeName: '몰래 만든 매장' }],
    ['GET', '/1'],
    ['PUT', '/1', { ...FIELDS, version: 1, storeName: '바뀐 이름' }],
    ['PUT', '/1/active', { version: 1, active: false }],
    ['GET', '/staff'],
    ['PUT', '/staff/2/stores', { storeNos: [1], previous: [] }],
  ];

  it('refuses visitors (401), members (403) and point-of-sale staff (403) on every route, changing nothing', async () => {
    const visitor = new Client();
    const member = new Client();
    await member.joinAndLogin();
    for (const [method, path, body] of routes) {
      expect((await call(visitor, method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      const asMember = await call(member, method, path, body);
      expect(asMember.status, `${method} ${path} member`).toBe(403);
      expect(asMember.body.message).toMatch(/[가-힣]/);
      expect((await call(staff, method, path, body)).status, `${method} ${path} staff`).toBe(403);
    }
    expect((await get('/1')).body).toMatchObject({ storeName: '본점', active: true, version: 1 });
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM stores')).rows[0]?.n).toBe(1);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM staff_stores')).rows[0]?.n).toBe(0);
  });

  it('answers administrators without caching', async () => {
    const res = await admin.call(BASE);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('stores', () => {
  it('creates a store with its numbers kept in one form: 사업자등록번호 as digits, the phone with hyphens', async () => {
    const created = await post('', {
      storeName: ' 성수점 ',
      businessNo: '123-45-67891',
      representative: '김포도',
      address: '서울특별시 성동구 성수이로 1',
      phone: '0212345678',
      receiptFooter: '감사합니다.',
      pointRate: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      storeName: '성수점',
      businessNo: '1234567891',
      phone: '02-1234-5678',
      pointRate: 3,
      active: true,
      version: 1,
      shift: null,
    });
    const mobile = await put(`/${created.body.storeNo}`, {
      ...FIELDS,
      storeName: '성수점',
      phone: '010 1234 5678',
      version: 1,
    });
    expect(mobile.body).toMatchObject({ phone: '010-1234-5678', businessNo: '', version: 2 });
    const listed = (await get('')).body.items.map((s: any) => s.storeName);
    expect(listed).toEqual(['본점', '성수점']);
  });

  it('refuses a 사업자등록번호 whose check digit is wrong, and lists every bad field in Korean', async () => {
    const bad = await post('', {
      storeName: '',
      businessNo: '123-45-67890',
      phone: '12345',
      pointRate: 101,
      receiptFooter: 'x'.repeat(301),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('STORE_INVALID');
    const byPath = Object.fromEntries(bad.body.fields.map((f: any) => [f.path, f.message]));
    expect(byPath).toEqual({
      storeName: '매장 이름을 입력해 주세요.',
      businessNo:
        '올바른 사업자등록번호가 아닙니다(마지막 검증 숫자가 맞지 않습니다). 사업자등록증의 번호를 다시 확인해 주세요.',
      phone: '전화번호를 02-123-4567, 010-1234-5678처럼 지역번호부터 입력해 주세요.',
      pointRate: '적립률은 0부터 100 사이의 정수(%)로 입력해 주세요.',
      receiptFooter: '영수증 하단 문구는 300자까지 쓸 수 있습니다.',
    });
    const short = await post('', { ...FIELDS, storeName: '짧은점', businessNo: '123-45-678' });
    expect(short.body.fields[0]).toEqual({
      path: 'businessNo',
      message: '사업자등록번호 10자리를 123-45-67890처럼 입력해 주세요.',
    });
    // a field the form does not have
    expect((await post('', { ...FIELDS, storeName: '덤', active: false })).status).toBe(400);
    expect(
      (await t.db.execute("SELECT COUNT(*) AS n FROM stores WHERE store_name IN ('짧은점', '덤')")).rows[0]
        ?.n,
    ).toBe(0);
  });

  it('keeps store names unique whatever the case', async () => {
    expect((await post('', { ...FIELDS, storeName: 'Podo Lab' })).status).toBe(201);
    const twin = await post('', { ...FIELDS, storeName: 'podo lab' });
    expect(twin).toMatchObject({ status: 409, body: { code: 'STORE_NAME_TAKEN' } });
    expect(twin.body.fields).toEqual([
      { path: 'storeName', message: "'Podo Lab' 매장이 이미 있습니다. 다른 이름을 입력해 주세요." },
    ]);
  });

  it('answers a stale save with 409 and overwrites nothing', async () => {
    const store = (await post('', { ...FIELDS, storeName: '대구점' })).body;
    const first = await put(`/${store.storeNo}`, {
      ...FIELDS,
      storeName: '대구 동성로점',
      version: store.version,
    });
    expect(first.status).toBe(200);
    const stale = await put(`/${store.storeNo}`, {
      ...FIELDS,
      storeName: '대구 수성점',
      pointRate: 50,
      version: store.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: 'VERSION_CONFLICT',
      message: '다른 관리자가 먼저 이 매장 정보를 바꿨습니다. 새로 불러온 뒤 다시 저장해 주세요.',
    });
    expect((await get(`/${store.storeNo}`)).body).toMatchObject({
      storeName: '대구 동성로점',
      pointRate: 1,
      version: store.version + 1,
    });
    const staleStop = await put(`/${store.storeNo}/active`, { version: store.version, active: false });
    expect(staleStop.status).toBe(409);
    expect((await get(`/${store.storeNo}`)).body.active).toBe(true);
    expect((await get('/9999')).status).toBe(404);
    expect((await get('/abc')).status).toBe(400);
  });

  it('stops a store only once its shift is closed, and the counter cannot open one at a stopped store', async () => {
    const store = (await post('', { ...FIELDS, storeName: '광주점' })).body;
    const shift = await openShift(t.db, { memberNo: staffNo, name: '매장직원', storeNo: store.storeNo }, 0);
    const listed = (await get('')).body.items.find((s: any) => s.storeNo === store.storeNo);
    expect(listed.shift).toMatchObject({ openedByName: '매장직원' });

    const refused = await put(`/${store.storeNo}/active`, { version: store.version, active: false });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'STORE_SHIFT_OPEN',
      message:
        "'광주점' 매장은 영업 중이라 운영을 멈출 수 없습니다. 매장에서 영업을 마감한 뒤 다시 시도해 주세요.",
    });
    expect((await get(`/${store.storeNo}`)).body).toMatchObject({ active: true, version: store.version });

    await t.db.execute({
      sql: "UPDATE pos_shifts SET status = 'CLOSED' WHERE shift_no = ?",
      args: [shift.shiftNo],
    });
    const stopped = await put(`/${store.storeNo}/active`, { version: store.version, active: false });
    expect(stopped.body).toMatchObject({ active: false, version: store.version + 1, shift: null });
    await expect(
      openShift(t.db, { memberNo: staffNo, name: '매장직원', storeNo: store.storeNo }, 0),
    ).rejects.toMatchObject({ code: 'STORE_INACTIVE' });

    const resumed = await put(`/${store.storeNo}/active`, { version: store.version + 1, active: true });
    expect(resumed.body).toMatchObject({ active: true, version: store.version + 2 });
  });
});

describe('staff assignments', () => {
  it('lists staff accounts with their name, and sets where each may sell', async () => {
    const seoul = (await post('', { ...FIELDS, storeName: '서울역점' })).body.storeNo as number;
    const listed = (await get('/staff')).body.items;
    expect(listed).toEqual([
      {
        memberNo: staffNo,
        memberId: 'staff',
        memberName: '매장직원',
        active: true,
        homeStoreNo: 1,
        storeNos: [],
      },
    ]);

    const set = await put(`/staff/${staffNo}/stores`, { storeNos: [seoul, 1], previous: [] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.storeNos).toEqual([1, seoul]);
    // staff who may sell there: the one assigned (store 1 counts its unassigned staff too)
    const counts = (await get('')).body.items.map((s: any) => [s.storeNo, s.staffCount]);
    expect(counts).toContainEqual([seoul, 1]);
    expect(counts).toContainEqual([1, 1]);
    // the counter sees it on its next request
    const stores = await (await staff.call('/api/pos/stores')).json();
    expect(stores.stores.map((s: any) => s.storeNo)).toEqual([1, seoul]);

    // a second screen still showing the old assignment is refused
    const stale = await put(`/staff/${staffNo}/stores`, { storeNos: [seoul], previous: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      '다른 관리자가 먼저 매장직원 님의 판매 매장을 바꿨습니다. 새로 불러온 뒤 다시 저장해 주세요.',
    );
    expect((await get('/staff')).body.items[0].storeNos).toEqual([1, seoul]);

    const none = await put(`/staff/${staffNo}/stores`, { storeNos: [], previous: [1, seoul] });
    expect(none).toMatchObject({ status: 400, body: { code: 'STORE_INVALID' } });
    expect(none.body.message).toMatch(/하나 이상 골라 주세요/);
    const unknown = await put(`/staff/${staffNo}/stores`, { storeNos: [1, 9999], previous: [1, seoul] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([
      { path: 'storeNos.1', message: '9999번 매장을 찾을 수 없습니다. 목록을 새로 불러와 주세요.' },
    ]);
    const twice = await put(`/staff/${staffNo}/stores`, { storeNos: [1, 1], previous: [1, seoul] });
    expect(twice.status).toBe(400);
    const notStaff = await put('/staff/999999/stores', { storeNos: [1], previous: [] });
    expect(notStaff).toMatchObject({ status: 404, body: { code: 'STAFF_NOT_FOUND' } });

    // back to store 1 only
    const back = await put(`/staff/${staffNo}/stores`, { storeNos: [1], previous: [seoul, 1] });
    expect(back.body.storeNos).toEqual([1]);
  });
});
