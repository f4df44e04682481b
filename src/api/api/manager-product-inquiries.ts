import { Hono } from 'hono';
import { z } from 'zod';
import { AnswerContent } from '../../lib/board-rules.ts';
import { db } from '../../server/db/client.ts';
import { answerProductInquiry, listProductInquiriesForManager } from '../../server/product-inquiry/index.ts';
import { memberOf, noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { NO, PageNumber, pageSize } from '../shop-api/query-params.ts';

const ManagerProductInquiryQuery = z.object({
  status: z
    .enum(['ASKED', 'ANSWERED', 'all'], { error: '답변 상태(status)가 올바르지 않습니다.' })
    .default('ASKED'),
  pageNumber: PageNumber,
  pageSize: pageSize(100),
});
const ProductInquiryAnswerBody = z.strictObject({ answerContent: AnswerContent });

/**
 * `/manager/product-inquiries` (administrators only): every product question, secret ones
 * included, waiting ones first; answering goes through the shared answer flow.
 */
export const managerProductInquiryRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', ManagerProductInquiryQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await listProductInquiriesForManager(await db(), memberOf(c), {
        answered: q.status === 'all' ? undefined : q.status === 'ANSWERED',
        pageNumber: q.pageNumber,
        pageSize: q.pageSize ?? 20,
      }),
    );
  })
  .put(`/:inquiryNo${NO}/answer`, validate('json', ProductInquiryAnswerBody), async (c) => {
    const result = await answerProductInquiry(await db(), Number(c.req.param('inquiryNo')), {
      content: c.req.valid('json').answerContent,
      answeredBy: memberOf(c).memberNo,
    });
    return c.json(result);
  });

/** For the islands' typed client (src/lib/clients/manager-product-inquiries.ts). */
export type ManagerProductInquiryRoutes = typeof managerProductInquiryRoutes;
