import { randomInt } from 'node:crypto';
import { db as processDb, type Db } from '../../db/client.ts';
import { verifyStandardWebhook } from '../../payment/index.ts';
import type { PaymentConfig } from './config.ts';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type PayType,
  type PaymentProviderAdapter,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from './port.ts';

/**
 * The built-in `sandbox` provider: a pretend payment service living in Podo itself. Its "servers"
 * are the `sandbox_payments` table and the /api/payment-sandbox routes; its pages (approve,
 * decline, cancel; virtual account issued, then deposit) are Podo's test payment pages. Podo's
 * order code talks to it only through the port, exactly as to PortOne.
 */

export interface SandboxPayment {
  paymentId: string;
  orderNo: string;
  orderName: string;
  amount: number;
  payType: PayType;
  buyerName: string;
  status: ProviderPaymentStatus;
  returnUrl: string;
  virtualAccount: {
    bankCode: string;
    bankName: string;
    accountNumber: string;
    holderName: string;
    dueAt: string;
  } | null;
  paidAt: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

function toPayment(r: Record<string, unknown>): SandboxPayment {
  return {
    paymentId: String(r.payment_id),
    orderNo: String(r.order_no),
    orderName: String(r.order_name),
    amount: Number(r.amount),
    payType: r.pay_type as PayType,
    buyerName: String(r.buyer_name),
    status: r.status as ProviderPaymentStatus,
    returnUrl: String(r.return_url),
    virtualAccount: r.vbank_account
      ? {
          bankCode: String(r.vbank_code),
          bankName: String(r.vbank_name),
          accountNumber: String(r.vbank_account),
          holderName: String(r.vbank_holder),
          dueAt: String(r.vbank_due_at),
        }
      : null,
    paidAt: r.paid_at === null ? null : String(r.paid_at),
    failureReason: r.failure_reason === null ? null : String(r.failure_reason),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

export async function findSandboxPayment(db: Db, paymentId: string): Promise<SandboxPayment | null> {
  const rs = await db.execute({
    sql: 'SELECT * FROM sandbox_payments WHERE payment_id = ?',
    args: [paymentId],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toPayment(r) : null;
}

export type SandboxAction = 'approve' | 'decline' | 'cancel' | 'deposit';

/** The webhook event type each sandbox change sends (PortOne's names). */
export const SANDBOX_EVENT: Record<SandboxAction, (p: SandboxPayment) => string> = {
  approve: (p) =>
    p.status === 'VIRTUAL_ACCOUNT_ISSUED' ? 'Transaction.VirtualAccountIssued' : 'Transaction.Paid',
  decline: () => 'Transaction.Failed',
  cancel: () => 'Transaction.Cancelled',
  deposit: () => 'Transaction.Paid',
};

const SANDBOX_BANK = { bankCode: 'KB', bankName: '국민은행' };

/**
 * What the shopper did on a sandbox page. Each action is one guarded UPDATE from the state it
 * needs (READY, or VIRTUAL_ACCOUNT_ISSUED for a deposit), so a double click changes nothing twice;
 * the payment comes back from the UPDATE itself (`RETURNING`). An approval is tried as a card-like
 * payment, then as a virtual account (each guarded on the payment's type). Null when the payment is
 * not in that state (any more).
 */
export async function decideSandboxPayment(
  db: Db,
  paymentId: string,
  action: SandboxAction,
  opts: { now?: Date; reason?: string; config: Pick<PaymentConfig, 'virtualAccountDueHours' | 'brandName'> },
): Promise<SandboxPayment | null> {
  const now = (opts.now ?? new Date()).toISOString();
  for (const change of sandboxChanges(paymentId, action, now, opts)) {
    const rs = await db.execute({ sql: `${change.sql} RETURNING *`, args: change.args });
    const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
    if (r) return toPayment(r);
  }
  return null;
}

/** The guarded UPDATEs an action may be, in the order they are tried. */
function sandboxChanges(
  paymentId: string,
  action: SandboxAction,
  now: string,
  opts: { reason?: string; config: Pick<PaymentConfig, 'virtualAccountDueHours' | 'brandName'> },
): { sql: string; args: (string | number)[] }[] {
  if (action === 'approve') {
    const due = new Date(Date.now() + opts.config.virtualAccountDueHours * 3600_000).toISOString();
    const account = `9${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e4)).padStart(4, '0')}`;
    return [
      {
        sql: `UPDATE sandbox_payments SET status = 'PAID', paid_at = ?, updated_at = ?
          WHERE payment_id = ? AND status = 'READY' AND pay_type <> 'VIRTUAL_ACCOUNT'`,
        args: [now, now, paymentId],
      },
      {
        sql: `UPDATE sandbox_payments SET status = 'VIRTUAL_ACCOUNT_ISSUED', vbank_code = ?, vbank_name = ?, vbank_account = ?,
          vbank_holder = ?, vbank_due_at = ?, updated_at = ?
          WHERE payment_id = ? AND status = 'READY' AND pay_type = 'VIRTUAL_ACCOUNT'`,
        args: [
          SANDBOX_BANK.bankCode,
          SANDBOX_BANK.bankName,
          account,
          `(주)${opts.config.brandName}`,
          due,
          now,
          paymentId,
        ],
      },
    ];
  }
  if (action === 'deposit') {
    return [
      {
        sql: `UPDATE sandbox_payments SET status = 'PAID', paid_at = ?, updated_at = ?
          WHERE payment_id = ? AND status = 'VIRTUAL_ACCOUNT_ISSUED'`,
        args: [now, now, paymentId],
      },
    ];
  }
  const to = action === 'decline' ? 'FAILED' : 'CANCELLED';
  const reason =
    opts.reason ?? (action === 'decline' ? '카드사에서 승인을 거절했습니다.' : '결제를 취소했습니다.');
  return [
    {
      sql: `UPDATE sandbox_payments SET status = ?, failure_reason = ?, updated_at = ? WHERE payment_id = ? AND status = 'READY'`,
      args: [to, reason, now, paymentId],
    },
  ];
}

function sandboxPageUrl(
  paymentId: string,
  payType: PayType,
  platform: 'PC' | 'MOBILE_WEB',
  brandSlug: string,
): string {
  const id = encodeURIComponent(paymentId);
  if (payType === 'NAVER_EASY_PAY') return platform === 'MOBILE_WEB' ? `/npay/mobile/${id}` : `/npay/${id}`;
  // 카카오페이 and 토스페이 open the test window, which names the wallet (decision 036)
  return `/test/${brandSlug}-pay?paymentId=${id}`;
}

export function createSandboxAdapter(
  config: Pick<PaymentConfig, 'sandboxWebhookSecret' | 'brandSlug'>,
  getDb: () => Promise<Db> = processDb,
): PaymentProviderAdapter {
  return {
    name: 'sandbox',

    async prepare(req) {
      const now = new Date().toISOString();
      await (
        await getDb()
      ).execute({
        sql: `INSERT INTO sandbox_payments (payment_id, order_no, order_name, amount, pay_type, buyer_name, status, return_url, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, 'READY', ?, ?, ?)`,
        args: [
          req.paymentId,
          req.orderNo,
          req.orderName,
          req.amount,
          req.payType,
          req.buyer.name,
          req.returnPath,
          now,
          now,
        ],
      });
      return {
        redirectUrl: sandboxPageUrl(req.paymentId, req.payType, req.platform, config.brandSlug),
        clientParams: null,
      };
    },

    async getPayment(paymentId): Promise<ProviderPayment> {
      const p = await findSandboxPayment(await getDb(), paymentId);
      if (!p) throw new PaymentProviderError(`sandbox payment ${paymentId} not found`, { notFound: true });
      return {
        paymentId: p.paymentId,
        orderNo: p.orderNo,
        amount: p.amount,
        status: p.status,
        paidAt: p.paidAt,
        failureReason: p.failureReason,
        virtualAccount: p.virtualAccount,
        raw: p,
      };
    },

    async cancel(paymentId, request) {
      const now = new Date().toISOString();
      const db = await getDb();
      const rs = await db.execute({
        sql: `UPDATE sandbox_payments SET status = 'CANCELLED', cancelled_amt = ?, failure_reason = ?, updated_at = ?
          WHERE payment_id = ? AND status IN ('READY', 'VIRTUAL_ACCOUNT_ISSUED', 'PAID')`,
        args: [request.amount, request.reason, now, paymentId],
      });
      if (rs.rowsAffected === 1) return;
      const p = await findSandboxPayment(db, paymentId);
      if (!p) throw new PaymentProviderError(`sandbox payment ${paymentId} not found`, { notFound: true });
      if (p.status !== 'CANCELLED' && p.status !== 'FAILED')
        throw new PaymentProviderError(`cannot cancel a ${p.status} payment`);
    },

    async cancelPart(paymentId, request) {
      await cancelSandboxPart(await getDb(), paymentId, request);
    },

    verifyWebhook(rawBody, headers, now) {
      const deliveryId = verifyStandardWebhook(config.sandboxWebhookSecret, rawBody, headers, now);
      return parseTransactionEvent(rawBody, deliveryId);
    },
  };
}

/**
 * A partial cancel at the sandbox: one row per refund key (a retry of a key already refunded is
 * done, not paid again) and the cancelled total up, only while the payment is PAID and still holds
 * the amount. The payment stays PAID, as PortOne's PARTIAL_CANCELLED is read (decision 009).
 */
async function cancelSandboxPart(
  db: Db,
  paymentId: string,
  request: { amount: number; reason: string; refundKey: string },
  now = new Date(),
): Promise<void> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    throw new PaymentProviderError(`sandbox: bad partial cancel amount ${request.amount}`);
  const at = now.toISOString();
  const tx = await db.transaction('write');
  try {
    const fresh = await tx.execute({
      sql: `INSERT INTO sandbox_payment_cancels (payment_id, refund_key, amount, reason, created_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (payment_id, refund_key) DO NOTHING`,
      args: [paymentId, request.refundKey, request.amount, request.reason, at],
    });
    if (fresh.rowsAffected === 0) {
      await tx.rollback();
      return;
    }
    const rs = await tx.execute({
      sql: `UPDATE sandbox_payments SET cancelled_amt = cancelled_amt + ?, updated_at = ?
        WHERE payment_id = ? AND status = 'PAID' AND amount - cancelled_amt >= ?`,
      args: [request.amount, at, paymentId, request.amount],
    });
    if (rs.rowsAffected !== 1) {
      await tx.rollback();
      const p = await findSandboxPayment(db, paymentId);
      if (!p) throw new PaymentProviderError(`sandbox payment ${paymentId} not found`, { notFound: true });
      throw new PaymentProviderError(`cannot cancel ${request.amount} of a ${p.status} payment`);
    }
    await tx.commit();
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

/** PortOne's (and the sandbox's) webhook body: { type, timestamp, data: { paymentId, … } }. */
export function parseTransactionEvent(rawBody: string, deliveryId: string) {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookVerificationError('webhook body is not JSON', 400);
  }
  const b = body as { type?: unknown; data?: { paymentId?: unknown } };
  if (typeof b.type !== 'string') throw new WebhookVerificationError('webhook without type', 400);
  const paymentId = typeof b.data?.paymentId === 'string' ? b.data.paymentId : null;
  return { deliveryId, type: b.type, paymentId };
}
