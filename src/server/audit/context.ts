import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is writing, for the audit trail: set for the length of one manager or staff request by the
 * API's audit middleware (src/api/middleware/audit.ts), read by `recordAudit` wherever the write
 * happens, so domain code records what changed without being handed the request. Outside a request
 * (jobs, scripts, tests) the actor is the system.
 */
export interface AuditActor {
  memberNo: number | null;
  name: string;
  role: 'ADMIN' | 'STAFF' | 'SYSTEM';
  ip: string | null;
  /** `POST /api/manager/orders/…/ship` */
  request: string | null;
}

interface AuditScope {
  actor: AuditActor;
  /** Lines recorded during the request (the middleware writes a general one when none was). */
  recorded: number;
}

const storage = new AsyncLocalStorage<AuditScope>();

export const SYSTEM_ACTOR: AuditActor = {
  memberNo: null,
  name: '시스템',
  role: 'SYSTEM',
  ip: null,
  request: null,
};

/** Runs `fn` with `actor` as the writer of every audit line recorded inside it. */
export function withAuditActor<T>(actor: AuditActor, fn: () => Promise<T>): Promise<T> {
  return storage.run({ actor, recorded: 0 }, fn);
}

export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

export function currentAuditActor(): AuditActor {
  return storage.getStore()?.actor ?? SYSTEM_ACTOR;
}
