import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, STRONG_PASSWORD } from '../../../tests/fixtures/members.ts';
import { listOutboxMessages } from '../../server/adapters/outbox.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

const NEW_PASSWORD = 'purple-2025#';

async function lastSmsCode(mobileDigits: string): Promise<string> {
  const [msg] = await listOutboxMessages(t.db, { channel: 'sms', recipient: mobileDigits, limit: 1 });
  return msg?.body.match(/\[(\d{6})\]/)?.[1] ?? '';
}

/** SMS verification for `usage`, as the /find pages do it: send, read the code, verify. */
async function certify(
  client: Client,
  usage: string,
  mobileNo: string,
  memberName?: string,
): Promise<string> {
  const sent = await client.call('/shop-api/authentications/sms', {
    body: { usage, mobileNo, ...(memberName ? { memberName } : {}) },
  });
  expect(sent.status).toBe(200);
  const q = new URLSearchParams({ usage, mobileNo, key: await lastSmsCode(mobileNo.replace(/\D/g, '')) });
  const res = await client.call(`/shop-api/authentications/sms?${q}`);
  expect(res.status).toBe(200);
  return (await res.json()).certificationKey as string;
}

describe('find id', () => {
  it('by name + e-mail (GET /profile/id v1.1) answers the masked id and join date', async () => {
    const client = new Client();
    const { body } = await client.join({ memberId: 'podo123', memberName: '홍길동' });
    const q = new URLSearchParams({ memberName: '홍길동', email: body.email });
    const res = await client.call(`/shop-api/profile/id?${q}`, { headers: { Version: '1.1' } });
    expect(res.status).toBe(200);
    const [found] = await res.json();
    expect(found).toMatchObject({
      id: 'po***23',
      memberId: 'po***23',
      memberName: '홍*동',
      status: 'ACTIVE',
      providerTypes: [],
    });
    expect(found.joinYmdt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(found.email).not.toBe(body.email);
    expect(found.mobileNo).toMatch(/^010-\*+-\d{4}$/);
  });

  it('by e-mail: an unknown e-mail and a known e-mail under another name get the same L1007', async () => {
    const client = new Client();
    const { body } = await client.join({ memberName: '홍길동' });
    const ask = async (memberName: string, email: string, post = false) => {
      const res = post
        ? await client.call('/shop-api/profile/find-id', { body: { findMethod: 'EMAIL', memberName, email } })
        : await client.call(`/shop-api/profile/id?${new URLSearchParams({ memberName, email })}`);
      return { status: res.status, body: await res.json() };
    };
    const unknown = await ask('홍길동', 'nobody@example.com');
    const otherName = await ask('김철수', body.email);
    const expected = {
      status: 404,
      body: { code: 'L1007', message: '일치하는 회원 정보가 없습니다. 입력하신 정보를 확인해 주세요.' },
    };
    expect(unknown).toEqual(expected);
    expect(otherName).toEqual(expected);
    expect(await ask('김철수', body.email, true)).toEqual(expected);
    expect(await ask('홍길동', 'nobody@example.com', true)).toEqual(expected);
    expect((await ask('홍길동', body.email.toUpperCase())).status).toBe(200);
  });

  it('by SMS: the name is compared after the code (L1006 for the phone’s holder only); the key survives it', async () => {
    const client = new Client();
    const { body } = await client.join({ memberId: 'rightname1', memberName: '홍길동' });
    // sending does not compare the name: no answer about whose number it is before the code
    const key = await certify(client, 'FIND_ID', body.mobileNo, '김철수');
    const wrong = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', memberName: '김철수', mobileNo: body.mobileNo, key },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('L1006');
    // the name kept with the code counts when none is sent
    const kept = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', mobileNo: body.mobileNo, key },
    });
    expect((await kept.json()).code).toBe('L1006');
    const right = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', memberName: '홍길동', mobileNo: body.mobileNo, key },
    });
    expect(right.status).toBe(200);
    expect((await right.json())[0].id).toBe('ri***e1');
    const again = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', memberName: '홍길동', mobileNo: body.mobileNo, key },
    });
    expect((await again.json()).code).toBe('L1001');
  });

  it('by SMS (POST /profile/find-id): the certification key is needed and works once', async () => {
    const client = new Client();
    const { body } = await client.join({ memberId: 'grapejuice', memberName: '홍길동' });
    const noKey = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', mobileNo: body.mobileNo },
    });
    expect(noKey.status).toBe(400);
    const key = await certify(client, 'FIND_ID', body.mobileNo, '홍길동');
    const res = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', mobileNo: body.mobileNo, key },
    });
    expect(res.status).toBe(200);
    expect((await res.json())[0].id).toBe('gr***ce');
    const again = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', mobileNo: body.mobileNo, key },
    });
    expect((await again.json()).code).toBe('L1001');
  });

  it('a key for another number or usage does not work', async () => {
    const client = new Client();
    const a = await client.join();
    const b = await client.join();
    const key = await certify(client, 'FIND_ID', a.body.mobileNo);
    const res = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', mobileNo: b.body.mobileNo, key },
    });
    expect((await res.json()).code).toBe('L1001');
    const pwKey = await certify(client, 'FIND_PASSWORD', a.body.mobileNo);
    const wrongUsage = await client.call('/shop-api/profile/find-id', {
      body: { findMethod: 'SMS', mobileNo: a.body.mobileNo, key: pwKey },
    });
    expect((await wrongUsage.json()).code).toBe('L1001');
  });
});

