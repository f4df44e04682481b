import type { Executor } from '../db/client.ts';
import type { Row } from '@libsql/client';
import {
  changesRows,
  containsKeyword,
  countWhere,
  nullableString as str,
  selectFirst,
  selectPage,
  Where,
} from '../db/sql.ts';
import { answerStore } from '../inquiry/index.ts';
import type { ProductInquiryType } from '../../lib/product-inquiry-rules.ts';

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

function where(f: ProductInquiryFilter): Where {
  const w = new Where();
  if (f.productNo !== undefined) w.add('q.product_no = ?', f.productNo);
  if (f.memberNo !== undefined) w.add('q.member_no = ?', f.memberNo);
  if (f.answered !== undefined) w.add(f.answered ? 'q.answered_at IS NOT NULL' : 'q.answered_at IS NULL');
  if (f.from) w.add('q.created_at >= ?', f.from);
  if (f.to) w.add('q.created_at < ?', f.to);
  if (f.keyword) w.add(...containsKeyword(f.keyword, ['q.title', 'q.content']));
  return w;
}

export function countInquiries(db: Executor, f: ProductInquiryFilter): Promise<number> {
  return countWhere(db, 'product_inquiries q', where(f));
}

/** Newest first; `waitingFirst` puts unanswered questions on top (the manager's list). */
export function selectInquiries(
  db: Executor,
  f: ProductInquiryFilter,
  page: { offset: number; limit: number },
  waitingFirst = false,
): Promise<ProductInquiryRow[]> {
  const orderBy = waitingFirst ? '(q.answered_at IS NOT NULL), q.inquiry_no DESC' : 'q.inquiry_no DESC';
  return selectPage(db, { columns: COLUMNS, from: FROM, where: where(f), orderBy }, page, toRow);
}

export function selectInquiry(db: Executor, inquiryNo: number): Promise<ProductInquiryRow | null> {
  return selectFirst(
    db,
    { sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE q.inquiry_no = ?`, args: [inquiryNo] },
    toRow,
  );
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
export function updateUnanswered(
  db: Executor,
  inquiryNo: number,
  memberNo: number,
  q: ProductInquiryWrite,
  now: string,
): Promise<boolean> {
  return changesRows(db, {
    sql: `UPDATE product_inquiries SET inquiry_type = ?, title = ?, content = ?, secreted = ?, updated_at = ?
          WHERE inquiry_no = ? AND member_no = ? AND answered_at IS NULL`,
    args: [q.type, q.title, q.content, q.secreted ? 1 : 0, now, inquiryNo, memberNo],
  });
}

/** Removes the member's own question while it has no answer; false otherwise. */
export function deleteUnanswered(db: Executor, inquiryNo: number, memberNo: number): Promise<boolean> {
  return changesRows(db, {
    sql: 'DELETE FROM product_inquiries WHERE inquiry_no = ? AND member_no = ? AND answered_at IS NULL',
    args: [inquiryNo, memberNo],
  });
}

/** Answers: a question keeps its first answer's time; a correction sets `answer_updated_at`. */
export const answers = answerStore('product_inquiries', (a) => ({
  sql: `answer_content = ?, answered_by = ?, answered_at = COALESCE(answered_at, ?),
        answer_updated_at = ?, updated_at = ?`,
  args: [a.content, a.answeredBy, a.answeredAt, a.answeredAt, a.answeredAt],
}));
