import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import {
  addContentImage,
  addImage,
  bulkUpdate,
  copyProduct,
  createProduct,
  deleteImage,
  deleteProduct,
  exportProductsCsv,
  importProductsCsv,
  listImages,
  listManagedProducts,
  loadManagedProduct,
  moveOptionStock,
  PRODUCT_SORTS,
  productFormOptions,
  reorderImages,
  setImageAlt,
  setMainImage,
  stockLedger,
  updateProduct,
  type ProductListQuery,
  type ProductSort,
} from '../../server/catalog/index.ts';
import { appError } from '../../server/platform/errors.ts';
import { memberOf, noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The manager's products (administrators only: 401 signed out, 403 for members and point-of-sale
 * staff; the counter gets its own routes over the same catalogue service). docs/manager-api.md
 * lists every route with its body and answers.
 */

const optionalNo = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z.coerce.number().int().positive({ error: '번호를 확인해 주세요.' }).optional(),
);

const ListQuery = z.object({
  q: z.string().trim().max(100, { error: '검색어는 100자까지 입력해 주세요.' }).optional(),
  categoryNo: optionalNo,
  brandNo: optionalNo,
  partnerNo: optionalNo,
  saleStatus: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['READY', 'ONSALE', 'FINISHED', 'STOP', 'PROHIBITION'], { error: '판매 상태를 확인해 주세요.' })
      .optional(),
  ),
  stock: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['soldout', 'low'], { error: '재고 조건은 soldout 또는 low입니다.' }).optional(),
  ),
  display: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['shown', 'hidden'], { error: '전시 조건은 shown 또는 hidden입니다.' }).optional(),
  ),
  deleted: z.preprocess((v) => v === '1' || v === 'true', z.boolean()).optional(),
  sort: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z
      .enum(Object.keys(PRODUCT_SORTS) as [ProductSort, ...ProductSort[]], {
        error: '정렬 기준을 확인해 주세요.',
      })
      .default('newest'),
  ),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const ProductNoParam = z.object({
  productNo: z.coerce.number().int().positive({ error: '상품 번호를 확인해 주세요.' }),
});
const ImageParam = ProductNoParam.extend({ imageNo: z.coerce.number().int().positive() });
const OptionParam = ProductNoParam.extend({ optionNo: z.coerce.number().int().positive() });

const VersionBody = z.object({
  version: z.number({ error: '상품을 불러온 버전(version)이 필요합니다.' }).int().positive(),
});
const SaveBody = VersionBody.extend({ product: z.unknown() });
const VersionQuery = z.object({
  version: z.coerce.number({ error: '상품을 불러온 버전(version)이 필요합니다.' }).int().positive(),
});

const BulkBody = z.object({
  items: z
    .array(z.object({ productNo: z.number().int().positive(), version: z.number().int().positive() }))
    .min(1, { error: '상품을 하나 이상 골라 주세요.' })
    .max(200, { error: '한 번에 200개까지 바꿀 수 있습니다.' }),
  change: z.discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('saleStatus'),
        saleStatus: z.enum(['READY', 'ONSALE', 'FINISHED', 'STOP']),
      }),
      z.object({ action: z.literal('display'), frontDisplay: z.boolean() }),
      z.object({ action: z.literal('addCategory'), categoryNo: z.number().int().positive() }),
      z.object({ action: z.literal('removeCategory'), categoryNo: z.number().int().positive() }),
    ],
    { error: '일괄 변경할 내용을 골라 주세요.' },
  ),
});

const StockBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('RECEIVE'),
      quantity: z
        .number({ error: '입고 수량을 입력해 주세요.' })
        .int({ error: '입고 수량은 정수로 입력해 주세요.' })
        .min(1, { error: '입고 수량은 1개 이상이어야 합니다.' })
        .max(1_000_000),
      memo: z.string().trim().max(200).default(''),
    }),
    z.object({
      kind: z.literal('ADJUST'),
      delta: z
        .number({ error: '조정 수량을 입력해 주세요.' })
        .int({ error: '조정 수량은 정수로 입력해 주세요.' })
        .min(-1_000_000)
        .max(1_000_000)
        .refine((n) => n !== 0, { error: '조정 수량은 0이 아니어야 합니다.' }),
      memo: z.string().trim().min(1, { error: '조정 사유를 입력해 주세요.' }).max(200),
    }),
    z.object({
      kind: z.literal('COUNT'),
      counted: z
        .number({ error: '실사 수량을 입력해 주세요.' })
        .int({ error: '실사 수량은 정수로 입력해 주세요.' })
        .min(0, { error: '실사 수량은 0개 이상이어야 합니다.' })
        .max(1_000_000),
      memo: z.string().trim().max(200).default(''),
    }),
  ],
  { error: '재고 변경 종류(입고, 조정, 실사)를 골라 주세요.' },
);

const LedgerQuery = z.object({
  optionNo: optionalNo,
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});

const ImagePatch = z.object({
  alt: z.string().max(200, { error: '대체 텍스트는 200자까지 쓸 수 있습니다.' }).optional(),
  main: z.literal(true).optional(),
});
const ImageOrder = z.object({ imageNos: z.array(z.number().int().positive()).min(1).max(50) });

