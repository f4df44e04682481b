import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from '../adapters/payment/index.ts';

/**
 * Signatures. The browser's return from a payment carries an HMAC over order, payment id, amount
 * and time, so a return address cannot be made up or altered. Webhooks (the sandbox's and
 * PortOne's) follow the Standard Webhooks scheme: HMAC-SHA256 over `id.timestamp.body` with the
 * base64 key of a `whsec_…` secret, sent as `v1,<base64>` in `webhook-signature`.
 */

export interface ReturnParams {
  orderNo: string;
  paymentId: string;
  amount: number;
  /** Unix seconds when the address was signed. */
  ts: number;
}

function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function signReturn(secret: string, p: ReturnParams): string {
  return hmacHex(secret, `${p.orderNo}.${p.paymentId}.${p.amount}.${p.ts}`);
}

export type ReturnCheck = 'ok' | 'bad-signature' | 'expired';

export function verifyReturn(
  secret: string,
  p: ReturnParams,
  signature: string,
  now: Date,
  maxAgeSeconds: number,
): ReturnCheck {
  if (!/^[0-9a-f]{64}$/.test(signature) || !sameText(signReturn(secret, p), signature))
    return 'bad-signature';
  const age = now.getTime() / 1000 - p.ts;
  if (age > maxAgeSeconds || age < -300) return 'expired';
  return 'ok';
}

/** The query string of a signed return address. */
export function returnQuery(secret: string, p: ReturnParams): string {
  const q = new URLSearchParams({
    orderNo: p.orderNo,
    paymentId: p.paymentId,
    amount: String(p.amount),
    ts: String(p.ts),
    signature: signReturn(secret, p),
  });
  return q.toString();
}

// ------------------------------------------------------------------------------ Standard Webhooks

function webhookKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', webhookKey(secret))
    .update(`${id}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies a Standard Webhooks delivery: id, timestamp within the tolerance (either way), and one
 * of the space-separated `v1,` signatures matching. Returns the delivery id.
 */
export function verifyStandardWebhook(secret: string, rawBody: string, headers: Headers, now: Date): string {
  const id = headers.get('webhook-id')?.trim();
  const ts = headers.get('webhook-timestamp')?.trim();
  const sigs = headers.get('webhook-signature')?.trim();
  if (!id || !ts || !sigs) throw new WebhookVerificationError('missing webhook headers', 400);
  if (!/^\d{1,12}$/.test(ts)) throw new WebhookVerificationError('bad webhook timestamp', 400);
  if (Math.abs(now.getTime() / 1000 - Number(ts)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('webhook timestamp outside tolerance');
  }
  const expected = signWebhook(secret, id, Number(ts), rawBody);
  const ok = sigs.split(' ').some((s) => sameText(s, expected));
  if (!ok) throw new WebhookVerificationError('webhook signature mismatch');
  return id;
}
