import {
  PodError,
  type PodCatalogueResource,
  type PodOrderPayload,
  type PodOrderState,
  type PodOrderStatus,
  type PodPort,
  type PodToken,
} from './port.ts';

/**
 * The print service over HTTP (POD_PROVIDER=http). Every endpoint is under `baseUrl`, which tests
 * point at a local stand-in (stand-in.test-helper.ts); the paths are listed in decision 027:
 *
 * - POST /oauth/token (client credentials, HTTP Basic): `{ access_token, expires_in }`
 * - GET /v1/channel-products, /v1/design-templates, /v1/variants, /v1/options
 * - POST /v1/orders `{ orders }` (the spec's payload), GET /v1/orders/{orderCode},
 *   POST /v1/orders/{orderCode}/cancel `{ projectIds }`
 *
 * Every failure is a PodError: the answer's status (429 and 503 with their Retry-After), or 0 when
 * no answer came in `timeoutMs`. The token itself is kept and renewed by the design module (pod.ts).
 */

export interface PodHttpConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  now?: () => Date;
}

const STATUSES = new Set<PodOrderStatus>(['RECEIVED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'CANCELLED']);

/** Seconds of a Retry-After header (delta seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now = new Date()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function stateOf(raw: unknown): PodOrderState {
  const r = (raw ?? {}) as Record<string, unknown>;
  const status = String(r.status ?? '') as PodOrderStatus;
  if (typeof r.orderCode !== 'string' || !STATUSES.has(status)) {
    throw new PodError('print service answered an order without orderCode or a known status', 502);
  }
  return { orderCode: r.orderCode, status, createdAt: String(r.createdAt ?? '') };
}

const CATALOGUE_PATHS: Record<Exclude<PodCatalogueResource, 'variant'>, string> = {
  'channel-products': '/v1/channel-products',
  'design-templates': '/v1/design-templates',
  variants: '/v1/variants',
  options: '/v1/options',
};

/** Podo's query names → the service's. */
function catalogueQuery(params: Record<string, string>): URLSearchParams {
  const q = new URLSearchParams();
  if (params.productNo) q.set('channel_product_id', params.productNo);
  if (params.templateId) q.set('design_template_id', params.templateId);
  return q;
}

export function createPodHttpAdapter(config: PodHttpConfig): PodPort {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const now = config.now ?? (() => new Date());

  async function call(
    method: 'GET' | 'POST',
    path: string,
    init: { token?: string; json?: unknown; form?: URLSearchParams; basic?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.basic) headers.Authorization = `Basic ${init.basic}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = init.form.toString();
    }
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new PodError(
        timedOut ? `print service timed out after ${timeoutMs} ms` : 'print service unreachable',
        0,
      );
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      parsed = null;
    }
    if (res.ok || res.status === 404) return { status: res.status, body: parsed };
    const detail = (parsed as { message?: unknown } | null)?.message;
    throw new PodError(
      `print service answered ${res.status}${typeof detail === 'string' ? `: ${detail.slice(0, 200)}` : ''}`,
      res.status,
      res.status === 429 || res.status === 503
        ? retryAfterSeconds(res.headers.get('Retry-After'), now())
        : null,
    );
  }

  const notFound = (what: string) => new PodError(`${what} not found`, 404);

  return {
    name: 'http',

    async issueToken(): Promise<PodToken> {
      const issued = now();
      const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
      const { status, body } = await call('POST', '/oauth/token', {
        basic,
        form: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      const r = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
      if (status !== 200 || typeof r.access_token !== 'string' || !Number.isFinite(Number(r.expires_in))) {
        throw new PodError('print service token answer without access_token or expires_in', 502);
      }
      return { accessToken: r.access_token, expiresIn: Number(r.expires_in), issuedAt: issued.toISOString() };
    },

    async createOrders(token: string, payload: PodOrderPayload): Promise<PodOrderState[]> {
      const { status, body } = await call('POST', '/v1/orders', { token, json: payload });
      if (status === 404) throw notFound('orders endpoint');
      const orders = (body as { orders?: unknown } | null)?.orders;
      if (!Array.isArray(orders)) throw new PodError('print service answered orders without a list', 502);
      return orders.map(stateOf);
    },

    async getOrder(token: string, orderCode: string): Promise<PodOrderState | null> {
      const { status, body } = await call('GET', `/v1/orders/${encodeURIComponent(orderCode)}`, { token });
      return status === 404 ? null : stateOf(body);
    },

    async cancelEntries(token, orderCode, projectIds): Promise<PodOrderState | null> {
      const { status, body } = await call('POST', `/v1/orders/${encodeURIComponent(orderCode)}/cancel`, {
        token,
        json: { projectIds },
      });
      return status === 404 ? null : stateOf(body);
    },

    async catalogue(token, resource, params): Promise<unknown> {
      const query = catalogueQuery(params);
      if (resource === 'variant') {
        const { status, body } = await call('GET', `/v1/variants?${query.toString()}`, { token });
        const first = status === 404 ? undefined : ((body as { items?: unknown[] } | null)?.items ?? [])[0];
        if (!first) throw notFound('variant');
        return first;
      }
      const qs = query.toString();
      const { status, body } = await call('GET', `${CATALOGUE_PATHS[resource]}${qs ? `?${qs}` : ''}`, {
        token,
      });
      if (status === 404) throw notFound(resource);
      return body;
    },
  };
}
