import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, joinBody } from '../../../tests/fixtures/members.ts';
import { ACCESS_TOKEN_COOKIE } from '../../lib/server/auth/cookies.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../lib/server/member/seed.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

describe('/api/{brand}', () => {
  it('joins and logs in with { data } bodies; the token goes into the cookie, not the answer', async () => {
    const client = new Client();
    const body = joinBody();
    const join = await client.call('/api/podo?url=/join', { body: { data: body } });
    expect(join.status).toBe(201);
    expect(await join.json()).toEqual({
      data: { message: { memberNo: expect.any(Number), memberId: body.memberId } },
    });

    const login = await client.call('/api/podo?url=/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(login.status).toBe(200);
    const json = await login.json();
    expect(json.data.message).toMatchObject({
      memberId: body.memberId,
      memberName: '김포도',
      expireIn: 43200,
    });
    expect(json.data.message).not.toHaveProperty('token');
    const token = client.jar.cookies.get(ACCESS_TOKEN_COOKIE)!;
    expect(JSON.stringify(json)).not.toContain(token);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
  });

  it('takes the command from the path too, and answers 404 for another brand', async () => {
    const client = new Client();
    const { body } = await client.join();
    const login = await client.call('/api/podo/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(login.status).toBe(200);
    const other = await client.call('/api/acme?url=/login', {
      body: { data: { memberId: body.memberId, password: body.password } },
    });
    expect(other.status).toBe(404);
    const unknown = await client.call('/api/podo?url=/no-such-command', { body: { data: {} } });
    expect(unknown.status).toBe(404);
    expect((await client.call('/api/health')).status).toBe(200);
  });

  it('answers a wrong password and a bad body with Korean messages', async () => {
    const client = new Client();
    const { body } = await client.join();
    const wrong = await client.call('/api/podo?url=/login', {
      body: { data: { memberId: body.memberId, password: 'nope-1234!' } },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    const bad = await client.call('/api/podo?url=/login', { body: { memberId: body.memberId } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('invalid-request');
    const badJoin = await client.call('/api/podo?url=/join', {
      body: { data: joinBody({ birthday: '20251301' }) },
    });
    expect(await badJoin.json()).toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(/2024년/),
    });
  });

  it('verifies the password, checks the update token and updates the own profile only', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    const unverified = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberName: '이포도' } },
    });
    expect((await unverified.json()).code).toBe('invalid-token');

    const verify = await client.call('/api/podo?url=/user-verification', {
      body: { data: { password: body.password } },
    });
    expect(await verify.json()).toEqual({ data: { message: { valid: true, expireIn: 1800 } } });
    const check = await client.call('/api/podo?url=/user-verification', {
      body: { command: 'valid-update-token' },
    });
    expect((await check.json()).data.message.valid).toBe(true);

    const mismatch = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberId: 'someone-else', memberName: '이포도' } },
    });
    expect(mismatch.status).toBe(403);
    expect((await mismatch.json()).code).toBe('mismatched-userid');
    const update = await client.call('/api/podo?url=/user/update', {
      body: { data: { memberId: body.memberId, memberName: '이포도' } },
    });
    expect(update.status).toBe(200);
    expect((await update.json()).data.message.memberName).toBe('이포도');
  });

  it('changes the password with the current one', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    const wrong = await client.call('/api/podo?url=/password/update', {
      body: { data: { password: 'nope-1234!', newPassword: 'Purple-9876$' } },
    });
    expect((await wrong.json()).code).toBe('wrong-password');
    const weak = await client.call('/api/podo?url=/password/update', {
      body: { data: { password: body.password, newPassword: 'weak' } },
    });
    expect(weak.status).toBe(400);
    const ok = await client.call('/api/podo?url=/password/update', {
      body: { data: { password: body.password, newPassword: 'Purple-9876$' } },
    });
    expect(await ok.json()).toEqual({ data: { message: { changed: true } } });
    expect((await new Client().login(body.memberId, 'Purple-9876$')).status).toBe(200);
  });

  it("keeps another member's account out of reach unless the caller is an administrator", async () => {
    await seedMemberDemo(t.db, 'development');
    const alice = new Client();
    const bob = new Client();
    const aliceBody = await alice.joinAndLogin();
    await bob.joinAndLogin();
    expect((await alice.call('/api/podo?url=/user/search')).status).toBe(200);
    const peek = await bob.call(`/api/podo?url=/user/search&memberId=${aliceBody.memberId}`);
    expect(peek.status).toBe(403);
    expect((await peek.json()).code).toBe('mismatched-userid');

    const admin = new Client();
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    const found = await admin.call(`/api/podo?url=/user/search&memberId=${aliceBody.memberId}`);
    expect((await found.json()).data.message.email).toBe(aliceBody.email);
    const missing = await admin.call('/api/podo?url=/user/search&memberId=nobody1');
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('no-account');
  });

  it('needs a session for member commands', async () => {
    const res = await new Client().call('/api/podo?url=/user/search');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('login-required');
  });
});
