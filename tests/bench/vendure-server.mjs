/**
 * Vendure 3.7.3 for the side-by-side bench (`tests/bench/vendure.ts`), run with plain Node from the
 * cache that script installs it into (never from the repo's node_modules):
 *
 *   node tests/bench/vendure-server.mjs populate <cacheDir>   the sample data once, into vendure.sqlite
 *   node tests/bench/vendure-server.mjs serve <cacheDir>      the shop API on $PORT
 *
 * Production settings: NODE_ENV=production, no GraphQL playground or debug, no dev plugins, no
 * dashboard; DefaultJobQueuePlugin and DefaultSearchPlugin as a generated project has them; the
 * asset server for the sample images. The database is sql.js (SQLite compiled to WebAssembly, no
 * install scripts): `serve` loads the populated file into memory and does not write it back
 * (autoSave off), so Vendure's writes cost no disk I/O during the measurement.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [mode, cacheDir] = process.argv.slice(2);
if ((mode !== 'populate' && mode !== 'serve') || !cacheDir) {
  console.error('usage: vendure-server.mjs populate|serve <cacheDir>');
  process.exit(2);
}
const fromCache = createRequire(path.join(cacheDir, 'package.json'));
const {
  bootstrap,
  DefaultJobQueuePlugin,
  DefaultSearchPlugin,
  DefaultLogger,
  LogLevel,
  JobQueueService,
  dummyPaymentHandler,
} = fromCache('@vendure/core');
const { AssetServerPlugin } = fromCache('@vendure/asset-server-plugin');

const dbFile = path.join(cacheDir, 'vendure.sqlite');
const createAssets = path.join(path.dirname(fromCache.resolve('@vendure/create/package.json')), 'assets');
const port = Number(process.env.PORT ?? 3000);

function config(populating) {
  return {
    apiOptions: {
      port,
      hostname: '127.0.0.1',
      adminApiPath: 'admin-api',
      shopApiPath: 'shop-api',
      shopApiPlayground: false,
      adminApiPlayground: false,
      shopApiDebug: false,
      adminApiDebug: false,
      cors: false,
    },
    authOptions: {
      // a session token per client in the `vendure-auth-token` header, as a headless storefront does
      tokenMethod: ['bearer'],
      superadminCredentials: { identifier: 'superadmin', password: 'bench-only-superadmin-2026' },
      requireVerification: false,
      cookieOptions: { secret: 'bench-only-cookie-secret' },
    },
    dbConnectionOptions: {
      type: 'sqljs',
      synchronize: populating,
      logging: false,
      location: dbFile,
      autoSave: populating,
      ...(populating ? {} : { database: fs.readFileSync(dbFile) }),
    },
    paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
    importExportOptions: { importAssetsDir: path.join(createAssets, 'images') },
    logger: new DefaultLogger({ level: LogLevel.Warn }),
    plugins: [
      AssetServerPlugin.init({ route: 'assets', assetUploadDir: path.join(cacheDir, 'assets') }),
      DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true }),
      DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
    ],
  };
}

async function main() {
  if (mode === 'populate') {
    const { populate } = fromCache('@vendure/core/cli');
    const app = await populate(
      async () => {
        const a = await bootstrap(config(true));
        await a.get(JobQueueService).start();
        return a;
      },
      path.join(createAssets, 'initial-data.json'),
      path.join(createAssets, 'products.csv'),
    );
    // the search index and other jobs the import queued
    await new Promise((r) => setTimeout(r, 5000));
    await app.close();
    console.log('populated');
    process.exit(0);
  }
  await bootstrap(config(false));
  console.log(`vendure listening on ${port}`);
}

await main().catch((err) => {
  console.error(err);
  process.exit(1);
});
