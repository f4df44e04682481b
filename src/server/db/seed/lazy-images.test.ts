import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { resetEnvForTests } from '../../platform/env.ts';
import { createServerApp } from '../../../server-app.ts';
import { seedIfEmpty } from './index.ts';

let t: TestDb;
let storage: string;

beforeEach(async () => {
  storage = mkdtempSync(join(tmpdir(), 'podo-lazy-'));
  vi.stubEnv('STORAGE_DIR', storage);
  vi.stubEnv('SEED_ON_START', 'true'); // a demo shop that seeds itself (the test config turns it off)
  resetEnvForTests();
  t = await createTestDb();
});
afterEach(() => {
  t.close();
  rmSync(storage, { recursive: true, force: true });
  vi.unstubAllEnvs();
  resetEnvForTests();
});

const server = () => createServerApp((c) => c.html('<!doctype html><title>페이지</title>'));

async function mainImageUrl(): Promise<string> {
  const r = await t.db.execute(
    'SELECT url FROM product_images WHERE is_main = 1 ORDER BY product_no LIMIT 1',
  );
  return String(r.rows[0]?.url);
}

describe('demo images after the first page (decision 038)', () => {
  it('seeds the rows without writing image files', async () => {
    const started = Date.now();
    expect(await seedIfEmpty(t.db, { images: false })).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    const url = await mainImageUrl();
    expect(url).toMatch(/^\/uploads\/catalog\/products\/.+-\d+w\.webp$/);
    expect(existsSync(join(storage, url.slice('/uploads/'.length)))).toBe(false);
  });

  it('writes a demo image asked for before its turn, once, and serves it', async () => {
    await seedIfEmpty(t.db, { images: false });
    const url = await mainImageUrl();
    const app = server();
    const [a, b] = await Promise.all([app.request(url), app.request(url)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.headers.get('Content-Type')).toBe('image/webp');
    const body = Buffer.from(await a.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(Number(/-(\d+)w\.webp$/.exec(url)?.[1]));
    expect(existsSync(join(storage, url.slice('/uploads/'.length)))).toBe(true);
  });

  it('answers 404 for a missing file that is no demo image, and never renders in live mode', async () => {
    await seedIfEmpty(t.db, { images: false });
    const url = await mainImageUrl();
    expect((await server().request('/uploads/catalog/products/nothing-1-0000000000-480w.webp')).status).toBe(
      404,
    );
    expect((await server().request('/uploads/members/1/a.webp')).status).toBe(404);
    vi.stubEnv('SHOP_MODE', 'live');
    resetEnvForTests();
    expect((await server().request(url)).status).toBe(404);
    expect(existsSync(join(storage, url.slice('/uploads/'.length)))).toBe(false);
  });
});

describe("the server's database on a demo shop's first start", () => {
  /** Opens the process's database in a fresh process, as the server does, and counts the files at that moment. */
  function firstOpen(extra: Record<string, string>) {
    const script = `
      import { readdirSync } from 'node:fs';
      import { db } from './src/server/db/client.ts';
      const client = await db();
      const products = (await client.execute('SELECT COUNT(*) AS n FROM products')).rows[0].n;
      let files = 0;
      try { files = readdirSync(process.env.STORAGE_DIR, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length; } catch {}
      console.log(JSON.stringify({ products, files }));
      process.exit(0);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SHOP_MODE: 'demo',
        SEED_ON_START: 'true',
        DATABASE_URL: `file:${join(storage, 'first.db')}`,
        STORAGE_DIR: join(storage, 'files'),
        ...extra,
      },
    });
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { products: number; files: number };
  }

  it('has the demo rows before the first page and leaves the image files for later', () => {
    const r = firstOpen({});
    expect(r.products).toBeGreaterThan(0);
    expect(r.files).toBe(0);
  });

  it('writes every image file first when PODO_DEMO_IMAGES=before-first-page (the bench)', () => {
    const r = firstOpen({ PODO_DEMO_IMAGES: 'before-first-page' });
    expect(r.products).toBeGreaterThan(0);
    expect(r.files).toBeGreaterThan(300);
  }, 120_000);
});
