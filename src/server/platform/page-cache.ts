import type { Executor } from '../db/client.ts';

/**
 * The page cache's two halves that are not HTTP (decisions 043 and 053): the database's versions of
 * what cached pages show, bumped by triggers in the writing transaction (migrations 0032 and 0037),
 * and this process's pages, bounded by bytes (least recently used out first) and by age (pages that
 * depend on the clock: display periods, sale periods; list orders by sale and like counters).
 *
 * Two scopes: the catalogue version (`cache_version.version`) covers every page; a product page
 * also depends on its product's stamp (`product_cache_versions`), moved by that product's own
 * changes (stock, counters, reviews, questions) from one sequence (`cache_version.stamp`).
 */

/** How long a page may be served at most, whatever the version says (clock-driven changes). */
export const PAGE_MAX_AGE_MS = 60_000;

/**
 * Set by a product page to name its product: the page cache keeps the product with the page and
 * checks that product's stamp before serving it. Removed before the answer leaves the server.
 */
export const PAGE_PRODUCT_HEADER = 'X-Podo-Page-Product';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The bytes as sent: already compressed for the key's encoding. */
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  /** The product whose own changes make this page stale (a product page), if any. */
  productNo?: number | undefined;
  /** `cache_version.stamp` read before the page was rendered (see `CacheVersions`). */
  stamp?: number | undefined;
}

/** The database's versions as of one read (`readCacheVersions`). */
export interface CacheVersions {
  /** `cache_version.version`: any change to it makes every cached page stale. */
  catalogue: number;
  /** `cache_version.stamp`: the number of the last product-scoped write, of any product. */
  stamp: number;
  /** The product asked about and its stamp (0: no product-scoped write to it yet). */
  product?: { productNo: number; stamp: number } | undefined;
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

  /** The product the page under `key` depends on, to read its stamp before `get`. */
  productOf(key: string): number | undefined {
    return this.pages.get(key)?.productNo;
  }

  /**
   * The page under `key` if it may still be served: younger than the age bound and, for a product
   * page, its product unchanged since it was rendered (`current` read after the request arrived
   * carries that product's stamp; without it a product page is not served).
   */
  get(key: string, now = Date.now(), current?: CacheVersions): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    const stale =
      now - page.storedAt > this.maxAgeMs ||
      (page.productNo !== undefined &&
        (current?.product?.productNo !== page.productNo || current.product.stamp > (page.stamp ?? 0)));
    if (stale) {
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
  return (await readCacheVersions(db)).catalogue;
}

/**
 * The versions now: one primary-key row, and with `productNo` that product's row too, in one
 * statement (decision 053: the check per request stays one or two primary-key reads).
 */
export async function readCacheVersions(db: Executor, productNo?: number): Promise<CacheVersions> {
  if (productNo === undefined) {
    const rs = await db.execute('SELECT version, stamp FROM cache_version WHERE id = 1');
    return { catalogue: Number(rs.rows[0]?.version ?? 0), stamp: Number(rs.rows[0]?.stamp ?? 0) };
  }
  const rs = await db.execute({
    sql: `SELECT c.version, c.stamp,
        (SELECT p.stamp FROM product_cache_versions p WHERE p.product_no = ?) AS product_stamp
      FROM cache_version c WHERE c.id = 1`,
    args: [productNo],
  });
  const row = rs.rows[0];
  return {
    catalogue: Number(row?.version ?? 0),
    stamp: Number(row?.stamp ?? 0),
    product: { productNo, stamp: Number(row?.product_stamp ?? 0) },
  };
}

/**
 * The version as of a read that started after the caller asked: a request never trusts a read that
 * was already on its way when it arrived (a write committed just before might be missed). Callers
 * that arrive while a read runs share the next one, so at most two reads are out at a time however
 * many requests come in (this matters with a remote libSQL server; a local file answers at once).
 */
export function versionReader<T = number>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
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

/**
 * `versionReader` per key (the product a page depends on, or none): requests for the same key share
 * reads as `versionReader` says; a key's reader is forgotten once no request waits on it.
 */
export function keyedVersionReader<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const readers = new Map<K, { read: () => Promise<T>; waiting: number }>();
  return (key) => {
    let reader = readers.get(key);
    if (!reader) {
      reader = { read: versionReader(() => read(key)), waiting: 0 };
      readers.set(key, reader);
    }
    const entry = reader;
    entry.waiting++;
    const settle = () => {
      entry.waiting--;
      if (entry.waiting === 0 && readers.get(key) === entry) readers.delete(key);
    };
    const p = entry.read();
    p.then(settle, settle);
    return p;
  };
}
