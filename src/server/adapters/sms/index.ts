import { env } from '../../platform/env.ts';
import { createOutboxSms } from './outbox.ts';
import type { SmsPort } from './port.ts';

export type { SmsMessage, SmsPort } from './port.ts';

let current: SmsPort | undefined;

function logMode() {
  const nodeEnv = env().NODE_ENV;
  return nodeEnv === 'production' ? 'masked' : nodeEnv === 'test' ? 'off' : 'body';
}

/** The process's SMS adapter. Only the built-in `outbox` exists so far (`SMS_ADAPTER=outbox`). */
export function sms(): SmsPort {
  current ??= createOutboxSms({ log: logMode() });
  return current;
}

/** For tests: replace the adapter (e.g. one that fails). `undefined` restores the default. */
export function useSmsForTests(port: SmsPort | undefined): void {
  current = port;
}
