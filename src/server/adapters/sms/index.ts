import { env } from '../../platform/env.ts';
import { createOutboxSms } from './outbox.ts';
import type { SmsPort } from './port.ts';
import { createSolapiSms } from './solapi.ts';

export type { SmsMessage, SmsPort } from './port.ts';
export { createSolapiSms, solapiAuthorization, SolapiError, type SolapiOptions } from './solapi.ts';

let current: SmsPort | undefined;

function logMode() {
  const nodeEnv = env().NODE_ENV;
  return nodeEnv === 'production' ? 'masked' : nodeEnv === 'test' ? 'off' : 'body';
}

/** The process's SMS adapter: `SMS_PROVIDER` `solapi` (SOLAPI_* settings) or the built-in `outbox`. */
export function sms(): SmsPort {
  if (current) return current;
  const e = env();
  current =
    e.SMS_PROVIDER === 'solapi'
      ? createSolapiSms({
          apiKey: e.SOLAPI_API_KEY!,
          apiSecret: e.SOLAPI_API_SECRET!,
          sender: e.SOLAPI_SENDER!,
          baseUrl: e.SOLAPI_BASE_URL,
          pfId: e.SOLAPI_PF_ID,
        })
      : createOutboxSms({ log: logMode() });
  return current;
}

/** For tests: replace the adapter (e.g. one that fails). `undefined` restores the default. */
export function useSmsForTests(port: SmsPort | undefined): void {
  current = port;
}
