import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The print service's status webhook (decision 027): `POST /api/pod/webhook` with the headers
 * `X-Pod-Timestamp` (Unix seconds) and `X-Pod-Signature: sha256=<hex>`, the HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the shared POD_WEBHOOK_SECRET. The timestamp is inside the signed
 * text, so an old delivery cannot be replayed with a new one; it must lie within 5 minutes of now.
 */

export const POD_WEBHOOK_TOLERANCE_SECONDS = 300;

export function signPodWebhook(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export type PodWebhookCheck = 'ok' | 'unsigned' | 'bad-signature' | 'stale';

export function verifyPodWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now = new Date(),
): PodWebhookCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'unsigned';
  const expected = Buffer.from(signPodWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  // compared in constant time (equal lengths first: timingSafeEqual throws otherwise)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > POD_WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  return 'ok';
}
