import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { loginWithPassword } from '../auth/login.ts';
import { resolveMember } from '../auth/session.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from './seed.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

describe('seedMemberDemo', () => {
  it('creates an administrator and a POS staff account once', async () => {
    t = await createTestDb();
    await seedMemberDemo(t.db, 'demo');
    await seedMemberDemo(t.db, 'demo');
    const admin = await loginWithPassword(t.db, DEMO_ACCOUNTS.admin);
    const staff = await loginWithPassword(t.db, DEMO_ACCOUNTS.staff);
    const a = await resolveMember(t.db, admin.session.accessToken);
    const s = await resolveMember(t.db, staff.session.accessToken);
    expect(a).toMatchObject({ memberId: 'admin', isAdmin: true, isStaff: false, groups: ['포도 관리자'] });
    expect(s).toMatchObject({ memberId: 'staff', isAdmin: false, isStaff: true, groups: [] });
    const n = await t.db.execute("SELECT COUNT(*) AS n FROM members WHERE member_id IN ('admin', 'staff')");
    expect(n.rows[0]?.n).toBe(2);
  });

  it('creates no accounts in live mode', async () => {
    t = await createTestDb();
    await seedMemberDemo(t.db, 'live');
    const n = await t.db.execute('SELECT COUNT(*) AS n FROM members');
    expect(n.rows[0]?.n).toBe(0);
  });
});
