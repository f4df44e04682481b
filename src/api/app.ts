import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { busyError, isBusyError } from '../server/db/write-tx.ts';
import { AppError } from '../server/platform/errors.ts';
import { shopApi } from './shop-api/index.ts';
import { ownApi } from './api/index.ts';
import { wholeJson } from './middleware/whole-json.ts';

/**
 * Turns every thrown error into `{ code, message }`. AppErrors carry their own status and Korean
 * message; a database still busy after the busy timeout is a 503 the shopper can retry; anything
 * else is logged and becomes a 500 with no details.
 */
export function onError(err: Error, c: import('hono').Context) {
  if (err instanceof AppError) {
    if (err.fields) return c.json({ code: err.code, message: err.message, fields: err.fields }, err.status);
    return c.json({ code: err.code, message: err.message }, err.status);
  }
  if (isBusyError(err)) {
    const busy = busyError();
    c.header('Retry-After', '1');
    return c.json({ code: busy.code, message: busy.message }, busy.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? '요청이 너무 큽니다.' : '요청을 처리할 수 없습니다.';
    return c.json({ code: `HTTP_${status}`, message }, status);
  }
  console.error('[podo] unexpected error', c.req.method, c.req.path, err);
  return c.json(
    { code: 'INTERNAL_ERROR', message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' },
    500,
  );
}

export function notFoundJson(c: import('hono').Context) {
  return c.json({ code: 'NOT_FOUND', message: '요청한 주소를 찾을 수 없습니다.' }, 404);
}

/** The whole HTTP API: the Shopby-compatible shop engine and the shop's own routes. */
export function createApiApp() {
  const app = new Hono();
  // every JSON answer made of bytes known whole, written and compressed in one piece (decision 082)
  app.use('*', wholeJson());
  app.route('/shop-api', shopApi());
  app.route('/api', ownApi());
  app.onError(onError);
  app.notFound(notFoundJson);
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
