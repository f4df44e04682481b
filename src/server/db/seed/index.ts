import type { Client, InStatement } from '@libsql/client';
import { seedMemberDemo } from '../../member/index.ts';
import { seedCommerceDemo } from '../../promotion/index.ts';
import { seedBoardDemo } from '../../board/index.ts';
import { env } from '../../platform/env.ts';
import { categoryLinks, productStatements } from './build.ts';
import { bannerStatements, sectionStatements } from './display.ts';
import { generateImages, renderVariant, type ImageJob } from './images.ts';
import { PRODUCTS } from './products/index.ts';
import { referenceStatements } from './reference.ts';

export interface SeedOptions {
  /** The shop's own brand (partner and brand name); defaults to BRAND_NAME. */
  brandName?: string;
  brandSlug?: string;
  /** Where catalogue images are written; defaults to STORAGE_DIR. */
  storageDir?: string;
  /**
   * The moment dates are counted back from. Defaults to the start of today (UTC), so seeding twice
   * on one day gives identical rows while registration and discount dates stay recent.
   */
  now?: Date;
  /** Images encoded at once. */
  concurrency?: number;
  /**
   * Write the image files (default). Tests that only need rows can skip them; the rows point at
   * the same URLs either way.
   */
  images?: boolean;
}

export interface CatalogPlan {
  statements: InStatement[];
  images: ImageJob[];
}

function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Every row of the demo catalogue, and the images those rows point at. Pure: no I/O. */
export function planDemoCatalog(
  opts: Required<Pick<SeedOptions, 'brandName' | 'brandSlug' | 'now'>>,
): CatalogPlan {
  const statements = referenceStatements(opts.brandName, opts.brandSlug);
  const images: ImageJob[] = [];
  for (const p of PRODUCTS) {
    const r = productStatements(p, opts.now, opts.brandName);
    statements.push(...r.stmts);
    images.push(...r.images);
  }
  statements.push(...categoryLinks(PRODUCTS));
  const banners = bannerStatements(opts.now);
  statements.push(...banners.stmts, ...sectionStatements(PRODUCTS));
  // the demo shop's counter: a store with what its receipts and the print service's pickup need
  statements.push({
    sql: `UPDATE stores SET business_no = '1234567891', representative = '김포도',
      address = '(06236) 서울특별시 강남구 테헤란로 123, 1층', phone = '02-1234-5678' WHERE store_no = 1`,
    args: [],
  });
  // every option's opening stock is the first line of its stock ledger
  statements.push({
    sql: `INSERT INTO stock_ledger (option_no, product_no, delta, stock_after, reason, channel, memo, actor_label, created_ymdt)
      SELECT option_no, product_no, stock_cnt, stock_cnt, 'INITIAL', 'MANAGER', '데모 데이터', '시스템', ? FROM product_options`,
    args: [opts.now.toISOString()],
  });
  images.push(...banners.images);
  return { statements, images };
}

let demoJobs: ImageJob[] | undefined;
/** The images of the demo catalogue this process's settings (brand) seed; the same on every call. */
function demoImageJobs(): ImageJob[] {
  const e = env();
  demoJobs ??= planDemoCatalog({
    brandName: e.BRAND_NAME,
    brandSlug: e.BRAND_SLUG,
    now: startOfUtcDay(new Date()),
  }).images;
  return demoJobs;
}

let background: Promise<number> | undefined;

/**
 * A demo shop's start (decision 038): the rows are seeded before the first page, the image files
 * afterwards, here, one at a time so pages keep the other core; a page asking for one not written
 * yet gets it from `renderDemoImage`. Skips files on disk, so a later start costs a few `access`
 * calls. Resolves to the number of files written.
 */
export function writeDemoImagesInBackground(storageDir = env().STORAGE_DIR): Promise<number> {
  background ??= generateImages(demoImageJobs(), storageDir, 1).catch((err: unknown) => {
    console.error('[podo] demo images failed', (err as Error).message);
    background = undefined;
    return 0;
  });
  return background;
}

/**
 * Writes the demo image at `rel` (a path under the storage directory) now if it is one and is
 * missing; false when it is not a demo image.
 */
export function renderDemoImage(rel: string, storageDir = env().STORAGE_DIR): Promise<boolean> {
  return renderVariant(demoImageJobs(), rel, storageDir);
}

