import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, STRONG_PASSWORD, joinBody } from '../../../tests/fixtures/members.ts';
import { listOutboxMessages } from '../../server/adapters/outbox.ts';
import { ACCESS_TOKEN_COOKIE, USER_UPDATE_COOKIE } from '../../server/auth/cookies.ts';
import { confirmEmail, emailConfirmedAt, updateProfile } from '../../server/member/index.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

/** The join's phone step as the join form does it: send a JOIN code, read it, check it. */
async function joinKey(client: Client, mobileNo: string): Promise<string> {
  const sent = await client.call('/shop-api/authentications/sms', { body: { usage: 'JOIN', mobileNo } });
  expect(sent.status).toBe(200);
  const [msg] = await listOutboxMessages(t.db, {
    channel: 'sms',
    recipient: mobileNo.replace(/\D/g, ''),
    limit: 1,
  });
  const code = /\[(\d{6})\]/.exec(msg?.body ?? '')?.[1] ?? '';
  const q = new URLSearchParams({ usage: 'JOIN', mobileNo, key: code });
  const res = await client.call(`/shop-api/authentications/sms?${q}`);
  expect(res.status).toBe(200);
  return (await res.json()).certificationKey as string;
}

describe('POST /shop-api/profile: the phone number verified by an SMS code', () => {
  it('refuses a join without a certification key, and no member is made', async () => {
    const client = new Client();
    const body = joinBody({ mobileNo: '010-7777-0001' });
    const res = await client.call('/shop-api/profile', { body, certify: false });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'join-certification-required',
      message: '휴대폰 번호 인증을 먼저 완료해 주세요.',
    });
    const rows = await t.db.execute({
      sql: 'SELECT 1 FROM members WHERE mobile_no = ?',
      args: ['01077770001'],
    });
    expect(rows.rows).toHaveLength(0);
  });

  it('refuses a made-up key and a key of another number (someone else’s phone), and uses a key once', async () => {
    const client = new Client();
    const made = await client.call('/shop-api/profile', {
      body: joinBody({ mobileNo: '010-7777-0002', certificationKey: 'a'.repeat(43) }),
      certify: false,
    });
    expect(made.status).toBe(410);
    expect((await made.json()).code).toBe('L1001');

    // a key for my own number does not register another number
    const mine = await joinKey(client, '010-7777-0003');
    const theirs = await client.call('/shop-api/profile', {
      body: joinBody({ mobileNo: '010-7777-0004', certificationKey: mine }),
      certify: false,
    });
    expect(theirs.status).toBe(410);
    // the refused join did not use the key up: it still joins its own number, once
    const own = await client.call('/shop-api/profile', {
      body: joinBody({ mobileNo: '010-7777-0003', certificationKey: mine }),
      certify: false,
    });
    expect(own.status).toBe(201);
    const again = await client.call('/shop-api/profile', {
      body: joinBody({ mobileNo: '010-7777-0003', certificationKey: mine }),
      certify: false,
    });
    expect(again.status).not.toBe(201);
  });

  it('refuses a key verified for another usage (a find-password code)', async () => {
    const client = new Client();
    const joined = await client.join({ mobileNo: '010-7777-0005' });
    expect(joined.res.status).toBe(201);
    const sent = await client.call('/shop-api/authentications/sms', {
      body: { usage: 'FIND_PASSWORD', mobileNo: '01077770005' },
    });
    expect(sent.status).toBe(200);
    const [msg] = await listOutboxMessages(t.db, { channel: 'sms', recipient: '01077770005', limit: 1 });
    const q = new URLSearchParams({
      usage: 'FIND_PASSWORD',
      mobileNo: '01077770005',
      key: /\[(\d{6})\]/.exec(msg!.body)![1]!,
    });
    const key = (await (await client.call(`/shop-api/authentications/sms?${q}`)).json())
      .certificationKey as string;
    const res = await client.call('/shop-api/profile', {
      body: joinBody({ mobileNo: '010-7777-0006', certificationKey: key }),
      certify: false,
    });
    expect(res.status).toBe(410);
  });

  it('joins without an e-mail (optional)', async () => {
    const client = new Client();
    const { res } = await client.join({ email: undefined, mobileNo: '010-7777-0007' });
    expect(res.status).toBe(201);
    expect((await res.json()).email).toBe('');
  });
});

