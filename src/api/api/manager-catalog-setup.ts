import { zValidator } from '@hono/zod-validator';
import { Hono, type ValidationTargets } from 'hono';
import type { z } from 'zod';
import { db } from '../../server/db/client.ts';
import * as setup from '../../server/catalog/index.ts';
import type { ErrorCode } from '../../lib/errors/index.ts';
import { fieldsError } from '../../server/platform/errors.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The manager's categories, brands, partners and delivery templates (administrators only: 401
 * signed out, 403 otherwise), under /api/manager/catalog. Every write names the version it read;
 * a stale one is a 409 VERSION_CONFLICT. A bad body is a 400 whose `fields` list every field's
 * problem in Korean (`message` is the first).
 *
 * - GET /categories · POST /categories {parentNo, label, isMenu?, visible?}
 * - GET|PATCH /categories/{no} {version, label?, visible?} · DELETE /categories/{no}?version=
 * - POST /categories/{no}/move {version, parentNo, index}
 * - GET|POST /brands · GET|PUT|PATCH|DELETE /brands/{no} · POST|DELETE /brands/{no}/logo
 * - GET|POST /partners · GET|PATCH|PUT|DELETE /partners/{no}
 * - GET|POST /delivery-templates · GET|PUT|PATCH|DELETE /delivery-templates/{no}
 */

/** A body checked field by field: every problem in `fields`, under the editor's own error code. */
function body<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  code: ErrorCode = 'SETUP_INVALID',
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw fieldsError(code, setup.fieldProblems(result.error));
  });
}

const TEMPLATE_INVALID = 'DELIVERY_TEMPLATE_INVALID';

export const managerCatalogSetupRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  // ---------------------------------------------------------------- categories
  .get('/categories', async (c) => c.json(await setup.getCategoryTree(await db())))
  .post('/categories', body('json', setup.CategoryCreate), async (c) =>
    c.json(await setup.createCategory(await db(), c.req.valid('json')), 201),
  )
  .get('/categories/:categoryNo', validate('param', setup.ManagedCategoryNoParam), async (c) =>
    c.json(await setup.getAdminCategory(await db(), c.req.valid('param').categoryNo)),
  )
  .patch(
    '/categories/:categoryNo',
    validate('param', setup.ManagedCategoryNoParam),
    body('json', setup.CategoryPatch),
    async (c) =>
      c.json(await setup.updateCategory(await db(), c.req.valid('param').categoryNo, c.req.valid('json'))),
  )
  .post(
    '/categories/:categoryNo/move',
    validate('param', setup.ManagedCategoryNoParam),
    body('json', setup.CategoryMove),
    async (c) =>
      c.json(await setup.moveCategory(await db(), c.req.valid('param').categoryNo, c.req.valid('json'))),
  )
  .delete(
    '/categories/:categoryNo',
    validate('param', setup.ManagedCategoryNoParam),
    validate('query', setup.VersionQuery),
    async (c) => {
      await setup.deleteCategory(await db(), c.req.valid('param').categoryNo, c.req.valid('query').version);
      return c.body(null, 204);
    },
  )
  // ---------------------------------------------------------------- brands
  .get('/brands', async (c) => c.json({ items: await setup.listBrands(await db()) }))
  .post('/brands', body('json', setup.BrandCreate), async (c) =>
    c.json(await setup.createBrand(await db(), c.req.valid('json')), 201),
  )
  .get('/brands/:brandNo', validate('param', setup.BrandNoParam), async (c) =>
    c.json(await setup.getBrand(await db(), c.req.valid('param').brandNo)),
  )
  .put('/brands/:brandNo', validate('param', setup.BrandNoParam), body('json', setup.BrandPut), async (c) =>
    c.json(await setup.updateBrand(await db(), c.req.valid('param').brandNo, c.req.valid('json'))),
  )
  .patch(
    '/brands/:brandNo',
    validate('param', setup.BrandNoParam),
    body('json', setup.BrandPatch),
    async (c) =>
      c.json(await setup.updateBrand(await db(), c.req.valid('param').brandNo, c.req.valid('json'))),
  )
  .delete(
    '/brands/:brandNo',
    validate('param', setup.BrandNoParam),
    validate('query', setup.VersionQuery),
    async (c) => {
      await setup.deleteBrand(await db(), c.req.valid('param').brandNo, c.req.valid('query').version);
      return c.body(null, 204);
    },
  )
  .post(
    '/brands/:brandNo/logo',
    validate('param', setup.BrandNoParam),
    body('form', setup.BrandLogoForm),
    async (c) => {
      const { file, version } = c.req.valid('form');
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await setup.setBrandLogo(await db(), c.req.valid('param').brandNo, version, bytes));
    },
  )
  .delete(
    '/brands/:brandNo/logo',
    validate('param', setup.BrandNoParam),
    validate('query', setup.VersionQuery),
    async (c) =>
      c.json(
        await setup.removeBrandLogo(await db(), c.req.valid('param').brandNo, c.req.valid('query').version),
      ),
  )
  // ---------------------------------------------------------------- partners
  .get('/partners', async (c) => c.json({ items: await setup.listPartners(await db()) }))
  .post('/partners', body('json', setup.PartnerCreate), async (c) =>
    c.json(await setup.createPartner(await db(), c.req.valid('json')), 201),
  )
  .get('/partners/:partnerNo', validate('param', setup.PartnerNoParam), async (c) =>
    c.json(await setup.getPartner(await db(), c.req.valid('param').partnerNo)),
  )
  .on(
    ['PATCH', 'PUT'],
    '/partners/:partnerNo',
    validate('param', setup.PartnerNoParam),
    body('json', setup.PartnerPatch),
    async (c) =>
      c.json(await setup.renamePartner(await db(), c.req.valid('param').partnerNo, c.req.valid('json'))),
  )
  .delete(
    '/partners/:partnerNo',
    validate('param', setup.PartnerNoParam),
    validate('query', setup.VersionQuery),
    async (c) => {
      await setup.deletePartner(await db(), c.req.valid('param').partnerNo, c.req.valid('query').version);
      return c.body(null, 204);
    },
  )
  // ---------------------------------------------------------------- delivery templates
  .get('/delivery-templates', async (c) => c.json({ items: await setup.listDeliveryTemplates(await db()) }))
  .post('/delivery-templates', body('json', setup.DeliveryTemplateInput, TEMPLATE_INVALID), async (c) =>
    c.json(await setup.createDeliveryTemplate(await db(), c.req.valid('json')), 201),
  )
  .get('/delivery-templates/:templateNo', validate('param', setup.TemplateNoParam), async (c) =>
    c.json(await setup.getDeliveryTemplate(await db(), c.req.valid('param').templateNo)),
  )
  .on(
    ['PUT', 'PATCH'],
    '/delivery-templates/:templateNo',
    validate('param', setup.TemplateNoParam),
    body('json', setup.DeliveryTemplatePut, TEMPLATE_INVALID),
    async (c) =>
      c.json(
        await setup.updateDeliveryTemplate(await db(), c.req.valid('param').templateNo, c.req.valid('json')),
      ),
  )
  .delete(
    '/delivery-templates/:templateNo',
    validate('param', setup.TemplateNoParam),
    validate('query', setup.VersionQuery),
    async (c) => {
      await setup.deleteDeliveryTemplate(
        await db(),
        c.req.valid('param').templateNo,
        c.req.valid('query').version,
      );
      return c.body(null, 204);
    },
  );

export type ManagerCatalogSetupRoutes = typeof managerCatalogSetupRoutes;
