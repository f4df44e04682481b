import { randomUUID } from 'node:crypto';
import { podService, PodError, type PodOrderState, type PodPort } from '../adapters/pod/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { writeTx } from '../db/write-tx.ts';
import { customOrdersOfOrder, recordPodResult } from './custom-orders.ts';
import { CounterPayloadProblem, podOrderOf } from './pod-payload.ts';
import * as outbox from './pod-outbox-repo.ts';
import { withPodToken } from './pod-token.ts';

/**
 * The print service's outbox (decision 027). Every order code to send has a `pod_outbox` row; a
 * send claims the row atomically, so two processes never send the same code at once. The order
 * code is the idempotency key: an attempt after another (which may have reached the service even
 * though no answer came) first looks the order up at the service and sends nothing when it is
 * there. A failure waits an exponential backoff with jitter, or a 429's Retry-After; after
 * `maxFailures` failures since the owner's last resend, or a refusal of the payload itself, the row
 * is `failed` until the owner resends it (an audit line).
 */

export const POD_OUTBOX = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxFailures: 8,
  /** How long a claim holds a row: longer than a send can take (token, lookup, order). */
  leaseMs: 2 * 60_000,
  batch: 20,
} as const;

export type PodSendResult = { ok: true; orderCode: string; status: string } | { ok: false; error: string };