describe('password recovery', () => {
  it('search-account and the equals checks answer masked data / booleans', async () => {
    const client = new Client();
    const { body } = await client.join({ memberName: '홍길동' });
    const res = await client.call(`/shop-api/profile/password/search-account?memberId=${body.memberId}`);
    expect(await res.json()).toMatchObject({ hasCI: false, name: '홍*동', status: 'ACTIVE' });
    const none = await client.call('/shop-api/profile/password/search-account?memberId=nobody99');
    expect((await none.json()).code).toBe('L1004');
    const eq = (path: string) => client.call(path).then((r) => r.json());
    expect(
      await eq(`/shop-api/profile/member/equals/with-email?memberId=${body.memberId}&email=${body.email}`),
    ).toEqual({ result: true });
    expect(
      await eq(`/shop-api/profile/member/equals/with-email?memberId=${body.memberId}&email=x${body.email}`),
    ).toEqual({ result: false });
    expect(
      await eq(
        `/shop-api/profile/member/equals/with-mobile?memberId=${body.memberId}&mobileNo=${body.mobileNo}`,
      ),
    ).toEqual({ result: true });
  });

  it('via SMS code: new password works, the old one not, and every session ends', async () => {
    const client = new Client();
    const body = await client.joinAndLogin();
    expect((await client.call('/shop-api/profile')).status).toBe(200);

    const stranger = new Client();
    const key = await certify(stranger, 'FIND_PASSWORD', body.mobileNo);
    const weak = await stranger.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: body.memberId, newPassword: 'weakpass1', key },
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toMatch(/특수문자/);
    const same = await stranger.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: body.memberId, newPassword: STRONG_PASSWORD, key },
    });
    expect((await same.json()).code).toBe('same-password');
    const done = await stranger.call('/shop-api/profile/change-password-after-cert', {
      body: {
        memberId: body.memberId,
        newPassword: NEW_PASSWORD,
        findMethod: 'SMS',
        certificationNumber: key,
      },
    });
    expect(done.status).toBe(204);
    const reuse = await stranger.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: body.memberId, newPassword: 'another-2025#', key },
    });
    expect((await reuse.json()).code).toBe('L1001');

    expect((await client.call('/shop-api/profile')).status).toBe(401);
    expect((await new Client().login(body.memberId, STRONG_PASSWORD)).status).toBe(401);
    expect((await new Client().login(body.memberId, NEW_PASSWORD)).status).toBe(200);
  });

  it("a key for another member's number is refused (L1007) and stays usable", async () => {
    const client = new Client();
    const a = await client.join();
    const b = await client.join();
    const key = await certify(client, 'FIND_PASSWORD', a.body.mobileNo);
    const other = await client.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: b.body.memberId, newPassword: NEW_PASSWORD, key },
    });
    expect((await other.json()).code).toBe('L1007');
    // an id nobody has: the same answer, so the key does not probe ids either
    const nobody = await client.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: 'nobody-here', newPassword: NEW_PASSWORD, key },
    });
    expect(nobody.status).toBe(404);
    expect((await nobody.json()).code).toBe('L1007');
    const own = await client.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: a.body.memberId, newPassword: NEW_PASSWORD, key },
    });
    expect(own.status).toBe(204);
  });

  it('via the e-mailed link: the mail outbox holds /find/password/reset?key=…, usable once, 30 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const client = new Client();
    const { body } = await client.join();
    const mismatch = await client.call('/shop-api/profile/password/sending-email-with-url', {
      method: 'PUT',
      body: { memberId: body.memberId, email: 'other@example.com' },
    });
    expect((await mismatch.json()).code).toBe('L1007');
    const unknownId = await client.call('/shop-api/profile/password/sending-email-with-url', {
      method: 'PUT',
      body: { memberId: 'nobody-here', email: body.email },
    });
    expect((await unknownId.json()).code).toBe('L1007');
    const sent = await client.call('/shop-api/profile/password/sending-email-with-url', {
      method: 'PUT',
      body: { memberId: body.memberId, email: body.email, url: 'https://evil.example/steal' },
    });
    expect(sent.status).toBe(204);
    const [mail] = await listOutboxMessages(t.db, { channel: 'mail', recipient: body.email });
    expect(mail?.subject).toBe('[포도] 비밀번호 재설정 안내');
    const link = mail?.body.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:4321\/find\/password\/reset\?key=[A-Za-z0-9_-]{43}$/);
    const key = new URL(link).searchParams.get('key')!;

    vi.setSystemTime(new Date('2026-03-01T00:29:00Z'));
    const done = await client.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: body.memberId, newPassword: NEW_PASSWORD, findMethod: 'EMAIL', key },
    });
    expect(done.status).toBe(204);
    expect((await new Client().login(body.memberId, NEW_PASSWORD)).status).toBe(200);

    await client.call('/shop-api/profile/password/sending-email-with-url', {
      method: 'PUT',
      body: { memberId: body.memberId, email: body.email },
    });
    const [second] = await listOutboxMessages(t.db, { channel: 'mail', recipient: body.email });
    const key2 = new URL(second!.body.match(/https?:\/\/\S+/)![0]).searchParams.get('key')!;
    vi.setSystemTime(new Date('2026-03-01T01:00:00Z'));
    const late = await client.call('/shop-api/profile/change-password-after-cert', {
      body: { memberId: body.memberId, newPassword: 'another-2025#', key: key2 },
    });
    expect((await late.json()).code).toBe('L1001');
  });

  it('reset mails are limited per id (L1008 after 3 in 10 minutes)', async () => {
    const client = new Client();
    const { body } = await client.join();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.call('/shop-api/profile/password/sending-email-with-url', {
        method: 'PUT',
        body: { memberId: body.memberId, email: body.email },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});
