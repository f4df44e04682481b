import { randomBytes } from 'node:crypto';
import { type SandboxPayment, paymentConfig } from '../adapters/payment/index.ts';

import type { Db } from '../db/client.ts';
import { receiveWebhook } from './service.ts';
import { signWebhook } from './signature.ts';

/**
 * The sandbox provider's webhook sender. A delivery is built and signed exactly as PortOne's
 * (Standard Webhooks) and handed to the same receiver the HTTP route uses: in this process
 * (`inline`, default), over HTTP to PUBLIC_BASE_URL (`http`), or not at all (`off`). A failed
 * delivery is only logged: the browser's return confirms the payment too.
 */

export interface SandboxDelivery {
  deliveryId: string;
  body: string;
  headers: Record<string, string>;
}

export function buildSandboxDelivery(
  payment: Pick<SandboxPayment, 'paymentId'>,
  type: string,
  now = new Date(),
): SandboxDelivery {
  const config = paymentConfig();
  const deliveryId = `sbx_evt_${randomBytes(12).toString('hex')}`;
  const ts = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    type,
    timestamp: now.toISOString(),
    data: { paymentId: payment.paymentId, storeId: 'sandbox', transactionId: payment.paymentId },
  });
  return {
    deliveryId,
    body,
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': deliveryId,
      'webhook-timestamp': String(ts),
      'webhook-signature': signWebhook(config.sandboxWebhookSecret, deliveryId, ts, body),
    },
  };
}

export async function sendSandboxWebhook(
  db: Db,
  payment: SandboxPayment,
  type: string,
  now = new Date(),
): Promise<SandboxDelivery | null> {
  const config = paymentConfig();
  if (config.sandboxWebhook === 'off') return null;
  const delivery = buildSandboxDelivery(payment, type, now);
  try {
    if (config.sandboxWebhook === 'inline') {
      await receiveWebhook(db, 'sandbox', delivery.body, new Headers(delivery.headers), now);
    } else {
      const res = await fetch(`${config.publicBaseUrl}/api/payments/webhook/sandbox`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) console.error('[podo] sandbox webhook answered', res.status);
    }
  } catch (err) {
    console.error('[podo] sandbox webhook delivery failed', payment.paymentId, (err as Error).message);
  }
  return delivery;
}
