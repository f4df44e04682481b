import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import { notFound } from '../../server/platform/errors.ts';
import {
  getBanners,
  getDisplaySection,
  searchBrands,
  BannerCodesParam,
  BrandSearchParams,
  DisplaySectionParams,
  SectionNoParam,
} from '../../server/catalog/index.ts';

import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

/** `/display`: sections of products, banners and brands. */
export const displayRoutes = new Hono()
  .use(publicCache(30))
  .get('/brands/search', validate('query', BrandSearchParams), async (c) => {
    return c.json(await searchBrands(await db(), c.req.valid('query')));
  })
  .get(
    '/sections/:sectionNo',
    validate('param', SectionNoParam),
    validate('query', DisplaySectionParams),
    async (c) => {
      const section = await getDisplaySection(
        await db(),
        c.req.valid('param').sectionNo,
        c.req.valid('query'),
      );
      if (!section) throw notFound('진열 섹션');
      return c.json(section);
    },
  )
  .get('/banners/:codes', validate('param', BannerCodesParam), async (c) => {
    return c.json(await getBanners(await db(), c.req.valid('param').codes));
  });
