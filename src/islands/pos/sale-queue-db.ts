import { memoryQueueStore, type QueueStore, type QueuedSale } from '../../lib/pos/offline-queue.ts';

/**
 * The offline sales queue in IndexedDB (database `podo-pos`, store `queued-sales`, keyed by the
 * idempotency key): it outlives a reload or a closed tab, so a sale made offline is never lost
 * before the server has it. Falls back to memory where IndexedDB is unavailable.
 */

const DB_NAME = 'podo-pos';
const STORE = 'queued-sales';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE))
        req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB를 열 수 없습니다.'));
    req.onblocked = () => reject(new Error('IndexedDB가 다른 탭에서 잠겨 있습니다.'));
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB 저장에 실패했습니다.'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB 저장이 취소되었습니다.'));
      }),
  );
}

const idbStore: QueueStore = {
  all: () => run('readonly', (s) => s.getAll() as IDBRequest<QueuedSale[]>),
  put: (sale) => run('readwrite', (s) => s.put(sale)).then(() => undefined),
  delete: (key) => run('readwrite', (s) => s.delete(key)).then(() => undefined),
};

let chosen: QueueStore | null = null;

/** The queue's store on this device. */
export function saleQueueStore(): QueueStore {
  chosen ??= typeof indexedDB === 'undefined' ? memoryQueueStore() : idbStore;
  return chosen;
}

/** How many offline sales still wait to be sent (for the shift's closing warning). */
export async function queuedSaleCount(): Promise<number> {
  try {
    return (await saleQueueStore().all()).length;
  } catch {
    return 0;
  }
}
