import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { GetBoardsBoardNoCategoriesResponse } from '@shopby/shop-sdk/build/types/domain/manage';
import {
  ArticleContent,
  ArticleTitle,
  BOARD_MAX_PAGE_SIZE,
  IMAGES_MAX,
  KEYWORD_MAX,
} from '../../lib/board-rules.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import {
  toShopbyArticleDetail,
  toShopbyArticlePage,
  createArticle,
  deleteArticle,
  getArticle,
  getBoard,
  listArticles,
  listCategories,
  updateArticle,
  type ArticleImage,
} from '../../server/board/index.ts';

import type { AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';
import { Flag, Keyword, NO, PageNumber, PositiveNo, pageSize } from './query-params.ts';

const ArticleListQuery = z.object({
  keyword: Keyword(KEYWORD_MAX),
  searchType: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() || undefined : v),
    z
      .enum(['ALL', 'TITLE', 'CONTENT', 'WRITER'], { error: '검색 조건(searchType)이 올바르지 않습니다.' })
      .optional(),
  ),
  categoryNo: PositiveNo('분류 번호'),
  pageNumber: PageNumber,
  pageSize: pageSize(BOARD_MAX_PAGE_SIZE),
  hasTotalCount: Flag,
  isMine: Flag,
});

const ImageFile = z.object({
  originalFileName: z.string().max(255).default(''),
  uploadedFileName: z.string().min(1).max(500),
});

/** Shopby's article body; the fields Podo has no use for (password, tags, secret…) are accepted and ignored. */
const ArticleBody = z.object({
  articleTitle: ArticleTitle,
  articleContent: ArticleContent,
  boardCategoryNo: z.number().int().positive().nullish(),
  images: z
    .array(ImageFile)
    .max(IMAGES_MAX, { error: `사진은 ${IMAGES_MAX}장까지 올릴 수 있습니다.` })
    .optional(),
  imageUrls: z
    .array(z.string().min(1).max(500))
    .max(IMAGES_MAX, { error: `사진은 ${IMAGES_MAX}장까지 올릴 수 있습니다.` })
    .optional(),
  /** Podo: the page the report was written on (bug reports). */
  pageUrl: z.string().max(500).nullish(),
});
type ArticleBody = z.infer<typeof ArticleBody>;

export function imagesOf(body: Pick<ArticleBody, 'images' | 'imageUrls'>): ArticleImage[] | undefined {
  if (body.images?.length)
    return body.images.map((i) => ({ url: i.uploadedFileName, originalFileName: i.originalFileName }));
  if (body.imageUrls) return body.imageUrls.map((url) => ({ url, originalFileName: '' }));
  return body.images ? [] : undefined;
}

const boardNoOf = (c: Context) => Number(c.req.param('boardNo'));
const articleNoOf = (c: Context) => Number(c.req.param('articleNo'));

/** Public boards' lists may be cached briefly; a member's own list (bug reports) never. */
const cacheFor = async (c: Context<AuthEnv>, boardNo: number) => {
  const board = await getBoard(await db(), boardNo);
  c.header(
    'Cache-Control',
    board?.readScope === 'PUBLIC' && !c.get('member') ? 'public, max-age=30' : 'private, no-store',
  );
};

/** `/boards`: notices, FAQ and bug reports in Shopby's shapes. */
export const boardRoutes = new Hono<AuthEnv>()
  .get(`/:boardNo${NO}/categories`, publicCache(60), async (c) => {
    const categories = await listCategories(await db(), boardNoOf(c));
    const body: GetBoardsBoardNoCategoriesResponse = categories.map((x) => ({
      categoryNo: x.categoryNo,
      label: x.label,
    }));
    return c.json(body);
  })
  .get(`/:boardNo${NO}/articles`, validate('query', ArticleListQuery), async (c) => {
    const boardNo = boardNoOf(c);
    const viewer = c.get('member');
    const page = await listArticles(await db(), boardNo, c.req.valid('query'), viewer);
    await cacheFor(c, boardNo);
    return c.json(toShopbyArticlePage(page, viewer));
  })
  .get(`/:boardNo${NO}/articles/:articleNo${NO}`, async (c) => {
    const viewer = c.get('member');
    const article = await getArticle(await db(), boardNoOf(c), articleNoOf(c), viewer, { countView: true });
    if (!article) throw appError('NOT_FOUND', '게시글을 찾을 수 없습니다.');
    c.header('Cache-Control', 'private, no-store');
    return c.json(toShopbyArticleDetail(article, viewer));
  })
  .post(`/:boardNo${NO}/articles`, validate('json', ArticleBody), async (c) => {
    const body = c.req.valid('json');
    const articleNo = await createArticle(await db(), boardNoOf(c), c.get('member'), {
      title: body.articleTitle,
      content: body.articleContent,
      categoryNo: body.boardCategoryNo ?? null,
      images: imagesOf(body),
      pageUrl: body.pageUrl ?? null,
    });
    return c.json({ articleNo }, 201);
  })
  .put(`/:boardNo${NO}/articles/:articleNo${NO}`, validate('json', ArticleBody), async (c) => {
    const body = c.req.valid('json');
    await updateArticle(await db(), boardNoOf(c), articleNoOf(c), c.get('member'), {
      title: body.articleTitle,
      content: body.articleContent,
      categoryNo: body.boardCategoryNo ?? null,
      images: imagesOf(body),
    });
    return c.body(null, 204);
  })
  .delete(`/:boardNo${NO}/articles/:articleNo${NO}`, async (c) => {
    await deleteArticle(await db(), boardNoOf(c), articleNoOf(c), c.get('member'));
    return c.body(null, 204);
  });

/** For the islands' typed client (src/lib/clients/boards.ts). */
export type BoardRoutes = typeof boardRoutes;
