import type { InStatement } from '@libsql/client';
import type { ProviderPayment } from '../adapters/payment/index.ts';

/** Payments as Podo records them, and webhook deliveries. */

import type { Executor } from '../db/client.ts';

export type { Executor };

export interface PaymentRow {
  paymentNo: number;
  orderNo: string;
  provider: string;
  providerPaymentId: string;
  payType: string;
  amount: number;
  status: 'READY' | 'VIRTUAL_ACCOUNT_ISSUED' | 'PAID' | 'FAILED' | 'CANCELLED';
  vbankCode: string | null;
  vbankName: string | null;
  vbankAccount: string | null;
  vbankHolder: string | null;
  vbankDueAt: string | null;
  approvedAt: string | null;
  failureReason: string | null;
}

export function insertPaymentStatement(p: {
  orderNo: string;
  provider: string;
  providerPaymentId: string;
  payType: string;
  amount: number;
  now: string;
}): InStatement {
  return {
    sql: `INSERT INTO payments (order_no, provider, provider_payment_id, pay_type, amount, status, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, 'READY', ?, ?)`,
    args: [p.orderNo, p.provider, p.providerPaymentId, p.payType, p.amount, p.now, p.now],
  };
}

const COLUMNS = `payment_no, order_no, provider, provider_payment_id, pay_type, amount, status, vbank_code, vbank_name, vbank_account,
  vbank_holder, vbank_due_at, approved_at, failure_reason`;

function toRow(r: Record<string, unknown>): PaymentRow {
  const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    paymentNo: Number(r.payment_no),
    orderNo: String(r.order_no),
    provider: String(r.provider),
    providerPaymentId: String(r.provider_payment_id),
    payType: String(r.pay_type),
    amount: Number(r.amount),
    status: r.status as PaymentRow['status'],
    vbankCode: s(r.vbank_code),
    vbankName: s(r.vbank_name),
    vbankAccount: s(r.vbank_account),
    vbankHolder: s(r.vbank_holder),
    vbankDueAt: s(r.vbank_due_at),
    approvedAt: s(r.approved_at),
    failureReason: s(r.failure_reason),
  };
}

export async function selectPayment(
  db: Executor,
  orderNo: string,
  providerPaymentId: string,
): Promise<PaymentRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM payments WHERE order_no = ? AND provider_payment_id = ?`,
    args: [orderNo, providerPaymentId],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toRow(r) : null;
}

export async function selectByProviderId(
  db: Executor,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM payments WHERE provider = ? AND provider_payment_id = ?`,
    args: [provider, providerPaymentId],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toRow(r) : null;
}

/** The order's latest payment. */
export async function selectLatestOfOrder(db: Executor, orderNo: string): Promise<PaymentRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM payments WHERE order_no = ? ORDER BY payment_no DESC LIMIT 1`,
    args: [orderNo],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toRow(r) : null;
}

/** The placeholder payment (provider 'none') of an order with nothing to pay, marked paid once it completed. */
export async function markFreePaymentPaid(db: Executor, orderNo: string, now: string): Promise<void> {
  await db.execute({
    sql: "UPDATE payments SET status = 'PAID', approved_at = ?, updated_at = ? WHERE order_no = ? AND provider = 'none'",
    args: [now, now, orderNo],
  });
}

/**
 * Records what the provider said (status, virtual account, approval time, raw answer). Returns the
 * payment as recorded (`RETURNING`, no second read).
 */
export async function recordProviderState(
  db: Executor,
  paymentNo: number,
  remote: ProviderPayment,
  now: string,
): Promise<PaymentRow | null> {
  const va = remote.virtualAccount;
  let raw: string;
  try {
    raw = JSON.stringify(remote.raw).slice(0, 20_000);
  } catch {
    raw = '';
  }
  const rs = await db.execute({
    sql: `UPDATE payments SET status = ?, vbank_code = COALESCE(?, vbank_code), vbank_name = COALESCE(?, vbank_name),
        vbank_account = COALESCE(?, vbank_account), vbank_holder = COALESCE(?, vbank_holder), vbank_due_at = COALESCE(?, vbank_due_at),
        approved_at = COALESCE(approved_at, ?), failure_reason = COALESCE(?, failure_reason), raw = ?, updated_at = ?
      WHERE payment_no = ? RETURNING ${COLUMNS}`,
    args: [
      remote.status,
      va?.bankCode ?? null,
      va?.bankName ?? null,
      va?.accountNumber ?? null,
      va?.holderName ?? null,
      va?.dueAt ?? null,
      remote.status === 'PAID' ? (remote.paidAt ?? now) : null,
      remote.failureReason,
      raw,
      now,
      paymentNo,
    ],
  });
  const r = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  return r ? toRow(r) : null;
}

// ------------------------------------------------------------------------------ webhook deliveries

/**
 * Records a delivery: processed with its outcome, or (`outcome` null) received and not processed. A
 * delivery seen before keeps its first payload and takes the outcome of the processing that ended last.
 */
/** A provider's webhook delivery as received (the payload kept for one that was not processed). */
export interface WebhookDelivery {
  provider: string;
  deliveryId: string;
  eventType: string;
  providerPaymentId: string | null;
  payload: string;
  now: string;
}

export async function recordDelivery(
  db: Executor,
  d: WebhookDelivery,
  outcome: string | null,
): Promise<void> {
  const processedAt = outcome === null ? null : d.now;
  await db.execute({
    sql: `INSERT INTO payment_webhook_deliveries (provider, delivery_id, event_type, provider_payment_id, payload, received_at, processed_at, outcome)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (provider, delivery_id) DO UPDATE SET processed_at = excluded.processed_at, outcome = excluded.outcome
        WHERE excluded.processed_at IS NOT NULL`,
    args: [
      d.provider,
      d.deliveryId,
      d.eventType,
      d.providerPaymentId,
      d.payload.slice(0, 20_000),
      d.now,
      processedAt,
      outcome,
    ],
  });
}

export async function deliveryProcessed(
  db: Executor,
  provider: string,
  deliveryId: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: 'SELECT processed_at FROM payment_webhook_deliveries WHERE provider = ? AND delivery_id = ?',
    args: [provider, deliveryId],
  });
  return rs.rows[0]?.processed_at !== null && rs.rows[0]?.processed_at !== undefined;
}
