import type { Executor } from '../db/client.ts';
import type { InStatement, Row } from '@libsql/client';
import {
  changesRows,
  containsKeyword,
  countWhere,
  nullableNumber as num,
  nullableString as str,
  selectFirst,
  selectPage,
  selectRows,
  Where,
} from '../db/sql.ts';
import type { ContentFormat } from '../content/sanitize.ts';

/** SQL of the boards, their categories, articles and article images. */

export interface BoardRow {
  boardNo: number;
  boardId: string;
  boardName: string;
  memberPosting: boolean;
  readScope: 'PUBLIC' | 'OWN';
  categoryUsed: boolean;
}

export interface CategoryRow {
  categoryNo: number;
  boardNo: number;
  label: string;
}

export interface ArticleImageRow {
  imageUrl: string;
  originalFileName: string;
}

export interface ArticleRow {
  articleNo: number;
  boardNo: number;
  categoryNo: number | null;
  categoryLabel: string;
  title: string;
  contentFormat: ContentFormat;
  /** As written: shown only to staff, in the editor. */
  contentSource: string;
  /** Sanitised HTML (sanitised when written, and again on the way out): the only form a page renders. */
  contentHtml: string;
  contentText: string;
  notice: boolean;
  registerType: 'ADMIN' | 'MEMBER';
  registerMemberNo: number | null;
  registerName: string;
  modifierMemberNo: number | null;
  modifierName: string | null;
  pageUrl: string | null;
  viewCount: number;
  displayStatus: 'DISPLAY' | 'BLIND';
  createdAt: string;
  updatedAt: string | null;
  imageCount: number;
  firstImageUrl: string | null;
}

function toBoard(r: Row): BoardRow {
  return {
    boardNo: Number(r.board_no),
    boardId: String(r.board_id),
    boardName: String(r.board_name),
    memberPosting: Number(r.member_posting) === 1,
    readScope: r.read_scope === 'OWN' ? 'OWN' : 'PUBLIC',
    categoryUsed: Number(r.category_used) === 1,
  };
}

function toArticle(r: Row): ArticleRow {
  return {
    articleNo: Number(r.article_no),
    boardNo: Number(r.board_no),
    categoryNo: num(r.category_no),
    categoryLabel: String(r.category_label ?? ''),
    title: String(r.title),
    contentFormat: String(r.content_format) as ContentFormat,
    contentSource: String(r.content_source),
    contentHtml: String(r.content_html),
    contentText: String(r.content_text),
    notice: Number(r.notice) === 1,
    registerType: r.register_type === 'MEMBER' ? 'MEMBER' : 'ADMIN',
    registerMemberNo: num(r.register_member_no),
    registerName: String(r.register_name),
    modifierMemberNo: num(r.modifier_member_no),
    modifierName: str(r.modifier_name),
    pageUrl: str(r.page_url),
    viewCount: Number(r.view_count),
    displayStatus: r.display_status === 'BLIND' ? 'BLIND' : 'DISPLAY',
    createdAt: String(r.created_at),
    updatedAt: str(r.updated_at),
    imageCount: Number(r.image_count ?? 0),
    firstImageUrl: str(r.first_image_url),
  };
}

export function selectBoard(db: Executor, boardNo: number): Promise<BoardRow | null> {
  return selectFirst(db, { sql: 'SELECT * FROM boards WHERE board_no = ?', args: [boardNo] }, toBoard);
}

export function selectCategories(db: Executor, boardNo: number): Promise<CategoryRow[]> {
  return selectRows(
    db,
    {
      sql: 'SELECT category_no, board_no, label FROM board_categories WHERE board_no = ? ORDER BY display_order, category_no',
      args: [boardNo],
    },
    (row) => ({
      categoryNo: Number(row.category_no),
      boardNo: Number(row.board_no),
      label: String(row.label),
    }),
  );
}

