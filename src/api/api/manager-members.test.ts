import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { createMember, grantAdmin } from '../../server/member/index.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

/**
 * /api/manager/members (decision 025): search, filters and paging; personal data masked until a
 * logged reveal; grade, groups, the administrator group and the staff role; suspension; the
 * withdrawal a member asked for; a stale version refused; administrators only.
 */

const BASE = '/api/manager/members';
const PASSWORD = 'grape-2024!';
const TERMS = ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'];
let t: TestDb;
const admin = new Client();
const staff = new Client();
let adminNo: number;

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies freely */
async function call(client: Client, method: string, path: string, body?: unknown) {
  const res = await client.call(`${BASE}${path}`, { method, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any, text };
}
const get = (path: string) => call(admin, 'GET', path);

async function memberNoOf(memberId: string): Promise<number> {
  const r = await t.db.execute({
    sql: 'SELECT member_no FROM members WHERE member_id = ?',
    args: [memberId],
  });
  return Number(r.rows[0]?.member_no);
}

async function auditLines(action: string, targetId: number) {
  const r = await t.db.execute({
    sql: 'SELECT * FROM audit_log WHERE action = ? AND target_id = ? ORDER BY audit_no',
    args: [action, String(targetId)],
  });
  return r.rows as any[];
}

let seq = 0;
/** A member made by the service, joined on `joinedAt`. */
async function member(
  name: string,
  joinedAt = '2026-10-01T03:00:00.000Z',
  extra: Record<string, unknown> = {},
) {
  seq += 1;
  const n = String(seq).padStart(4, '0');
  const memberId = `mm${n}`;
  const { memberNo } = await createMember(
    t.db,
    {
      memberId,
      password: PASSWORD,
      memberName: name,
      email: `member${n}@naver.com`,
      mobileNo: `0107777${n}`,
      birthday: '19900315',
      agreedTermsTypes: TERMS,
      ...extra,
    },
    new Date(joinedAt),
  );
  return { memberNo, memberId, mobileNo: `0107777${n}`, email: `member${n}@naver.com`, name };
}

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
  adminNo = await memberNoOf(DEMO_ACCOUNTS.admin.memberId);
});
afterAll(() => t.close());

