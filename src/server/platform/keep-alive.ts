import type { Server } from 'node:http';

/**
 * How long the built server keeps an idle keep-alive connection open (decision 087): longer than a
 * proxy in front keeps its idle connections to the app (nginx's upstream `keepalive_timeout`, 60 s;
 * a cloud load balancer's idle timeout, typically 60 s), so the proxy, not the app, closes them.
 * Node's 5 s default let the app close a connection just as nginx (or a test's HTTP client) sent
 * the next request on it: the request failed with a reset, and nginx does not retry a POST.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Sets `server`'s keep-alive timeout, and its header timeout just above it. */
export function keepConnectionsAlive<S extends Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>>(
  server: S,
): S {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // a request's headers may take as long as an idle connection lasts, plus a second
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
