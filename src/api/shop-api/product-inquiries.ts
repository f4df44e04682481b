import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { KEYWORD_MAX } from '../../lib/board-rules.ts';
import { PRODUCT_INQUIRY_PAGE_SIZE } from '../../lib/product-inquiry-rules.ts';
import { ProductInquiryFields } from '../../lib/product-inquiry-schema.ts';
import { db } from '../../server/db/client.ts';
import {
  toShopbyProductInquiryPage,
  createProductInquiry,
  deleteMyProductInquiry,
  listMyProductInquiries,
  listProductInquiries,
  updateMyProductInquiry,
} from '../../server/product-inquiry/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { Flag, Keyword, NO, PageNumber, Ymd, pageSize } from './query-params.ts';

export const ProductInquiryListQuery = z.object({
  isMyInquiries: Flag,
  hasTotalCount: Flag,
  pageNumber: PageNumber,
  pageSize: pageSize(100),
});

/** Shopby's body; `productNo`, `email`, `parentInquiryNo` and tags are accepted and not used. */
const ProductInquiryBody = ProductInquiryFields.extend({
  productNo: z.number().int().optional(),
  parentInquiryNo: z.number().int().optional(),
  email: z.string().max(200).optional(),
  tagValueNos: z
    .array(z.union([z.boolean(), z.string(), z.number()]))
    .max(20)
    .optional(),
});

export const MyProductInquiryQuery = z.object({
  hasTotalCount: Flag,
  pageNumber: PageNumber,
  pageSize: pageSize(100),
  answered: Flag,
  startYmd: Ymd,
  endYmd: Ymd,
  searchType: z
    .enum(['ALL', 'CONTENT', 'PRODUCT_NAME'], { error: '검색 조건(searchType)이 올바르지 않습니다.' })
    .optional(),
  searchKeyword: Keyword(KEYWORD_MAX),
});

const productNoOf = (c: Context) => Number(c.req.param('productNo'));
const inquiryNoOf = (c: Context) => Number(c.req.param('inquiryNo'));

/**
 * Product Q&A under `/products`: anyone reads a product's questions (secret ones redacted by the
 * service unless the viewer wrote them or is a manager); members ask, and change or delete their own
 * until answered. Answers depend on who asks, so nothing here is cached. Mounted before the
 * catalogue's `/products` routes, whose public cache must not apply here.
 */
export const productInquiryRoutes = new Hono<AuthEnv>()
  // per route: a `.use()` here would reach every /products path, the catalogue's too
  .get(`/:productNo${NO}/inquiries`, noStore(), validate('query', ProductInquiryListQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listProductInquiries(await db(), productNoOf(c), c.get('member'), {
      mine: q.isMyInquiries,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? PRODUCT_INQUIRY_PAGE_SIZE,
    });
    return c.json(toShopbyProductInquiryPage(page));
  })
  .post(
    `/:productNo${NO}/inquiries`,
    noStore(),
    requireMember(),
    validate('json', ProductInquiryBody),
    async (c) => {
      const inquiryNo = await createProductInquiry(
        await db(),
        memberOf(c).memberNo,
        productNoOf(c),
        c.req.valid('json'),
      );
      return c.json({ inquiryNo }, 201);
    },
  )
  .put(
    `/inquiries/:inquiryNo${NO}`,
    noStore(),
    requireMember(),
    validate('json', ProductInquiryBody),
    async (c) => {
      await updateMyProductInquiry(await db(), memberOf(c).memberNo, inquiryNoOf(c), c.req.valid('json'));
      return c.body(null, 204);
    },
  )
  .delete(`/inquiries/:inquiryNo${NO}`, noStore(), requireMember(), async (c) => {
    await deleteMyProductInquiry(await db(), memberOf(c).memberNo, inquiryNoOf(c));
    return c.body(null, 204);
  });

/** `/profile/product-inquiries`: the member's own product questions with their products. */
export const profileProductInquiryRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/', validate('query', MyProductInquiryQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listMyProductInquiries(await db(), memberOf(c), {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? PRODUCT_INQUIRY_PAGE_SIZE,
      answered: q.answered,
      startYmd: q.startYmd,
      endYmd: q.endYmd,
      keyword: q.searchType === 'PRODUCT_NAME' ? undefined : q.searchKeyword,
    });
    return c.json(toShopbyProductInquiryPage(page));
  });

/** For the islands' typed client (src/lib/clients/product-inquiries.ts). */
export type ProductInquiryRoutes = typeof productInquiryRoutes;
export type ProfileProductInquiryRoutes = typeof profileProductInquiryRoutes;