async function productCount(client: Pick<Client, 'execute'>): Promise<number> {
  const r = await client.execute('SELECT COUNT(*) AS n FROM products');
  return Number(r.rows[0]?.n ?? 0);
}

async function seed(client: Client, opts: SeedOptions, onlyIfEmpty: boolean): Promise<boolean> {
  const e = env();
  const plan = planDemoCatalog({
    brandName: opts.brandName ?? e.BRAND_NAME,
    brandSlug: opts.brandSlug ?? e.BRAND_SLUG,
    now: opts.now ?? startOfUtcDay(new Date()),
  });
  // files first: nothing slow may happen while the write transaction is open
  if (opts.images !== false)
    await generateImages(plan.images, opts.storageDir ?? e.STORAGE_DIR, opts.concurrency);

  const tx = await client.transaction('write');
  try {
    // checked again inside the transaction: another process may have seeded meanwhile
    if ((await productCount(tx)) > 0) {
      await tx.rollback();
      if (onlyIfEmpty) return false;
      throw new Error('이미 상품 데이터가 있습니다. 처음부터 다시 넣으려면 npm run db:reset 을 실행하세요.');
    }
    await tx.batch(plan.statements);
    await tx.commit();
    return true;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

/**
 * Loads the demo catalogue into an empty, migrated database, and the demo administrator and staff
 * accounts outside production. Throws if products already exist.
 */
export async function seedDemo(client: Client, opts: SeedOptions = {}): Promise<void> {
  await seed(client, opts, false);
  await seedDemoAccounts(client);
}

/**
 * Seeds the demo catalogue when there are no products yet; returns whether it did. The demo
 * accounts are checked on every call (cheap when they exist), so a database seeded before they
 * were added gets them too.
 */
export async function seedIfEmpty(client: Client, opts: SeedOptions = {}): Promise<boolean> {
  const seeded = (await productCount(client)) === 0 && (await seed(client, opts, true));
  await seedDemoAccounts(client);
  return seeded;
}

/**
 * Demo administrator and staff accounts, their coupons and points, and demo notices and FAQ entries
 * (all skipped in production, where only the administrator group is set up).
 */
async function seedDemoAccounts(client: Client): Promise<void> {
  await seedMemberDemo(client);
  await seedCommerceDemo(client);
  await seedBoardDemo(client);
}

/**
 * Drops every table, view and full-text index, the migration record included, so the caller can
 * migrate from scratch. Catalogue image files stay: their names follow their content.
 */
export async function resetDatabase(client: Client): Promise<void> {
  const tx = await client.transaction('write');
  try {
    // foreign keys are checked at commit, when no table is left to violate them
    await tx.execute('PRAGMA defer_foreign_keys = ON');
    const views = await tx.execute("SELECT name FROM sqlite_master WHERE type = 'view'");
    for (const v of views.rows) await tx.execute(`DROP VIEW IF EXISTS "${String(v.name)}"`);
    // virtual tables first: dropping one removes its shadow tables
    const virtual = await tx.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
    );
    for (const t of virtual.rows) await tx.execute(`DROP TABLE IF EXISTS "${String(t.name)}"`);
    // newest first, so tables that reference others go before the tables they reference
    const tables = await tx.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid DESC",
    );
    for (const t of tables.rows) await tx.execute(`DROP TABLE IF EXISTS "${String(t.name)}"`);
    await tx.commit();
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw new Error(`데이터베이스 초기화 실패: ${(err as Error).message}`, { cause: err });
  } finally {
    tx.close();
  }
}

export interface CatalogCounts {
  products: number;
  options: number;
  images: number;
  categories: number;
  banners: number;
  sections: number;
}

/** Row counts for the command line's summary. */
export async function catalogCounts(client: Client): Promise<CatalogCounts> {
  const r = await client.execute(`SELECT
    (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM product_options) AS options,
    (SELECT COUNT(*) FROM product_images) AS images, (SELECT COUNT(*) FROM categories) AS categories,
    (SELECT COUNT(*) FROM banners) AS banners, (SELECT COUNT(*) FROM display_sections) AS sections`);
  const row = r.rows[0];
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    products: n('products'),
    options: n('options'),
    images: n('images'),
    categories: n('categories'),
    banners: n('banners'),
    sections: n('sections'),
  };
}
