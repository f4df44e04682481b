import type { InStatement, InValue, Row } from '@libsql/client';
import type { Executor } from '../member/repo.ts';
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
  contentSource: string;
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

const str = (v: unknown): string | null => (v == null ? null : String(v));
const num = (v: unknown): number | null => (v == null ? null : Number(v));

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

export async function selectBoard(db: Executor, boardNo: number): Promise<BoardRow | null> {
  const r = await db.execute({ sql: 'SELECT * FROM boards WHERE board_no = ?', args: [boardNo] });
  return r.rows[0] ? toBoard(r.rows[0]) : null;
}

export async function selectCategories(db: Executor, boardNo: number): Promise<CategoryRow[]> {
  const r = await db.execute({
    sql: 'SELECT category_no, board_no, label FROM board_categories WHERE board_no = ? ORDER BY display_order, category_no',
    args: [boardNo],
  });
  return r.rows.map((row) => ({
    categoryNo: Number(row.category_no),
    boardNo: Number(row.board_no),
    label: String(row.label),
  }));
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

function where(f: ArticleFilter): { sql: string; args: InValue[] } {
  const parts = ['a.board_no = ?'];
  const args: InValue[] = [f.boardNo];
  if (!f.withBlind) parts.push("a.display_status = 'DISPLAY'");
  if (f.categoryNo !== undefined) {
    parts.push('a.category_no = ?');
    args.push(f.categoryNo);
  }
  if (f.registerMemberNo !== undefined) {
    parts.push('a.register_member_no = ?');
    args.push(f.registerMemberNo);
  }
  if (f.keyword) {
    // boards hold hundreds of articles, not millions: a substring scan is enough (and matches
    // Korean words of any length, which a tokenizer would not)
    const k = f.keyword.toLowerCase();
    const title = 'instr(lower(a.title), ?) > 0';
    const content = 'instr(lower(a.content_text), ?) > 0';
    if (f.searchType === 'TITLE') parts.push(title);
    else if (f.searchType === 'CONTENT') parts.push(content);
    else if (f.searchType === 'WRITER') parts.push('instr(lower(a.register_name), ?) > 0');
    else parts.push(`(${title} OR ${content})`);
    args.push(k);
    if (!f.searchType || f.searchType === 'ALL') args.push(k);
  }
  return { sql: parts.join(' AND '), args };
}

export async function countArticles(db: Executor, f: ArticleFilter): Promise<number> {
  const w = where(f);
  const r = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM board_articles a WHERE ${w.sql}`,
    args: w.args,
  });
  return Number(r.rows[0]?.n ?? 0);
}

/** A page of articles: pinned ones first, then newest first. */
export async function selectArticles(
  db: Executor,
  f: ArticleFilter,
  page: { offset: number; limit: number },
  order: 'PINNED_NEWEST' | 'OLDEST' = 'PINNED_NEWEST',
): Promise<ArticleRow[]> {
  const w = where(f);
  const orderBy = order === 'OLDEST' ? 'a.article_no ASC' : 'a.notice DESC, a.article_no DESC';
  const r = await db.execute({
    sql: `SELECT ${ARTICLE_COLUMNS} FROM ${ARTICLE_FROM} WHERE ${w.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    args: [...w.args, page.limit, page.offset],
  });
  return r.rows.map(toArticle);
}

export async function selectArticle(
  db: Executor,
  boardNo: number,
  articleNo: number,
): Promise<ArticleRow | null> {
  const r = await db.execute({
    sql: `SELECT ${ARTICLE_COLUMNS} FROM ${ARTICLE_FROM} WHERE a.board_no = ? AND a.article_no = ?`,
    args: [boardNo, articleNo],
  });
  return r.rows[0] ? toArticle(r.rows[0]) : null;
}

export async function selectArticleImages(db: Executor, articleNo: number): Promise<ArticleImageRow[]> {
  const r = await db.execute({
    sql: 'SELECT image_url, original_file_name FROM board_article_images WHERE article_no = ? ORDER BY position',
    args: [articleNo],
  });
  return r.rows.map((row) => ({
    imageUrl: String(row.image_url),
    originalFileName: String(row.original_file_name),
  }));
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

export interface ArticleWrite {
  boardNo: number;
  categoryNo: number | null;
  title: string;
  contentFormat: ContentFormat;
  contentSource: string;
  contentHtml: string;
  contentText: string;
  notice: boolean;
  pageUrl: string | null;
}

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

export async function setNotice(
  db: Executor,
  boardNo: number,
  articleNo: number,
  notice: boolean,
): Promise<boolean> {
  const r = await db.execute({
    sql: 'UPDATE board_articles SET notice = ? WHERE board_no = ? AND article_no = ?',
    args: [notice ? 1 : 0, boardNo, articleNo],
  });
  return r.rowsAffected > 0;
}

export async function deleteArticle(db: Executor, boardNo: number, articleNo: number): Promise<boolean> {
  const r = await db.execute({
    sql: 'DELETE FROM board_articles WHERE board_no = ? AND article_no = ?',
    args: [boardNo, articleNo],
  });
  return r.rowsAffected > 0;
}
