import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { maskEmail, maskPhone } from '../../lib/masking.ts';
import { appError } from '../platform/errors.ts';
import * as repo from './repo.ts';
import type { NotificationFilter, NotificationRow } from './repo.ts';

/**
 * The back office's view of the notification outbox (decision 037): what was sent to shoppers,
 * what waits, what failed and why, and the owner's resend of a failed message. Recipients leave the
 * server masked (decision 025); bodies are not listed (they may hold a one-use link).
 */

export type { NotificationFilter };

export interface NotificationListItem {
  notificationNo: number;
  event: string;
  ref: string;
  channel: NotificationRow['channel'];
  /** 010-****-5678, ab***@naver.com */
  recipient: string;
  subject: string | null;
  state: 'queued' | 'sent' | 'failed';
  attempts: number;
  /** When the next attempt is due (queued only). */
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const STATE_OF = { PENDING: 'queued', SENT: 'sent', FAILED: 'failed' } as const;
export const STATUS_OF = { queued: 'PENDING', sent: 'SENT', failed: 'FAILED' } as const;

function itemOf(r: NotificationRow): NotificationListItem {
  return {
    notificationNo: r.notificationNo,
    event: r.event,
    ref: r.ref,
    channel: r.channel,
    recipient: r.channel === 'sms' ? maskPhone(r.recipient) : maskEmail(r.recipient),
    subject: r.subject,
    state: STATE_OF[r.status],
    attempts: r.attempts,
    nextAttemptAt: r.status === 'PENDING' ? r.nextAttemptAt : null,
    lastError: r.lastError,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  };
}

export async function listNotifications(
  db: Db,
  filter: NotificationFilter,
  page: { limit: number; offset: number },
): Promise<{
  totalCount: number;
  counts: { queued: number; sent: number; failed: number };
  items: NotificationListItem[];
}> {
  const [totalCount, byStatus, rows] = await Promise.all([
    repo.countMatching(db, filter),
    repo.countByStatus(db),
    repo.selectPage(db, filter, page),
  ]);
  return {
    totalCount,
    counts: { queued: byStatus.PENDING, sent: byStatus.SENT, failed: byStatus.FAILED },
    items: rows.map(itemOf),
  };
}

/**
 * The owner's 다시 보내기: a failed message is queued again, due now, with a fresh attempt budget
 * (the next dispatch pass sends it); anything else is 409. One audit line with the write.
 */
export async function resendNotification(db: Db, notificationNo: number, now = new Date()): Promise<void> {
  await writeTx(db, async (tx) => {
    const before = await repo.selectOne(tx, notificationNo);
    if (!before) throw appError('NOT_FOUND', '메시지를 찾을 수 없습니다.');
    if (!(await repo.requeueFailed(tx, notificationNo, now.toISOString()))) {
      throw appError('NOTIFICATION_NOT_FAILED');
    }
    await recordAudit(
      tx,
      {
        action: 'notification.resend',
        targetType: 'notification',
        targetId: notificationNo,
        summary: `고객 메시지 다시 보내기 (${before.event}, ${before.ref})`,
        before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
        after: { status: 'PENDING', attempts: 0 },
      },
      now,
    );
  });
}
