import { randomUUID } from 'node:crypto';
import { mail as mailPort, type MailPort } from '../adapters/mail/index.ts';
import { sms as smsPort, type SmsPort } from '../adapters/sms/index.ts';
import type { Db } from '../db/client.ts';
import { env } from '../platform/env.ts';
import * as repo from './repo.ts';

/** Minutes to wait after the 1st, 2nd, … failed attempt; after the last, the message is given up. */
export const RETRY_BACKOFF_MINUTES = [1, 5, 15, 60, 240] as const;
/** Attempts in all (the first and the retries). */
export const MAX_ATTEMPTS = RETRY_BACKOFF_MINUTES.length + 1;
/** How long a sender holds the rows it took; past it another sender may take them. */
const LEASE_MS = 2 * 60_000;

export interface DispatchOptions {
  now?: Date;
  limit?: number;
  mail?: MailPort;
  sms?: SmsPort;
  /** 알림톡 templates by event (SOLAPI_KAKAO_TEMPLATES). */
  kakaoTemplates?: Readonly<Record<string, string>>;
}

export interface DispatchResult {
  sent: number;
  retried: number;
  failed: number;
}

/** When the next attempt is due after `attempts` failed ones, or null when they are used up. */
export function nextAttemptAfter(attempts: number, now: Date): string | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const minutes = RETRY_BACKOFF_MINUTES[Math.max(0, attempts - 1)] ?? RETRY_BACKOFF_MINUTES.at(-1)!;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}

/**
 * Sends the messages that are due: takes them atomically (any number of processes may run this),
 * sends each through its port, and marks it sent, or counts the failure and sets the next try with
 * a growing wait (1, 5, 15, 60, 240 minutes), giving up after the 6th attempt. A failure is logged
 * without the recipient.
 */
export async function dispatchDueNotifications(
  db: Db,
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  const now = options.now ?? new Date();
  const token = randomUUID();
  const rows = await repo.claimDue(db, {
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
    token,
    limit: options.limit ?? 50,
  });
  const result: DispatchResult = { sent: 0, retried: 0, failed: 0 };
  if (rows.length === 0) return result;
  const mail = options.mail ?? mailPort();
  const sms = options.sms ?? smsPort();
  const templates = options.kakaoTemplates ?? env().SOLAPI_KAKAO_TEMPLATES;
  for (const row of rows) {
    try {
      if (row.channel === 'mail') {
        await mail.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
      } else {
        const templateId = templates[row.event];
        await sms.send({
          to: row.recipient,
          text: row.body,
          kakao: templateId && row.kakaoVariables ? { templateId, variables: row.kakaoVariables } : undefined,
        });
      }
      await repo.markSent(db, row.notificationNo, token, new Date().toISOString());
      result.sent += 1;
    } catch (err) {
      const next = nextAttemptAfter(row.attempts, now);
      const message = err instanceof Error ? err.message : String(err);
      await repo.markAttemptFailed(db, {
        notificationNo: row.notificationNo,
        token,
        error: message,
        nextAttemptAt: next,
      });
      if (next) result.retried += 1;
      else result.failed += 1;
      console.error(
        `[podo] notification ${row.notificationNo} (${row.event}, ${row.channel}) attempt ${row.attempts} failed${next ? ', will retry' : ', given up'}:`,
        message,
      );
    }
  }
  return result;
}
