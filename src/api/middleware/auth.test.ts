import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../server/auth/cookies.ts';
import { resolveMember } from '../../server/auth/session.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { onError } from '../app.ts';
import { authenticate, requireAdmin, requireMember, requireStaff, type AuthEnv } from './auth.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedMemberDemo(t.db, 'demo');
});
afterEach(() => t.close());

const app = new Hono<AuthEnv>()
  .use(authenticate())
  .get('/who', (c) => c.json({ member: c.get('member'), guestToken: c.get('guestToken') }))
  .get('/member', requireMember(), (c) => c.text('member'))
  .get('/admin', requireAdmin(), (c) => c.text('admin'))
  .get('/pos', requireStaff(), (c) => c.text('pos'));
app.onError(onError);

async function tokenOf(memberId: string, password: string): Promise<string> {
  const client = new Client();
  await client.login(memberId, password);
  return client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
}

const as = (token: string | null, path: string, guest?: string) =>
  app.request(path, {
    headers: {
      ...(token ? { Cookie: `${ACCESS_TOKEN_COOKIE}=${token}` } : {}),
      ...(guest ? { guestToken: guest } : {}),
    },
  });

describe('auth middleware and guards', () => {
  it('resolves the member from the cookie with groups and roles, and the guest token', async () => {
    const admin = await tokenOf(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    const who = await (await as(admin, '/who', 'guest:0123456789abcdef')).json();
    expect(who.member).toMatchObject({
      memberId: 'admin',
      memberName: '관리자',
      groups: ['포도 관리자'],
      isAdmin: true,
      isStaff: false,
    });
    expect(who.guestToken).toBe('guest:0123456789abcdef');
    expect((await (await as(null, '/who')).json()).member).toBeNull();
  });

  it('lets administrators through the admin guard and staff (and administrators) through the POS guard', async () => {
    const admin = await tokenOf(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    const staff = await tokenOf(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password);
    const client = new Client();
    await client.joinAndLogin();
    const member = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;

    expect((await as(admin, '/admin')).status).toBe(200);
    expect((await as(staff, '/admin')).status).toBe(403);
    const denied = await as(member, '/admin');
    expect(denied.status).toBe(403);
    expect((await denied.json()).code).toBe('admin-only');
    expect((await as(null, '/admin')).status).toBe(401);

    expect((await as(staff, '/pos')).status).toBe(200);
    expect((await as(admin, '/pos')).status).toBe(200);
    expect((await as(member, '/pos')).status).toBe(403);
    expect((await as(member, '/member')).status).toBe(200);
  });

  it('offers resolveMember(db, token) for pages', async () => {
    const staff = await tokenOf(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password);
    const member = await resolveMember(t.db, staff);
    expect(member).toMatchObject({
      memberId: 'staff',
      isStaff: true,
      session: { expireIn: 43200, keepLogin: false },
    });
    expect(await resolveMember(t.db, undefined)).toBeNull();
    expect(await resolveMember(t.db, 'garbage')).toBeNull();
  });
});