describe('who may use /api/manager/members', () => {
  it('refuses visitors (401), members (403) and point-of-sale staff (403) on every route, changing nothing', async () => {
    const target = await member('김대상');
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', `/${target.memberNo}`],
      ['POST', `/${target.memberNo}/reveal`, { reason: '배송 문의 확인' }],
      ['PUT', `/${target.memberNo}/grade`, { version: 1, gradeNo: 4 }],
      ['PUT', `/${target.memberNo}/groups`, { version: 1, groupNos: [1] }],
      ['PUT', `/${target.memberNo}/staff`, { version: 1, staff: true, storeNo: 1 }],
      ['PUT', `/${target.memberNo}/suspension`, { version: 1, suspended: true, reason: '도용 의심' }],
      ['POST', `/${target.memberNo}/withdrawal`, { version: 1, action: 'REQUEST', reason: '전화 요청' }],
    ];
    const visitor = new Client();
    const plain = new Client();
    await plain.joinAndLogin();
    for (const [method, path, body] of routes) {
      expect((await call(visitor, method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      const asMember = await call(plain, method, path, body);
      expect(asMember.status, `${method} ${path} member`).toBe(403);
      expect(asMember.body.message).toMatch(/[가-힣]/);
      expect((await call(staff, method, path, body)).status, `${method} ${path} staff`).toBe(403);
    }
    const after = await get(`/${target.memberNo}`);
    expect(after.body).toMatchObject({
      version: 1,
      gradeNo: 1,
      isAdmin: false,
      isStaff: false,
      state: 'ACTIVE',
    });
    expect(await auditLines('member.reveal', target.memberNo)).toHaveLength(0);
  });
});

describe('search, filters and paging', () => {
  let a: Awaited<ReturnType<typeof member>>;
  let b: Awaited<ReturnType<typeof member>>;
  let c: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    a = await member('박검색', '2026-03-10T01:00:00.000Z');
    b = await member('이검색', '2026-03-20T01:00:00.000Z');
    c = await member('최검색', '2026-04-05T01:00:00.000Z');
    await t.db.execute({
      sql: 'UPDATE members SET member_grade_no = 3 WHERE member_no = ?',
      args: [b.memberNo],
    });
  });

  it('finds a member by name, login id, phone (with or without hyphens), e-mail and member number', async () => {
    const find = async (q: string) =>
      ((await get(`?q=${encodeURIComponent(q)}`)).body.items as any[]).map((m) => m.memberNo);
    expect(await find('박검색')).toEqual([a.memberNo]);
    expect(await find(b.memberId)).toEqual([b.memberNo]);
    const phone = c.mobileNo;
    expect(await find(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`)).toEqual([c.memberNo]);
    expect(await find(phone.slice(-4))).toContain(c.memberNo);
    expect(await find(a.email)).toEqual([a.memberNo]);
    expect(await find(String(b.memberNo))).toContain(b.memberNo);
    expect(await find('없는사람')).toEqual([]);
  });

  it('filters by grade, joined Seoul days and status, pages and sorts on the server', async () => {
    const gold = (await get('?grade=3&q=검색')).body;
    expect(gold.items.map((m: any) => m.memberNo)).toEqual([b.memberNo]);
    // 2026-03-10 10:00 Seoul … 2026-03-20 10:00 Seoul
    const march = await get('?joinedFrom=2026-03-10&joinedTo=2026-03-20&sort=joined_asc');
    expect(march.body.items.map((m: any) => m.memberNo)).toEqual([a.memberNo, b.memberNo]);
    const page1 = await get('?q=검색&pageSize=2&pageNumber=1&sort=joined_desc');
    const page2 = await get('?q=검색&pageSize=2&pageNumber=2&sort=joined_desc');
    expect(page1.body.totalCount).toBe(3);
    expect(page1.body.items.map((m: any) => m.memberNo)).toEqual([c.memberNo, b.memberNo]);
    expect(page2.body.items.map((m: any) => m.memberNo)).toEqual([a.memberNo]);
    const byName = await get('?q=검색&sort=name');
    expect(byName.body.items.map((m: any) => m.memberNo)).toEqual([a.memberNo, b.memberNo, c.memberNo]);
    expect((await get('?status=SUSPENDED&q=검색')).body.totalCount).toBe(0);
    expect((await get('?status=ACTIVE&q=검색')).body.totalCount).toBe(3);
  });

  it('refuses a bad filter with a Korean 400', async () => {
    for (const q of [
      '?status=GONE',
      '?joinedFrom=2026-02-30',
      '?joinedFrom=2026-05-01&joinedTo=2026-04-01',
      '?pageSize=500',
      '?sort=age',
    ]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toMatch(/[가-힣]/);
    }
  });
});

describe('personal data: masked until revealed, and every reveal logged', () => {
  it('lists and details a member masked, with nothing unmasked anywhere in the answer', async () => {
    const m = await member('김영수');
    await admin.call('/shop-api/profile/shipping-addresses', { method: 'GET' });
    const list = await get(`?q=${m.memberId}`);
    expect(list.body.items[0]).toMatchObject({
      memberName: '김*수',
      mobileNo: `010-****-${m.mobileNo.slice(-4)}`,
      email: `me***@naver.com`,
    });
    const detail = await get(`/${m.memberNo}`);
    expect(detail.body).toMatchObject({ memberName: '김*수', birthday: '1990-**-**' });
    for (const text of [list.text, detail.text]) {
      expect(text).not.toContain('김영수');
      expect(text).not.toContain(m.mobileNo);
      expect(text).not.toContain(m.email);
      expect(text).not.toContain('19900315');
    }
  });

  it('reveals the data with a reason and writes who, when, which member and why', async () => {
    const m = await member('정보기');
    expect((await call(admin, 'POST', `/${m.memberNo}/reveal`, { reason: ' ' })).status).toBe(400);
    expect(await auditLines('member.reveal', m.memberNo)).toHaveLength(0);

    const res = await call(admin, 'POST', `/${m.memberNo}/reveal`, { reason: '배송지 확인 전화' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      memberName: '정보기',
      mobileNo: `010-7777-${m.mobileNo.slice(-4)}`,
      email: m.email,
      birthday: '1990-03-15',
    });
    const [line] = await auditLines('member.reveal', m.memberNo);
    expect(line).toMatchObject({ actor_member_no: adminNo, actor_role: 'ADMIN', target_type: 'member' });
    expect(String(line.summary)).toContain('배송지 확인 전화');
    expect(String(line.summary)).not.toContain('정보기');
    expect(line.at).toBeTruthy();
  });
});

describe('grade, groups, administrators and staff', () => {
  it('changes the grade with its audit line, before and after', async () => {
    const m = await member('등급업');
    const res = await call(admin, 'PUT', `/${m.memberNo}/grade`, { version: 1, gradeNo: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ gradeNo: 4, gradeName: 'VIP', version: 2 });
    const [line] = await auditLines('member.grade', m.memberNo);
    expect(JSON.parse(line.before_json)).toEqual({ grade: '일반' });
    expect(JSON.parse(line.after_json)).toEqual({ grade: 'VIP' });
    expect((await call(admin, 'PUT', `/${m.memberNo}/grade`, { version: 2, gradeNo: 99 })).status).toBe(400);
  });

  it('grants and removes the administrator group; the new administrator passes the admin guard', async () => {
    const m = await member('관리후보');
    const granted = await call(admin, 'PUT', `/${m.memberNo}/groups`, { version: 1, groupNos: [1] });
    expect(granted.status).toBe(200);
    expect(granted.body.isAdmin).toBe(true);
    const asNew = new Client();
    expect((await asNew.login(m.memberId, PASSWORD)).status).toBe(200);
    expect((await call(asNew, 'GET', '')).status).toBe(200);
    const removed = await call(admin, 'PUT', `/${m.memberNo}/groups`, { version: 2, groupNos: [] });
    expect(removed.body.isAdmin).toBe(false);
    expect((await call(asNew, 'GET', '')).status).toBe(403);
    const lines = await auditLines('member.admin', m.memberNo);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1].before_json).groups).toHaveLength(1);
    expect(JSON.parse(lines[1].after_json).groups).toEqual([]);
  });

  it('gives the staff role with its store and takes it away', async () => {
    const m = await member('직원될');
    expect((await call(admin, 'PUT', `/${m.memberNo}/staff`, { version: 1, staff: true })).status).toBe(400);
    expect(
      (await call(admin, 'PUT', `/${m.memberNo}/staff`, { version: 1, staff: true, storeNo: 999 })).status,
    ).toBe(404);
    const res = await call(admin, 'PUT', `/${m.memberNo}/staff`, { version: 1, staff: true, storeNo: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isStaff: true, staffStoreNo: 1 });
    const asStaff = new Client();
    await asStaff.login(m.memberId, PASSWORD);
    expect((await asStaff.call('/api/pos/stores')).status).toBe(200);
    const off = await call(admin, 'PUT', `/${m.memberNo}/staff`, { version: 2, staff: false });
    expect(off.body).toMatchObject({ isStaff: false, staffStoreNo: null });
    expect((await asStaff.call('/api/pos/stores')).status).toBe(403);
    expect((await auditLines('member.staff', m.memberNo)).map((l) => JSON.parse(l.after_json))).toEqual([
      { staffStoreNo: 1 },
      { staffStoreNo: null },
    ]);
  });

  it('refuses to take away the last administrator, or a manager their own rights (409, Korean)', async () => {
    const me = await get(`/${adminNo}`);
    const last = await call(admin, 'PUT', `/${adminNo}/groups`, { version: me.body.version, groupNos: [] });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'LAST_ADMIN' });
    expect(last.body.message).toMatch(/관리자가 한 명은/);

    const other = await member('두번째관리');
    await grantAdmin(t.db, other.memberNo);
    const own = await call(admin, 'PUT', `/${adminNo}/groups`, { version: me.body.version, groupNos: [] });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('OWN_ADMIN');
    const suspendSelf = await call(admin, 'PUT', `/${adminNo}/suspension`, {
      version: me.body.version,
      suspended: true,
      reason: '실수',
    });
    expect(suspendSelf.status).toBe(409);
    expect((await get(`/${adminNo}`)).body).toMatchObject({
      isAdmin: true,
      state: 'ACTIVE',
      version: me.body.version,
    });
  });
});

describe('suspension', () => {
  it('ends the member’s sessions and refuses their login with a Korean message until lifted', async () => {
    const m = await member('정지될');
    const browser = new Client();
    expect((await browser.login(m.memberId, PASSWORD)).status).toBe(200);
    expect((await browser.call('/shop-api/profile')).status).toBe(200);

    const res = await call(admin, 'PUT', `/${m.memberNo}/suspension`, {
      version: 1,
      suspended: true,
      reason: '결제 도용 의심',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'SUSPENDED', suspensionReason: '결제 도용 의심' });
    expect((await browser.call('/shop-api/profile')).status).toBe(401);
    const refused = await new Client().login(m.memberId, PASSWORD);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).message).toContain('이용이 제한된 계정');
    expect((await get('?status=SUSPENDED')).body.items.map((x: any) => x.memberNo)).toContain(m.memberNo);

    await call(admin, 'PUT', `/${m.memberNo}/suspension`, {
      version: 2,
      suspended: false,
      reason: '확인 완료',
    });
    expect((await new Client().login(m.memberId, PASSWORD)).status).toBe(200);
    expect((await auditLines('member.suspend', m.memberNo))[0].summary).toContain('결제 도용 의심');
    expect(await auditLines('member.unsuspend', m.memberNo)).toHaveLength(1);
  });
});

describe('two managers on one member', () => {
  it('refuses the second save made on the same version (409) and overwrites nothing', async () => {
    const m = await member('동시편집');
    const first = await call(admin, 'PUT', `/${m.memberNo}/grade`, { version: 1, gradeNo: 2 });
    expect(first.status).toBe(200);
    const second = await call(admin, 'PUT', `/${m.memberNo}/grade`, { version: 1, gradeNo: 3 });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('VERSION_CONFLICT');
    expect(second.body.message).toMatch(/다른 관리자가 먼저/);
    const stale = await call(admin, 'PUT', `/${m.memberNo}/suspension`, {
      version: 1,
      suspended: true,
      reason: '테스트',
    });
    expect(stale.status).toBe(409);
    expect((await get(`/${m.memberNo}`)).body).toMatchObject({ gradeNo: 2, state: 'ACTIVE', version: 2 });
    expect(await auditLines('member.grade', m.memberNo)).toHaveLength(1);
  });
});

describe('the withdrawal a member asked for', () => {
  it('is recorded, listed, then completed with the member’s data erased and the row kept', async () => {
    const m = await member('탈퇴할');
    const early = await call(admin, 'POST', `/${m.memberNo}/withdrawal`, {
      version: 1,
      action: 'COMPLETE',
      reason: '전화 요청',
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('WITHDRAWAL_NOT_REQUESTED');

    const req = await call(admin, 'POST', `/${m.memberNo}/withdrawal`, {
      version: 1,
      action: 'REQUEST',
      reason: '1:1 문의로 탈퇴 요청',
    });
    expect(req.body).toMatchObject({ withdrawalRequested: true, state: 'ACTIVE' });
    expect((await get('?status=WITHDRAWAL_REQUESTED')).body.items.map((x: any) => x.memberNo)).toEqual([
      m.memberNo,
    ]);

    const done = await call(admin, 'POST', `/${m.memberNo}/withdrawal`, {
      version: 2,
      action: 'COMPLETE',
      reason: '본인 확인 후 처리',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'WITHDRAWN', memberId: null, memberName: '', mobileNo: '' });
    const row = (await t.db.execute({ sql: 'SELECT * FROM members WHERE member_no = ?', args: [m.memberNo] }))
      .rows[0] as any;
    expect(row).toMatchObject({
      member_status: 'WITHDRAWN',
      member_name: null,
      mobile_no: null,
      email: null,
    });
    expect((await new Client().login(m.memberId, PASSWORD)).status).not.toBe(200);
    expect((await get('?status=WITHDRAWN')).body.items.map((x: any) => x.memberNo)).toContain(m.memberNo);
    // a withdrawn member is not changed any more
    const again = await call(admin, 'PUT', `/${m.memberNo}/grade`, { version: row.version, gradeNo: 2 });
    expect(again.status).toBe(409);
    expect(await auditLines('member.withdrawal.complete', m.memberNo)).toHaveLength(1);
  });
});
