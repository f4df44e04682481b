import { createHmac, randomBytes } from 'node:crypto';
import type { SmsPort } from './port.ts';

export interface SolapiOptions {
  apiKey: string;
  apiSecret: string;
  /** The sender number registered with Solapi, digits only. */
  sender: string;
  /** `https://api.solapi.com`; tests point it at a local stand-in. */
  baseUrl: string;
  /** The KakaoTalk channel (pfId) 알림톡 go out from; without it every message is an SMS. */
  pfId?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * Solapi's API-key authentication: `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`, the
 * signature being HMAC-SHA256(secret, date + salt) in hex, the date ISO 8601 and the salt random
 * (docs.solapi.com, "API Key 인증 방식"). A new salt per request makes every signature single-use.
 */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string, salt: string): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

export class SolapiError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  constructor(status: number, errorCode: string | undefined, message: string) {
    super(message);
    this.name = 'SolapiError';
    this.status = status;
    this.errorCode = errorCode;
  }
}

/**
 * SMS, LMS and 알림톡 through Solapi's single-message API (`POST /messages/v4/send`). The type is
 * left to Solapi (an SMS up to 90 bytes, else an LMS); a 알림톡 carries `kakaoOptions` (pfId, the
 * approved template, its variables) and falls back to the same text as an SMS. Any answer other
 * than 2xx throws with Solapi's `errorCode`, so the notification outbox retries.
 */
export function createSolapiSms(options: SolapiOptions): SmsPort {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const url = new URL('/messages/v4/send', options.baseUrl).toString();
  return {
    name: 'solapi',
    async send({ to, text, kakao }) {
      const message: Record<string, unknown> = { to, from: options.sender, text };
      if (kakao && options.pfId) {
        message.kakaoOptions = {
          pfId: options.pfId,
          templateId: kakao.templateId,
          variables: kakao.variables,
          disableSms: false,
        };
      }
      const date = now().toISOString();
      const salt = randomBytes(16).toString('hex');
      const res = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: solapiAuthorization(options.apiKey, options.apiSecret, date, salt),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ message }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (res.ok) return;
      let body: { errorCode?: string; errorMessage?: string } = {};
      try {
        body = (await res.json()) as typeof body;
      } catch {
        // not JSON: the status says enough
      }
      throw new SolapiError(
        res.status,
        body.errorCode,
        `Solapi ${res.status}${body.errorCode ? ` ${body.errorCode}` : ''}: ${body.errorMessage ?? res.statusText}`,
      );
    },
  };
}
