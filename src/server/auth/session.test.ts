import type { InStatement } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createMember, withdrawMember } from '../member/service.ts';
import { hashToken } from './tokens.ts';
import {
  createSession,
  purgeExpiredAuth,
  resolveSession,
  revokeMemberSessions,
  revokeSession,
  usableSeconds,
} from './session.ts';
import { assertUpdateToken, issueUpdateToken } from './update-token.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

const REQUIRED = ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'];

async function member(n = 1) {
  return (
    await createMember(t!.db, {
      memberId: `member${n}`,
      password: 'grape-2024!',
      memberName: '김포도',
      email: `member${n}@example.com`,
      mobileNo: `0105555000${n}`,
      agreedTermsTypes: REQUIRED,
    })
  ).memberNo;
}

describe('sessions', () => {
  it("names the member's groups in group order, an administrator's among them, from the one identity read", async () => {
    t = await createTestDb();
    const memberNo = await member();
    await t.db.execute(
      `INSERT INTO member_groups (group_no, group_name, is_admin) VALUES (7, '단골 "고객"', 0)`,
    );
    for (const groupNo of [7, 1])
      await t.db.execute({
        sql: 'INSERT INTO member_group_members (group_no, member_no, added_at) VALUES (?, ?, ?)',
        args: [groupNo, memberNo, new Date().toISOString()],
      });
    const { accessToken } = await createSession(t.db, memberNo);
    const found = await resolveSession(t.db, accessToken);
    expect(found).toMatchObject({
      status: 'ok',
      member: { memberNo, groups: ['포도 관리자', '단골 "고객"'], isAdmin: true, isStaff: false },
    });
  });

  it('issues a fresh 256-bit token each time and keeps only its hash', async () => {
    t = await createTestDb();
    const memberNo = await member();
    const a = await createSession(t.db, memberNo, { ip: '203.0.113.1', userAgent: 'test' });
    const b = await createSession(t.db, memberNo);
    expect(a.accessToken).not.toBe(b.accessToken);
    expect(Buffer.from(a.accessToken, 'base64url')).toHaveLength(32);
    const rows = await t.db.execute('SELECT token_hash, ip FROM sessions ORDER BY issued_at');
    expect(rows.rows.map((r) => r.token_hash)).toContain(hashToken(a.accessToken));
    expect(JSON.stringify(rows.rows)).not.toContain(a.accessToken);
  });

  it('treats a token as expired 60 s before its end', async () => {
    t = await createTestDb();
    const memberNo = await member();
    const now = new Date('2026-05-01T00:00:00Z');
    const s = await createSession(t.db, memberNo, {}, now);
    expect(s.expireIn).toBe(43200);
    const end = s.expiresAt;
    expect((await resolveSession(t.db, s.accessToken, new Date(end - 61_000))).status).toBe('ok');
    expect((await resolveSession(t.db, s.accessToken, new Date(end - 60_000))).status).toBe('expired');
    expect(usableSeconds(s, now)).toBe(43200 - 60);
  });

  it('writes last_seen_at at most once per 5 minutes: a lookup within that time sends no UPDATE (issue 16)', async () => {
    t = await createTestDb();
    const memberNo = await member();
    const now = new Date('2026-05-01T00:00:00Z');
    const s = await createSession(t.db, memberNo, {}, now);
    const statements: string[] = [];
    const db = t.db;
    const spy = Object.assign(Object.create(db) as typeof db, {
      execute: ((stmt: InStatement) => {
        statements.push(typeof stmt === 'string' ? stmt : stmt.sql);
        return db.execute(stmt);
      }) as typeof db.execute,
    });
    // a minute later: still fresh, a read only (no write lock taken beside the shoppers' writes)
    expect((await resolveSession(spy, s.accessToken, new Date(now.getTime() + 60_000))).status).toBe('ok');
    expect(statements.filter((q) => /^\s*UPDATE/i.test(q))).toEqual([]);
    // six minutes later: written once
    const later = new Date(now.getTime() + 6 * 60_000);
    expect((await resolveSession(spy, s.accessToken, later)).status).toBe('ok');
    expect(statements.filter((q) => /^\s*UPDATE/i.test(q))).toHaveLength(1);
    const row = await t.db.execute({
      sql: 'SELECT last_seen_at FROM sessions WHERE token_hash = ?',
      args: [hashToken(s.accessToken)],
    });
    expect(row.rows[0]?.last_seen_at).toBe(later.toISOString());
  });

  it('revokes one session, all of a member, and every session of a withdrawn member', async () => {
    t = await createTestDb();
    const memberNo = await member();
    const a = await createSession(t.db, memberNo);
    const b = await createSession(t.db, memberNo);
    const c = await createSession(t.db, memberNo);
    await revokeSession(t.db, a.accessToken);
    expect((await resolveSession(t.db, a.accessToken)).status).toBe('invalid');
    expect(await revokeMemberSessions(t.db, memberNo, { except: b.accessToken })).toBe(1);
    expect((await resolveSession(t.db, b.accessToken)).status).toBe('ok');
    expect((await resolveSession(t.db, c.accessToken)).status).toBe('invalid');
    await withdrawMember(t.db, memberNo, null);
    expect((await resolveSession(t.db, b.accessToken)).status).toBe('invalid');
  });
});