describe('POST /shop-api/profile (join)', () => {
  it('creates a member with an argon2id hash and answers the profile without the password', async () => {
    const client = new Client();
    const { res, body } = await client.join({ memberId: 'GrapeLover', mobileNo: '010-1234-5678' });
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json).toMatchObject({
      memberId: 'grapelover',
      memberName: '김포도',
      email: body.email,
      mobileNo: '01012345678',
      birthday: '19900101',
      sex: 'F',
      memberGradeName: '일반',
      memberGroupNames: '',
      memberStatus: 'ACTIVE',
      memberType: 'MALL',
      mallName: '포도',
      smsAgreed: true,
      directMailAgreed: false,
    });
    expect(json.agreedTerms.sort()).toEqual(['PI_14_AGE', 'PI_COLLECTION_AND_USE_REQUIRED', 'USE']);
    expect(JSON.stringify(json)).not.toMatch(/password|argon/i);
    const row = await t.db.execute("SELECT password_hash FROM members WHERE member_id = 'grapelover'");
    expect(String(row.rows[0]?.password_hash)).toMatch(/^\$argon2id\$/);
  });

  it('accepts consent by terms number of the current version', async () => {
    const client = new Client();
    const { res } = await client.join({ joinTermsAgreements: undefined, agreedTermsNos: [2, 4, 6] });
    expect(res.status).toBe(201);
  });

  it('refuses a join without every required consent', async () => {
    const client = new Client();
    const { res } = await client.join({ joinTermsAgreements: ['USE', 'PI_14_AGE'] });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.code).toBe('required-terms');
    expect(json.message).toContain('개인정보 수집 및 이용 동의');
    // an old version's number does not count as consent to the current one
    const old = await client.join({
      joinTermsAgreements: ['PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'],
      agreedTermsNos: [1],
    });
    expect(old.res.status).toBe(400);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['id too short', { memberId: 'abc' }, /아이디는 4~20자/],
    ['id with symbols', { memberId: 'grape!!' }, /영문 소문자, 숫자/],
    ['id missing', { memberId: undefined }, /아이디|입력값/],
    ['password too short', { password: 'ab1!' }, /8~16자/],
    ['password too long', { password: 'abcdefgh12345678!' }, /8~16자/],
    ['password without digit', { password: 'abcdefgh!' }, /숫자/],
    ['password without letter', { password: '12345678!' }, /영문자/],
    ['password without special', { password: 'abcd12345' }, /특수문자/],
    ['e-mail without @', { email: 'grape.example.com' }, /이메일 형식/],
    ['e-mail with 4-letter TLD', { email: 'grape@example.shop' }, /이메일 형식/],
    ['e-mail with double separator', { email: 'grape..lover@example.com' }, /이메일 형식/],
    ['name with digits', { memberName: '김포도1' }, /한글 또는 영문/],
    ['name starting with a space only', { memberName: '   ' }, /이름을 입력/],
    ['name with symbols', { memberName: 'Kim-Podo' }, /한글 또는 영문/],
    ['phone with 9 digits', { mobileNo: '010-123-456' }, /10자리 이상/],
    ['phone with letters', { mobileNo: '010-abcd-5678' }, /숫자만/],
    ['birthday of 7 digits', { birthday: '1990011' }, /8자리/],
    ['birthday with letters', { birthday: '1990O101' }, /8자리/],
    ['birthday before 1900', { birthday: '18991231' }, /1900년부터 2024년/],
    ['birthday after 2024', { birthday: '20250101' }, /1900년부터 2024년/],
    ['birthday month 13', { birthday: '19901301' }, /1월부터 12월/],
    ['birthday day 32', { birthday: '19900132' }, /1일부터 31일/],
    ['birthday day 0', { birthday: '19900100' }, /1일부터 31일/],
    ['sex not M or F', { sex: 'X' }, /성별/],
    ['sms consent not boolean', { smsAgreed: 'yes' }, /입력값|smsAgreed/],
  ];
  it.each(invalid)('refuses %s with 400 and a Korean message', async (_name, overrides, message) => {
    const client = new Client();
    const res = await client.call('/shop-api/profile', { body: joinBody(overrides) });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.code).toBe('INVALID_INPUT');
    expect(json.message).toMatch(message);
  });

  it('accepts an empty birthday and sex (optional)', async () => {
    const client = new Client();
    const { res } = await client.join({ birthday: '', sex: '' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ birthday: '', sex: '' });
  });

  it('refuses duplicate id (any case), e-mail and phone with 409 and their codes', async () => {
    const client = new Client();
    const { body } = await client.join();
    const id = await client.join({ memberId: body.memberId.toUpperCase() });
    expect(id.res.status).toBe(409);
    expect(await id.res.json()).toEqual({ code: 'duplication-id', message: '이미 사용 중인 아이디입니다.' });
    const email = await client.join({ email: body.email.toUpperCase() });
    expect(email.res.status).toBe(409);
    expect((await email.res.json()).code).toBe('duplication-email');
    const phone = await client.join({ mobileNo: body.mobileNo.replace(/-/g, '') });
    expect(phone.res.status).toBe(409);
    expect(await phone.res.json()).toEqual({
      code: 'duplication-phone',
      message: '이미 가입된 휴대폰 번호입니다.',
    });
  });
});

