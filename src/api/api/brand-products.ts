import { Hono, type Context, type Next } from 'hono';
import { db } from '../../server/db/client.ts';
import { productCustom, productPlus } from '../../server/design/index.ts';
import { env } from '../../server/platform/env.ts';
import { appError, notFound } from '../../server/platform/errors.ts';
import type { AuthEnv } from '../middleware/auth.ts';
import { commandOf } from './brand.ts';

/**
 * The specification's product commands of `/api/{brand}` (GET, public like the product pages):
 * `?url=/product-plus/{id}` answers the product's extra settings, `?url=/product-custom/{id}` its
 * custom settings for the design editor, both as `{ data: { message } }` like the other brand
 * commands; an unknown product (or, for product-custom, one that cannot be designed) is a 404 with a
 * Korean message. Other commands fall through to the other brand routes.
 */

const COMMAND = /^\/(product-plus|product-custom)\/([^/]*)$/;

async function handle(c: Context<AuthEnv>, next: Next) {
  if (c.req.param('brand') !== env().BRAND_SLUG) return next();
  const match = COMMAND.exec(commandOf(c));
  if (!match) return next();
  const [, command, id] = match;
  const productNo = /^\d{1,12}$/.test(id ?? '') ? Number(id) : null;
  if (productNo === null) throw notFound('상품');
  const conn = await db();
  if (command === 'product-plus') {
    const message = await productPlus(conn, productNo);
    if (!message) throw notFound('상품');
    return c.json({ data: { message } });
  }
  const message = await productCustom(conn, productNo);
  if (!message) {
    throw (await productPlus(conn, productNo))
      ? appError('NOT_FOUND', '디자인할 수 있는 상품이 아닙니다.')
      : notFound('상품');
  }
  return c.json({ data: { message } });
}

/** Mounted at `/api` before the other brand routes. */
export const brandProductRoutes = new Hono<AuthEnv>().get('/:brand', handle).get('/:brand/*', handle);
