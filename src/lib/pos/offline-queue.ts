import type { CounterSale } from '../../server/pos/index.ts';
import type { SaleRequest } from './cart.ts';

/**
 * Cash sales made while the counter had no connection wait here (persisted in IndexedDB by the
 * counter, src/islands/pos/sale-queue-db.ts) until the server has them. Each keeps the
 * idempotency key it was made with, so however often it is sent, the server records it once; this
 * queue also never has the same key in flight twice. An answer the server will give again (a
 * refusal: 4xx) stops the retries and is kept for the staff to read; a lost connection or a server
 * error is retried later, waiting longer each time.
 */

export interface QueuedSale {
  key: string;
  body: SaleRequest;
  queuedAt: string;
  attempts: number;
  /** Not before this time (ms since epoch). */
  nextAttemptAt: number;
  /** The last failure, for the staff. */
  lastError: string | null;
  /** `refused`: the server said no; the staff must look at it (not retried). */
  state: 'waiting' | 'refused';
}

export interface QueueStore {
  all(): Promise<QueuedSale[]>;
  put(sale: QueuedSale): Promise<void>;
  delete(key: string): Promise<void>;
}

export type SendOutcome =
  | { kind: 'recorded'; sale: CounterSale; replay: boolean }
  /** The server refused the sale (it will refuse it again). */
  | { kind: 'refused'; message: string }
  /** No connection or a server error: try again later. */
  | { kind: 'retry'; message: string };

export interface FlushReport {
  recorded: { key: string; sale: CounterSale; replay: boolean }[];
  refused: { key: string; message: string }[];
  /** Still waiting (retry later). */
  waiting: number;
}

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;

/** How long to wait after the `attempts`-th failure: 2 s, 4 s, 8 s … at most a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

export function createSaleQueue(
  store: QueueStore,
  send: (body: SaleRequest) => Promise<SendOutcome>,
  now: () => number = Date.now,
) {
  const inFlight = new Set<string>();
  let flushing: Promise<FlushReport> | null = null;

  async function flushOnce(force: boolean): Promise<FlushReport> {
    const report: FlushReport = { recorded: [], refused: [], waiting: 0 };
    const queued = (await store.all()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    let offline = false;
    for (const q of queued) {
      if (q.state === 'refused') continue;
      if (offline || inFlight.has(q.key) || (!force && q.nextAttemptAt > now())) {
        report.waiting += 1;
        continue;
      }
      inFlight.add(q.key);
      try {
        const outcome = await send(q.body);
        switch (outcome.kind) {
          case 'recorded':
            await store.delete(q.key);
            report.recorded.push({ key: q.key, sale: outcome.sale, replay: outcome.replay });
            break;
          case 'refused':
            await store.put({ ...q, attempts: q.attempts + 1, lastError: outcome.message, state: 'refused' });
            report.refused.push({ key: q.key, message: outcome.message });
            break;
          case 'retry': {
            const attempts = q.attempts + 1;
            await store.put({
              ...q,
              attempts,
              lastError: outcome.message,
              nextAttemptAt: now() + backoffMs(attempts),
            });
            report.waiting += 1;
            // the connection is gone: the others would fail the same way
            offline = true;
            break;
          }
        }
      } finally {
        inFlight.delete(q.key);
      }
    }
    return report;
  }

  return {
    /** Keeps a sale to send later (the same key twice is one entry). */
    async enqueue(body: SaleRequest): Promise<void> {
      await store.put({
        key: body.idempotencyKey,
        body,
        queuedAt: new Date(now()).toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        state: 'waiting',
      });
    },
    /**
     * Sends every waiting sale whose time has come (all of them with `force`, e.g. the connection
     * just came back), oldest first, one at a time. A flush already running is joined, not doubled.
     */
    flush(options: { force?: boolean } = {}): Promise<FlushReport> {
      if (flushing) return flushing;
      flushing = flushOnce(options.force ?? false).finally(() => {
        flushing = null;
      });
      return flushing;
    },
    /** When the next waiting sale is due (ms since epoch), or null when none waits. */
    async nextDue(): Promise<number | null> {
      const waiting = (await store.all()).filter((q) => q.state === 'waiting');
      return waiting.length ? Math.min(...waiting.map((q) => q.nextAttemptAt)) : null;
    },
    list: () => store.all(),
    /** The staff dealt with a refused sale (e.g. sold it again online). */
    discard: (key: string) => store.delete(key),
  };
}

export type SaleQueue = ReturnType<typeof createSaleQueue>;

/** An in-memory store (tests, and the counter when the browser has no IndexedDB). */
export function memoryQueueStore(): QueueStore {
  const rows = new Map<string, QueuedSale>();
  return {
    all: () => Promise.resolve([...rows.values()].map((r) => structuredClone(r))),
    put: (sale) => {
      rows.set(sale.key, structuredClone(sale));
      return Promise.resolve();
    },
    delete: (key) => {
      rows.delete(key);
      return Promise.resolve();
    },
  };
}