describe('join rate limit', () => {
  it('allows 20 joins an hour from one address, then 429 with Retry-After', async () => {
    const client = new Client();
    for (let i = 0; i < 20; i++) {
      expect((await client.call('/shop-api/profile', { body: joinBody(), ip: '203.0.113.9' })).status).toBe(
        201,
      );
    }
    const res = await client.call('/shop-api/profile', { body: joinBody(), ip: '203.0.113.9' });
    expect(res.status).toBe(429);
    expect((await res.json()).code).toBe('too-many-requests');
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect((await client.call('/shop-api/profile', { body: joinBody(), ip: '198.51.100.9' })).status).toBe(
      201,
    );
  });
});

describe('existence checks', () => {
  it('answers { exist } for id, e-mail and phone', async () => {
    const client = new Client();
    const { body } = await client.join();
    const get = async (path: string) => (await client.call(path)).json();
    expect(await get(`/shop-api/profile/id/exist?memberId=${body.memberId}`)).toEqual({ exist: true });
    expect(await get('/shop-api/profile/id/exist?memberId=nobody1')).toEqual({ exist: false });
    expect(await get(`/shop-api/profile/email/exist?email=${body.email}`)).toEqual({ exist: true });
    expect(await get(`/shop-api/profile/email/exist?email=${body.email}&memberTypes=OPEN_ID`)).toEqual({
      exist: false,
    });
    expect(await get(`/shop-api/profile/email/exist?email=${body.email}&memberTypes=MALL,OPEN_ID`)).toEqual({
      exist: true,
    });
    expect(await get('/shop-api/profile/email/exist?email=none@example.com')).toEqual({ exist: false });
    const mobile = await get(`/shop-api/profile/mobile/exist?mobileNo=${body.mobileNo}`);
    expect(mobile).toEqual({ exist: true, mobileNoExist: true, memberId: `gr***${body.memberId.slice(-2)}` });
    expect(await get('/shop-api/profile/mobile/exist?mobileNo=01099998888')).toEqual({
      exist: false,
      mobileNoExist: false,
      memberId: '',
    });
    expect((await client.call('/shop-api/profile/mobile/exist?mobileNo=12')).status).toBe(400);
  });
});

