import type { Db } from '../db/client.ts';
import { notFound, appError } from '../platform/errors.ts';
import { renderContent, sanitizeHtml, type ContentFormat } from '../content/sanitize.ts';
import { isOwnUpload } from '../storage/index.ts';
import { BOARD_MAX_PAGE_SIZE, IMAGES_MAX } from '../../lib/board-rules.ts';
import * as repo from './repo.ts';

/**
 * The support board: notices, FAQ entries and bug reports. Staff write rich text (Markdown or
 * HTML) that is sanitised when written; members write plain text. Pages render `contentHtml`
 * only, sanitised once more on the way out so that rows written any other way (migrations, SQL
 * by hand) are just as inert.
 */

export type { BoardRow, CategoryRow, Neighbour } from './repo.ts';

/** Who is looking or writing: a signed-in member (AuthMember fits), or nobody. */
export interface BoardViewer {
  memberNo: number;
  memberName: string;
  isAdmin: boolean;
}

export interface ArticleImage {
  url: string;
  originalFileName: string;
}

/** An article as pages get it: the row, its `contentHtml` sanitised once more on the way out. */
export type Article = repo.ArticleRow;

export interface ArticleDetail extends Article {
  images: ArticleImage[];
}

export interface ArticleQuery {
  keyword?: string | undefined;
  searchType?: 'ALL' | 'TITLE' | 'CONTENT' | 'WRITER' | undefined;
  categoryNo?: number | undefined;
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  /** Only the viewer's own articles. */
  isMine?: boolean | undefined;
  /** Oldest first instead of pinned-then-newest (the FAQ reads top to bottom). */
  order?: 'PINNED_NEWEST' | 'OLDEST' | undefined;
}

export interface ArticlePage {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  pageCount: number;
  items: Article[];
}

const loginRequired = () => appError('login-required');
const boardNotFound = () => notFound('게시판');
const articleNotFound = () => appError('NOT_FOUND', '게시글을 찾을 수 없습니다.');

function present(row: repo.ArticleRow): Article {
  return { ...row, contentHtml: sanitizeHtml(row.contentHtml) };
}

export async function getBoard(db: Db, boardNo: number): Promise<repo.BoardRow | null> {
  return repo.selectBoard(db, boardNo);
}

async function requireBoard(db: Db, boardNo: number): Promise<repo.BoardRow> {
  const board = await repo.selectBoard(db, boardNo);
  if (!board) throw boardNotFound();
  return board;
}

export async function listCategories(db: Db, boardNo: number): Promise<repo.CategoryRow[]> {
  await requireBoard(db, boardNo);
  return repo.selectCategories(db, boardNo);
}

/**
 * A page of a board. Public boards show every displayed article; on a board of own articles (bug
 * reports) a member sees their own and an administrator everything.
 */
export async function listArticles(
  db: Db,
  boardNo: number,
  query: ArticleQuery,
  viewer: BoardViewer | null,
): Promise<ArticlePage> {
  const board = await requireBoard(db, boardNo);
  const pageSize = Math.min(Math.max(query.pageSize ?? 10, 1), BOARD_MAX_PAGE_SIZE);
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  let registerMemberNo: number | undefined;
  if (query.isMine || (board.readScope === 'OWN' && !viewer?.isAdmin)) {
    if (!viewer) throw loginRequired();
    registerMemberNo = viewer.memberNo;
  }
  const filter: repo.ArticleFilter = {
    boardNo,
    keyword: query.keyword?.trim() || undefined,
    searchType: query.searchType,
    categoryNo: query.categoryNo,
    registerMemberNo,
    withBlind: viewer?.isAdmin === true,
  };
  const [totalCount, rows] = await Promise.all([
    repo.countArticles(db, filter),
    repo.selectArticles(db, filter, { offset: (pageNumber - 1) * pageSize, limit: pageSize }, query.order),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    items: rows.map(present),
  };
}

function canRead(board: repo.BoardRow, row: repo.ArticleRow, viewer: BoardViewer | null): boolean {
  if (viewer?.isAdmin) return true;
  if (row.displayStatus !== 'DISPLAY') return false;
  return board.readScope === 'PUBLIC' || (viewer !== null && row.registerMemberNo === viewer.memberNo);
}

/**
 * One article, or null when it does not exist or the viewer may not see it (the same answer
 * either way, so nobody learns that someone else's report exists). Counts a view when asked.
 */
export async function getArticle(
  db: Db,
  boardNo: number,
  articleNo: number,
  viewer: BoardViewer | null,
  options: { countView?: boolean } = {},
): Promise<ArticleDetail | null> {
  const board = await repo.selectBoard(db, boardNo);
  if (!board) return null;
  const row = await repo.selectArticle(db, boardNo, articleNo);
  if (!row || !canRead(board, row, viewer)) return null;
  if (options.countView) {
    await repo.incrementViews(db, articleNo);
    row.viewCount += 1;
  }
  const images = await repo.selectArticleImages(db, articleNo);
  return {
    ...present(row),
    images: images.map((i) => ({ url: i.imageUrl, originalFileName: i.originalFileName })),
  };
}

/** The articles before and after one (notice detail's 이전 글 / 다음 글), public boards only. */
export async function neighbours(db: Db, boardNo: number, articleNo: number) {
  return repo.selectNeighbours(db, boardNo, articleNo);
}

export interface ArticleInput {
  title: string;
  content: string;
  /** Staff only; members always write TEXT. */
  contentFormat?: ContentFormat | undefined;
  categoryNo?: number | null | undefined;
  /** Pinned; staff only. */
  notice?: boolean | undefined;
  images?: readonly ArticleImage[] | undefined;
  /** Where the author was (bug reports); a same-site path. */
  pageUrl?: string | null | undefined;
}

async function checkCategory(
  db: Db,
  board: repo.BoardRow,
  categoryNo: number | null | undefined,
): Promise<number | null> {
  if (categoryNo == null) return null;
  const categories = await repo.selectCategories(db, board.boardNo);
  if (!categories.some((c) => c.categoryNo === categoryNo)) {
    throw appError('INVALID_INPUT', '게시판에 없는 분류입니다.');
  }
  return categoryNo;
}

function checkImages(
  author: BoardViewer,
  images: readonly ArticleImage[] | undefined,
): repo.ArticleImageRow[] {
  const list = images ?? [];
  if (list.length > IMAGES_MAX)
    throw appError('INVALID_INPUT', `사진은 ${IMAGES_MAX}장까지 올릴 수 있습니다.`);
  for (const img of list) {
    // staff may show any of the shop's uploads; members only their own
    if (!author.isAdmin && !isOwnUpload({ kind: 'member', memberNo: author.memberNo }, img.url)) {
      throw appError('INVALID_INPUT', '직접 올린 사진만 첨부할 수 있습니다.');
    }
  }
  return list.map((i) => ({ imageUrl: i.url, originalFileName: i.originalFileName.slice(0, 255) }));
}

/** A same-site path only: one leading `/`, no `//` or backslash (browsers read `/\x` as `//x`). */
function cleanPageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]{0,499}$/.test(url) ? url : null;
}