describe('user-update tokens', () => {
  it('are valid for 1800 s and for their own member only', async () => {
    t = await createTestDb();
    const alice = await member(1);
    const bob = await member(2);
    const now = new Date('2026-05-01T00:00:00Z');
    const token = await issueUpdateToken(t.db, alice, now);
    expect(token.expireIn).toBe(1800);
    await expect(
      assertUpdateToken(t.db, alice, token.updateToken, new Date(now.getTime() + 1_799_000)),
    ).resolves.toBeTruthy();
    await expect(
      assertUpdateToken(t.db, alice, token.updateToken, new Date(now.getTime() + 1_800_000)),
    ).rejects.toMatchObject({
      // its own code, not the session's token-has-expired; 403, not 401 (the member is signed in)
      code: 'update-token-expired',
      status: 403,
      message: '개인정보 수정 시간이 지났습니다. 비밀번호를 다시 확인해 주세요.',
    });
    await expect(assertUpdateToken(t.db, bob, token.updateToken, now)).rejects.toMatchObject({
      code: 'update-token-required',
      status: 403,
    });
    await expect(assertUpdateToken(t.db, alice, null, now)).rejects.toMatchObject({
      code: 'update-token-required',
    });
  });
});

describe('purgeExpiredAuth (maintenance)', () => {
  it('removes ended and revoked sessions and old login counters, keeps live ones', async () => {
    t = await createTestDb();
    const memberNo = await member();
    const start = new Date('2026-03-01T00:00:00Z');
    const ended = await createSession(t.db, memberNo, {}, start);
    const revoked = await createSession(t.db, memberNo, {}, new Date('2026-03-01T10:00:00Z'));
    await revokeSession(t.db, revoked.accessToken, new Date('2026-03-01T10:00:01Z'));
    const live = await createSession(t.db, memberNo, {}, new Date('2026-03-01T11:00:00Z'));
    await t.db.execute({
      sql: `INSERT INTO login_attempts (scope, subject, window_start, failures) VALUES
              ('login-id', 'old|1.2.3.4', '2026-02-27T00:00:00.000Z', 3),
              ('login-id', 'new|1.2.3.4', '2026-03-01T11:55:00.000Z', 1)`,
      args: [],
    });
    await purgeExpiredAuth(t.db, new Date('2026-03-01T12:30:00Z'));
    const tokens = (await t.db.execute('SELECT token_hash FROM sessions')).rows.map((r) => r.token_hash);
    expect(tokens).toEqual([hashToken(live.accessToken)]);
    expect(tokens).not.toContain(hashToken(ended.accessToken));
    const subjects = (await t.db.execute('SELECT subject FROM login_attempts')).rows.map((r) => r.subject);
    expect(subjects).toEqual(['new|1.2.3.4']);
  });
});