const ARTICLE_COLUMNS = `a.*, COALESCE(c.label, '') AS category_label,
  (SELECT COUNT(*) FROM board_article_images i WHERE i.article_no = a.article_no) AS image_count,
  (SELECT i.image_url FROM board_article_images i WHERE i.article_no = a.article_no ORDER BY i.position LIMIT 1) AS first_image_url`;
const ARTICLE_FROM = 'board_articles a LEFT JOIN board_categories c ON c.category_no = a.category_no';

export interface ArticleFilter {
  boardNo: number;
  /** Case-insensitive substring of the title and/or the content's text (or the author's name). */
  keyword?: string | undefined;
  searchType?: 'ALL' | 'TITLE' | 'CONTENT' | 'WRITER' | undefined;
  categoryNo?: number | undefined;
  /** Only this member's articles. */
  registerMemberNo?: number | undefined;
  /** Hidden (BLIND) articles too: administrators. */
  withBlind?: boolean | undefined;
}

const SEARCHED: Record<'ALL' | 'TITLE' | 'CONTENT' | 'WRITER', string[]> = {
  ALL: ['a.title', 'a.content_text'],
  TITLE: ['a.title'],
  CONTENT: ['a.content_text'],
  WRITER: ['a.register_name'],
};

function where(f: ArticleFilter): Where {
  const w = new Where('a.board_no = ?', f.boardNo);
  if (!f.withBlind) w.add("a.display_status = 'DISPLAY'");
  if (f.categoryNo !== undefined) w.add('a.category_no = ?', f.categoryNo);
  if (f.registerMemberNo !== undefined) w.add('a.register_member_no = ?', f.registerMemberNo);
  // boards hold hundreds of articles, not millions: a substring scan is enough (and matches
  // Korean words of any length, which a tokenizer would not)
  if (f.keyword)
    w.add(...containsKeyword(f.keyword.toLowerCase(), SEARCHED[f.searchType ?? 'ALL'] ?? SEARCHED.ALL));
  return w;
}

export function countArticles(db: Executor, f: ArticleFilter): Promise<number> {
  return countWhere(db, 'board_articles a', where(f));
}

/** A page of articles: pinned ones first, then newest first. */
export function selectArticles(
  db: Executor,
  f: ArticleFilter,
  page: { offset: number; limit: number },
  order: 'PINNED_NEWEST' | 'OLDEST' = 'PINNED_NEWEST',
): Promise<ArticleRow[]> {
  const orderBy = order === 'OLDEST' ? 'a.article_no ASC' : 'a.notice DESC, a.article_no DESC';
  return selectPage(
    db,
    { columns: ARTICLE_COLUMNS, from: ARTICLE_FROM, where: where(f), orderBy },
    page,
    toArticle,
  );
}

export function selectArticle(db: Executor, boardNo: number, articleNo: number): Promise<ArticleRow | null> {
  return selectFirst(
    db,
    {
      sql: `SELECT ${ARTICLE_COLUMNS} FROM ${ARTICLE_FROM} WHERE a.board_no = ? AND a.article_no = ?`,
      args: [boardNo, articleNo],
    },
    toArticle,
  );
}

export function selectArticleImages(db: Executor, articleNo: number): Promise<ArticleImageRow[]> {
  return selectRows(
    db,
    {
      sql: 'SELECT image_url, original_file_name FROM board_article_images WHERE article_no = ? ORDER BY position',
      args: [articleNo],
    },
    (row) => ({ imageUrl: String(row.image_url), originalFileName: String(row.original_file_name) }),
  );
}

export interface Neighbour {
  articleNo: number;
  title: string;
  createdAt: string;
}

