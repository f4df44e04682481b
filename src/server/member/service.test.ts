import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createMember, findMemberByEmailOrMobile, getProfile, registerIdAndPassword } from './service.ts';
import { loginWithPassword } from '../auth/login.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

describe('member service', () => {
  it('creates a social-only member without id and password, and finds it by e-mail or phone', async () => {
    t = await createTestDb();
    const { memberNo, memberId } = await createMember(t.db, {
      memberName: '네이버회원',
      email: 'Social@Example.com',
      mobileNo: '010-2222-3333',
      agreedTermsTypes: ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'],
      afterInsert: async (tx, no) => {
        await tx.execute({ sql: 'UPDATE members SET sms_agreed = 1 WHERE member_no = ?', args: [no] });
      },
    });
    expect(memberId).toBeNull();
    const profile = await getProfile(t.db, memberNo);
    expect(profile).toMatchObject({
      memberType: 'OPEN_ID',
      email: 'social@example.com',
      mobileNo: '01022223333',
      smsAgreed: true,
    });
    const byEmail = await findMemberByEmailOrMobile(t.db, { email: 'SOCIAL@example.com' });
    expect(byEmail).toMatchObject([{ memberNo, hasPassword: false, matchedBy: ['email'] }]);
    const both = await findMemberByEmailOrMobile(t.db, {
      email: 'social@example.com',
      mobileNo: '01022223333',
    });
    expect(both[0]?.matchedBy).toEqual(['email', 'mobileNo']);
    expect(await findMemberByEmailOrMobile(t.db, {})).toEqual([]);

    await registerIdAndPassword(t.db, memberNo, 'Social1', 'grape-2024!');
    expect((await loginWithPassword(t.db, { memberId: 'social1', password: 'grape-2024!' })).memberNo).toBe(
      memberNo,
    );
    await expect(registerIdAndPassword(t.db, memberNo, 'social2', 'grape-2024!')).rejects.toMatchObject({
      code: 'already-registered',
    });
  });

  it('registers an id and password once, also when two requests race', async () => {
    t = await createTestDb();
    const { memberNo } = await createMember(t.db, { memberName: '카카오회원', requireTerms: false });
    const results = await Promise.allSettled([
      registerIdAndPassword(t.db, memberNo, 'racer01', 'grape-2024!'),
      registerIdAndPassword(t.db, memberNo, 'racer02', 'grape-2024!'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'already-registered' },
    });
    const ids = await t.db.execute('SELECT member_id FROM members');
    expect(['racer01', 'racer02']).toContain(ids.rows[0]?.member_id);
  });

  it('rolls the join back when afterInsert fails', async () => {
    t = await createTestDb();
    await expect(
      createMember(t.db, {
        memberName: '실패',
        email: 'fail@example.com',
        requireTerms: false,
        afterInsert: async () => {
          throw new Error('link failed');
        },
      }),
    ).rejects.toThrow('link failed');
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM members')).rows[0]?.n).toBe(0);
  });
});
