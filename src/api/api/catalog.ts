import { Hono } from 'hono';
import { z } from 'zod';
import { countLabel, parseSort, SORTS } from '../../components/catalog/list-query.ts';
import { toCardProducts } from '../../components/catalog/product-card.ts';
import { getSuggestions, listCatalog } from '../../server/catalog/index.ts';
import { db } from '../../server/db/client.ts';
import { publicCache } from '../shop-api/cache-control.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/api/catalog`: Podo's own product lists, each item what a card shows (`CardProduct`), not the
 * Shopby item (decision 031); and `/api/search/suggestions` for the search box.
 */
const LIST_PAGE_SIZE = 20;

export const CatalogListQuery = z.strictObject({
  categoryNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '카테고리 번호는 숫자로 입력해 주세요.' })
    .transform(Number)
    .optional(),
  keyword: z.string().max(100, { error: '검색어는 100자 이내로 입력해 주세요.' }).optional(),
  /** `1`: the keyword as typed; otherwise a keyword that finds nothing is corrected (decision 069). */
  original: z.enum(['0', '1'], { error: 'original은 0 또는 1입니다.' }).optional(),
  sort: z
    .enum(SORTS.map((s) => s.key) as [string, ...string[]], { error: '정렬 기준이 올바르지 않습니다.' })
    .optional(),
  page: z
    .string()
    .regex(/^\d{1,4}$/, { error: '페이지 번호는 1 이상의 숫자로 입력해 주세요.' })
    .transform(Number)
    .refine((n) => n >= 1, { error: '페이지 번호는 1 이상의 숫자로 입력해 주세요.' })
    .optional(),
});

export const SuggestionsQuery = z.strictObject({
  q: z.string().max(100, { error: '검색어는 100자 이내로 입력해 주세요.' }).optional(),
});

export const catalogRoutes = new Hono()
  .use(publicCache(15))
  .get('/products', validate('query', CatalogListQuery), async (c) => {
    const q = c.req.valid('query');
    const sort = parseSort(q.sort ?? null);
    const page = await listCatalog(
      await db(),
      {
        ...(q.categoryNo === undefined ? {} : { categoryNos: [q.categoryNo] }),
        ...(q.keyword ? { keywords: q.keyword } : {}),
        orderBy: sort.orderBy,
        direction: sort.direction,
        pageNumber: q.page ?? 1,
        pageSize: LIST_PAGE_SIZE,
      },
      { correctTypos: q.original !== '1' },
    );
    return c.json({
      /** The keyword searched instead of the one given, which found nothing; null when none. */
      correctedKeyword: page.correctedKeyword,
      totalCount: page.totalCount,
      countCapped: page.countCapped,
      countText: countLabel(page.totalCount, page.countCapped),
      pageCount: page.pageCount,
      items: toCardProducts(page.items),
    });
  });

export const searchRoutes = new Hono()
  .use(publicCache(30))
  .get('/suggestions', validate('query', SuggestionsQuery), async (c) => {
    return c.json(await getSuggestions(await db(), c.req.valid('query').q ?? ''));
  });

export type CatalogRoutes = typeof catalogRoutes;
export type SearchRoutes = typeof searchRoutes;
