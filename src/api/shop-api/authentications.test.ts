import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { listOutboxMessages } from '../../server/adapters/outbox.ts';
import { VERIFICATION_ERRORS } from '../../lib/errors/verification.ts';

let t: TestDb;
const MOBILE = '010-2222-3333';
const DIGITS = '01022223333';

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

async function lastCode(mobileNo = DIGITS): Promise<string> {
  const [msg] = await listOutboxMessages(t.db, { channel: 'sms', recipient: mobileNo, limit: 1 });
  return msg?.body.match(/\[(\d{6})\]/)?.[1] ?? '';
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function send(client: Client, body: Record<string, unknown>, ip = '10.0.0.1') {
  return client.call('/shop-api/authentications/sms', { body, ip });
}
function check(client: Client, usage: string, key: string, mobileNo = MOBILE) {
  const q = new URLSearchParams({ usage, mobileNo, key });
  return client.call(`/shop-api/authentications/sms?${q}`);
}
async function codeOf(res: Response) {
  const body = await res.json();
  return { status: res.status, code: body.code as string, message: body.message as string };
}

describe('POST/GET /shop-api/authentications/sms', () => {
  it('sends a code through the SMS outbox and verifies it into a certification key', async () => {
    const client = new Client();
    const res = await send(client, { mobileNo: MOBILE, usage: 'JOIN' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ remainTime: 180 });
    const [msg] = await listOutboxMessages(t.db, { channel: 'sms' });
    expect(msg?.recipient).toBe(DIGITS);
    expect(msg?.body).toMatch(/^\[포도\] 가입인증 인증번호는 \[\d{6}\]입니다/);
    const ok = await check(client, 'JOIN', await lastCode());
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ certificated: true, expireIn: 600 });
    expect(body.certificationKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('wrong code → L1003 with the Korean message; expired → L1002; reused → L1001', async () => {
    const client = new Client();
    await send(client, { mobileNo: MOBILE, usage: 'JOIN' });
    const code = await lastCode();
    expect(await codeOf(await check(client, 'JOIN', wrong(code)))).toEqual({
      status: 400,
      code: 'L1003',
      message: '인증번호를 정확히 입력해 주세요.',
    });
    vi.setSystemTime(new Date('2026-03-01T00:03:01Z'));
    expect(await codeOf(await check(client, 'JOIN', code))).toMatchObject({ status: 410, code: 'L1002' });

    await send(client, { mobileNo: MOBILE, usage: 'JOIN' });
    const fresh = await lastCode();
    expect((await check(client, 'JOIN', fresh)).status).toBe(200);
    expect(await codeOf(await check(client, 'JOIN', fresh))).toEqual({
      status: 410,
      code: 'L1001',
      message: VERIFICATION_ERRORS.L1001.message,
    });
  });

  it('5 wrong codes → L1008 and the number is locked for 10 minutes', async () => {
    const client = new Client();
    await send(client, { mobileNo: MOBILE, usage: 'JOIN' });
    const code = await lastCode();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await codeOf(await check(client, 'JOIN', wrong(code)))).code);
    expect(codes).toEqual(['L1003', 'L1003', 'L1003', 'L1003', 'L1008']);
    const locked = await codeOf(await check(client, 'JOIN', code));
    expect(locked).toMatchObject({ status: 429, code: 'L1008' });
    expect(locked.message).toContain('10분');
    expect((await codeOf(await send(client, { mobileNo: MOBILE, usage: 'JOIN' }))).code).toBe('L1008');
    vi.setSystemTime(new Date('2026-03-01T00:10:01Z'));
    expect((await send(client, { mobileNo: MOBILE, usage: 'JOIN' })).status).toBe(200);
  });

  it('a send flood (more than 5 in 10 minutes) → L1008', async () => {
    const client = new Client();
    for (let i = 0; i < 5; i++)
      expect((await send(client, { mobileNo: MOBILE, usage: 'JOIN' })).status).toBe(200);
    expect(await codeOf(await send(client, { mobileNo: MOBILE, usage: 'JOIN' }))).toMatchObject({
      status: 429,
      code: 'L1008',
    });
    expect(await listOutboxMessages(t.db, { channel: 'sms', recipient: DIGITS, limit: 100 })).toHaveLength(5);
  });

  it('checks the members table per usage: L1005 for a taken number, L1004 for recovery, no name check', async () => {
    const client = new Client();
    const { res, body } = await client.join({ mobileNo: MOBILE, memberName: '김포도' });
    expect(res.status).toBe(201);
    expect(await codeOf(await send(client, { mobileNo: MOBILE, usage: 'JOIN' }))).toMatchObject({
      status: 409,
      code: 'L1005',
    });
    expect(await codeOf(await send(client, { mobileNo: '01099990000', usage: 'FIND_ID' }))).toMatchObject({
      status: 404,
      code: 'L1004',
    });
    // another name: the code is sent all the same (the name is compared after it, for the
    // phone's holder only); an L1006 here would tell anybody whose number this is
    expect((await send(client, { mobileNo: MOBILE, usage: 'FIND_ID', memberName: '박포도' })).status).toBe(
      200,
    );
    expect(
      (await send(client, { mobileNo: MOBILE, usage: 'FIND_PASSWORD', memberName: '박포도' })).status,
    ).toBe(200);
    expect(
      (await send(client, { mobileNo: MOBILE, usage: 'FIND_ID', memberName: body.memberName })).status,
    ).toBe(200);
  });

  it('refuses bad input with 400 and a Korean message', async () => {
    const client = new Client();
    const bad = await codeOf(await send(client, { mobileNo: '0101', usage: 'JOIN' }));
    expect(bad).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    expect(bad.message).toMatch(/휴대폰 번호/);
    expect((await send(client, { mobileNo: MOBILE, usage: 'NOPE' })).status).toBe(400);
    expect((await check(client, 'JOIN', '12ab')).status).toBe(400);
  });

  it("Shopby's generic /authentications works the same for SMS", async () => {
    const client = new Client();
    const res = await client.call('/shop-api/authentications', {
      body: { notiAccount: MOBILE, usage: 'JOIN', type: 'SMS' },
    });
    expect(res.status).toBe(200);
    const q = new URLSearchParams({
      notiAccount: MOBILE,
      usage: 'JOIN',
      certificatedNumber: await lastCode(),
    });
    expect((await client.call(`/shop-api/authentications?${q}`)).status).toBe(200);
    const email = await client.call('/shop-api/authentications', {
      body: { notiAccount: MOBILE, usage: 'JOIN', type: 'EMAIL' },
    });
    expect(email.status).toBe(400);
  });
});
