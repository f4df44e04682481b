/**
 * Database commands: `tsx scripts/db.ts migrate | seed [--force] | reset`
 * (npm run db:migrate, db:seed, db:reset). Uses the same environment as the server.
 */
import type { Client } from '@libsql/client';
import { openDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { catalogCounts, resetDatabase, seedDemo, seedIfEmpty } from '../src/server/db/seed/index.ts';
import { env } from '../src/server/platform/env.ts';

const USAGE = `사용법 / usage: tsx scripts/db.ts <command>
  migrate          마이그레이션 적용 / apply pending migrations
  seed [--force]   마이그레이션 후 상품이 없으면 데모 데이터 입력 / migrate, then seed demo data if empty
                   --no-images: 이미지 파일은 서버가 나중에 / rows only, the server writes the images
                   --force: 모두 지우고 다시 입력 / drop everything and seed again
  reset            모두 지우고 마이그레이션과 데모 데이터를 다시 입력 / drop everything, migrate, seed`;

async function runMigrations(client: Client): Promise<void> {
  const applied = await migrate(client);
  console.log(
    applied.length > 0
      ? `마이그레이션 적용 / migrations applied: ${applied.join(', ')}`
      : '적용할 마이그레이션이 없습니다 / database is up to date',
  );
}

async function printCounts(client: Client): Promise<void> {
  const c = await catalogCounts(client);
  console.log(
    `상품 ${c.products}개 (옵션 ${c.options}, 이미지 ${c.images}), 카테고리 ${c.categories}, 배너 ${c.banners}, 전시 섹션 ${c.sections}`,
  );
}

async function resetAndSeed(client: Client): Promise<void> {
  await resetDatabase(client);
  console.log('모든 테이블을 지웠습니다 / all tables dropped');
  await runMigrations(client);
  const started = Date.now();
  await seedDemo(client);
  console.log(`데모 데이터를 넣었습니다 / demo data seeded (${Date.now() - started} ms)`);
  await printCounts(client);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  if (!command || !['migrate', 'seed', 'reset'].includes(command)) {
    console.error(USAGE);
    return command ? 2 : 1;
  }
  const e = env();
  console.log(`데이터베이스 / database: ${e.DATABASE_URL.replace(/\?.*$/, '')}`);
  const client = await openDb({
    url: e.DATABASE_URL,
    authToken: e.DATABASE_AUTH_TOKEN,
    busyTimeoutMs: e.DATABASE_BUSY_TIMEOUT_MS,
  });
  try {
    if (e.SHOP_MODE === 'live' && (command === 'reset' || flags.includes('--force'))) {
      console.error(
        '운영 모드(SHOP_MODE=live)에서는 데이터베이스를 지우지 않습니다 / live mode: refusing to reset',
      );
      return 2;
    }
    if (e.SHOP_MODE === 'live' && command === 'seed') {
      console.log('운영 모드(SHOP_MODE=live)에서는 데모 데이터를 넣지 않습니다 / live mode: migrations only');
      await runMigrations(client);
      return 0;
    }
    if (command === 'migrate') {
      await runMigrations(client);
    } else if (command === 'reset' || flags.includes('--force')) {
      await resetAndSeed(client);
    } else {
      await runMigrations(client);
      const started = Date.now();
      // --no-images: rows only; the server writes the image files after its first page (npm start)
      if (await seedIfEmpty(client, { images: !flags.includes('--no-images') })) {
        console.log(`데모 데이터를 넣었습니다 / demo data seeded (${Date.now() - started} ms)`);
      } else {
        console.log(
          '상품이 이미 있어 건너뜁니다 / products exist, nothing seeded (다시 넣으려면 --force 또는 npm run db:reset)',
        );
      }
      await printCounts(client);
    }
    return 0;
  } finally {
    client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`실패 / failed: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof Error && err.cause instanceof Error)
      console.error(`  원인 / cause: ${err.cause.message}`);
    process.exitCode = 1;
  },
);
