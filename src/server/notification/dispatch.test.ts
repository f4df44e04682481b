import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp-server.ts';
import type { MailMessage, MailPort } from '../adapters/mail/index.ts';
import { createSmtpMail } from '../adapters/mail/index.ts';
import type { SmsMessage, SmsPort } from '../adapters/sms/index.ts';
import { writeTx } from '../db/write-tx.ts';
import { dispatchDueNotifications, MAX_ATTEMPTS, nextAttemptAfter } from './dispatch.ts';
import * as repo from './repo.ts';
import { enqueue } from './steps.ts';
import type { NotificationInput } from './templates.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

const ORDER = {
  orderNo: '202611260001',
  ordererName: '홍길동',
  itemsSummary: '방진패드 외 1건',
  payAmt: 31400,
  orderUrl: 'http://localhost:4321/mypage/order/202611260001',
};
const PLACED: NotificationInput = { event: 'ORDER_PLACED', order: ORDER };
const TO = { mobileNo: '010-1234-5678', email: 'Buyer@Example.com' };

function recordingMail(fail: () => boolean = () => false): MailPort & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: 'recording',
    sent,
    send(m) {
      if (fail()) return Promise.reject(new Error('mail server down'));
      sent.push(m);
      return Promise.resolve();
    },
  };
}
function recordingSms(fail: () => boolean = () => false): SmsPort & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    name: 'recording',
    sent,
    send(m) {
      if (fail()) return Promise.reject(new Error('provider 503'));
      sent.push(m);
      return Promise.resolve();
    },
  };
}

