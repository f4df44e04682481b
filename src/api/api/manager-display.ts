import { zValidator } from '@hono/zod-validator';
import { Hono, type ValidationTargets } from 'hono';
import type { z } from 'zod';
import { db } from '../../server/db/client.ts';
import { fieldsError } from '../../server/platform/errors.ts';
import {
  BannerCreate,
  BannerImageForm,
  BannerImageQuery,
  BannerListQuery,
  BannerNoParam,
  BannerPatch,
  BannerReorder,
  ProductSearchQuery,
  SectionCreate,
  ManagedSectionNoParam,
  SectionPatch,
  SectionProducts,
  SectionReorder,
  DisplayVersionQuery,
  createBanner,
  createSection,
  deleteBanner,
  deleteSection,
  getSection,
  listBanners,
  listSections,
  removeMobileImage,
  reorderBanners,
  reorderSections,
  searchSectionProducts,
  setBannerImage,
  setSectionProducts,
  updateBanner,
  updateSection,
} from '../../server/catalog/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';

/**
 * The manager's home banners and display sections (administrators only: 401 signed out, 403
 * otherwise). Every edit names the `version` it read; a newer one is a 409.
 * - GET    /banners?groupNo                     the groups and one group's banners
 * - POST   /banners {groupNo, name, landingUrl, …} a banner without images yet
 * - PATCH  /banners/{bannerNo} {version, …}
 * - POST   /banners/{bannerNo}/image?kind=desktop|mobile  multipart `file`, `version`
 * - DELETE /banners/{bannerNo}/image?kind=mobile&version  the phone image off
 * - POST   /banners/reorder {groupNo, bannerNos, versions?}
 * - DELETE /banners/{bannerNo}?version          the banner and its files
 * - GET    /sections, GET /sections/{sectionNo}, POST /sections, PATCH /sections/{sectionNo}
 * - PUT    /sections/{sectionNo}/products {version, productNos}
 * - POST   /sections/reorder {sectionNos, versions?}, DELETE /sections/{sectionNo}?version
 * - GET    /product-search?q                    up to 20 products by number or name
 */

/**
 * The validation hook of these forms: a bad input is a 400 whose `fields` list every field's
 * problem (`path` as the form names it, Korean message), the first one as `message`.
 */
function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw fieldsError(
        'DISPLAY_INVALID',
        result.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: /[가-힣]/.test(issue.message) ? issue.message : '입력값을 확인해 주세요.',
        })),
      );
    }
  });
}

const bannerRoutes = new Hono<AuthEnv>()
  .get('/', validate('query', BannerListQuery), async (c) => {
    return c.json(await listBanners(await db(), c.req.valid('query').groupNo));
  })
  .post('/', validate('json', BannerCreate), async (c) => {
    return c.json(await createBanner(await db(), c.req.valid('json')), 201);
  })
  .post('/reorder', validate('json', BannerReorder), async (c) => {
    return c.json(await reorderBanners(await db(), c.req.valid('json')));
  })
  .patch('/:bannerNo{[0-9]+}', validate('param', BannerNoParam), validate('json', BannerPatch), async (c) => {
    return c.json(await updateBanner(await db(), c.req.valid('param').bannerNo, c.req.valid('json')));
  })
  .post(
    '/:bannerNo{[0-9]+}/image',
    validate('param', BannerNoParam),
    validate('query', BannerImageQuery),
    validate('form', BannerImageForm),
    async (c) => {
      const { file, version } = c.req.valid('form');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const banner = await setBannerImage(
        await db(),
        c.req.valid('param').bannerNo,
        c.req.valid('query').kind,
        bytes,
        version,
      );
      return c.json(banner);
    },
  )
  .delete(
    '/:bannerNo{[0-9]+}/image',
    validate('param', BannerNoParam),
    validate('query', DisplayVersionQuery.extend({ kind: BannerImageQuery.shape.kind.extract(['mobile']) })),
    async (c) => {
      const { version } = c.req.valid('query');
      return c.json(await removeMobileImage(await db(), c.req.valid('param').bannerNo, version));
    },
  )
  .delete(
    '/:bannerNo{[0-9]+}',
    validate('param', BannerNoParam),
    validate('query', DisplayVersionQuery),
    async (c) => {
      const { bannerNo } = c.req.valid('param');
      return c.json(await deleteBanner(await db(), bannerNo, c.req.valid('query').version));
    },
  );

const sectionRoutes = new Hono<AuthEnv>()
  .get('/', async (c) => {
    return c.json(await listSections(await db()));
  })
  .post('/', validate('json', SectionCreate), async (c) => {
    return c.json(await createSection(await db(), c.req.valid('json')), 201);
  })
  .post('/reorder', validate('json', SectionReorder), async (c) => {
    return c.json(await reorderSections(await db(), c.req.valid('json')));
  })
  .get('/:sectionNo{[0-9]+}', validate('param', ManagedSectionNoParam), async (c) => {
    return c.json(await getSection(await db(), c.req.valid('param').sectionNo));
  })
  .patch(
    '/:sectionNo{[0-9]+}',
    validate('param', ManagedSectionNoParam),
    validate('json', SectionPatch),
    async (c) => {
      return c.json(await updateSection(await db(), c.req.valid('param').sectionNo, c.req.valid('json')));
    },
  )
  .put(
    '/:sectionNo{[0-9]+}/products',
    validate('param', ManagedSectionNoParam),
    validate('json', SectionProducts),
    async (c) => {
      return c.json(
        await setSectionProducts(await db(), c.req.valid('param').sectionNo, c.req.valid('json')),
      );
    },
  )
  .delete(
    '/:sectionNo{[0-9]+}',
    validate('param', ManagedSectionNoParam),
    validate('query', DisplayVersionQuery),
    async (c) => {
      await deleteSection(await db(), c.req.valid('param').sectionNo, c.req.valid('query').version);
      return c.json({ deleted: true });
    },
  );

export const managerDisplayRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .route('/banners', bannerRoutes)
  .route('/sections', sectionRoutes)
  .get('/product-search', validate('query', ProductSearchQuery), async (c) => {
    return c.json(await searchSectionProducts(await db(), c.req.valid('query').q));
  });

export type ManagerDisplayRoutes = typeof managerDisplayRoutes;
