import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';

/**
 * /api/manager/api-clients (decision 032): administrators register the storefronts that may call
 * /shop-api from their own origin; the configuration's clients are listed read-only; every change
 * is versioned and audited, and takes effect on the shop API at once.
 */

const BASE = '/api/manager/api-clients';
const SKIN = 'https://skin.example.com';
let t: TestDb;
const admin = new Client();
const staff = new Client();
const previous = process.env.API_CLIENTS;

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies freely */
async function call(client: Client, method: string, path: string, body?: unknown) {
  const res = await client.call(`${BASE}${path}`, { method, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** A preflight from `origin` for `clientId`, as a browser sends it before a skin's call. */
async function preflight(origin: string) {
  const { createServerApp } = await import('../../server-app.ts');
  return createServerApp(() => new Response('page')).request('/shop-api/products/search', {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'clientid',
    },
  });
}

/** A sign-in from a skin's browser: the token in the body only for a registered client. */
async function skinLogin(origin: string, clientId: string, memberId: string, password: string) {
  const res = await createApiApp().request('/shop-api/oauth/token', {
    method: 'POST',
    headers: {
      Origin: origin,
      'Sec-Fetch-Site': 'cross-site',
      Version: '1.0',
      clientId,
      platform: 'PC',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ memberId, password }),
  });
  return { status: res.status, body: (await res.json()) as any, cookies: res.headers.getSetCookie() };
}

async function auditLines(targetId: string) {
  const rs = await t.db.execute({
    sql: "SELECT action, summary, before_json, after_json FROM audit_log WHERE target_type = 'apiClient' AND target_id = ? ORDER BY audit_no",
    args: [targetId],
  });
  return rs.rows.map((r) => ({
    action: String(r.action),
    summary: String(r.summary),
    before: r.before_json ? JSON.parse(String(r.before_json)) : null,
    after: r.after_json ? JSON.parse(String(r.after_json)) : null,
  }));
}

beforeAll(async () => {
  process.env.API_CLIENTS = JSON.stringify([
    { clientId: 'from-config', origins: ['https://config.example.com'] },
  ]);
  resetEnvForTests();
  t = await createTestDb();
  await seedMemberDemo(t.db, 'demo');
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
});
afterAll(() => {
  t.close();
  if (previous === undefined) delete process.env.API_CLIENTS;
  else process.env.API_CLIENTS = previous;
  resetEnvForTests();
});

describe('who may use /api/manager/api-clients', () => {
  it('refuses visitors (401), members (403) and staff (403) on every route, changing nothing', async () => {
    const visitor = new Client();
    const member = new Client();
    await member.joinAndLogin();
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '', { clientId: 'sneaky', origins: ['https://evil.example.com'] }],
      ['PUT', '/sneaky', { version: 1, name: '', origins: ['https://evil.example.com'], active: true }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(visitor, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(member, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(staff, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const rows = await t.db.execute("SELECT COUNT(*) AS n FROM api_clients WHERE client_id = 'sneaky'");
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});

describe('registering, changing and stopping a client', () => {
  it('lists the configured client read-only, adds one that works at once, and audits it', async () => {
    const list = await call(admin, 'GET', '');
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(
      expect.objectContaining({ clientId: 'from-config', source: 'CONFIG', version: null, active: true }),
    );
    // before: the skin's origin gets no CORS and no token
    expect((await preflight(SKIN)).headers.get('Access-Control-Allow-Origin')).toBeNull();

    const created = await call(admin, 'POST', '', { clientId: 'skin-a', name: '스킨 A', origins: [SKIN] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      clientId: 'skin-a',
      name: '스킨 A',
      origins: [SKIN],
      active: true,
      source: 'MANAGED',
      version: 1,
    });
    expect((await preflight(SKIN)).headers.get('Access-Control-Allow-Origin')).toBe(SKIN);
    const member = new Client();
    const joined = await member.joinAndLogin();
    const login = await skinLogin(SKIN, 'skin-a', joined.memberId, joined.password);
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toMatch(/^[\w-]{43}$/);
    expect(login.cookies).toEqual([]);

    expect(await auditLines('skin-a')).toEqual([
      {
        action: 'apiClient.create',
        summary: 'API 클라이언트 skin-a 등록 (출처 1개)',
        before: null,
        after: { name: '스킨 A', origins: [SKIN], active: true },
      },
    ]);
  });

  it('changes the origins and stops the client with the version it read; a stale save is a 409', async () => {
    const created = await call(admin, 'POST', '', { clientId: 'skin-b', origins: ['https://b.example.com'] });
    expect(created.status).toBe(201);
    const moved = await call(admin, 'PUT', '/skin-b', {
      version: 1,
      name: '스킨 B',
      origins: ['https://b2.example.com'],
      active: true,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ version: 2, origins: ['https://b2.example.com'], name: '스킨 B' });
    expect((await preflight('https://b.example.com')).headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect((await preflight('https://b2.example.com')).headers.get('Access-Control-Allow-Origin')).toBe(
      'https://b2.example.com',
    );

    // another administrator still holds version 1
    const stale = await call(admin, 'PUT', '/skin-b', {
      version: 1,
      name: '덮어쓰기',
      origins: ['https://evil.example.com'],
      active: true,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');

    const stopped = await call(admin, 'PUT', '/skin-b', {
      version: 2,
      name: '스킨 B',
      origins: ['https://b2.example.com'],
      active: false,
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.active).toBe(false);
    expect((await preflight('https://b2.example.com')).headers.get('Access-Control-Allow-Origin')).toBeNull();

    const lines = await auditLines('skin-b');
    expect(lines.map((l) => l.action)).toEqual(['apiClient.create', 'apiClient.update', 'apiClient.stop']);
    expect(lines[1]).toMatchObject({
      before: { name: '', origins: ['https://b.example.com'] },
      after: { name: '스킨 B', origins: ['https://b2.example.com'] },
    });
    expect(lines[2]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('a clientId another administrator registered first, in any case, is a 409 that changes nothing', async () => {
    // the other administrator's row is there (their transaction committed first)
    expect(
      (await call(admin, 'POST', '', { clientId: 'race', origins: ['https://r1.example.com'] })).status,
    ).toBe(201);
    const second = await call(admin, 'POST', '', { clientId: 'RACE', origins: ['https://r2.example.com'] });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('API_CLIENT_TAKEN');
    const rows = await t.db.execute("SELECT client_id, origins FROM api_clients WHERE client_id = 'race'");
    expect(rows.rows.map((r) => [r.client_id, r.origins])).toEqual([['race', '["https://r1.example.com"]']]);
    expect((await auditLines('race')).length + (await auditLines('RACE')).length).toBe(1);
  });

  it("refuses the configuration's and the shop's own clientIds, bad origins and unknown clients in Korean", async () => {
    const taken = await call(admin, 'POST', '', { clientId: 'from-config', origins: [SKIN] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/이미 등록/);
    const edit = await call(admin, 'PUT', '/from-config', {
      version: 1,
      name: '',
      origins: [SKIN],
      active: false,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('API_CLIENT_CONFIGURED');

    const bad = await call(admin, 'POST', '', {
      clientId: 'has space',
      origins: ['https://skin.example.com/path', 'ftp://x.example.com'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('API_CLIENT_INVALID');
    const paths = bad.body.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['clientId', 'origins.0', 'origins.1']));
    for (const f of bad.body.fields) expect(f.message).toMatch(/[가-힣]/);
    expect((await call(admin, 'POST', '', { clientId: 'none', origins: [] })).status).toBe(400);

    const missing = await call(admin, 'PUT', '/nobody', {
      version: 1,
      name: '',
      origins: [SKIN],
      active: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('API_CLIENT_NOT_FOUND');
  });
});
