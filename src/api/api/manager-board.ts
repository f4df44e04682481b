import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AnswerContent, ArticleContent, ArticleTitle } from '../../lib/board-rules.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import {
  createArticle,
  deleteArticle,
  getArticle,
  previewContent,
  setPinned,
  updateArticle,
} from '../../server/board/index.ts';
import { answerInquiry, getInquiryForManager } from '../../server/inquiry/index.ts';
import { memberOf, noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { NO } from '../shop-api/query-params.ts';

const Format = z.enum(['MARKDOWN', 'HTML', 'TEXT'], { error: '내용 형식이 올바르지 않습니다.' });

const ManagerArticleBody = z.strictObject({
  title: ArticleTitle,
  content: ArticleContent,
  contentFormat: Format.default('MARKDOWN'),
  categoryNo: z.number().int().positive().nullish(),
  notice: z.boolean().default(false),
});

const PreviewBody = z.strictObject({
  contentFormat: Format.default('MARKDOWN'),
  content: z.string().max(50_000, { error: '내용이 너무 깁니다.' }),
});

const PinBody = z.strictObject({ notice: z.boolean({ error: '고정 여부(notice)를 보내 주세요.' }) });
const AnswerBody = z.strictObject({ answerContent: AnswerContent });

const boardNoOf = (c: Context) => Number(c.req.param('boardNo'));
const articleNoOf = (c: Context) => Number(c.req.param('articleNo'));

/**
 * `/manager`: the manager's board tools (administrators only): write, edit, pin and delete
 * notices and FAQ entries; preview Markdown exactly as the server will sanitise it; answer 1:1
 * inquiries.
 */
export const managerBoardRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .post('/board/preview', validate('json', PreviewBody), (c) => {
    const { contentFormat, content } = c.req.valid('json');
    return c.json({ html: previewContent(contentFormat, content) });
  })
  .post(`/boards/:boardNo${NO}/articles`, validate('json', ManagerArticleBody), async (c) => {
    const articleNo = await createArticle(await db(), boardNoOf(c), memberOf(c), c.req.valid('json'));
    return c.json({ articleNo }, 201);
  })
  .get(`/boards/:boardNo${NO}/articles/:articleNo${NO}`, async (c) => {
    const article = await getArticle(await db(), boardNoOf(c), articleNoOf(c), memberOf(c));
    if (!article) throw appError('NOT_FOUND', '게시글을 찾을 수 없습니다.');
    return c.json(article);
  })
  .put(`/boards/:boardNo${NO}/articles/:articleNo${NO}`, validate('json', ManagerArticleBody), async (c) => {
    await updateArticle(await db(), boardNoOf(c), articleNoOf(c), memberOf(c), c.req.valid('json'));
    return c.body(null, 204);
  })
  .put(`/boards/:boardNo${NO}/articles/:articleNo${NO}/notice`, validate('json', PinBody), async (c) => {
    await setPinned(await db(), boardNoOf(c), articleNoOf(c), c.req.valid('json').notice);
    return c.body(null, 204);
  })
  .delete(`/boards/:boardNo${NO}/articles/:articleNo${NO}`, async (c) => {
    await deleteArticle(await db(), boardNoOf(c), articleNoOf(c), memberOf(c));
    return c.body(null, 204);
  })
  .get(`/inquiries/:inquiryNo${NO}`, async (c) => {
    const inquiry = await getInquiryForManager(await db(), Number(c.req.param('inquiryNo')));
    if (!inquiry) throw appError('NOT_FOUND', '문의를 찾을 수 없습니다.');
    return c.json(inquiry);
  })
  .put(`/inquiries/:inquiryNo${NO}/answer`, validate('json', AnswerBody), async (c) => {
    const result = await answerInquiry(await db(), Number(c.req.param('inquiryNo')), {
      content: c.req.valid('json').answerContent,
      answeredBy: memberOf(c).memberNo,
    });
    return c.json(result);
  });

/** For the islands' typed client (src/lib/clients/manager-board.ts). */
export type ManagerBoardRoutes = typeof managerBoardRoutes;
