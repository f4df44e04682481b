import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { maskEmail, maskPhone } from '../../lib/masking.ts';
import { appError } from '../platform/errors.ts';
import * as repo from './repo.ts';
import type { NotificationFilter, NotificationRow } from './repo.ts';
import type { NotificationEvent } from './templates.ts';

/**
 * The back office's view of the notification outbox (decision 037): what was sent to shoppers,
 * what waits, what failed and why, and the owner's resend of a failed message. Recipients leave the
 * server masked (decision 025); bodies are not listed (they may hold a one-use link).
 */

export type { NotificationFilter };

/** The events' names in the back office. */
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  ORDER_PLACED: '주문 완료',
  VIRTUAL_ACCOUNT_ISSUED: '입금 안내',
  PAYMENT_CONFIRMED: '입금 확인',
  SHIPPED: '배송 시작',
  DELIVERED: '배송 완료',
  CLAIM_RECEIVED: '취소·반품 접수',
  CLAIM_APPROVED: '반품 승인',
  CLAIM_REFUNDED: '환불 완료',
  INQUIRY_ANSWERED: '문의 답변',
  RESTOCK: '재입고',
  EMAIL_CONFIRM: '이메일 확인',
};

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
