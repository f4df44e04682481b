import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOP_HEADERS, createShopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, STRONG_PASSWORD, joinBody } from '../../../tests/fixtures/members.ts';
import { PASSWORD_HAS_MEMBER_ID, PASSWORD_TOO_COMMON } from '../../lib/validation.ts';
import { listOutboxMessages } from '../adapters/outbox.ts';
import { changePassword, createMember, registerIdAndPassword } from './service.ts';

/**
 * The password rule beyond the specification (src/lib/validation.ts `passwordProblem`): wherever a
 * password is chosen, one containing the member id or a common one is a 400 with the rule's Korean
 * message, through the schemas where the body holds the id and through the service where the id
 * comes from the account (`weak-password`).
 */

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

const COMMON = 'Qwer1234!';

async function problemOf(res: Response) {
  return { status: res.status, ...((await res.json()) as { code: string; message: string }) };
}

describe('join', () => {
  it('POST /shop-api/profile refuses a password containing the id, or a common one', async () => {
    const client = new Client();
    const withId = await client.join({ memberId: 'Grape77', password: 'my-GRAPE77!' });
    expect(await problemOf(withId.res)).toMatchObject({ status: 400, message: PASSWORD_HAS_MEMBER_ID });
    const common = await client.join({ password: 'P@ssw0rd1!' });
    expect(await problemOf(common.res)).toMatchObject({ status: 400, message: PASSWORD_TOO_COMMON });
    const none = await t.db.execute('SELECT COUNT(*) AS n FROM members');
    expect(none.rows[0]?.n).toBe(0);
    expect((await client.join({ memberId: 'Grape77' })).res.status).toBe(201);
  });

  it('the brand join (/api/podo?url=/join) answers the same message', async () => {
    const client = new Client();
    const res = await client.call('/api/podo?url=/join', {
      body: { data: joinBody({ memberId: 'berry88', password: 'Berry88-xyz!' }) },
    });
    expect(await problemOf(res)).toMatchObject({ status: 400, message: PASSWORD_HAS_MEMBER_ID });
  });
});

describe('a social-only member registers an id and password', () => {
  it('POST /shop-api/profile/id-password refuses a password containing the id, or a common one', async () => {
    const shopper = await createShopper(t.db);
    const client = new Client();
    const register = (body: Record<string, unknown>) =>
      client.call('/shop-api/profile/id-password', {
        body,
        browser: false,
        headers: { ...SHOP_HEADERS, accessToken: shopper.accessToken },
      });
    expect(await problemOf(await register({ memberId: 'plum2024', password: 'Plum2024!!' }))).toMatchObject({
      status: 400,
      message: PASSWORD_HAS_MEMBER_ID,
    });
    expect(await problemOf(await register({ memberId: 'plum2024', password: COMMON }))).toMatchObject({
      status: 400,
      message: PASSWORD_TOO_COMMON,
    });
    expect((await register({ memberId: 'plum2024', password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('the service refuses it too (weak-password)', async () => {
    const { memberNo } = await createMember(t.db, { memberName: '카카오회원', requireTerms: false });
    await expect(registerIdAndPassword(t.db, memberNo, 'Plum2024', 'xx-plum2024!')).rejects.toMatchObject({
      code: 'weak-password',
      status: 400,
      message: PASSWORD_HAS_MEMBER_ID,
    });
    const row = await t.db.execute({
      sql: 'SELECT member_id FROM members WHERE member_no = ?',
      args: [memberNo],
    });
    expect(row.rows[0]?.member_id).toBeNull();
  });
});

describe('password change', () => {
  it('PUT /shop-api/profile: the id (from the account) or a common password → 400, nothing changes', async () => {
    const client = new Client();
    const body = await client.joinAndLogin({ memberId: 'melon55' });
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const withId = await client.call('/shop-api/profile', {
      method: 'PUT',
      body: { memberName: '이포도', password: 'Melon55-xyz!' },
    });
    expect(await problemOf(withId)).toMatchObject({
      status: 400,
      code: 'weak-password',
      message: PASSWORD_HAS_MEMBER_ID,
    });
    const common = await client.call('/shop-api/profile', { method: 'PUT', body: { password: COMMON } });
    expect(await problemOf(common)).toMatchObject({ status: 400, message: PASSWORD_TOO_COMMON });
    // the refused edit changed nothing, and the old password still logs in
    expect((await (await client.call('/shop-api/profile')).json()).memberName).toBe('김포도');
    expect((await new Client().login(body.memberId, body.password)).status).toBe(200);
  });

  it('/api/podo?url=/password/update: the same rule', async () => {
    const client = new Client();
    const body = await client.joinAndLogin({ memberId: 'lemon66' });
    const update = (newPassword: string) =>
      client.call('/api/podo?url=/password/update', {
        body: { data: { password: body.password, newPassword } },
      });
    expect(await problemOf(await update('LEMON66-xyz!'))).toMatchObject({
      status: 400,
      code: 'weak-password',
      message: PASSWORD_HAS_MEMBER_ID,
    });
    expect(await problemOf(await update('1q2w3e4r!'))).toMatchObject({
      status: 400,
      message: PASSWORD_TOO_COMMON,
    });
    expect((await new Client().login(body.memberId, body.password)).status).toBe(200);
  });

  it('the service refuses it too (weak-password), whatever route calls it', async () => {
    const client = new Client();
    const { res } = await client.join({ memberId: 'peach77' });
    const { memberNo } = (await res.json()) as { memberNo: number };
    await expect(changePassword(t.db, memberNo, 'xx-Peach77!')).rejects.toMatchObject({
      code: 'weak-password',
      status: 400,
      message: PASSWORD_HAS_MEMBER_ID,
    });
    await expect(changePassword(t.db, memberNo, 'Password1!')).rejects.toMatchObject({
      code: 'weak-password',
      message: PASSWORD_TOO_COMMON,
    });
  });
});

describe('password reset after certification', () => {
  async function certificationKey(client: Client, mobileNo: string): Promise<string> {
    const sent = await client.call('/shop-api/authentications/sms', {
      body: { usage: 'FIND_PASSWORD', mobileNo },
    });
    expect(sent.status).toBe(200);
    const [msg] = await listOutboxMessages(t.db, {
      channel: 'sms',
      recipient: mobileNo.replace(/\D/g, ''),
      limit: 1,
    });
    const code = msg?.body.match(/\[(\d{6})\]/)?.[1] ?? '';
    const q = new URLSearchParams({ usage: 'FIND_PASSWORD', mobileNo, key: code });
    const res = await client.call(`/shop-api/authentications/sms?${q}`);
    expect(res.status).toBe(200);
    return (await res.json()).certificationKey as string;
  }

  it('refuses a common password or one containing the id; the key stays usable', async () => {
    const { body } = await new Client().join({ memberId: 'kiwi4321' });
    const stranger = new Client();
    const key = await certificationKey(stranger, body.mobileNo);
    const reset = (newPassword: string) =>
      stranger.call('/shop-api/profile/change-password-after-cert', {
        body: { memberId: body.memberId, newPassword, key },
      });
    expect(await problemOf(await reset('Asdf1234!'))).toMatchObject({
      status: 400,
      message: PASSWORD_TOO_COMMON,
    });
    expect(await problemOf(await reset('Kiwi4321-x!'))).toMatchObject({
      status: 400,
      message: PASSWORD_HAS_MEMBER_ID,
    });
    expect((await reset('purple-2025#')).status).toBe(204);
    expect((await new Client().login(body.memberId, 'purple-2025#')).status).toBe(200);
  });
});