/** The file of a multipart upload (`file`), read whole; 400 when there is none. */
async function uploadedFile(
  c: Context,
): Promise<{ bytes: Uint8Array; name: string; fields: Record<string, unknown> }> {
  const body = await c.req.parseBody().catch(() => {
    throw appError('CATALOG_IMAGE_INVALID', '파일을 읽을 수 없습니다. 다시 올려 주세요.');
  });
  const file = body.file;
  if (!(file instanceof File) || file.size === 0)
    throw appError('CATALOG_IMAGE_INVALID', '올릴 파일을 골라 주세요.');
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, fields: body };
}

const actorOf = (c: Context<AuthEnv>) => {
  const m = memberOf(c);
  return { memberNo: m.memberNo, name: m.memberName };
};

export const managerProductRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', ListQuery), async (c) => {
    const q: ProductListQuery = c.req.valid('query');
    return c.json(await listManagedProducts(await db(), q));
  })
  .get('/form-options', async (c) => c.json(await productFormOptions(await db())))
  .get('/export.csv', validate('query', ListQuery), async (c) => {
    const csv = await exportProductsCsv(await db(), c.req.valid('query'));
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(new Date());
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="products-${day}.csv"`);
    return c.body(csv);
  })
  .post('/import', async (c) => {
    const { bytes, name, fields } = await uploadedFile(c);
    const dryRun = fields.dryRun !== '0' && fields.dryRun !== 'false';
    const report = await importProductsCsv(await db(), new TextDecoder().decode(bytes), {
      dryRun,
      fileName: name.slice(0, 100),
      actor: actorOf(c),
    });
    return c.json(report, report.problems.length > 0 && !dryRun ? 422 : 200);
  })
  .post('/bulk', validate('json', BulkBody), async (c) => {
    const { items, change } = c.req.valid('json');
    return c.json(await bulkUpdate(await db(), items, change));
  })
  .post('/', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const productNo = await createProduct(await db(), body, actorOf(c));
    return c.json({ productNo }, 201);
  })
  .get('/:productNo', validate('param', ProductNoParam), async (c) => {
    const product = await loadManagedProduct(await db(), c.req.valid('param').productNo);
    if (!product) throw appError('MANAGED_PRODUCT_NOT_FOUND');
    return c.json(product);
  })
  .put('/:productNo', validate('param', ProductNoParam), validate('json', SaveBody), async (c) => {
    const { version, product } = c.req.valid('json');
    const next = await updateProduct(
      await db(),
      c.req.valid('param').productNo,
      version,
      product,
      actorOf(c),
    );
    return c.json({ version: next });
  })
  .delete('/:productNo', validate('param', ProductNoParam), validate('query', VersionQuery), async (c) => {
    await deleteProduct(await db(), c.req.valid('param').productNo, c.req.valid('query').version);
    return c.body(null, 204);
  })
  .post('/:productNo/copy', validate('param', ProductNoParam), async (c) => {
    const productNo = await copyProduct(await db(), c.req.valid('param').productNo, actorOf(c));
    return c.json({ productNo }, 201);
  })
  .get('/:productNo/images', validate('param', ProductNoParam), async (c) =>
    c.json(await listImages(await db(), c.req.valid('param').productNo)),
  )
  .post('/:productNo/images', validate('param', ProductNoParam), async (c) => {
    const { bytes, fields } = await uploadedFile(c);
    const alt = typeof fields.alt === 'string' ? fields.alt : '';
    return c.json(await addImage(await db(), c.req.valid('param').productNo, bytes, alt), 201);
  })
  .put(
    '/:productNo/images/order',
    validate('param', ProductNoParam),
    validate('json', ImageOrder),
    async (c) => {
      await reorderImages(await db(), c.req.valid('param').productNo, c.req.valid('json').imageNos);
      return c.json(await listImages(await db(), c.req.valid('param').productNo));
    },
  )
  .patch(
    '/:productNo/images/:imageNo',
    validate('param', ImageParam),
    validate('json', ImagePatch),
    async (c) => {
      const { productNo, imageNo } = c.req.valid('param');
      const patch = c.req.valid('json');
      if (patch.alt !== undefined) await setImageAlt(await db(), productNo, imageNo, patch.alt);
      if (patch.main) await setMainImage(await db(), productNo, imageNo);
      return c.json(await listImages(await db(), productNo));
    },
  )
  .delete('/:productNo/images/:imageNo', validate('param', ImageParam), async (c) => {
    const { productNo, imageNo } = c.req.valid('param');
    const { filesDeleted } = await deleteImage(await db(), productNo, imageNo);
    return c.json({ filesDeleted, images: await listImages(await db(), productNo) });
  })
  .post('/:productNo/content-images', validate('param', ProductNoParam), async (c) => {
    const { bytes } = await uploadedFile(c);
    return c.json(await addContentImage(await db(), c.req.valid('param').productNo, bytes), 201);
  })
  .post(
    '/:productNo/options/:optionNo/stock',
    validate('param', OptionParam),
    validate('json', StockBody),
    async (c) => {
      const { productNo, optionNo } = c.req.valid('param');
      return c.json(await moveOptionStock(await db(), productNo, optionNo, c.req.valid('json'), actorOf(c)));
    },
  )
  .get(
    '/:productNo/stock-ledger',
    validate('param', ProductNoParam),
    validate('query', LedgerQuery),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(await stockLedger(await db(), { ...q, productNo: c.req.valid('param').productNo }));
    },
  );

export type ManagerProductRoutes = typeof managerProductRoutes;