/**
 * The wait after the n-th failure (n ≥ 1): the exponential step `base·2^(n−1)` capped at
 * `maxDelayMs`, and a random point in its upper half ("equal jitter"), so retries of many rows
 * spread out yet never come sooner than half the step.
 */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const step = Math.min(POD_OUTBOX.maxDelayMs, POD_OUTBOX.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** A refusal that a retry cannot change (the payload itself): straight to `failed`. */
const permanent = (err: unknown) => err instanceof PodError && [400, 404, 409, 410, 422].includes(err.status);

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Puts an order code in the outbox (inside the caller's transaction when it has one). */
export async function enqueuePodOrder(db: Executor, orderCode: string, now = new Date()): Promise<void> {
  await outbox.enqueue(db, orderCode, now.toISOString());
}

interface SendOptions {
  now?: Date;
  random?: () => number;
}

/** One claimed row: look up (on a retry), send, and end the claim with the outcome. */
async function deliver(
  db: Db,
  port: PodPort,
  row: outbox.PodOutboxRow,
  claimId: string,
  options: SendOptions,
): Promise<PodSendResult | null> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const code = row.orderCode;
  let payload;
  try {
    payload = await podOrderOf(db, code);
  } catch (err) {
    if (!(err instanceof CounterPayloadProblem)) throw err;
    return fail(db, row, claimId, err, now, options);
  }
  if (!payload) {
    await outbox.remove(db, code, claimId);
    return null;
  }
  try {
    const state = await withPodToken(
      db,
      async (token): Promise<PodOrderState | undefined> => {
        // a retry: the last attempt may have reached the service although its answer never came
        const known = row.attempts > 1 ? await port.getOrder(token, code) : null;
        if (known) return known;
        return (await port.createOrders(token, { orders: [payload] }))[0];
      },
      port,
      now,
    );
    const result: PodSendResult = { ok: true, orderCode: code, status: state?.status ?? 'RECEIVED' };
    await outbox.finish(db, code, claimId, { state: 'sent' }, at);
    await recordPodResult(db, code, result, now);
    return result;
  } catch (err) {
    return fail(db, row, claimId, err, now, options);
  }
}

async function fail(
  db: Db,
  row: outbox.PodOutboxRow,
  claimId: string,
  err: unknown,
  now: Date,
  options: SendOptions,
): Promise<PodSendResult> {
  const error = errorText(err);
  console.error('[podo] print service order failed', row.orderCode, error);
  const http = err instanceof PodError ? err.status : null;
  const failures = row.attempts - row.attemptsBefore;
  const at = now.toISOString();
  if (permanent(err) || failures >= POD_OUTBOX.maxFailures) {
    await outbox.finish(db, row.orderCode, claimId, { state: 'failed', error, http }, at);
  } else {
    const retryAfter = err instanceof PodError ? err.retryAfterSeconds : null;
    const wait =
      retryAfter !== null ? Math.max(1000, retryAfter * 1000) : backoffMs(failures, options.random);
    const nextAt = new Date(now.getTime() + wait).toISOString();
    await outbox.finish(db, row.orderCode, claimId, { state: 'pending', nextAt, error, http }, at);
  }
  const result: PodSendResult = { ok: false, error };
  await recordPodResult(db, row.orderCode, result, now);
  return result;
}

/**
 * Sends an order code's custom orders now, through the outbox: enqueues it when it has no row yet,
 * then claims and sends it if it is due. Answers the accepted status when the row was sent before,
 * a failure when it is waiting for its retry or another process holds it; null with nothing to send.
 */
export async function sendOrderToPod(
  db: Db,
  orderCode: string,
  port: PodPort = podService(),
  now = new Date(),
  options: { random?: () => number } = {},
): Promise<PodSendResult | null> {
  await outbox.enqueue(db, orderCode, now.toISOString());
  const claimId = randomUUID();
  const until = new Date(now.getTime() + POD_OUTBOX.leaseMs).toISOString();
  const row = await outbox.claimOne(db, orderCode, claimId, now.toISOString(), until);
  if (row) return deliver(db, port, row, claimId, { now, random: options.random });
  const current = await outbox.selectRow(db, orderCode);
  if (current?.state === 'sent') {
    const status = (await customOrdersOfOrder(db, orderCode)).find((c) => c.podStatus)?.podStatus;
    return { ok: true, orderCode, status: status ?? 'RECEIVED' };
  }
  if (current?.state === 'failed') return { ok: false, error: current.lastError ?? '인쇄 서비스 전송 실패' };
  return { ok: false, error: current?.lastError ?? '인쇄 서비스로 보내는 중입니다.' };
}

export interface PodOutboxPass {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * The maintenance pass's part: enqueues codes that lost their row, then claims due rows in batches
 * (atomically: any number of processes may run this at once) and sends each.
 */
export async function runPodOutbox(
  db: Db,
  options: { pod?: PodPort; now?: Date; limit?: number; random?: () => number } = {},
): Promise<PodOutboxPass> {
  const now = options.now ?? new Date();
  const port = options.pod ?? podService();
  const at = now.toISOString();
  await outbox.enqueueMissing(db, at);
  const claimId = randomUUID();
  const until = new Date(now.getTime() + POD_OUTBOX.leaseMs).toISOString();
  const rows = await outbox.claimDue(db, claimId, at, until, options.limit ?? POD_OUTBOX.batch);
  const pass: PodOutboxPass = { claimed: rows.length, sent: 0, failed: 0 };
  for (const row of rows) {
    const result = await deliver(db, port, row, claimId, { now, random: options.random }).catch(
      (err: unknown) => {
        console.error('[podo] print service outbox row not sent', row.orderCode, errorText(err));
        return null;
      },
    );
    if (result?.ok) pass.sent++;
    else if (result) pass.failed++;
  }
  return pass;
}

/** The owner's resend of a failed row (`/upstream`): due at once, a new failure budget, audited. */
export async function resendPodOrder(db: Db, orderCode: string, now = new Date()): Promise<void> {
  await writeTx(db, async (tx) => {
    const before = await outbox.selectRow(tx, orderCode);
    if (!before) throw appError('NOT_FOUND', '인쇄 서비스로 보낼 주문을 찾을 수 없습니다.');
    if (before.state !== 'failed' || !(await outbox.resend(tx, orderCode, now.toISOString()))) {
      throw appError('POD_NOT_FAILED');
    }
    await recordAudit(
      tx,
      {
        action: 'custom.pod_resend',
        targetType: 'order',
        targetId: orderCode,
        summary: '인쇄 서비스 다시 보내기',
        before: { state: before.state, attempts: before.attempts, lastError: before.lastError },
        after: { state: 'pending' },
      },
      now,
    );
  });
}

export interface PodOutboxSummary {
  counts: Record<outbox.PodOutboxState, number>;
  troubled: outbox.PodOutboxRow[];
}

export async function podOutboxSummary(db: Db, limit = 50): Promise<PodOutboxSummary> {
  return { counts: await outbox.countByState(db), troubled: await outbox.selectTroubled(db, limit) };
}

export type { PodOutboxRow, PodOutboxState } from './pod-outbox-repo.ts';
