import { db as sharedDb, type Db } from '../../db/client.ts';
import { maskRecipient, storeOutboxMessage } from '../outbox.ts';
import type { SmsPort } from './port.ts';

export interface OutboxSmsOptions {
  db?: () => Promise<Db>;
  /**
   * `body`: print the whole message (development: the code is right there in the server log);
   * `masked`: only that a message was stored (production, where logs are not for secrets);
   * `off`: nothing (tests).
   */
  log?: 'body' | 'masked' | 'off';
}

/** Built-in SMS adapter: stores messages in `outbox_messages` and logs them; sends nothing. */
export function createOutboxSms({ db = sharedDb, log = 'body' }: OutboxSmsOptions = {}): SmsPort {
  return {
    name: 'outbox',
    async send({ to, text }) {
      await storeOutboxMessage(await db(), { channel: 'sms', recipient: to, body: text });
      if (log === 'body') console.info(`[sms-outbox] to ${to}: ${text}`);
      else if (log === 'masked') console.info(`[sms-outbox] stored a message for ${maskRecipient(to)}`);
    },
  };
}
