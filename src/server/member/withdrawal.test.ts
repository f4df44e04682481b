import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { hitLimit } from '../auth/rate-limit.ts';
import { LOGIN_ID_CEILING, LOGIN_ID_LIMIT } from '../auth/login.ts';
import { createSession } from '../auth/session.ts';
import { issueUpdateToken } from '../auth/update-token.ts';
import { issuePartnerLoginTicket } from '../social/partner.ts';
import { createMember, getMember, withdrawMember } from './service.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

const TERMS = ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'];
const NOW = '2026-04-01T00:00:00.000Z';
const LATER = '2026-04-01T00:10:00.000Z';

/** A member with something in every table that keeps data about it. */
async function memberWithTraces(db: TestDb['db']) {
  const { memberNo } = await createMember(db, {
    memberId: 'leaver01',
    password: 'grape-2024!',
    memberName: '김탈퇴',
    email: 'leaver@example.com',
    mobileNo: '01066667777',
    agreedTermsTypes: TERMS,
  });
  await createSession(db, memberNo, { ip: '203.0.113.9', userAgent: 'Browser/1.0' });
  await issueUpdateToken(db, memberNo);
  await hitLimit(db, LOGIN_ID_LIMIT, 'leaver01|203.0.113.9');
  await hitLimit(db, LOGIN_ID_CEILING, 'leaver01');
  await hitLimit(db, LOGIN_ID_LIMIT, 'leaver012|203.0.113.9'); // another member's, stays
  await issuePartnerLoginTicket(db, memberNo);
  await db.batch(
    [
      {
        sql: `INSERT INTO social_links (member_no, provider, provider_user_id, email, linked_at)
              VALUES (?, 'naver', 'naver-leaver', 'leaver@example.com', ?), (?, 'kakao', 'kakao-leaver', NULL, ?)`,
        args: [memberNo, NOW, memberNo, NOW],
      },
      {
        sql: `INSERT INTO social_signup_tokens (token_hash, provider, provider_user_id, profile_json, expires_at, created_at)
              VALUES ('t1', 'naver', 'naver-leaver', '{"name":"김탈퇴"}', ?, ?), ('t2', 'naver', 'someone-else', '{}', ?, ?)`,
        args: [LATER, NOW, LATER, NOW],
      },
      {
        sql: `INSERT INTO oauth_states (state_hash, provider, purpose, redirect_uri, member_no, binding_hash, expires_at, created_at)
              VALUES ('s1', 'kakao', 'link', 'http://localhost:4321/callback/link-callback', ?, 'b', ?, ?)`,
        args: [memberNo, LATER, NOW],
      },
      {
        sql: `INSERT INTO certification_keys (key_hash, usage, channel, mobile_no, member_no, member_name, expires_at, created_at)
              VALUES ('k1', 'FIND_PASSWORD', 'mail', NULL, ?, NULL, ?, ?),
                     ('k2', 'FIND_ID', 'sms', '01066667777', NULL, '김탈퇴', ?, ?),
                     ('k3', 'FIND_ID', 'sms', '01000000000', NULL, '남의것', ?, ?)`,
        args: [memberNo, LATER, NOW, LATER, NOW, LATER, NOW],
      },
      {
        sql: `INSERT INTO sms_verifications (usage, mobile_no, code_hash, member_name, expires_at, created_at)
              VALUES ('FIND_ID', '01066667777', 'c', '김탈퇴', ?, ?)`,
        args: [LATER, NOW],
      },
    ],
    'write',
  );
  return memberNo;
}

async function count(db: TestDb['db'], sql: string, args: (string | number)[] = []): Promise<number> {
  return Number((await db.execute({ sql, args })).rows[0]?.n);
}

describe('withdrawMember', () => {
  it('removes the personal data of every module in one go, and leaves other members alone', async () => {
    t = await createTestDb();
    const memberNo = await memberWithTraces(t.db);
    await withdrawMember(t.db, memberNo, '이용 안 함');

    expect(await getMember(t.db, memberNo)).toMatchObject({
      memberId: null,
      memberName: null,
      email: null,
      mobileNo: null,
      memberStatus: 'WITHDRAWN',
    });
    const per = (table: string) =>
      count(t!.db, `SELECT COUNT(*) AS n FROM ${table} WHERE member_no = ?`, [memberNo]);
    for (const table of [
      'sessions',
      'user_update_tokens',
      'member_terms_agreements',
      'social_links',
      'oauth_states',
      'partner_login_tickets',
      'certification_keys',
    ]) {
      expect(await per(table), table).toBe(0);
    }
    expect(
      (await t.db.execute("SELECT subject FROM login_attempts WHERE subject LIKE 'leaver01%'")).rows.map(
        (r) => r.subject,
      ),
    ).toEqual(['leaver012|203.0.113.9']);
    // the sign-up token of its Naver identity goes; somebody else's stays
    expect(
      (await t.db.execute('SELECT token_hash FROM social_signup_tokens')).rows.map((r) => r.token_hash),
    ).toEqual(['t2']);
    // keys and codes of its phone go; another number's stay
    expect(
      (await t.db.execute('SELECT key_hash FROM certification_keys')).rows.map((r) => r.key_hash),
    ).toEqual(['k3']);
    expect(await count(t.db, 'SELECT COUNT(*) AS n FROM sms_verifications')).toBe(0);

    await expect(withdrawMember(t.db, memberNo, null)).rejects.toMatchObject({ code: 'no-account' });
  });

  it('is one write transaction: when a module cannot erase its part, nothing is withdrawn', async () => {
    t = await createTestDb();
    const memberNo = await memberWithTraces(t.db);
    await t.db.execute(
      "CREATE TRIGGER refuse_unlink BEFORE DELETE ON social_links BEGIN SELECT RAISE(ABORT, 'boom'); END",
    );
    await expect(withdrawMember(t.db, memberNo, null)).rejects.toThrow(/boom/);
    expect((await getMember(t.db, memberNo))?.memberStatus).toBe('ACTIVE');
    expect(await count(t.db, 'SELECT COUNT(*) AS n FROM sessions WHERE member_no = ?', [memberNo])).toBe(1);
    expect(await count(t.db, 'SELECT COUNT(*) AS n FROM withdrawn_member_ids')).toBe(0);
    expect(await count(t.db, 'SELECT COUNT(*) AS n FROM certification_keys')).toBe(3);
  });
});
