import type { Executor } from '../db/client.ts';

/**
 * The page cache's two halves that are not HTTP (decision 043): the database's version of what
 * cached pages show (the `cache_version` row, bumped by migration 0032's triggers in the writing
 * transaction), and this process's pages, bounded by bytes (least recently used out first) and by
 * age (pages that depend on the clock: display periods, sale periods).
 */

/** How long a page may be served at most, whatever the version says (clock-driven changes). */
export const PAGE_MAX_AGE_MS = 60_000;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The bytes as sent: already compressed for the key's encoding. */
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
}

const sizeOf = (key: string, page: CachedPage) =>
  key.length + page.body.byteLength + page.headers.reduce((n, [k, v]) => n + k.length + v.length, 64);

export class PageStore {
  private readonly pages = new Map<string, CachedPage & { bytes: number }>();
  private used = 0;
  private version: number | undefined;

  constructor(
    readonly maxBytes: number,
    readonly maxAgeMs = PAGE_MAX_AGE_MS,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The database's version now: pages kept under another version are dropped, all at once. */
  sync(version: number): void {
    if (version === this.version) return;
    this.pages.clear();
    this.used = 0;
    this.version = version;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (now - page.storedAt > this.maxAgeMs) {
      this.used -= page.bytes;
      return undefined;
    }
    this.pages.set(key, page); // most recently used last
    return page;
  }

  /**
   * Keeps `page`, rendered under `version` (read before rendering began). A page of an older
   * version is not kept: a write may have landed while it rendered. Neither is one bigger than an
   * eighth of the memory. Evicts the least recently used pages beyond the bound.
   */
  set(key: string, page: CachedPage, version: number): boolean {
    if (version !== this.version) return false;
    const bytes = sizeOf(key, page);
    if (bytes > this.maxBytes / 8) return false;
    const old = this.pages.get(key);
    if (old) {
      this.pages.delete(key);
      this.used -= old.bytes;
    }
    this.pages.set(key, { ...page, bytes });
    this.used += bytes;
    for (const [k, p] of this.pages) {
      if (this.used <= this.maxBytes) break;
      this.pages.delete(k);
      this.used -= p.bytes;
    }
    return true;
  }
}

export async function readCacheVersion(db: Executor): Promise<number> {
  const rs = await db.execute('SELECT version FROM cache_version WHERE id = 1');
  return Number(rs.rows[0]?.version ?? 0);
}

/**
 * The version as of a read that started after the caller asked: a request never trusts a read that
 * was already on its way when it arrived (a write committed just before might be missed). Callers
 * that arrive while a read runs share the next one, so at most two reads are out at a time however
 * many requests come in (this matters with a remote libSQL server; a local file answers at once).
 */
export function versionReader(read: () => Promise<number>): () => Promise<number> {
  let current: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  const start = (): Promise<number> => {
    const p = read();
    current = p;
    const clear = () => {
      if (current === p) current = undefined;
    };
    p.then(clear, clear);
    return p;
  };
  return () => {
    if (!current) return start();
    next ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
