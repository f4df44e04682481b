import type { Executor } from '../db/client.ts';
import type { InStatement, Row } from '@libsql/client';
import {
  changesRows,
  containsKeyword,
  countWhere,
  nullableString as str,
  placeholders,
  selectFirst,
  selectPage,
  Where,
} from '../db/sql.ts';
import { answerStore } from './answer-sql.ts';

/** SQL of 1:1 inquiries, their types and images. */

export interface InquiryTypeRow {
  inquiryTypeNo: number;
  name: string;
  description: string;
}

export interface InquiryImageRow {
  imageUrl: string;
  originalFileName: string;
}

export interface InquiryRow {
  inquiryNo: number;
  memberNo: number;
  memberName: string;
  memberId: string | null;
  inquiryTypeNo: number;
  inquiryTypeName: string;
  inquiryTypeDescription: string;
  title: string;
  content: string;
  orderNo: string | null;
  answerEmail: boolean;
  answerSms: boolean;
  status: 'ASKED' | 'ANSWERED';
  answerContent: string | null;
  answeredBy: number | null;
  answeredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

function toInquiry(r: Row): InquiryRow {
  return {
    inquiryNo: Number(r.inquiry_no),
    memberNo: Number(r.member_no),
    memberName: String(r.member_name ?? ''),
    memberId: str(r.member_id),
    inquiryTypeNo: Number(r.inquiry_type_no),
    inquiryTypeName: String(r.type_name ?? ''),
    inquiryTypeDescription: String(r.type_description ?? ''),
    title: String(r.title),
    content: String(r.content),
    orderNo: str(r.order_no),
    answerEmail: Number(r.answer_email) === 1,
    answerSms: Number(r.answer_sms) === 1,
    status: r.status === 'ANSWERED' ? 'ANSWERED' : 'ASKED',
    answerContent: str(r.answer_content),
    answeredBy: r.answered_by == null ? null : Number(r.answered_by),
    answeredAt: str(r.answered_at),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

export async function selectTypes(db: Executor): Promise<InquiryTypeRow[]> {
  const r = await db.execute(
    'SELECT inquiry_type_no, name, description FROM inquiry_types WHERE used = 1 ORDER BY display_order, inquiry_type_no',
  );
  return r.rows.map((row) => ({
    inquiryTypeNo: Number(row.inquiry_type_no),
    name: String(row.name),
    description: String(row.description),
  }));
}

export async function typeExists(db: Executor, inquiryTypeNo: number): Promise<boolean> {
  const r = await db.execute({
    sql: 'SELECT 1 FROM inquiry_types WHERE inquiry_type_no = ? AND used = 1',
    args: [inquiryTypeNo],
  });
  return r.rows.length > 0;
}

const COLUMNS = `q.*, t.name AS type_name, t.description AS type_description, m.member_name, m.member_id`;
const FROM = `inquiries q JOIN inquiry_types t ON t.inquiry_type_no = q.inquiry_type_no
  LEFT JOIN members m ON m.member_no = q.member_no`;

export interface InquiryFilter {
  memberNo?: number | undefined;
  inquiryTypeNo?: number | undefined;
  statuses?: readonly ('ASKED' | 'ANSWERED')[] | undefined;
  /** Inclusive UTC ISO bounds of the question's time. */
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
  searchType?: 'ALL' | 'TITLE' | 'CONTENT' | undefined;
}

const SEARCHED: Record<'ALL' | 'TITLE' | 'CONTENT', string[]> = {
  ALL: ['q.title', 'q.content'],
  TITLE: ['q.title'],
  CONTENT: ['q.content'],
};

function where(f: InquiryFilter): Where {
  const w = new Where();
  if (f.memberNo !== undefined) w.add('q.member_no = ?', f.memberNo);
  if (f.inquiryTypeNo !== undefined) w.add('q.inquiry_type_no = ?', f.inquiryTypeNo);
  if (f.statuses?.length) w.add(`q.status IN (${placeholders(f.statuses)})`, ...f.statuses);
  if (f.from) w.add('q.created_at >= ?', f.from);
  if (f.to) w.add('q.created_at < ?', f.to);
  if (f.keyword)
    w.add(...containsKeyword(f.keyword.toLowerCase(), SEARCHED[f.searchType ?? 'ALL'] ?? SEARCHED.ALL));
  return w;
}

export function countInquiries(db: Executor, f: InquiryFilter): Promise<number> {
  return countWhere(db, 'inquiries q', where(f));
}

/** Newest first; `waitingFirst` puts unanswered questions on top (the manager's list). */
export function selectInquiries(
  db: Executor,
  f: InquiryFilter,
  page: { offset: number; limit: number },
  waitingFirst = false,
): Promise<InquiryRow[]> {
  const orderBy = waitingFirst
    ? "CASE q.status WHEN 'ASKED' THEN 0 ELSE 1 END, q.inquiry_no DESC"
    : 'q.inquiry_no DESC';
  return selectPage(db, { columns: COLUMNS, from: FROM, where: where(f), orderBy }, page, toInquiry);
}

export function selectInquiry(db: Executor, inquiryNo: number): Promise<InquiryRow | null> {
  return selectFirst(
    db,
    { sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE q.inquiry_no = ?`, args: [inquiryNo] },
    toInquiry,
  );
}

/** Images of several inquiries at once, by inquiry number. */
export async function selectImages(
  db: Executor,
  inquiryNos: readonly number[],
): Promise<Map<number, InquiryImageRow[]>> {
  const byNo = new Map<number, InquiryImageRow[]>();
  if (inquiryNos.length === 0) return byNo;
  const r = await db.execute({
    sql: `SELECT inquiry_no, image_url, original_file_name FROM inquiry_images
          WHERE inquiry_no IN (${placeholders(inquiryNos)}) ORDER BY inquiry_no, position`,
    args: [...inquiryNos],
  });
  for (const row of r.rows) {
    const no = Number(row.inquiry_no);
    const list = byNo.get(no) ?? [];
    list.push({ imageUrl: String(row.image_url), originalFileName: String(row.original_file_name) });
    byNo.set(no, list);
  }
  return byNo;
}

export interface InquiryWrite {
  inquiryTypeNo: number;
  title: string;
  content: string;
  orderNo: string | null;
  answerEmail: boolean;
  answerSms: boolean;
}

export function insertInquiryStatement(memberNo: number, q: InquiryWrite, now: string): InStatement {
  return {
    sql: `INSERT INTO inquiries (member_no, inquiry_type_no, title, content, order_no, answer_email, answer_sms, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING inquiry_no`,
    args: [
      memberNo,
      q.inquiryTypeNo,
      q.title,
      q.content,
      q.orderNo,
      q.answerEmail ? 1 : 0,
      q.answerSms ? 1 : 0,
      now,
      now,
    ],
  };
}

/** Changes a question while it has no answer; 0 rows when it is not the member's or was answered. */
export function updateAskedInquiryStatement(
  inquiryNo: number,
  memberNo: number,
  q: Omit<InquiryWrite, 'orderNo'>,
  now: string,
): InStatement {
  return {
    sql: `UPDATE inquiries SET inquiry_type_no = ?, title = ?, content = ?, answer_email = ?, answer_sms = ?, updated_at = ?
          WHERE inquiry_no = ? AND member_no = ? AND status = 'ASKED'`,
    args: [
      q.inquiryTypeNo,
      q.title,
      q.content,
      q.answerEmail ? 1 : 0,
      q.answerSms ? 1 : 0,
      now,
      inquiryNo,
      memberNo,
    ],
  };
}

export function replaceImagesStatements(
  inquiryNo: number,
  images: readonly InquiryImageRow[],
): InStatement[] {
  return [
    { sql: 'DELETE FROM inquiry_images WHERE inquiry_no = ?', args: [inquiryNo] },
    ...images.map((img, i) => ({
      sql: 'INSERT INTO inquiry_images (inquiry_no, position, image_url, original_file_name) VALUES (?, ?, ?, ?)',
      args: [inquiryNo, i + 1, img.imageUrl, img.originalFileName],
    })),
  ];
}

export function deleteOwnInquiry(db: Executor, inquiryNo: number, memberNo: number): Promise<boolean> {
  return changesRows(db, {
    sql: 'DELETE FROM inquiries WHERE inquiry_no = ? AND member_no = ?',
    args: [inquiryNo, memberNo],
  });
}

/** Answers: a question is answered from its first answer on, and keeps that answer's time. */
export const answers = answerStore('inquiries', (a) => ({
  sql: `status = 'ANSWERED', answer_content = ?, answered_by = ?,
        answered_at = CASE WHEN status = 'ASKED' THEN ? ELSE answered_at END, updated_at = ?`,
  args: [a.content, a.answeredBy, a.answeredAt, a.answeredAt],
}));
