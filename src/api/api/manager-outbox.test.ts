import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { storeOutboxMessage } from '../../server/adapters/outbox.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedMemberDemo(t.db, 'demo');
  await storeOutboxMessage(t.db, { channel: 'sms', recipient: '01012345678', body: '[123456] 인증번호' });
  await storeOutboxMessage(t.db, {
    channel: 'mail',
    recipient: 'a@example.com',
    subject: '비밀번호 재설정',
    body: 'https://shop/find/password/reset?key=abc',
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  t.close();
});

describe('GET /api/manager/outbox', () => {
  it('is 401 for visitors and 403 for members and staff: codes and reset links are never public', async () => {
    expect((await new Client().call('/api/manager/outbox')).status).toBe(401);
    const member = new Client();
    await member.joinAndLogin();
    const asMember = await member.call('/api/manager/outbox');
    expect(asMember.status).toBe(403);
    expect(await asMember.text()).not.toContain('123456');
    const staff = new Client();
    await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password);
    expect((await staff.call('/api/manager/outbox')).status).toBe(403);
  });

  it('shows an administrator the messages, newest first, by channel, paged', async () => {
    const admin = new Client();
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    const all = await admin.call('/api/manager/outbox');
    expect(all.status).toBe(200);
    expect(all.headers.get('Cache-Control')).toBe('private, no-store');
    const body = (await all.json()) as { totalCount: number; items: { channel: string; body: string }[] };
    expect(body.totalCount).toBeGreaterThanOrEqual(2);
    expect(body.items[0]).toMatchObject({ channel: 'mail', recipient: 'a@example.com' });
    const sms = (await (await admin.call('/api/manager/outbox?channel=sms&pageSize=1')).json()) as {
      items: { body: string }[];
    };
    expect(sms.items).toEqual([expect.objectContaining({ body: '[123456] 인증번호' })]);
    expect((await admin.call('/api/manager/outbox?channel=fax')).status).toBe(400);
  });

  it('does not exist in live mode', async () => {
    const admin = new Client();
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    vi.stubEnv('SHOP_MODE', 'live');
    resetEnvForTests();
    expect((await admin.call('/api/manager/outbox')).status).toBe(404);
  });

  it('the old public /api/dev/outbox is gone', async () => {
    expect((await new Client().call('/api/dev/outbox')).status).toBe(404);
  });
});
