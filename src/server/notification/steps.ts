import type { Executor } from '../db/client.ts';
import { env } from '../platform/env.ts';
import * as repo from './repo.ts';
import { renderNotification, type NotificationInput } from './templates.ts';

/**
 * What other modules do with the notification outbox inside their own transaction: record the
 * message of an event together with the event, so a message is never lost when the event commits
 * and never sent when it rolls back. Sending happens later (dispatch.ts), never in the event's
 * request: a mail server or SMS provider that is slow or down cannot hold up or fail an order.
 */

export interface Recipients {
  /** Any hyphenation; digits are kept. */
  mobileNo?: string | null | undefined;
  email?: string | null | undefined;
}

/**
 * Records the event's messages: an SMS (or 알림톡) to the phone and an e-mail to the address,
 * each when there is one. `ref` names the event's subject (an order number, a claim, an inquiry);
 * recording the same event for the same subject again adds nothing. Returns the channels recorded.
 */
export async function enqueue(
  tx: Executor,
  to: Recipients,
  input: NotificationInput,
  ref: string,
  now = new Date(),
): Promise<('sms' | 'mail')[]> {
  const rendered = renderNotification(env().BRAND_NAME, input);
  const at = now.toISOString();
  const recorded: ('sms' | 'mail')[] = [];
  const mobileNo = to.mobileNo?.replace(/\D/g, '') ?? '';
  if (mobileNo.length >= 9) {
    const added = await repo.insertNotification(tx, {
      event: input.event,
      ref,
      channel: 'sms',
      recipient: mobileNo,
      subject: null,
      body: rendered.smsText,
      kakaoVariables: rendered.variables,
      now: at,
    });
    if (added) recorded.push('sms');
  }
  const email = to.email?.trim().toLowerCase() ?? '';
  if (email.includes('@')) {
    const added = await repo.insertNotification(tx, {
      event: input.event,
      ref,
      channel: 'mail',
      recipient: email,
      subject: rendered.subject,
      body: rendered.mailText,
      kakaoVariables: null,
      now: at,
    });
    if (added) recorded.push('mail');
  }
  return recorded;
}
