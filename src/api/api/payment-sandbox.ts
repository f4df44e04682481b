import { Hono, type Env } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { toShopbyYmdt } from '../../lib/dates.ts';
import {
  decideSandboxPayment,
  findSandboxPayment,
  SANDBOX_EVENT,
  type SandboxAction,
  type SandboxPayment,
  PAY_TYPE_LABELS,
  paymentConfig,
  sandboxActive,
} from '../../server/adapters/payment/index.ts';

import { db } from '../../server/db/client.ts';
import { badRequest, notFound } from '../../server/platform/errors.ts';
import { isLive } from '../../server/platform/mode.ts';
import { commerceError } from '../../server/order/index.ts';
import { receiveWebhook, sendSandboxWebhook } from '../../server/payment/index.ts';

import { noStore } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The built-in `sandbox` payment provider's HTTP side, for Podo's test payment pages
 * (/test/{brand}-pay?paymentId=…, /npay/{paymentId}, /npay/mobile/{paymentId}):
 *
 * - GET  /api/payment-sandbox/payments/{paymentId}            → SandboxPaymentView
 * - POST /api/payment-sandbox/payments/{paymentId}/approve     card, mobile, Naver Pay: paid;
 *                                                              virtual account: account issued
 * - POST /api/payment-sandbox/payments/{paymentId}/decline     { reason? } the card company refuses
 * - POST /api/payment-sandbox/payments/{paymentId}/cancel      the shopper closes the payment window
 * - POST /api/payment-sandbox/payments/{paymentId}/deposit     the virtual account receives the money
 *   each → { payment: SandboxPaymentView, returnUrl } (409 PAYMENT_NOT_PENDING when not possible now)
 *
 * Each decision sends the provider's signed webhook (see payment/sandbox-webhooks.ts) before it
 * answers; the page then sends the browser to `returnUrl` (the signed /order/order-result address).
 *
 * And the providers' webhook receivers: POST /api/payments/webhook/{sandbox|portone} (raw body,
 * Standard Webhooks signature; 401 bad signature or stale timestamp; a replayed delivery id → 200
 * { status: 'duplicate' } with no effect).
 */

export interface SandboxPaymentView {
  paymentId: string;
  orderNo: string;
  orderName: string;
  amount: number;
  payType: string;
  payTypeLabel: string;
  buyerName: string;
  /** READY | VIRTUAL_ACCOUNT_ISSUED | PAID | FAILED | CANCELLED */
  status: string;
  virtualAccount: {
    bankCode: string;
    bankName: string;
    accountNumber: string;
    holderName: string;
    dueYmdt: string;
  } | null;
  failureReason: string | null;
  /** What the page may offer now. */
  actions: SandboxAction[];
  returnUrl: string;
  createdYmdt: string;
}

function view(p: SandboxPayment): SandboxPaymentView {
  return {
    paymentId: p.paymentId,
    orderNo: p.orderNo,
    orderName: p.orderName,
    amount: p.amount,
    payType: p.payType,
    payTypeLabel: PAY_TYPE_LABELS[p.payType],
    buyerName: p.buyerName,
    status: p.status,
    virtualAccount: p.virtualAccount
      ? { ...p.virtualAccount, dueYmdt: toShopbyYmdt(p.virtualAccount.dueAt) }
      : null,
    failureReason: p.failureReason,
    actions:
      p.status === 'READY'
        ? ['approve', 'decline', 'cancel']
        : p.status === 'VIRTUAL_ACCOUNT_ISSUED'
          ? ['deposit']
          : [],
    returnUrl: p.returnUrl,
    createdYmdt: toShopbyYmdt(p.createdAt),
  };
}

const PaymentIdParam = z.object({
  paymentId: z.string().regex(/^pay_[0-9a-f]{32}$/, { error: '결제 번호를 확인해 주세요.' }),
});
const ActionParam = PaymentIdParam.extend({ action: z.enum(['approve', 'decline', 'cancel', 'deposit']) });
const DecisionBody = z.object({ reason: z.string().trim().max(200).nullish() }).default({});

/**
 * Declares the decisions' optional `{ reason }` body for the typed client (src/lib/clients/) and
 * does nothing else: the handler reads the body itself, an empty or unreadable one being no reason.
 */
const decisionBody = createMiddleware<Env, string, { in: { json: z.input<typeof DecisionBody> } }>(
  async (_c, next) => {
    await next();
  },
);

export const paymentSandboxRoutes = new Hono()
  .use(async (_c, next) => {
    if (!sandboxActive()) throw notFound('페이지');
    await next();
  })
  .use(noStore())
  .get('/payments/:paymentId', validate('param', PaymentIdParam), async (c) => {
    const p = await findSandboxPayment(await db(), c.req.valid('param').paymentId);
    if (!p) throw commerceError('PAYMENT_NOT_FOUND');
    return c.json(view(p));
  })
  .post('/payments/:paymentId/:action', validate('param', ActionParam), decisionBody, async (c) => {
    const { paymentId, action } = c.req.valid('param');
    const text = await c.req.text();
    let reason: string | undefined;
    if (text) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw badRequest('요청 본문을 읽을 수 없습니다.', 'INVALID_INPUT');
      }
      const parsed = DecisionBody.safeParse(json);
      reason = parsed.success ? (parsed.data.reason ?? undefined) : undefined;
    }
    const conn = await db();
    const changed = await decideSandboxPayment(conn, paymentId, action, { reason, config: paymentConfig() });
    if (!changed) {
      // the guarded update changed nothing: no such payment, or not pending any more
      if (!(await findSandboxPayment(conn, paymentId))) throw commerceError('PAYMENT_NOT_FOUND');
      throw commerceError('PAYMENT_NOT_PENDING');
    }
    await sendSandboxWebhook(conn, changed, SANDBOX_EVENT[action](changed));
    return c.json({ payment: view(changed), returnUrl: changed.returnUrl });
  });

const ProviderParam = z.object({ provider: z.enum(['sandbox', 'portone']) });

export const paymentWebhookRoutes = new Hono().post(
  '/:provider',
  validate('param', ProviderParam),
  async (c) => {
    const provider = c.req.valid('param').provider;
    if (provider === 'sandbox' && isLive()) throw notFound('페이지');
    const raw = await c.req.text();
    const result = await receiveWebhook(await db(), provider, raw, c.req.raw.headers);
    return c.json({ status: result.status, orderStatus: result.outcome?.orderStatus ?? null });
  },
);

/** For the islands' typed client (src/lib/clients/payment-sandbox.ts). */
export type PaymentSandboxRoutes = typeof paymentSandboxRoutes;
