import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autostart } from './node-autostart.ts';
// after node-autostart.ts: the adapter reads ASTRO_NODE_AUTOSTART when it is imported
import { handler, options } from '@astrojs/node/server.js';
import serverApp from '../../fetch.ts';
import { clientFileFilter } from './client-files.ts';
import { inArrivalOrder } from './arrival-order.ts';
import { keepConnectionsAlive } from './keep-alive.ts';
import { createListener } from './listener.ts';
import { createStaticFiles } from './static-files.ts';

/**
 * The built server's entry (dist/server/entry.mjs; astro.config.mjs points the Node adapter here,
 * decision 035): the adapter's standalone handler (its file server, then Astro and src/fetch.ts)
 * behind the precompressed built files of static-files.ts, asked only for addresses in dist/client's
 * listing made at start; API paths straight to src/fetch.ts's server app, other addresses straight to
 * Astro (listener.ts, decisions 060 and 067), each request started in its turn (arrival-order.ts,
 * decision 084). Listens on HOST and PORT like the adapter's own server,
 * over https when SERVER_CERT_PATH and SERVER_KEY_PATH are set, keeping idle connections 65 s
 * (keep-alive.ts, decision 087).
 */

/** dist/client, found from this file the way the adapter finds it (walking up to dist/server). */
function clientDir(): string {
  const serverFolder = basename(fileURLToPath(options.server));
  let dir = dirname(fileURLToPath(import.meta.url));
  while (basename(dir) !== serverFolder && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, relative(fileURLToPath(options.server), fileURLToPath(options.client)));
}

export function startServer() {
  const port = process.env.PORT ? Number(process.env.PORT) : options.port;
  const client = clientDir();
  // requests started in the order they came, one per turn of the event loop (decision 084)
  const listener = inArrivalOrder(
    createListener({
      mayBeFile: clientFileFilter(client),
      files: createStaticFiles(client),
      adapter: handler,
      api: serverApp,
      port: () => port,
      bodySizeLimit: options.bodySizeLimit,
    }),
  );
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = process.env;
  // idle connections kept longer than a proxy in front keeps its own (decision 087)
  const server = keepConnectionsAlive(
    cert && key
      ? createHttpsServer({ cert: readFileSync(cert), key: readFileSync(key) }, listener)
      : createServer(listener),
  );
  const host =
    process.env.HOST ??
    (typeof options.host === 'boolean' ? (options.host ? '0.0.0.0' : 'localhost') : options.host);
  server.listen(port, host, () => {
    if (process.env.ASTRO_NODE_LOGGING !== 'disabled') {
      console.log(`[@astrojs/node] Server listening on ${cert && key ? 'https' : 'http'}://${host}:${port}`);
    }
  });
  return server;
}

if (options.mode === 'standalone' && autostart) startServer();

// A worker of `npm start`'s cluster (scripts/start.mjs, decision 070): the terminal's Ctrl+C reaches
// every process of the group, but it is the primary that stops the workers, letting each finish the
// requests it has (`worker.disconnect()`); the primary's own end also ends a worker.
if (cluster.isWorker) process.on('SIGINT', () => undefined);

export { handler, options };
