import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PodOrder, PodOrderState, PodOrderStatus } from './port.ts';

/**
 * A local stand-in of the print service's HTTP API (the paths of http.ts), on a random port, for
 * tests. It keeps orders by orderCode (a second POST of the same code answers the first order, as
 * the real service promises), issues tokens that live `tokenTtlSeconds`, and can be told to
 * misbehave on the next requests: answer an error status, answer 429 with Retry-After, or keep the
 * answer back past the client's timeout (after doing the work, as a slow real service would).
 */

export interface PodStandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

type Trouble =
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'hang'; ms: number };

export interface PodStandIn {
  baseUrl: string;
  requests: PodStandInRequest[];
  orders: Map<string, { order: PodOrder; status: PodOrderStatus; createdAt: string }>;
  /** Requests to POST /v1/orders (every submission, including repeats). */
  submissions(): PodStandInRequest[];
  tokensIssued(): number;
  /** The next `times` requests matching `route` ("POST /v1/orders", or "*") misbehave. */
  trouble(route: string, trouble: Trouble, times?: number): void;
  /** Forgets every trouble still waiting. */
  calm(): void;
  setStatus(orderCode: string, status: PodOrderStatus): void;
  close(): Promise<void>;
}

export interface PodStandInOptions {
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
}

export async function startPodStandIn(options: PodStandInOptions = {}): Promise<PodStandIn> {
  const clientId = options.clientId ?? 'podo-client';
  const clientSecret = options.clientSecret ?? 'podo-secret';
  const ttl = options.tokenTtlSeconds ?? 3600;
  const requests: PodStandInRequest[] = [];
  const orders: PodStandIn['orders'] = new Map();
  const tokens = new Set<string>();
  const troubles: { route: string; trouble: Trouble; left: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let issued = 0;

  const stateOf = (code: string): PodOrderState => {
    const o = orders.get(code)!;
    return { orderCode: code, status: o.status, createdAt: o.createdAt };
  };

  function answer(req: PodStandInRequest): { status: number; json: unknown } {
    const route = `${req.method} ${req.path}`;
    if (route === 'POST /oauth/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const form = new URLSearchParams(req.body);
      if (req.headers.authorization !== expected || form.get('grant_type') !== 'client_credentials') {
        return { status: 401, json: { error: 'invalid_client' } };
      }
      issued += 1;
      const token = `tok_${issued}_${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: ttl } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return { status: 401, json: { message: 'invalid token' } };
    if (route === 'POST /v1/orders') {
      const payload = JSON.parse(req.body) as { orders: PodOrder[] };
      const out = payload.orders.map((order) => {
        if (!orders.has(order.orderCode)) {
          orders.set(order.orderCode, { order, status: 'RECEIVED', createdAt: new Date().toISOString() });
        }
        return stateOf(order.orderCode);
      });
      return { status: 201, json: { orders: out } };
    }
    const orderMatch = /^\/v1\/orders\/([^/]+)(\/cancel)?$/.exec(req.path);
    if (orderMatch) {
      const code = decodeURIComponent(orderMatch[1]!);
      if (!orders.has(code)) return { status: 404, json: { message: 'order not found' } };
      if (req.method === 'POST' && orderMatch[2]) orders.get(code)!.status = 'CANCELLED';
      return { status: 200, json: stateOf(code) };
    }
    const product = req.query.get('channel_product_id');
    if (route === 'GET /v1/channel-products') {
      return { status: 200, json: { items: [{ channel_product_id: '100005', product_no: 100005 }] } };
    }
    if (route === 'GET /v1/design-templates') {
      return { status: 200, json: { items: [{ design_template_id: 'round-dampener-100' }] } };
    }
    if (route === 'GET /v1/variants') {
      const items = [
        {
          variant_id: '100005-round-dampener-100',
          channel_product_id: '100005',
          design_template_id: 'round-dampener-100',
        },
      ].filter((v) => !product || v.channel_product_id === product);
      return { status: 200, json: { items } };
    }
    if (route === 'GET /v1/options') {
      return {
        status: 200,
        json: { items: [{ channel_product_id: product ?? '100005', material_option: '재질' }] },
      };
    }
    return { status: 404, json: { message: 'not found' } };
  }

  function takeTrouble(route: string): Trouble | null {
    const found = troubles.find((t) => t.left > 0 && (t.route === '*' || t.route === route));
    if (!found) return null;
    found.left -= 1;
    return found.trouble;
  }

  const send = (res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', ...headers });
    res.end(JSON.stringify(json));
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const recorded: PodStandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const trouble = takeTrouble(`${recorded.method} ${recorded.path}`);
      if (trouble?.kind === 'status') return send(res, trouble.status, { message: 'stand-in failure' });
      if (trouble?.kind === 'rate-limit') {
        return send(res, 429, { message: 'too many requests' }, { 'Retry-After': trouble.retryAfter });
      }
      const out = answer(recorded);
      if (trouble?.kind === 'hang') {
        // the work is done; only the answer comes too late
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(res, out.status, out.json);
        }, trouble.ms);
        timers.add(timer);
        return;
      }
      send(res, out.status, out.json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    orders,
    submissions: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders'),
    tokensIssued: () => issued,
    trouble: (route, trouble, times = 1) => troubles.push({ route, trouble, left: times }),
    calm: () => troubles.splice(0),
    setStatus: (code, status) => {
      const o = orders.get(code);
      if (o) o.status = status;
    },
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
