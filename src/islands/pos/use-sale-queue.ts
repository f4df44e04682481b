import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SaleRequest } from '../../lib/pos/cart.ts';
import { createSaleQueue, type QueuedSale } from '../../lib/pos/offline-queue.ts';
import { sendSale, type CounterSale } from './pos-api.ts';
import { saleQueueStore } from './sale-queue-db.ts';

/**
 * The counter's connection and its queue of offline sales: `online` follows the browser's events
 * (and failed calls, through `markOffline`); waiting sales are sent when the connection comes back
 * and retried with a growing wait (src/lib/pos/offline-queue.ts); each answer of the server is
 * kept in `delivered` for the staff to read (a stock shortage most of all).
 */

export interface Delivered {
  key: string;
  sale: CounterSale;
  replay: boolean;
}

interface QueueState {
  online: boolean;
  queued: QueuedSale[];
  delivered: Delivered[];
  sending: boolean;
}

function createCounterQueue() {
  const queue = createSaleQueue(saleQueueStore(), sendSale);
  let state: QueueState = {
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
    queued: [],
    delivered: [],
    sending: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<QueueState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  let timer: number | undefined;

  async function refresh() {
    try {
      set({ queued: await queue.list() });
    } catch {
      set({ queued: [] });
    }
  }

  function schedule(ms: number) {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void flush(), ms);
  }

  async function flush(force = false) {
    window.clearTimeout(timer);
    set({ sending: true });
    try {
      const report = await queue.flush({ force });
      if (report.recorded.length)
        set({ online: true, delivered: [...report.recorded, ...state.delivered].slice(0, 20) });
    } catch (err) {
      console.error('[pos] offline queue', err);
    } finally {
      set({ sending: false });
      await refresh();
    }
    const due = await queue.nextDue().catch(() => null);
    if (due !== null) schedule(Math.max(1000, due - Date.now()));
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => state,
    start() {
      const up = () => {
        set({ online: true });
        void flush(true);
      };
      const down = () => set({ online: false });
      window.addEventListener('online', up);
      window.addEventListener('offline', down);
      void refresh().then(() => flush(true));
      return () => {
        window.removeEventListener('online', up);
        window.removeEventListener('offline', down);
        window.clearTimeout(timer);
      };
    },
    flush,
    async enqueue(body: SaleRequest) {
      await queue.enqueue({ ...body, offline: true });
      await refresh();
      schedule(2000);
    },
    async discard(key: string) {
      await queue.discard(key);
      await refresh();
    },
    dismissDelivered: (key: string) => set({ delivered: state.delivered.filter((d) => d.key !== key) }),
    markOffline: () => set({ online: false }),
  };
}

export function useSaleQueue() {
  const [ctl] = useState(createCounterQueue);
  const state = useSyncExternalStore(ctl.subscribe, ctl.get, ctl.get);
  useEffect(() => ctl.start(), [ctl]);
  return { ...state, ...ctl };
}
