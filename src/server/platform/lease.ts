import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/client.ts';

/** This process's name in `job_leases.holder`: its pid and a random part (pids repeat across nodes). */
export const PROCESS_HOLDER = `${process.pid}-${randomBytes(6).toString('hex')}`;

/**
 * Takes the lease `name` for `ttlMs` when nobody holds it, its holder's time ran out, or `holder`
 * already has it (then it is renewed). One atomic statement: of several nodes asking at once,
 * exactly one gets it. Returns whether `holder` holds it now.
 */
export async function acquireLease(
  db: Executor,
  name: string,
  ttlMs: number,
  holder = PROCESS_HOLDER,
  now = Date.now(),
): Promise<boolean> {
  const r = await db.execute({
    sql: `INSERT INTO job_leases (name, holder, expires_at, acquired_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
            acquired_at = CASE WHEN job_leases.holder = excluded.holder THEN job_leases.acquired_at
                               ELSE excluded.acquired_at END
          WHERE job_leases.holder IS NULL OR job_leases.expires_at <= ? OR job_leases.holder = excluded.holder`,
    args: [name, holder, now + ttlMs, now, now],
  });
  return r.rowsAffected === 1;
}

/** Extends the lease while `holder` still has it; false when it was lost (expired and taken). */
export async function renewLease(
  db: Executor,
  name: string,
  ttlMs: number,
  holder = PROCESS_HOLDER,
  now = Date.now(),
): Promise<boolean> {
  const r = await db.execute({
    sql: 'UPDATE job_leases SET expires_at = ? WHERE name = ? AND holder = ? AND expires_at > ?',
    args: [now + ttlMs, name, holder, now],
  });
  return r.rowsAffected === 1;
}

/** Gives the lease back at the end of a pass, so the next pass (on any node) need not wait. */
export async function releaseLease(db: Executor, name: string, holder = PROCESS_HOLDER): Promise<void> {
  await db.execute({
    sql: 'UPDATE job_leases SET holder = NULL, expires_at = 0 WHERE name = ? AND holder = ?',
    args: [name, holder],
  });
}

/**
 * Runs `pass` only if this process gets the lease `name`; renews it every `ttlMs / 3` while the
 * pass runs and releases it at the end (also after a failure). Returns `undefined` when another
 * node holds the lease (the pass is skipped there), otherwise what the pass returned.
 */
export async function withLease<T>(
  db: Executor,
  name: string,
  ttlMs: number,
  pass: () => Promise<T>,
  holder = PROCESS_HOLDER,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (!(await acquireLease(db, name, ttlMs, holder))) return { ran: false };
  const renew = setInterval(
    () => {
      renewLease(db, name, ttlMs, holder).catch((err: unknown) => {
        console.error('[podo] lease renewal failed', name, (err as Error).message);
      });
    },
    Math.max(1, Math.floor(ttlMs / 3)),
  );
  renew.unref();
  try {
    return { ran: true, value: await pass() };
  } finally {
    clearInterval(renew);
    await releaseLease(db, name, holder).catch((err: unknown) => {
      console.error('[podo] lease release failed', name, (err as Error).message);
    });
  }
}
