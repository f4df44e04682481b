import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { db } from '../../server/db/client.ts';
import { notFound } from '../../server/platform/errors.ts';
import { getCategories, getCategory, CategoriesParams, CategoryNoParam } from '../../server/catalog/index.ts';

import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

const listCategories = createFactory().createHandlers(validate('query', CategoriesParams), async (c) => {
  return c.json(await getCategories(await db(), { keyword: c.req.valid('query').keyword }));
});

/** `/categories`: the display category tree and one category with its subtree. */
export const categoryRoutes = new Hono()
  .use(publicCache(60))
  .get('/', ...listCategories)
  .get('/:categoryNo', validate('param', CategoryNoParam), validate('query', CategoriesParams), async (c) => {
    const category = await getCategory(await db(), c.req.valid('param').categoryNo);
    if (!category) throw notFound('카테고리');
    return c.json(category);
  });

/** `/categories/`: the spec's client asks with a trailing slash, and Hono's routing is strict. */
export const categoryListSlashRoutes = new Hono().get('/', publicCache(60), ...listCategories);
