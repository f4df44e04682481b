import { createMiddleware } from 'hono/factory';

export type Platform = 'PC' | 'MOBILE_WEB';

export interface ShopHeaderVars {
  platform: Platform;
  apiVersion: string;
  clientId: string | undefined;
}

/**
 * Reads Shopby's request headers (`Version`, `clientId`, `platform`). Unknown platforms fall back
 * to PC rather than failing: the headers describe the caller, they do not change prices.
 */
export const shopHeaders = () =>
  createMiddleware<{ Variables: ShopHeaderVars }>(async (c, next) => {
    const platform = c.req.header('platform');
    c.set('platform', platform === 'MOBILE_WEB' ? 'MOBILE_WEB' : 'PC');
    c.set('apiVersion', c.req.header('Version') ?? '1.0');
    c.set('clientId', c.req.header('clientId'));
    await next();
  });
