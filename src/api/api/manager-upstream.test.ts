import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { PodError, usePodServiceForTests } from '../../server/adapters/pod/index.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  usePodServiceForTests(undefined);
  await seedMemberDemo(t.db, 'demo');
});
afterEach(() => {
  usePodServiceForTests(undefined);
  t.close();
});

const asAdmin = async () => {
  const admin = new Client();
  await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
  return admin;
};

const ROUTES: [string, string][] = [
  ['GET', '/api/manager/upstream'],
  ['POST', '/api/manager/upstream/check'],
  ['POST', '/api/manager/upstream/outbox/20261126000001/resend'],
];

describe('/api/manager/upstream', () => {
  it('is 401 for visitors and 403 for members and staff', async () => {
    const member = new Client();
    await member.joinAndLogin();
    const staff = new Client();
    await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password);
    for (const [method, path] of ROUTES) {
      expect((await new Client().call(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await member.call(path, { method })).status, `${method} ${path}`).toBe(403);
      expect((await staff.call(path, { method })).status, `${method} ${path}`).toBe(403);
    }
  });

  it("shows an administrator the simulator's connection, checks it live, and then shows the token", async () => {
    const admin = await asAdmin();
    const before = await admin.call('/api/manager/upstream');
    expect(before.status).toBe(200);
    expect(before.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await before.json()).toMatchObject({
      adapter: 'simulator',
      baseUrl: null,
      token: { present: false, expired: true, minutesLeft: null },
      outbox: { counts: { pending: 0, sent: 0, failed: 0 }, troubled: [] },
    });

    const check = await admin.call('/api/manager/upstream/check', { method: 'POST' });
    expect(check.status).toBe(200);
    const body = (await check.json()) as {
      ok: boolean;
      steps: { step: string; ok: boolean; detail: string }[];
    };
    expect(body.ok).toBe(true);
    expect(body.steps.map((s) => [s.step, s.ok])).toEqual([
      ['token', true],
      ['read', true],
    ]);
    expect(body.steps[0]!.detail).toBe('새 토큰을 받았습니다 (유효 60분).');
    expect(body.steps[1]!.detail).toMatch(/^채널 상품 \d+개를 읽었습니다\.$/);

    const after = (await (await admin.call('/api/manager/upstream')).json()) as {
      token: { present: boolean; minutesLeft: number };
    };
    expect(after.token.present).toBe(true);
    expect(after.token.minutesLeft).toBeGreaterThanOrEqual(58);
    expect(after.token.minutesLeft).toBeLessThanOrEqual(60);
  });

  it('says which step failed when the service cannot be reached', async () => {
    usePodServiceForTests({
      name: 'http',
      issueToken: () => Promise.reject(new PodError('print service unreachable', 0)),
      createOrders: () => Promise.reject(new Error('unused')),
      getOrder: () => Promise.reject(new Error('unused')),
      cancelEntries: () => Promise.reject(new Error('unused')),
      catalogue: () => Promise.reject(new Error('unused')),
    });
    const admin = await asAdmin();
    const body = (await (await admin.call('/api/manager/upstream/check', { method: 'POST' })).json()) as {
      ok: boolean;
      steps: { step: string; ok: boolean; detail: string }[];
    };
    expect(body).toEqual({
      ok: false,
      steps: [
        expect.objectContaining({
          step: 'token',
          ok: false,
          detail: '응답이 없습니다: 시간 초과 또는 연결 실패 (print service unreachable)',
        }),
      ],
    });
  });

  it('resends a failed outbox row (audit line), refuses another state with 409 and an unknown code with 404', async () => {
    const at = '2026-11-26T01:00:00.000Z';
    await t.db.execute({
      sql: `INSERT INTO pod_outbox (order_code, state, attempts, next_attempt_at, last_error, last_http, created_at, updated_at)
            VALUES ('20261126000001', 'failed', 8, ?, 'print service answered 500', 500, ?, ?),
                   ('20261126000002', 'pending', 1, ?, NULL, NULL, ?, ?)`,
      args: [at, at, at, at, at, at],
    });
    const admin = await asAdmin();
    const listed = (await (await admin.call('/api/manager/upstream')).json()) as {
      outbox: { counts: Record<string, number>; troubled: { orderCode: string }[] };
    };
    expect(listed.outbox.counts).toEqual({ pending: 1, sent: 0, failed: 1 });
    expect(listed.outbox.troubled.map((r) => r.orderCode)).toEqual(['20261126000001']);

    const res = await admin.call('/api/manager/upstream/outbox/20261126000001/resend', { method: 'POST' });
    expect(res.status).toBe(200);
    const row = await t.db.execute(
      "SELECT state, attempts_before FROM pod_outbox WHERE order_code = '20261126000001'",
    );
    expect(row.rows[0]).toMatchObject({ state: 'pending', attempts_before: 8 });
    const audit = await t.db.execute(
      "SELECT actor_role, summary FROM audit_log WHERE action = 'custom.pod_resend'",
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_role: 'ADMIN' });

    const again = await admin.call('/api/manager/upstream/outbox/20261126000001/resend', { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      '전송에 실패한 주문만 다시 보낼 수 있습니다.',
    );
    expect((await admin.call('/api/manager/upstream/outbox/NOPE-1/resend', { method: 'POST' })).status).toBe(
      404,
    );
    expect(
      (await admin.call('/api/manager/upstream/outbox/bad%20code/resend', { method: 'POST' })).status,
    ).toBe(400);
  });
});
