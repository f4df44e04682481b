/**
 * What `npm run bench` measures. Each route is compared with the trivial endpoint on the same
 * server; add a line here to measure another page or API call. A route whose `path` resolves to
 * `undefined` is skipped with its reason (for example, an API the route depends on is missing).
 */
export interface BenchContext {
  baseUrl: string;
  /** `GET` JSON from the running server; undefined when the answer is not 2xx. */
  getJson<T>(path: string): Promise<T | undefined>;
}

export interface BenchRoute {
  name: string;
  path: string | ((ctx: BenchContext) => Promise<string | { skip: string }>);
  headers?: Record<string, string>;
}

const SHOP_API_HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'PC' };

/** The baseline: a Hono route that does no work, so the ratio shows what a route itself costs. */
export const TRIVIAL: BenchRoute = { name: 'trivial: GET /api/health', path: '/api/health' };

export const ROUTES: BenchRoute[] = [
  { name: 'home page /', path: '/' },
  {
    name: 'product page /products/:productNo',
    path: async ({ getJson }) => {
      const found = await getJson<{ items?: { productNo: number }[] }>(
        '/shop-api/products/search?pageSize=1',
      );
      const productNo = found?.items?.[0]?.productNo;
      return productNo ? `/products/${productNo}` : { skip: '/shop-api/products/search gave no product' };
    },
  },
  {
    name: 'search API: keywords 방진',
    path: `/shop-api/products/search?${new URLSearchParams({ 'filter.keywords': '방진' })}`,
    headers: SHOP_API_HEADERS,
  },
];
