import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { writeTx } from '../../server/db/write-tx.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import {
  dispatchDueNotifications,
  MAX_ATTEMPTS,
  notificationSteps,
} from '../../server/notification/index.ts';
import type { NotificationListItem } from '../../server/notification/index.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedMemberDemo(t.db, 'demo');
});
afterEach(() => t.close());

const asAdmin = async () => {
  const admin = new Client();
  await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
  return admin;
};

const order = (orderNo: string) => ({
  orderNo,
  ordererName: '홍길동',
  itemsSummary: '방진패드 외 1건',
  payAmt: 31400,
  orderUrl: `http://localhost:4321/mypage/order/${orderNo}`,
});
const TO = { mobileNo: '010-1234-5678', email: 'buyer@example.com' };

/** Two orders' messages: the first one's given up after every attempt failed, the second's sent. */
async function seedOutbox() {
  const failing = { name: 'down', send: () => Promise.reject(new Error('mail server down')) };
  const working = { name: 'up', send: () => Promise.resolve() };
  await writeTx(t.db, (tx) =>
    notificationSteps.enqueue(
      tx,
      TO,
      { event: 'ORDER_PLACED', order: order('202611260001') },
      '202611260001',
    ),
  );
  let at = Date.now();
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    await dispatchDueNotifications(t.db, { now: new Date(at), mail: failing, sms: failing });
    at += 24 * 60 * 60_000;
  }
  await writeTx(t.db, (tx) =>
    notificationSteps.enqueue(
      tx,
      TO,
      { event: 'PAYMENT_CONFIRMED', order: order('202611260002') },
      '202611260002',
    ),
  );
  await dispatchDueNotifications(t.db, { mail: working, sms: working });
}

type ListBody = {
  totalCount: number;
  counts: { queued: number; sent: number; failed: number };
  items: NotificationListItem[];
};

describe('/api/manager/notifications', () => {
  it('is 401 for visitors and 403 for members and staff', async () => {
    const member = new Client();
    await member.joinAndLogin();
    const staff = new Client();
    await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password);
    for (const [method, path] of [
      ['GET', '/api/manager/notifications'],
      ['POST', '/api/manager/notifications/1/resend'],
    ] as const) {
      expect((await new Client().call(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await member.call(path, { method })).status, `${method} ${path}`).toBe(403);
      expect((await staff.call(path, { method })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists the messages newest first, masked, with the failed count, and filters them', async () => {
    await seedOutbox();
    const admin = await asAdmin();
    const all = await admin.call('/api/manager/notifications');
    expect(all.status).toBe(200);
    expect(all.headers.get('Cache-Control')).toBe('private, no-store');
    const body = (await all.json()) as ListBody;
    expect(body.counts).toEqual({ queued: 0, sent: 2, failed: 2 });
    expect(body.totalCount).toBe(4);
    expect(body.items.map((i) => [i.event, i.channel, i.state])).toEqual([
      ['PAYMENT_CONFIRMED', 'mail', 'sent'],
      ['PAYMENT_CONFIRMED', 'sms', 'sent'],
      ['ORDER_PLACED', 'mail', 'failed'],
      ['ORDER_PLACED', 'sms', 'failed'],
    ]);
    const failedMail = body.items[2]!;
    expect(failedMail).toMatchObject({
      recipient: 'bu***@example.com',
      attempts: MAX_ATTEMPTS,
      lastError: 'mail server down',
      nextAttemptAt: null,
    });
    expect(body.items[3]!.recipient).toBe('010-****-5678');
    expect(JSON.stringify(body)).not.toContain('buyer@example.com');
    expect(JSON.stringify(body)).not.toContain('01012345678');

    const failed = (await (
      await admin.call('/api/manager/notifications?state=failed&channel=mail')
    ).json()) as ListBody;
    expect(failed.items.map((i) => i.notificationNo)).toEqual([failedMail.notificationNo]);
    const byEvent = (await (
      await admin.call('/api/manager/notifications?event=PAYMENT_CONFIRMED')
    ).json()) as ListBody;
    expect(byEvent.totalCount).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    const inRange = (await (
      await admin.call(`/api/manager/notifications?from=${today}&to=${today}`)
    ).json()) as ListBody;
    expect(inRange.totalCount).toBe(4);
    const past = (await (
      await admin.call('/api/manager/notifications?from=2020-01-01&to=2020-01-31')
    ).json()) as ListBody;
    expect(past.totalCount).toBe(0);

    const bad = await admin.call('/api/manager/notifications?state=lost');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('상태를 확인해 주세요.');
    const reversed = await admin.call('/api/manager/notifications?from=2026-11-26&to=2026-11-01');
    expect(reversed.status).toBe(400);
  });

  it('queues a failed message again with a fresh attempt budget (audited), 409 for any other, 404 unknown', async () => {
    await seedOutbox();
    const admin = await asAdmin();
    const list = (await (
      await admin.call('/api/manager/notifications?state=failed&channel=mail')
    ).json()) as ListBody;
    const no = list.items[0]!.notificationNo;

    const resend = await admin.call(`/api/manager/notifications/${no}/resend`, { method: 'POST' });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ notificationNo: no, state: 'queued' });
    const queued = (await (await admin.call('/api/manager/notifications?state=queued')).json()) as ListBody;
    expect(queued.items).toHaveLength(1);
    expect(queued.items[0]).toMatchObject({ notificationNo: no, attempts: 0, lastError: 'mail server down' });
    expect(queued.counts.failed).toBe(1);

    const again = await admin.call(`/api/manager/notifications/${no}/resend`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      '발송에 실패한 메시지만 다시 보낼 수 있습니다.',
    );
    const sent = (await (await admin.call('/api/manager/notifications?state=sent')).json()) as ListBody;
    expect(
      (
        await admin.call(`/api/manager/notifications/${sent.items[0]!.notificationNo}/resend`, {
          method: 'POST',
        })
      ).status,
    ).toBe(409);
    expect((await admin.call('/api/manager/notifications/99999/resend', { method: 'POST' })).status).toBe(
      404,
    );

    const audit = await t.db.execute(
      "SELECT actor_role, target_id, summary FROM audit_log WHERE action = 'notification.resend'",
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_role: 'ADMIN', target_id: String(no) });

    // the next pass sends it
    const result = await dispatchDueNotifications(t.db, {
      mail: { name: 'up', send: () => Promise.resolve() },
      sms: { name: 'up', send: () => Promise.resolve() },
    });
    expect(result.sent).toBe(1);
  });
});