/** The article written just before (`previous`) and just after (`next`) one, on the same board. */
export async function selectNeighbours(
  db: Executor,
  boardNo: number,
  articleNo: number,
): Promise<{ previous: Neighbour | null; next: Neighbour | null }> {
  const one = async (sql: string) => {
    const r = await db.execute({ sql, args: [boardNo, articleNo] });
    const row = r.rows[0];
    return row
      ? { articleNo: Number(row.article_no), title: String(row.title), createdAt: String(row.created_at) }
      : null;
  };
  const base =
    "SELECT article_no, title, created_at FROM board_articles WHERE board_no = ? AND display_status = 'DISPLAY'";
  const [previous, next] = await Promise.all([
    one(`${base} AND article_no < ? ORDER BY article_no DESC LIMIT 1`),
    one(`${base} AND article_no > ? ORDER BY article_no ASC LIMIT 1`),
  ]);
  return { previous, next };
}

export async function incrementViews(db: Executor, articleNo: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE board_articles SET view_count = view_count + 1 WHERE article_no = ?',
    args: [articleNo],
  });
}

/** What a write gives of an article (the rest is who wrote it and when). */
export type ArticleWrite = Pick<
  ArticleRow,
  | 'boardNo'
  | 'categoryNo'
  | 'title'
  | 'contentFormat'
  | 'contentSource'
  | 'contentHtml'
  | 'contentText'
  | 'notice'
  | 'pageUrl'
>;

export function insertArticleStatement(
  a: ArticleWrite & {
    registerType: 'ADMIN' | 'MEMBER';
    registerMemberNo: number;
    registerName: string;
    createdAt: string;
  },
): InStatement {
  return {
    sql: `INSERT INTO board_articles (board_no, category_no, title, content_format, content_source, content_html,
            content_text, notice, register_type, register_member_no, register_name, page_url, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING article_no`,
    args: [
      a.boardNo,
      a.categoryNo,
      a.title,
      a.contentFormat,
      a.contentSource,
      a.contentHtml,
      a.contentText,
      a.notice ? 1 : 0,
      a.registerType,
      a.registerMemberNo,
      a.registerName,
      a.pageUrl,
      a.createdAt,
    ],
  };
}

export function updateArticleStatement(
  articleNo: number,
  a: Omit<ArticleWrite, 'boardNo' | 'pageUrl'> & {
    modifierMemberNo: number;
    modifierName: string;
    updatedAt: string;
  },
): InStatement {
  return {
    sql: `UPDATE board_articles SET category_no = ?, title = ?, content_format = ?, content_source = ?, content_html = ?,
            content_text = ?, notice = ?, modifier_member_no = ?, modifier_name = ?, updated_at = ?
          WHERE article_no = ?`,
    args: [
      a.categoryNo,
      a.title,
      a.contentFormat,
      a.contentSource,
      a.contentHtml,
      a.contentText,
      a.notice ? 1 : 0,
      a.modifierMemberNo,
      a.modifierName,
      a.updatedAt,
      articleNo,
    ],
  };
}

export function replaceImagesStatements(
  articleNo: number,
  images: readonly ArticleImageRow[],
): InStatement[] {
  return [
    { sql: 'DELETE FROM board_article_images WHERE article_no = ?', args: [articleNo] },
    ...images.map((img, i) => ({
      sql: 'INSERT INTO board_article_images (article_no, position, image_url, original_file_name) VALUES (?, ?, ?, ?)',
      args: [articleNo, i + 1, img.imageUrl, img.originalFileName],
    })),
  ];
}

export function setNotice(
  db: Executor,
  boardNo: number,
  articleNo: number,
  notice: boolean,
): Promise<boolean> {
  return changesRows(db, {
    sql: 'UPDATE board_articles SET notice = ? WHERE board_no = ? AND article_no = ?',
    args: [notice ? 1 : 0, boardNo, articleNo],
  });
}

export function deleteArticle(db: Executor, boardNo: number, articleNo: number): Promise<boolean> {
  return changesRows(db, {
    sql: 'DELETE FROM board_articles WHERE board_no = ? AND article_no = ?',
    args: [boardNo, articleNo],
  });
}