describe('GET /shop-api/profile', () => {
  it('answers the signed-in member only', async () => {
    const a = new Client();
    const b = new Client();
    const bodyA = await a.joinAndLogin();
    const bodyB = await b.joinAndLogin();
    const profileA = await (await a.call('/shop-api/profile')).json();
    const profileB = await (await b.call('/shop-api/profile')).json();
    expect(profileA.memberId).toBe(bodyA.memberId);
    expect(profileB.memberId).toBe(bodyB.memberId);
    expect(profileA.memberNo).not.toBe(profileB.memberNo);
    expect(profileA.lastLoginYmdt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(profileA.loginCount).toBe(1);
  });
});

describe('password re-check and profile edit', () => {
  it('issues a 30-minute update token in an httpOnly cookie, which PUT /profile needs', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();

    const without = await client.call('/shop-api/profile', { method: 'PUT', body: { memberName: '이포도' } });
    expect(without.status).toBe(403);
    expect((await without.json()).code).toBe('update-token-required');
    // the session is not touched by a missing update token
    expect((await client.call('/shop-api/profile')).status).toBe(200);

    const wrong = await client.call('/shop-api/profile/check-password', { body: { password: 'nope-1234!' } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('wrong-password');

    const check = await client.call('/shop-api/profile/check-password', {
      body: { password: body.password },
    });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ expireIn: 1800 });
    const cookie = check.headers.getSetCookie().find((l) => l.startsWith(`${USER_UPDATE_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=1800/);

    const put = await client.call('/shop-api/profile', {
      method: 'PUT',
      body: {
        memberName: '이포도',
        email: 'new.grape@example.com',
        // the number it has: no SMS code needed (see 'changing the phone number')
        mobileNo: body.mobileNo,
        sex: 'M',
        smsAgreed: false,
        directMailAgreed: true,
      },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      memberName: '이포도',
      email: 'new.grape@example.com',
      mobileNo: body.mobileNo.replace(/\D/g, ''),
      sex: 'M',
      smsAgreed: false,
      directMailAgreed: true,
    });
  });

  it('answers update-token-expired (403) after 30 minutes; the session goes on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-02T01:00:00Z');
    vi.setSystemTime(start);
    const client = new Client();
    const body = await client.joinAndLogin();
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    vi.setSystemTime(start.getTime() + 29 * 60 * 1000);
    expect(
      (await client.call('/shop-api/profile', { method: 'PUT', body: { memberName: '박포도' } })).status,
    ).toBe(200);
    vi.setSystemTime(start.getTime() + 30 * 60 * 1000 + 1);
    const late = await client.call('/shop-api/profile', { method: 'PUT', body: { memberName: '최포도' } });
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({
      code: 'update-token-expired',
      message: '개인정보 수정 시간이 지났습니다. 비밀번호를 다시 확인해 주세요.',
    });
    // still signed in (no cookie cleared): a new re-check opens the edit again
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(true);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const again = await client.call('/shop-api/profile', { method: 'PUT', body: { memberName: '최포도' } });
    expect(again.status).toBe(200);
  });

  it('answers the session codes (401 token-has-expired / login-required) when the login is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-02T01:00:00Z');
    vi.setSystemTime(start);
    const client = new Client();
    const body = await client.joinAndLogin();
    // a fresh re-check 10 minutes before the 12-hour session ends (60 s early)
    vi.setSystemTime(start.getTime() + 12 * 60 * 60 * 1000 - 10 * 60 * 1000);
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    vi.setSystemTime(start.getTime() + 12 * 60 * 60 * 1000 - 30 * 1000);
    const late = await client.call('/shop-api/profile', { method: 'PUT', body: { memberName: '최포도' } });
    expect(late.status).toBe(401);
    expect((await late.json()).code).toBe('token-has-expired');
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    const gone = await client.call('/shop-api/profile', { method: 'PUT', body: { memberName: '최포도' } });
    expect(gone.status).toBe(401);
    expect((await gone.json()).code).toBe('login-required');
  });

  it('gives an API client the update token in the body for the userUpdateToken header', async () => {
    const browser = new Client();
    const body = await browser.joinAndLogin();
    const api = new Client();
    const { accessToken } = await (
      await api.login(body.memberId, body.password, {}, { browser: false })
    ).json();
    const check = await api.call('/shop-api/profile/check-password', {
      browser: false,
      headers: { accessToken },
      body: { password: body.password },
    });
    const { updateToken, expireIn } = await check.json();
    expect(expireIn).toBe(1800);
    const put = await api.call('/shop-api/profile', {
      browser: false,
      method: 'PUT',
      headers: { accessToken, userUpdateToken: updateToken },
      body: { birthday: '20000229' },
    });
    expect(put.status).toBe(200);
    expect((await put.json()).birthday).toBe('20000229');
  });

  it("does not accept another member's update token", async () => {
    const a = new Client();
    const b = new Client();
    const bodyA = await a.joinAndLogin();
    await b.joinAndLogin();
    await a.call('/shop-api/profile/check-password', { body: { password: bodyA.password } });
    b.jar.cookies.set(USER_UPDATE_COOKIE, a.jar.cookies.get(USER_UPDATE_COOKIE)!);
    const res = await b.call('/shop-api/profile', { method: 'PUT', body: { memberName: '도둑' } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('update-token-required');
    expect((await (await a.call('/shop-api/profile')).json()).memberName).toBe('김포도');
  });

  it('limits wrong re-checks: token-retry-over after 5', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.call('/shop-api/profile/check-password', { body: { password: `bad-${i}-pass!` } }))
          .status,
      ).toBe(400);
    }
    const res = await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    expect(res.status).toBe(429);
    expect((await res.json()).code).toBe('token-retry-over');
  });

  it('refuses an e-mail or phone another member has, and bad values', async () => {
    const a = new Client();
    const b = new Client();
    const bodyA = await a.joinAndLogin();
    const bodyB = await b.joinAndLogin();
    await b.call('/shop-api/profile/check-password', { body: { password: bodyB.password } });
    const email = await b.call('/shop-api/profile', { method: 'PUT', body: { email: bodyA.email } });
    expect((await email.json()).code).toBe('duplication-email');
    const phone = await b.call('/shop-api/profile', { method: 'PUT', body: { mobileNo: bodyA.mobileNo } });
    expect((await phone.json()).code).toBe('duplication-phone');
    const bad = await b.call('/shop-api/profile', { method: 'PUT', body: { birthday: '20251301' } });
    expect(bad.status).toBe(400);
    // keeping one's own e-mail is no conflict
    expect((await b.call('/shop-api/profile', { method: 'PUT', body: { email: bodyB.email } })).status).toBe(
      200,
    );
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const here = new Client();
    const there = new Client();
    const body = await here.joinAndLogin();
    await there.login(body.memberId, body.password);
    await here.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const same = await here.call('/shop-api/profile', { method: 'PUT', body: { password: body.password } });
    expect((await same.json()).code).toBe('same-password');
    const weak = await here.call('/shop-api/profile', { method: 'PUT', body: { password: 'abcdefgh' } });
    expect(weak.status).toBe(400);
    const put = await here.call('/shop-api/profile', { method: 'PUT', body: { password: 'Purple-9876$' } });
    expect(put.status).toBe(200);
    expect((await here.call('/shop-api/profile')).status).toBe(200);
    expect((await there.call('/shop-api/profile')).status).toBe(401);
    expect((await there.login(body.memberId, body.password)).status).toBe(401);
    expect((await there.login(body.memberId, 'Purple-9876$')).status).toBe(200);
  });

  it('withdraws and grants optional consents through joinTermsAgreements', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const put = await client.call('/shop-api/profile', {
      method: 'PUT',
      body: {
        joinTermsAgreements: ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE', 'MARKETING_RECEIVE'],
      },
    });
    expect((await put.json()).agreedTerms).toContain('MARKETING_RECEIVE');
    const off = await client.call('/shop-api/profile', { method: 'PUT', body: { joinTermsAgreements: [] } });
    const agreed = (await off.json()).agreedTerms;
    expect(agreed).not.toContain('MARKETING_RECEIVE');
    expect(agreed).toContain('USE'); // required consents stay until the member leaves
  });
});

describe('changing the phone number (SMS code to the new number, usage CHANGE_MOBILE_NO)', () => {
  async function lastCode(mobileNo: string): Promise<string> {
    const [msg] = await listOutboxMessages(t.db, { channel: 'sms', recipient: mobileNo, limit: 1 });
    return msg?.body.match(/\[(\d{6})\]/)?.[1] ?? '';
  }
  /** Sends a CHANGE_MOBILE_NO code to `mobileNo` as `client` and verifies it: the key. */
  async function certifyNewNumber(client: Client, mobileNo: string): Promise<string> {
    const sent = await client.call('/shop-api/authentications/sms', {
      body: { usage: 'CHANGE_MOBILE_NO', mobileNo },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const q = new URLSearchParams({ usage: 'CHANGE_MOBILE_NO', mobileNo, key: await lastCode(mobileNo) });
    const res = await client.call(`/shop-api/authentications/sms?${q}`);
    expect(res.status).toBe(200);
    return (await res.json()).certificationKey as string;
  }
  const put = (client: Client, body: Record<string, unknown>) =>
    client.call('/shop-api/profile', { method: 'PUT', body });

  it('needs the certification key of a code sent to the new number, used once', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    await client.call('/shop-api/profile/check-password', { body: { password: body.password } });
    const NEW = '01077771234';

    const bare = await put(client, { mobileNo: NEW, memberName: '이포도' });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({
      code: 'mobile-certification-required',
      message: '휴대폰 번호를 바꾸려면 새 번호로 받은 인증번호를 먼저 확인해 주세요.',
    });
    // nothing of that edit was saved
    expect(await (await client.call('/shop-api/profile')).json()).toMatchObject({
      memberName: '김포도',
      mobileNo: body.mobileNo.replace(/\D/g, ''),
    });
    // the brand's edit follows the same rule
    const brand = await client.call('/api/podo?url=/user/update', { body: { data: { mobileNo: NEW } } });
    expect((await brand.json()).code).toBe('mobile-certification-required');
    const bogus = await put(client, { mobileNo: NEW, certificationKey: 'x'.repeat(43) });
    expect((await bogus.json()).code).toBe('L1001');

    const key = await certifyNewNumber(client, NEW);
    // a key for this number does not change the profile to another number (and is not used up)
    const elsewhere = await put(client, { mobileNo: '01077775678', certificationKey: key });
    expect(elsewhere.status).toBe(410);
    expect((await elsewhere.json()).code).toBe('L1001');
    const ok = await put(client, { mobileNo: '010-7777-1234', certificationKey: key, memberName: '이포도' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ mobileNo: NEW, memberName: '이포도' });
    const used = await t.db.execute(
      "SELECT used_at FROM certification_keys WHERE usage = 'CHANGE_MOBILE_NO'",
    );
    expect(used.rows).toHaveLength(1);
    expect(used.rows[0]?.used_at).not.toBeNull();
    // used: back to the old number needs a code of its own
    const back = await put(client, { mobileNo: body.mobileNo, certificationKey: key });
    expect((await back.json()).code).toBe('L1001');
    // same number again: no key needed
    expect((await put(client, { mobileNo: NEW, sex: 'M' })).status).toBe(200);
  });

  it('codes are for a signed-in member and its key works for that member only', async () => {
    const NEW = '01066661234';
    const anonymous = new Client();
    const send = await anonymous.call('/shop-api/authentications/sms', {
      body: { usage: 'CHANGE_MOBILE_NO', mobileNo: NEW },
    });
    expect(send.status).toBe(401);
    expect((await send.json()).code).toBe('login-required');
    const q = new URLSearchParams({ usage: 'CHANGE_MOBILE_NO', mobileNo: NEW, key: '123456' });
    expect((await anonymous.call(`/shop-api/authentications/sms?${q}`)).status).toBe(401);
    expect(await listOutboxMessages(t.db, { channel: 'sms', recipient: NEW })).toHaveLength(0);

    const a = new Client();
    const b = new Client();
    const bodyA = await a.joinAndLogin();
    const bodyB = await b.joinAndLogin();
    await a.call('/shop-api/profile/check-password', { body: { password: bodyA.password } });
    await b.call('/shop-api/profile/check-password', { body: { password: bodyB.password } });
    // another member's number: no code (L1005)
    const taken = await a.call('/shop-api/authentications/sms', {
      body: { usage: 'CHANGE_MOBILE_NO', mobileNo: bodyB.mobileNo },
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe('L1005');

    const keyA = await certifyNewNumber(a, NEW);
    const stolen = await put(b, { mobileNo: NEW, certificationKey: keyA });
    expect((await stolen.json()).code).toBe('L1001');

    // B verifies the same free number itself and is first; A's update then meets a taken number
    // and its key stays unused
    const keyB = await certifyNewNumber(b, NEW);
    expect((await put(b, { mobileNo: NEW, certificationKey: keyB })).status).toBe(200);
    const late = await put(a, { mobileNo: NEW, certificationKey: keyA });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('duplication-phone');
    const unused = await t.db.execute(
      "SELECT COUNT(*) AS n FROM certification_keys WHERE usage = 'CHANGE_MOBILE_NO' AND used_at IS NULL",
    );
    expect(unused.rows[0]?.n).toBe(1);
  });
});

describe('DELETE /shop-api/profile (leave)', () => {
  it('anonymises the member, ends sessions, and the id can neither log in nor join again', async () => {
    const client = new Client();
    const other = new Client();
    const body = await client.joinAndLogin();
    await other.login(body.memberId, body.password);
    const res = await client.call(
      '/shop-api/profile?reason=%EC%9E%90%EC%A3%BC%20%EC%95%88%20%EC%8D%A8%EC%9A%94',
      {
        method: 'DELETE',
      },
    );
    expect(res.status).toBe(204);
    expect(client.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    expect((await other.call('/shop-api/profile')).status).toBe(401);

    const row = (await t.db.execute('SELECT * FROM members')).rows[0]!;
    expect(row).toMatchObject({
      member_id: null,
      password_hash: null,
      member_name: null,
      email: null,
      mobile_no: null,
      birthday: null,
      sex: null,
      member_status: 'WITHDRAWN',
      withdrawal_reason: '자주 안 써요',
    });
    expect(JSON.stringify(row)).not.toContain(body.memberId);

    const login = await client.login(body.memberId, body.password);
    expect(login.status).toBe(403);
    expect((await login.json()).code).toBe('withdrawn-account');
    const again = await client.join({ memberId: body.memberId });
    expect((await again.res.json()).code).toBe('duplication-id');
    // the e-mail and phone are free again
    const reuse = await client.join({ email: body.email, mobileNo: body.mobileNo });
    expect(reuse.res.status).toBe(201);
  });

  it('needs a signed-in member', async () => {
    const client = new Client();
    expect((await client.call('/shop-api/profile', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('passwords', () => {
  it('is not logged or returned by join and login', async () => {
    const logs: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' '))),
    );
    const client = new Client();
    const { res, body } = await client.join({ password: STRONG_PASSWORD });
    const login = await client.login(body.memberId, STRONG_PASSWORD);
    await client.login(body.memberId, 'Wrong-pass-99!');
    spies.forEach((s) => s.mockRestore());
    expect(await res.text()).not.toContain(STRONG_PASSWORD);
    expect(await login.text()).not.toContain(STRONG_PASSWORD);
    expect(logs.join('\n')).not.toContain(STRONG_PASSWORD);
    expect(logs.join('\n')).not.toContain('Wrong-pass-99!');
  });
});

describe('the e-mail given at the join, confirmed by a link', () => {
  it('records the confirmation mail with the join; the link confirms that address once', async () => {
    const client = new Client();
    const { res, body } = await client.join({ mobileNo: '010-7777-0101' });
    expect(res.status).toBe(201);
    const memberNo = (await res.json()).memberNo as number;
    const rows = await t.db.execute({
      sql: "SELECT subject, body FROM notification_outbox WHERE event = 'EMAIL_CONFIRM' AND recipient = ?",
      args: [body.email],
    });
    expect(rows.rows).toHaveLength(1);
    expect(String(rows.rows[0]!.subject)).toBe('[포도] 이메일 주소를 확인해 주세요');
    const link = /http:\/\/localhost:4321\/member\/confirm-email\?key=(\S+)/.exec(String(rows.rows[0]!.body));
    expect(link).not.toBeNull();
    const key = decodeURIComponent(link![1]!);
    expect(await emailConfirmedAt(t.db, memberNo)).toBeNull();
    expect(await confirmEmail(t.db, key)).toBe('confirmed');
    expect(await emailConfirmedAt(t.db, memberNo)).not.toBeNull();
    expect(await confirmEmail(t.db, key)).toBe('invalid');
    expect(await confirmEmail(t.db, 'not-a-key')).toBe('invalid');
  });

  it('a link for an address the member has since changed confirms nothing; a new address is unconfirmed', async () => {
    const client = new Client();
    const { res, body } = await client.join({ mobileNo: '010-7777-0102' });
    const memberNo = (await res.json()).memberNo as number;
    const rows = await t.db.execute({
      sql: "SELECT body FROM notification_outbox WHERE event = 'EMAIL_CONFIRM' AND recipient = ?",
      args: [body.email],
    });
    const key = decodeURIComponent(/key=(\S+)/.exec(String(rows.rows[0]!.body))![1]!);
    await updateProfile(t.db, memberNo, { email: 'moved@example.com' });
    expect(await confirmEmail(t.db, key)).toBe('changed');
    expect(await emailConfirmedAt(t.db, memberNo)).toBeNull();
    // a confirmed address changed: the new one starts unconfirmed
    await t.db.execute({
      sql: "UPDATE members SET email_verified_at = '2026-11-26T00:00:00.000Z' WHERE member_no = ?",
      args: [memberNo],
    });
    await updateProfile(t.db, memberNo, { memberName: '김포도' });
    expect(await emailConfirmedAt(t.db, memberNo)).toBe('2026-11-26T00:00:00.000Z');
    await updateProfile(t.db, memberNo, { email: 'again@example.com' });
    expect(await emailConfirmedAt(t.db, memberNo)).toBeNull();
  });

  it('sends no confirmation when no e-mail is given', async () => {
    const client = new Client();
    const { res } = await client.join({ email: undefined, mobileNo: '010-7777-0103' });
    expect(res.status).toBe(201);
    const rows = await t.db.execute("SELECT 1 FROM notification_outbox WHERE event = 'EMAIL_CONFIRM'");
    expect(rows.rows).toHaveLength(0);
  });
});
