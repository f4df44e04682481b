import { env } from '../../platform/env.ts';
import { createOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';
import { createSmtpMail } from './smtp.ts';

export type { MailMessage, MailPort } from './port.ts';
export { createSmtpMail, type SmtpMailOptions } from './smtp.ts';

let current: MailPort | undefined;

/** The process's mail adapter: `MAIL_PROVIDER` `smtp` (SMTP_* settings) or the built-in `outbox`. */
export function mail(): MailPort {
  const e = env();
  if (current) return current;
  if (e.MAIL_PROVIDER === 'smtp') {
    current = createSmtpMail({
      host: e.SMTP_HOST!,
      port: e.SMTP_PORT,
      tls: e.SMTP_TLS,
      user: e.SMTP_USER,
      pass: e.SMTP_PASS,
      from: e.SMTP_FROM!,
    });
    return current;
  }
  current = createOutboxMail({
    log: e.NODE_ENV === 'production' ? 'masked' : e.NODE_ENV === 'test' ? 'off' : 'body',
  });
  return current;
}

/** For tests: replace the adapter. `undefined` restores the default. */
export function useMailForTests(port: MailPort | undefined): void {
  current = port;
}