async function prepare(db: Db, board: repo.BoardRow, author: BoardViewer, input: ArticleInput) {
  const contentFormat: ContentFormat = author.isAdmin ? (input.contentFormat ?? 'HTML') : 'TEXT';
  const rendered = renderContent(contentFormat, input.content);
  if (rendered.text === '' && !rendered.html.includes('<img')) {
    throw appError('INVALID_INPUT', '내용을 입력해 주세요.');
  }
  if (board.categoryUsed && board.boardId === 'faq' && input.categoryNo == null) {
    throw appError('INVALID_INPUT', '분류를 선택해 주세요.');
  }
  return {
    categoryNo: await checkCategory(db, board, input.categoryNo),
    title: input.title.trim(),
    contentFormat,
    contentSource: contentFormat === 'HTML' ? rendered.html : input.content,
    contentHtml: rendered.html,
    contentText: rendered.text,
    notice: author.isAdmin && input.notice === true,
  };
}

function requireWriter(board: repo.BoardRow, author: BoardViewer | null): asserts author is BoardViewer {
  if (!author) throw loginRequired();
  if (!author.isAdmin && !board.memberPosting) {
    throw appError('admin-only', '관리자만 글을 쓸 수 있는 게시판입니다.');
  }
}

/** Writes an article. Administrators write to every board; members where the board allows it. */
export async function createArticle(
  db: Db,
  boardNo: number,
  author: BoardViewer | null,
  input: ArticleInput,
  now: Date = new Date(),
): Promise<number> {
  const board = await requireBoard(db, boardNo);
  requireWriter(board, author);
  const fields = await prepare(db, board, author, input);
  const images = checkImages(author, input.images);
  const tx = await db.transaction('write');
  try {
    const r = await tx.execute(
      repo.insertArticleStatement({
        ...fields,
        boardNo,
        pageUrl: cleanPageUrl(input.pageUrl),
        registerType: author.isAdmin ? 'ADMIN' : 'MEMBER',
        registerMemberNo: author.memberNo,
        registerName: author.memberName,
        createdAt: now.toISOString(),
      }),
    );
    const articleNo = Number(r.rows[0]?.article_no);
    for (const stmt of repo.replaceImagesStatements(articleNo, images)) await tx.execute(stmt);
    await tx.commit();
    return articleNo;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

/** The article, when `actor` may change it (its author, or an administrator); else 404. */
async function editable(db: Db, boardNo: number, articleNo: number, actor: BoardViewer | null) {
  if (!actor) throw loginRequired();
  const board = await requireBoard(db, boardNo);
  const row = await repo.selectArticle(db, boardNo, articleNo);
  if (!row || !(actor.isAdmin || (row.registerMemberNo === actor.memberNo && canRead(board, row, actor)))) {
    throw articleNotFound();
  }
  return { board, row, actor };
}

export async function updateArticle(
  db: Db,
  boardNo: number,
  articleNo: number,
  actor: BoardViewer | null,
  input: ArticleInput,
  now: Date = new Date(),
): Promise<void> {
  const { board, row, actor: who } = await editable(db, boardNo, articleNo, actor);
  const fields = await prepare(db, board, who, { ...input, notice: input.notice ?? row.notice });
  const images = input.images === undefined ? null : checkImages(who, input.images);
  const statements = [
    repo.updateArticleStatement(articleNo, {
      ...fields,
      modifierMemberNo: who.memberNo,
      modifierName: who.memberName,
      updatedAt: now.toISOString(),
    }),
    ...(images ? repo.replaceImagesStatements(articleNo, images) : []),
  ];
  await db.batch(statements, 'write');
}

/** Pins an article above the others, or unpins it (administrators). */
export async function setPinned(db: Db, boardNo: number, articleNo: number, pinned: boolean): Promise<void> {
  if (!(await repo.setNotice(db, boardNo, articleNo, pinned))) throw articleNotFound();
}

export async function deleteArticle(
  db: Db,
  boardNo: number,
  articleNo: number,
  actor: BoardViewer | null,
): Promise<void> {
  await editable(db, boardNo, articleNo, actor);
  await repo.deleteArticle(db, boardNo, articleNo);
}

/** Markdown or HTML as the page will show it (the manager's preview). */
export function previewContent(format: ContentFormat, content: string): string {
  return renderContent(format, content).html;
}
