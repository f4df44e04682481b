import type { Executor } from '../db/client.ts';
import { currentAuditActor, currentAuditScope } from './context.ts';
import { insertLine, selectLines, type AuditEntry, type AuditQuery } from './repo.ts';

/**
 * The audit trail (issue 15, decision 022): an append-only line for every write of a manager or
 * point-of-sale staff member — who, when, what, the values before and after. Domain code records
 * its own lines with `recordAudit` inside the write's transaction (so a write and its line commit
 * together); the API's audit middleware records a general line for a manager or staff write that
 * recorded none, so no write goes unrecorded.
 */

export type { AuditActor } from './context.ts';
export { SYSTEM_ACTOR, withAuditActor, currentAuditScope } from './context.ts';
export type { AuditEntry, AuditLine, AuditQuery } from './repo.ts';

/** One audit line, written by whoever the current request's actor is (the system outside one). */
export async function recordAudit(db: Executor, entry: AuditEntry, now = new Date()): Promise<void> {
  await insertLine(db, currentAuditActor(), entry, now.toISOString());
  const scope = currentAuditScope();
  if (scope) scope.recorded += 1;
}

export const listAudit = (db: Executor, q: AuditQuery) => selectLines(db, q);

/** Area labels of the audit page's filter (the first part of an action). */
export const AUDIT_AREAS: Record<string, string> = {
  product: '상품',
  stock: '재고',
  order: '주문',
  claim: '취소·반품',
  pos: '매장 판매',
  store: '매장',
  custom: '커스텀 제작',
  coupon: '쿠폰',
  points: '적립금',
  member: '회원',
  apiClient: 'API 클라이언트',
  integration: '연동 점검',
  notification: '고객 메시지',
  api: '기타 변경',
};

/**
 * The fields of `after` that differ from `before` (shallow; arrays and objects compared as JSON),
 * as the before/after pair an audit line keeps: only what changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length > 0 ? { before: b, after: a } : null;
}
