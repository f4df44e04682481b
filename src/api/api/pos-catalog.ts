import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  counterItemByCode,
  counterItems,
  createProduct,
  listManagedProducts,
  loadManagedProduct,
  productFormOptions,
  searchCounterItems,
  stockLedger,
  updateProduct,
} from '../../server/catalog/index.ts';
import * as catalog from '../../server/catalog/index.ts';
import { db, type Db } from '../../server/db/client.ts';
import { appError, fieldsError, notFound } from '../../server/platform/errors.ts';
import { noStore, requireStaff, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { cashier, counterStore } from './pos-cashier.ts';

/**
 * Products, barcodes and stock at the counter, under /api/pos/catalog (issue 14): point-of-sale
 * staff and administrators (401 signed out, 403 for everyone else). The back office's catalogue
 * service in a counter-sized set of routes: staff list, create and edit products through the same
 * `createProduct`/`updateProduct` as the manager (same validation, same version check), register
 * barcodes per option, receive goods and count shelves (ledger lines in their own name).
 */

const positive = (label: string) =>
  z.coerce
    .number({ error: `${label}를 확인해 주세요.` })
    .int()
    .positive({ error: `${label}를 확인해 주세요.` });

const ProductsQuery = z.object({
  q: z.string().trim().max(100, { error: '검색어는 100자까지 입력해 주세요.' }).optional(),
  stock: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['soldout', 'low'], { error: '재고 조건은 soldout 또는 low입니다.' }).optional(),
  ),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
const ProductNoParam = z.object({ productNo: positive('상품 번호') });
const OptionNoParam = z.object({ optionNo: positive('옵션 번호') });
const SaveBody = z.object({
  version: z.number({ error: '상품을 불러온 버전(version)이 필요합니다.' }).int().positive(),
  product: z.unknown(),
});
const LedgerQuery = z.object({
  optionNo: z.preprocess((v) => (v === '' ? undefined : v), positive('옵션 번호').optional()),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const OptionQuery = z.object({
  q: z
    .string({ error: '상품명, 상품 번호나 바코드를 입력해 주세요.' })
    .trim()
    .min(1, { error: '상품명, 상품 번호나 바코드를 입력해 주세요.' })
    .max(50, { error: '검색어는 50자까지 입력해 주세요.' }),
});
const CodeQuery = z.object({
  code: z
    .string({ error: '바코드를 스캔하거나 입력해 주세요.' })
    .transform((s) => catalog.normalizeBarcode(s))
    .pipe(
      z
        .string()
        .min(1, { error: '바코드를 스캔하거나 입력해 주세요.' })
        .max(64, { error: '바코드는 64자까지입니다.' }),
    ),
});
/** The barcode the screen showed (null = none): a change made meanwhile is then a 409. */
const previous = z.string().max(64).nullable().optional();
const BarcodeBody = z.object({
  barcode: z
    .string({ error: '바코드를 스캔하거나 입력해 주세요.' })
    .max(64, { error: '바코드는 64자까지입니다.' })
    .nullable(),
  previous,
});
const InHouseBody = z.object({ previous });

const batchKey = z
  .string({ error: '입고·실사 번호(batchKey)가 필요합니다.' })
  .regex(/^[A-Za-z0-9-]{8,40}$/, { error: '입고·실사 번호(batchKey)를 확인해 주세요.' });
const memo = z.string().trim().max(100, { error: '메모는 100자까지 쓸 수 있습니다.' }).default('');
const quantity = (label: string, min: number) =>
  z
    .number({ error: `${label}을 숫자로 입력해 주세요.` })
    .int({ error: `${label}은 정수로 입력해 주세요.` })
    .min(min, { error: `${label}은 ${min}개 이상이어야 합니다.` })
    .max(100_000, { error: `${label}은 100,000개 이하로 입력해 주세요.` });
const lines = <T extends z.ZodType>(line: T, what: string) =>
  z
    .array(line, { error: `${what}할 상품을 하나 이상 스캔해 주세요.` })
    .min(1, { error: `${what}할 상품을 하나 이상 스캔해 주세요.` })
    .max(500, { error: `한 번에 500개 옵션까지 ${what}할 수 있습니다.` });
const ReceiveBody = z.object({
  batchKey,
  memo,
  lines: lines(z.object({ optionNo: positive('옵션 번호'), quantity: quantity('입고 수량', 1) }), '입고'),
});
const CountBody = z.object({
  batchKey,
  memo,
  lines: lines(
    z.object({
      optionNo: positive('옵션 번호'),
      counted: quantity('실사 수량', 0),
      systemStock: z.number().int().min(0),
    }),
    '실사',
  ),
});

/** Barcodes typed into the counter's product form follow the counter's rule (EAN-13 check digit). */
async function counterBarcodeRule(conn: Db, productNo: number | null, body: unknown) {
  const problems = await catalog.productBarcodeProblems(conn, productNo, body);
  if (problems.length > 0) throw fieldsError('PRODUCT_INVALID', problems);
}

/** Ledger lines and product edits in the staff member's own name. */
const actorOf = async (c: Context<AuthEnv>) => {
  const who = await cashier(c);
  return { memberNo: who.memberNo, name: who.name };
};

export const posCatalogRoutes = new Hono<AuthEnv>()
  .use(requireStaff(), noStore(), counterStore())
  .get('/products', validate('query', ProductsQuery), async (c) => {
    const conn = await db();
    const q = c.req.valid('query');
    const list = await listManagedProducts(conn, { ...q, sort: 'newest' });
    const options = await catalog.counterOptionsOf(
      conn,
      list.items.map((p) => p.productNo),
    );
    return c.json({
      ...list,
      items: list.items.map((p) => ({ ...p, options: options.get(p.productNo) ?? [] })),
    });
  })
  .get('/form-options', async (c) => c.json(await productFormOptions(await db())))
  .post('/products', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const conn = await db();
    await counterBarcodeRule(conn, null, body);
    const productNo = await createProduct(conn, body, await actorOf(c));
    return c.json({ productNo }, 201);
  })
  .get('/products/:productNo', validate('param', ProductNoParam), async (c) => {
    const product = await loadManagedProduct(await db(), c.req.valid('param').productNo);
    if (!product || product.deleted) throw appError('MANAGED_PRODUCT_NOT_FOUND');
    return c.json(product);
  })
  .put('/products/:productNo', validate('param', ProductNoParam), validate('json', SaveBody), async (c) => {
    const { version, product } = c.req.valid('json');
    const { productNo } = c.req.valid('param');
    const conn = await db();
    await counterBarcodeRule(conn, productNo, product);
    const next = await updateProduct(conn, productNo, version, product, await actorOf(c));
    return c.json({ version: next });
  })
  .get(
    '/products/:productNo/stock-ledger',
    validate('param', ProductNoParam),
    validate('query', LedgerQuery),
    async (c) =>
      c.json(
        await stockLedger(await db(), { ...c.req.valid('query'), productNo: c.req.valid('param').productNo }),
      ),
  )
  .post('/products/:productNo/in-house-barcodes', validate('param', ProductNoParam), async (c) =>
    c.json(await catalog.generateMissingInHouse(await db(), c.req.valid('param').productNo)),
  )
  .get('/options', validate('query', OptionQuery), async (c) =>
    c.json({ items: await searchCounterItems(await db(), c.req.valid('query').q) }),
  )
  .get('/options/:optionNo', validate('param', OptionNoParam), async (c) => {
    const { optionNo } = c.req.valid('param');
    const item = (await counterItems(await db(), [optionNo])).get(optionNo);
    if (!item) throw notFound('옵션');
    return c.json(item);
  })
  .get('/barcode', validate('query', CodeQuery), async (c) => {
    const { code } = c.req.valid('query');
    const item = await counterItemByCode(await db(), code);
    if (!item)
      throw appError(
        'POS_ITEM_NOT_FOUND',
        `등록되지 않은 바코드입니다 (${code.slice(0, 64)}). 상품을 찾아 바코드를 등록해 주세요.`,
      );
    return c.json(item);
  })
  .put(
    '/options/:optionNo/barcode',
    validate('param', OptionNoParam),
    validate('json', BarcodeBody),
    async (c) => {
      // null removes the barcode; an empty text is a scan that did not arrive (400), never a removal
      const { barcode, previous: seen } = c.req.valid('json');
      return c.json(
        await catalog.setOptionBarcode(await db(), c.req.valid('param').optionNo, barcode, {
          previous: seen,
        }),
      );
    },
  )
  .post(
    '/options/:optionNo/barcode/in-house',
    validate('param', OptionNoParam),
    validate('json', InHouseBody),
    async (c) =>
      c.json(
        await catalog.generateInHouse(await db(), c.req.valid('param').optionNo, {
          previous: c.req.valid('json').previous,
        }),
      ),
  )
  .get('/stock/low', async (c) => c.json({ items: await catalog.lowStockOptions(await db()) }))
  .post('/stock/receive', validate('json', ReceiveBody), async (c) =>
    c.json(await catalog.receiveGoods(await db(), c.req.valid('json'), await actorOf(c))),
  )
  .post('/stock/count', validate('json', CountBody), async (c) =>
    c.json(await catalog.applyStockCount(await db(), c.req.valid('json'), await actorOf(c))),
  );

export type PosCatalogRoutes = typeof posCatalogRoutes;