describe('notification outbox', () => {
  it('records an SMS and an e-mail with the event, once however often the event is recorded', async () => {
    const first = await writeTx(t.db, (tx) => enqueue(tx, TO, PLACED, ORDER.orderNo));
    const again = await writeTx(t.db, (tx) => enqueue(tx, TO, PLACED, ORDER.orderNo));
    expect(first).toEqual(['sms', 'mail']);
    expect(again).toEqual([]);
    const rows = await repo.selectByRef(t.db, ORDER.orderNo);
    expect(rows.map((r) => [r.channel, r.recipient, r.status])).toEqual([
      ['sms', '01012345678', 'PENDING'],
      ['mail', 'buyer@example.com', 'PENDING'],
    ]);
  });

  it('records nothing when the event’s transaction rolls back', async () => {
    await expect(
      writeTx(t.db, async (tx) => {
        await enqueue(tx, TO, PLACED, ORDER.orderNo);
        throw new Error('the order could not be completed');
      }),
    ).rejects.toThrow();
    expect(await repo.selectByRef(t.db, ORDER.orderNo)).toEqual([]);
  });

  it('sends due messages through the ports and marks them sent; a second pass sends nothing', async () => {
    await writeTx(t.db, (tx) => enqueue(tx, TO, PLACED, ORDER.orderNo));
    const mail = recordingMail();
    const sms = recordingSms();
    expect(await dispatchDueNotifications(t.db, { mail, sms, kakaoTemplates: {} })).toEqual({
      sent: 2,
      retried: 0,
      failed: 0,
    });
    expect(sms.sent).toEqual([
      {
        to: '01012345678',
        text: expect.stringContaining('주문번호 202611260001') as string,
        kakao: undefined,
      },
    ]);
    expect(mail.sent[0]!.subject).toBe('[포도] 주문이 완료되었습니다 (주문번호 202611260001)');
    expect(mail.sent[0]!.text).toContain('결제 금액: 31,400원');
    expect((await repo.selectByRef(t.db, ORDER.orderNo)).map((r) => r.status)).toEqual(['SENT', 'SENT']);
    expect(await dispatchDueNotifications(t.db, { mail, sms, kakaoTemplates: {} })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(sms.sent).toHaveLength(1);
  });

  it('sends a 알림톡 with the template configured for the event and the message’s variables', async () => {
    await writeTx(t.db, (tx) => enqueue(tx, { mobileNo: '01012345678' }, PLACED, ORDER.orderNo));
    const sms = recordingSms();
    await dispatchDueNotifications(t.db, {
      mail: recordingMail(),
      sms,
      kakaoTemplates: { ORDER_PLACED: 'KA01TP_PLACED' },
    });
    expect(sms.sent[0]!.kakao).toEqual({
      templateId: 'KA01TP_PLACED',
      variables: expect.objectContaining({ '#{주문번호}': '202611260001', '#{금액}': '31,400원' }) as Record<
        string,
        string
      >,
    });
  });

  it('retries a failed send with a growing wait and gives up after the last attempt', async () => {
    let now = new Date('2026-11-26T00:00:00.000Z');
    await writeTx(t.db, (tx) => enqueue(tx, { email: 'buyer@example.com' }, PLACED, ORDER.orderNo, now));
    const down = recordingMail(() => true);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // not yet due: nothing is taken a moment before the next attempt
      const early = await dispatchDueNotifications(t.db, {
        now: new Date(now.getTime() - 1000),
        mail: down,
        sms: recordingSms(),
      });
      if (attempt > 1) expect(early).toEqual({ sent: 0, retried: 0, failed: 0 });
      const r = await dispatchDueNotifications(t.db, { now, mail: down, sms: recordingSms() });
      const [row] = await repo.selectByRef(t.db, ORDER.orderNo);
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe('mail server down');
      if (attempt < MAX_ATTEMPTS) {
        expect(r).toEqual({ sent: 0, retried: 1, failed: 0 });
        expect(row!.status).toBe('PENDING');
        const wait = (Date.parse(row!.nextAttemptAt) - now.getTime()) / 60_000;
        waits.push(wait);
        now = new Date(row!.nextAttemptAt);
      } else {
        expect(r).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(row!.status).toBe('FAILED');
      }
    }
    expect(waits).toEqual([1, 5, 15, 60, 240]);
    // a given-up message is never taken again
    const up = recordingMail();
    expect(
      await dispatchDueNotifications(t.db, {
        now: new Date('2027-01-01T00:00:00Z'),
        mail: up,
        sms: recordingSms(),
      }),
    ).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });

  it('a failure of one message does not hold up the others, and a later pass delivers it', async () => {
    const now = new Date('2026-11-26T00:00:00.000Z');
    await writeTx(t.db, (tx) => enqueue(tx, TO, PLACED, ORDER.orderNo, now));
    let mailDown = true;
    const mail = recordingMail(() => mailDown);
    const sms = recordingSms();
    expect(await dispatchDueNotifications(t.db, { now, mail, sms })).toEqual({
      sent: 1,
      retried: 1,
      failed: 0,
    });
    mailDown = false;
    expect(
      await dispatchDueNotifications(t.db, { now: new Date(now.getTime() + 60_000), mail, sms }),
    ).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(mail.sent).toHaveLength(1);
    expect(sms.sent).toHaveLength(1);
  });

  it('claims atomically: two senders at once never take the same message', async () => {
    for (let i = 0; i < 20; i++) {
      await writeTx(t.db, (tx) =>
        enqueue(
          tx,
          { mobileNo: '01012345678' },
          { event: 'DELIVERED', order: { ...ORDER, orderNo: `O${i}` } },
          `O${i}`,
        ),
      );
    }
    const now = new Date().toISOString();
    const lease = new Date(Date.now() + 60_000).toISOString();
    const [a, b] = await Promise.all([
      repo.claimDue(t.db, { now, leaseUntil: lease, token: 'a', limit: 15 }),
      repo.claimDue(t.db, { now, leaseUntil: lease, token: 'b', limit: 15 }),
    ]);
    const taken = [...a, ...b].map((r) => r.notificationNo);
    expect(taken).toHaveLength(20);
    expect(new Set(taken).size).toBe(20);
    // a sender that died keeps nothing past its lease
    const later = new Date(Date.now() + 120_000).toISOString();
    const again = await repo.claimDue(t.db, { now: later, leaseUntil: later, token: 'c', limit: 50 });
    expect(again).toHaveLength(20);
    // the dead sender's late answer does not mark a row it no longer holds
    expect(await repo.markSent(t.db, a[0]!.notificationNo, 'a', later)).toBe(false);
  });

  it('delivers the e-mail through a real SMTP server end to end', async () => {
    const server: TestSmtpServer = await startTestSmtpServer();
    try {
      await writeTx(t.db, (tx) => enqueue(tx, TO, PLACED, ORDER.orderNo));
      const mail = createSmtpMail({
        host: '127.0.0.1',
        port: server.port,
        tls: 'off',
        from: '포도 <shop@podo.example>',
      });
      await dispatchDueNotifications(t.db, { mail, sms: recordingSms() });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.to).toEqual(['buyer@example.com']);
      expect(server.received[0]!.subject).toBe('[포도] 주문이 완료되었습니다 (주문번호 202611260001)');
      expect(server.received[0]!.text).toContain('홍길동님, 주문해 주셔서 감사합니다.');
    } finally {
      await server.close();
    }
  });

  it('waits 1, 5, 15, 60, 240 minutes and then gives up', () => {
    const now = new Date('2026-11-26T00:00:00.000Z');
    expect(nextAttemptAfter(1, now)).toBe('2026-11-26T00:01:00.000Z');
    expect(nextAttemptAfter(5, now)).toBe('2026-11-26T04:00:00.000Z');
    expect(nextAttemptAfter(6, now)).toBeNull();
  });
});
