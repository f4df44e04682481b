import type { Transaction } from '@libsql/client';
import type { Db } from '../db/client.ts';
import { busyError, isBusyError, writeTx } from '../db/write-tx.ts';

/**
 * Cart adds committed together (group commit, decision 052). A local libSQL database runs SQLite
 * synchronously: each COMMIT waits for its fsync with the whole event loop stopped, so when every
 * add had its own transaction, twenty shoppers adding at once cost twenty fsyncs in a row, and
 * that wait, not the work, set the route's throughput. Adds that reach this point in the same turn
 * of the event loop (the requests read together after the previous commit) now share one write
 * transaction: each runs inside its own SAVEPOINT, in the order they came, so one add that fails
 * (a limit, a full cart) is rolled back alone and answers its own error, while the others commit.
 * Nobody's answer is sent before the COMMIT holding their add has returned: as durable as before.
 * An add alone in its turn runs in a transaction of its own, as before.
 */

/** Most adds in one transaction: the write lock is held for at most this many. */
const MAX_GROUP = 32;

interface Job {
  work: (tx: Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Group {
  queue: Job[];
  scheduled: boolean;
}

const groups = new WeakMap<Db, Group>();

/** Runs `work` in a write transaction shared with the other cart adds of this turn of the event loop. */
export function inCartWriteGroup<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let group = groups.get(db);
  if (!group) {
    group = { queue: [], scheduled: false };
    groups.set(db, group);
  }
  const g = group;
  return new Promise<T>((resolve, reject) => {
    g.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!g.scheduled) {
      g.scheduled = true;
      // after the I/O of this turn: the adds whose requests were read with this one join it
      setImmediate(() => void drain(db, g));
    }
  });
}

async function drain(db: Db, g: Group): Promise<void> {
  try {
    while (g.queue.length > 0) {
      const jobs = g.queue.splice(0, MAX_GROUP);
      // whatever goes wrong, no add is left waiting (settling a settled add again does nothing)
      await commitGroup(db, jobs).catch((err: unknown) => {
        for (const job of jobs) job.reject(err);
      });
    }
  } finally {
    g.scheduled = false;
  }
}

const asAnswer = (err: unknown) => (isBusyError(err) ? busyError() : err);

async function commitGroup(db: Db, jobs: Job[]): Promise<void> {
  const [only] = jobs;
  if (jobs.length === 1 && only) {
    await writeTx(db, only.work).then(only.resolve, only.reject);
    return;
  }
  const settled: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    await writeTx(db, async (tx) => {
      for (const job of jobs) {
        await tx.execute('SAVEPOINT cart_add');
        try {
          settled.push({ ok: true, value: await job.work(tx) });
        } catch (error) {
          settled.push({ ok: false, error: asAnswer(error) });
          await tx.execute('ROLLBACK TO cart_add');
        }
        await tx.execute('RELEASE cart_add');
      }
    });
  } catch (err) {
    // the transaction itself failed (its BEGIN or COMMIT): no add of it was kept
    for (const job of jobs) job.reject(err);
    return;
  }
  jobs.forEach((job, i) => {
    const s = settled[i]!;
    if (s.ok) job.resolve(s.value);
    else job.reject(s.error);
  });
}
