import type { InValue, Row } from '@libsql/client';
import type { ProductInquiryType } from '../../product-inquiry-rules.ts';
import type { Executor } from '../member/repo.ts';

/** SQL of product Q&A (`product_inquiries`, 0007). The author's name comes from `members`. */

export interface ProductInquiryRow {
  inquiryNo: number;
  productNo: number;
  memberNo: number;
  memberName: string;
  memberId: string | null;
  type: ProductInquiryType;
  title: string;
  content: string;
  secreted: boolean;
  answerContent: string | null;
  answeredAt: string | null;
  answerUpdatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const str = (v: unknown): string | null => (v == null ? null : String(v));

function toRow(r: Row): ProductInquiryRow {
  return {
    inquiryNo: Number(r.inquiry_no),
    productNo: Number(r.product_no),
    memberNo: Number(r.member_no),
    memberName: String(r.member_name ?? ''),
    memberId: str(r.member_id),
    type: String(r.inquiry_type) as ProductInquiryType,
    title: String(r.title),
    content: String(r.content),
    secreted: Number(r.secreted) === 1,
    answerContent: str(r.answer_content),
    answeredAt: str(r.answered_at),
    answerUpdatedAt: str(r.answer_updated_at),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

const COLUMNS = 'q.*, m.member_name, m.member_id';
const FROM = 'product_inquiries q LEFT JOIN members m ON m.member_no = q.member_no';

export interface ProductInquiryFilter {
  productNo?: number | undefined;
  memberNo?: number | undefined;
  answered?: boolean | undefined;
  /** Inclusive UTC ISO lower bound, exclusive upper bound of the question's time. */
  from?: string | undefined;
  to?: string | undefined;
  /** Lower-case words to find in the title or text. */
  keyword?: string | undefined;
}

function where(f: ProductInquiryFilter): { sql: string; args: InValue[] } {
  const parts = ['1 = 1'];
  const args: InValue[] = [];
  const add = (sql: string, ...values: InValue[]) => {
    parts.push(sql);
    args.push(...values);
  };
  if (f.productNo !== undefined) add('q.product_no = ?', f.productNo);
  if (f.memberNo !== undefined) add('q.member_no = ?', f.memberNo);
  if (f.answered !== undefined) add(f.answered ? 'q.answered_at IS NOT NULL' : 'q.answered_at IS NULL');
  if (f.from) add('q.created_at >= ?', f.from);
  if (f.to) add('q.created_at < ?', f.to);
  if (f.keyword)
    add('(instr(lower(q.title), ?) > 0 OR instr(lower(q.content), ?) > 0)', f.keyword, f.keyword);
  return { sql: parts.join(' AND '), args };
}

export async function countInquiries(db: Executor, f: ProductInquiryFilter): Promise<number> {
  const w = where(f);
  const r = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM product_inquiries q WHERE ${w.sql}`,
    args: w.args,
  });
  return Number(r.rows[0]?.n ?? 0);
}

/** Newest first; `waitingFirst` puts unanswered questions on top (the manager's list). */
export async function selectInquiries(
  db: Executor,
  f: ProductInquiryFilter,
  page: { offset: number; limit: number },
  waitingFirst = false,
): Promise<ProductInquiryRow[]> {
  const w = where(f);
  const order = waitingFirst ? '(q.answered_at IS NOT NULL), q.inquiry_no DESC' : 'q.inquiry_no DESC';
  const r = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    args: [...w.args, page.limit, page.offset],
  });
  return r.rows.map(toRow);
}

export async function selectInquiry(db: Executor, inquiryNo: number): Promise<ProductInquiryRow | null> {
  const r = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE q.inquiry_no = ?`,
    args: [inquiryNo],
  });
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export interface ProductInquiryWrite {
  type: ProductInquiryType;
  title: string;
  content: string;
  secreted: boolean;
}

export async function insertInquiry(
  db: Executor,
  productNo: number,
  memberNo: number,
  q: ProductInquiryWrite,
  now: string,
): Promise<number> {
  const r = await db.execute({
    sql: `INSERT INTO product_inquiries (product_no, member_no, inquiry_type, title, content, secreted, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING inquiry_no`,
    args: [productNo, memberNo, q.type, q.title, q.content, q.secreted ? 1 : 0, now, now],
  });
  return Number(r.rows[0]?.inquiry_no);
}

/** Changes the member's own question while it has no answer; false otherwise. */
export async function updateUnanswered(
  db: Executor,
  inquiryNo: number,
  memberNo: number,
  q: ProductInquiryWrite,
  now: string,
): Promise<boolean> {
  const r = await db.execute({
    sql: `UPDATE product_inquiries SET inquiry_type = ?, title = ?, content = ?, secreted = ?, updated_at = ?
          WHERE inquiry_no = ? AND member_no = ? AND answered_at IS NULL`,
    args: [q.type, q.title, q.content, q.secreted ? 1 : 0, now, inquiryNo, memberNo],
  });
  return r.rowsAffected > 0;
}

/** Removes the member's own question while it has no answer; false otherwise. */
export async function deleteUnanswered(db: Executor, inquiryNo: number, memberNo: number): Promise<boolean> {
  const r = await db.execute({
    sql: 'DELETE FROM product_inquiries WHERE inquiry_no = ? AND member_no = ? AND answered_at IS NULL',
    args: [inquiryNo, memberNo],
  });
  return r.rowsAffected > 0;
}

/**
 * Records (or corrects) the answer. `notifyPending`: the member has not been told about an answer
 * yet (the first answer; a correction is not announced again).
 */
export async function saveAnswer(
  db: Executor,
  inquiryNo: number,
  answer: { content: string; answeredBy: number; answeredAt: string },
): Promise<{ found: boolean; notifyPending: boolean }> {
  const r = await db.execute({
    sql: `UPDATE product_inquiries SET answer_content = ?, answered_by = ?,
            answered_at = COALESCE(answered_at, ?), answer_updated_at = ?, updated_at = ?
          WHERE inquiry_no = ? RETURNING (answer_notified_at IS NULL) AS notify_pending`,
    args: [
      answer.content,
      answer.answeredBy,
      answer.answeredAt,
      answer.answeredAt,
      answer.answeredAt,
      inquiryNo,
    ],
  });
  const row = r.rows[0];
  return { found: Boolean(row), notifyPending: Number(row?.notify_pending ?? 0) === 1 };
}

export async function markNotified(db: Executor, inquiryNo: number, at: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE product_inquiries SET answer_notified_at = ? WHERE inquiry_no = ?',
    args: [at, inquiryNo],
  });
}
