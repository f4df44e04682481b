import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import { notFound } from '../../server/platform/errors.ts';
import {
  getOptionsOfProducts,
  getProduct,
  getProductOptions,
  searchProducts,
  ProductDetailParams,
  ProductNoParam,
  ProductOptionsParams,
  ProductSearchParams,
} from '../../server/catalog/index.ts';

import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

/** `/products`: search, detail and options. Static paths come before `/:productNo`. */
export const productRoutes = new Hono()
  .use(publicCache(15))
  .get('/search', validate('query', ProductSearchParams), async (c) => {
    // a keyword that finds nothing is searched as corrected; Shopby's `correctedKeyword` says so
    return c.json(await searchProducts(await db(), c.req.valid('query'), { correctTypos: true }));
  })
  .get('/options', validate('query', ProductOptionsParams), async (c) => {
    return c.json(await getOptionsOfProducts(await db(), c.req.valid('query').productNos));
  })
  .get(
    '/:productNo',
    validate('param', ProductNoParam),
    validate('query', ProductDetailParams),
    async (c) => {
      const product = await getProduct(await db(), c.req.valid('param').productNo);
      if (!product) throw notFound('상품');
      return c.json(product);
    },
  )
  .get(
    '/:productNo/options',
    validate('param', ProductNoParam),
    validate('query', ProductDetailParams),
    async (c) => {
      const options = await getProductOptions(await db(), c.req.valid('param').productNo);
      if (!options) throw notFound('상품');
      return c.json(options);
    },
  );
