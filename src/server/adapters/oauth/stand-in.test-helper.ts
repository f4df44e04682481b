import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

export type StandInHandler = (req: RecordedRequest) => { status?: number; json: unknown };

/** A local stand-in of a provider's token and profile endpoints, on a random port. */
export async function startStandIn(routes: Record<string, StandInHandler>): Promise<{
  url: (path: string) => string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      const handler = routes[`${recorded.method} ${path}`];
      const out = handler ? handler(recorded) : { status: 404, json: { error: 'not_found' } };
      res.writeHead(out.status ?? 200, { 'Content-Type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
