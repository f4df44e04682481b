import { db as sharedDb, type Db } from '../../db/client.ts';
import { maskRecipient, storeOutboxMessage } from '../outbox.ts';
import type { MailPort } from './port.ts';

export interface OutboxMailOptions {
  db?: () => Promise<Db>;
  /** As for the SMS outbox: `body` in development, `masked` in production, `off` in tests. */
  log?: 'body' | 'masked' | 'off';
}

/** Built-in mail adapter: stores e-mails in `outbox_messages` and logs them; sends nothing. */
export function createOutboxMail({ db = sharedDb, log = 'body' }: OutboxMailOptions = {}): MailPort {
  return {
    name: 'outbox',
    async send({ to, subject, text }) {
      await storeOutboxMessage(await db(), { channel: 'mail', recipient: to, subject, body: text });
      if (log === 'body') console.info(`[mail-outbox] to ${to}: ${subject}\n${text}`);
      else if (log === 'masked') console.info(`[mail-outbox] stored an e-mail for ${maskRecipient(to)}`);
    },
  };
}
