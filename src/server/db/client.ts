import { createClient, type Client, type Transaction } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { env } from '../platform/env.ts';
import { migrate } from './migrate.ts';
import { installStatementCache } from './statement-cache.ts';
import { installNormalSync, walSyncer } from './wal-sync.ts';
import { withWriteTurns } from './write-gate.ts';

export type Db = Client;
/** What a repo function needs: the database or an open transaction. */
export type Executor = Pick<Client | Transaction, 'execute'>;

export interface OpenOptions {
  url: string;
  authToken?: string | undefined;
  busyTimeoutMs?: number;
}

/**
 * Opens a libSQL client. Local files get WAL (persistent in the file), a busy timeout on every
 * pooled connection through the client's `timeout` option (a PRAGMA sent with `execute()` would
 * reach only one connection), and writers that take turns within the process instead of meeting
 * each other in SQLite's blocking busy wait (`write-gate.ts`, decision 045) and wait for another
 * process's lock with the event loop running (a second client with no busy timeout, whose
 * `BEGIN IMMEDIATE` is tried again after a timer, decision 064), statements prepared
 * once per connection (`statement-cache.ts`, decision 047), and commits made durable by a grouped
 * sync of the WAL once the write turn is given back (`synchronous = NORMAL` on every connection,
 * `wal-sync.ts`, decision 051). Foreign keys are on by default in libSQL's connections.
 */
export async function openDb({ url, authToken, busyTimeoutMs = 5000 }: OpenOptions): Promise<Db> {
  const local = url.startsWith('file:');
  const path = local ? (url.slice('file:'.length).split('?')[0] ?? '') : '';
  const onDisk = path !== '' && path !== ':memory:';
  if (local) {
    if (onDisk) mkdirSync(dirname(path), { recursive: true });
    installStatementCache(); // once per process: statements prepared once per connection (decision 047)
    installNormalSync(); // once per process: the WAL synced after the lock, by the write turns (decision 051)
  }
  const client = createClient({ url, authToken, timeout: busyTimeoutMs, intMode: 'number' });
  if (!local) return client;
  // writers take the lock on a second client without SQLite's busy handler, which sleeps with the
  // event loop stopped while another process holds it (write-gate.ts, decision 064); an in-memory
  // database has one connection, so it has no second client
  const writer = onDisk ? createClient({ url, timeout: 0, intMode: 'number' }) : undefined;
  const turns = withWriteTurns(client, busyTimeoutMs, onDisk ? walSyncer(path) : undefined, writer);
  await turns.execute('PRAGMA journal_mode = WAL');
  return turns;
}

let shared: Promise<Db> | undefined;

/**
 * The process's database, migrated (and on a demo shop's first start seeded with demo data) before the first
 * caller gets it (a demo shop's image files follow in the background). Every service takes it from here or from a test's own `openDb`.
 */
export function db(): Promise<Db> {
  shared ??= (async () => {
    const e = env();
    const client = await openDb({
      url: e.DATABASE_URL,
      authToken: e.DATABASE_AUTH_TOKEN,
      busyTimeoutMs: e.DATABASE_BUSY_TIMEOUT_MS,
    });
    await migrate(client);
    if (e.SEED_ON_START && e.SHOP_MODE === 'demo') {
      // rows now (a fraction of a second), image files after the first page (decision 038)
      const { seedIfEmpty, writeDemoImagesInBackground } = await import('./seed/index.ts');
      await seedIfEmpty(client, { images: false });
      // PODO_DEMO_IMAGES=before-first-page: the old order, for measurements (the bench) that must
      // not share the CPU with the background encoder; `on-miss`: none here, only the images asked for (renderDemoImage):
      // `npm start`'s other workers, so the files are encoded once, by the first (decision 070)
      const images = process.env.PODO_DEMO_IMAGES;
      if (images === 'before-first-page') await writeDemoImagesInBackground();
      else if (images !== 'on-miss') setTimeout(() => void writeDemoImagesInBackground(), 1000).unref();
    }
    return client;
  })().catch((err: unknown) => {
    shared = undefined;
    throw err;
  });
  return shared;
}

/** For tests: use this client as the process's database. */
export function useDbForTests(client: Db): void {
  shared = Promise.resolve(client);
}
