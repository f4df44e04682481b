import type { InStatement, InValue, Row } from '@libsql/client';
import type { Executor } from '../member/repo.ts';

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

const str = (v: unknown): string | null => (v == null ? null : String(v));

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

function where(f: InquiryFilter): { sql: string; args: InValue[] } {
  const parts: string[] = ['1 = 1'];
  const args: InValue[] = [];
  if (f.memberNo !== undefined) {
    parts.push('q.member_no = ?');
    args.push(f.memberNo);
  }
  if (f.inquiryTypeNo !== undefined) {
    parts.push('q.inquiry_type_no = ?');
    args.push(f.inquiryTypeNo);
  }
  if (f.statuses?.length) {
    parts.push(`q.status IN (${f.statuses.map(() => '?').join(', ')})`);
    args.push(...f.statuses);
  }
  if (f.from) {
    parts.push('q.created_at >= ?');
    args.push(f.from);
  }
  if (f.to) {
    parts.push('q.created_at < ?');
    args.push(f.to);
  }
  if (f.keyword) {
    const k = f.keyword.toLowerCase();
    if (f.searchType === 'TITLE') parts.push('instr(lower(q.title), ?) > 0');
    else if (f.searchType === 'CONTENT') parts.push('instr(lower(q.content), ?) > 0');
    else {
      parts.push('(instr(lower(q.title), ?) > 0 OR instr(lower(q.content), ?) > 0)');
      args.push(k);
    }
    args.push(k);
  }
  return { sql: parts.join(' AND '), args };
}

export async function countInquiries(db: Executor, f: InquiryFilter): Promise<number> {
  const w = where(f);
  const r = await db.execute({ sql: `SELECT COUNT(*) AS n FROM inquiries q WHERE ${w.sql}`, args: w.args });
  return Number(r.rows[0]?.n ?? 0);
}

/** Newest first; `waitingFirst` puts unanswered questions on top (the manager's list). */
export async function selectInquiries(
  db: Executor,
  f: InquiryFilter,
  page: { offset: number; limit: number },
  waitingFirst = false,
): Promise<InquiryRow[]> {
  const w = where(f);
  const order = waitingFirst
    ? "CASE q.status WHEN 'ASKED' THEN 0 ELSE 1 END, q.inquiry_no DESC"
    : 'q.inquiry_no DESC';
  const r = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    args: [...w.args, page.limit, page.offset],
  });
  return r.rows.map(toInquiry);
}

export async function selectInquiry(db: Executor, inquiryNo: number): Promise<InquiryRow | null> {
  const r = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE q.inquiry_no = ?`,
    args: [inquiryNo],
  });
  return r.rows[0] ? toInquiry(r.rows[0]) : null;
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
          WHERE inquiry_no IN (${inquiryNos.map(() => '?').join(', ')}) ORDER BY inquiry_no, position`,
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

export async function deleteOwnInquiry(db: Executor, inquiryNo: number, memberNo: number): Promise<boolean> {
  const r = await db.execute({
    sql: 'DELETE FROM inquiries WHERE inquiry_no = ? AND member_no = ?',
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
    sql: `UPDATE inquiries SET status = 'ANSWERED', answer_content = ?, answered_by = ?,
            answered_at = CASE WHEN status = 'ASKED' THEN ? ELSE answered_at END, updated_at = ?
          WHERE inquiry_no = ? RETURNING (answer_notified_at IS NULL) AS notify_pending`,
    args: [answer.content, answer.answeredBy, answer.answeredAt, answer.answeredAt, inquiryNo],
  });
  const row = r.rows[0];
  return { found: Boolean(row), notifyPending: Number(row?.notify_pending ?? 0) === 1 };
}

export async function markNotified(db: Executor, inquiryNo: number, at: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE inquiries SET answer_notified_at = ? WHERE inquiry_no = ?',
    args: [at, inquiryNo],
  });
}
