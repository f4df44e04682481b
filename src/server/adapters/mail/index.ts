import { env } from '../../platform/env.ts';
import { createOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';

export type { MailMessage, MailPort } from './port.ts';

let current: MailPort | undefined;

/** The process's mail adapter. Only the built-in `outbox` exists so far. */
export function mail(): MailPort {
  const nodeEnv = env().NODE_ENV;
  current ??= createOutboxMail({
    log: nodeEnv === 'production' ? 'masked' : nodeEnv === 'test' ? 'off' : 'body',
  });
  return current;
}

/** For tests: replace the adapter. `undefined` restores the default. */
export function useMailForTests(port: MailPort | undefined): void {
  current = port;
}
