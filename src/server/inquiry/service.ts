import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { isOwnUpload } from '../storage/index.ts';
import { IMAGES_MAX, INQUIRY_PAGE_SIZE } from '../../lib/board-rules.ts';
import { answerTarget, postAnswer, type AnswerInput, type AnswerResult } from './answers.ts';
import * as repo from './repo.ts';

/**
 * 1:1 inquiries: a member asks, a manager answers, the member reads the answer (/board/inquiry,
 * /mypage/inquiry). A member only ever reaches their own: anyone else's inquiry is "not found",
 * exactly like one that does not exist.
 */

export type { InquiryTypeRow } from './repo.ts';

export interface InquiryImage {
  url: string;
  originalFileName: string;
}

export interface Inquiry extends repo.InquiryRow {
  images: InquiryImage[];
}

export interface InquiryPage {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  pageCount: number;
  items: Inquiry[];
}

export interface InquiryListQuery {
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  inquiryTypeNo?: number | undefined;
  statuses?: readonly ('ASKED' | 'ANSWERED')[] | undefined;
  /** YYYY-MM-DD, Seoul dates, inclusive. */
  startYmd?: string | undefined;
  endYmd?: string | undefined;
  keyword?: string | undefined;
  searchType?: 'ALL' | 'TITLE' | 'CONTENT' | undefined;
}

export interface InquiryInput {
  inquiryTypeNo: number;
  title: string;
  content: string;
  orderNo?: string | null | undefined;
  answerEmail: boolean;
  answerSms: boolean;
  images?: readonly InquiryImage[] | undefined;
}

const inquiryNotFound = () => appError('NOT_FOUND', '문의를 찾을 수 없습니다.');

export function listInquiryTypes(db: Db) {
  return repo.selectTypes(db);
}

/** Seoul midnight of a YYYY-MM-DD as a UTC ISO string (Seoul has no daylight saving). */
function seoulMidnight(ymd: string, addDays = 0): string {
  const t = Date.parse(`${ymd}T00:00:00+09:00`) + addDays * 86_400_000;
  return new Date(t).toISOString();
}

async function withImages(db: Db, rows: repo.InquiryRow[]): Promise<Inquiry[]> {
  const images = await repo.selectImages(
    db,
    rows.map((r) => r.inquiryNo),
  );
  return rows.map((r) => ({
    ...r,
    images: (images.get(r.inquiryNo) ?? []).map((i) => ({
      url: i.imageUrl,
      originalFileName: i.originalFileName,
    })),
  }));
}

async function page(
  db: Db,
  filter: repo.InquiryFilter,
  query: InquiryListQuery,
  waitingFirst: boolean,
): Promise<InquiryPage> {
  const pageSize = Math.min(Math.max(query.pageSize ?? INQUIRY_PAGE_SIZE, 1), 100);
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const [totalCount, rows] = await Promise.all([
    repo.countInquiries(db, filter),
    repo.selectInquiries(db, filter, { offset: (pageNumber - 1) * pageSize, limit: pageSize }, waitingFirst),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    items: await withImages(db, rows),
  };
}

function filterOf(query: InquiryListQuery): repo.InquiryFilter {
  return {
    inquiryTypeNo: query.inquiryTypeNo,
    statuses: query.statuses,
    from: query.startYmd ? seoulMidnight(query.startYmd) : undefined,
    to: query.endYmd ? seoulMidnight(query.endYmd, 1) : undefined,
    keyword: query.keyword?.trim() || undefined,
    searchType: query.searchType,
  };
}

/** The member's own inquiries, newest first. */
export function listMyInquiries(
  db: Db,
  memberNo: number,
  query: InquiryListQuery = {},
): Promise<InquiryPage> {
  return page(db, { ...filterOf(query), memberNo }, query, false);
}

/** One of the member's own inquiries, or null (also when it is someone else's). */
export async function getMyInquiry(db: Db, memberNo: number, inquiryNo: number): Promise<Inquiry | null> {
  const row = await repo.selectInquiry(db, inquiryNo);
  if (!row || row.memberNo !== memberNo) return null;
  return (await withImages(db, [row]))[0] ?? null;
}

async function checkType(db: Db, inquiryTypeNo: number): Promise<void> {
  if (!(await repo.typeExists(db, inquiryTypeNo)))
    throw appError('INVALID_INPUT', '문의 유형을 선택해 주세요.');
}

/** Photos must be the member's own uploads: no one attaches another member's files or outside URLs. */
function checkImages(memberNo: number, images: readonly InquiryImage[]): repo.InquiryImageRow[] {
  if (images.length > IMAGES_MAX)
    throw appError('INVALID_INPUT', `사진은 ${IMAGES_MAX}장까지 올릴 수 있습니다.`);
  for (const img of images) {
    if (!isOwnUpload({ kind: 'member', memberNo }, img.url))
      throw appError('INVALID_INPUT', '직접 올린 사진만 첨부할 수 있습니다.');
  }
  return images.map((i) => ({ imageUrl: i.url, originalFileName: i.originalFileName.slice(0, 255) }));
}

function fields(input: InquiryInput): repo.InquiryWrite {
  return {
    inquiryTypeNo: input.inquiryTypeNo,
    title: input.title.trim(),
    content: input.content.replace(/\r\n?/g, '\n').trim(),
    orderNo: input.orderNo?.trim() || null,
    answerEmail: input.answerEmail,
    answerSms: input.answerSms,
  };
}

export async function createInquiry(
  db: Db,
  memberNo: number,
  input: InquiryInput,
  now: Date = new Date(),
): Promise<number> {
  await checkType(db, input.inquiryTypeNo);
  const images = checkImages(memberNo, input.images ?? []);
  const tx = await db.transaction('write');
  try {
    const r = await tx.execute(repo.insertInquiryStatement(memberNo, fields(input), now.toISOString()));
    const inquiryNo = Number(r.rows[0]?.inquiry_no);
    for (const stmt of repo.replaceImagesStatements(inquiryNo, images)) await tx.execute(stmt);
    await tx.commit();
    return inquiryNo;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

/** Changes the member's own question while it has no answer (answered: 409). */
export async function updateMyInquiry(
  db: Db,
  memberNo: number,
  inquiryNo: number,
  input: InquiryInput,
  now: Date = new Date(),
): Promise<void> {
  const current = await getMyInquiry(db, memberNo, inquiryNo);
  if (!current) throw inquiryNotFound();
  if (current.status !== 'ASKED') throw appError('INQUIRY_ANSWERED');
  await checkType(db, input.inquiryTypeNo);
  const images = input.images === undefined ? null : checkImages(memberNo, input.images);
  const tx = await db.transaction('write');
  try {
    const r = await tx.execute(
      repo.updateAskedInquiryStatement(inquiryNo, memberNo, fields(input), now.toISOString()),
    );
    if (r.rowsAffected === 0) throw appError('INQUIRY_ANSWERED');
    if (images) for (const stmt of repo.replaceImagesStatements(inquiryNo, images)) await tx.execute(stmt);
    await tx.commit();
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

export async function deleteMyInquiry(db: Db, memberNo: number, inquiryNo: number): Promise<void> {
  if (!(await repo.deleteOwnInquiry(db, inquiryNo, memberNo))) throw inquiryNotFound();
}

// ------------------------------------------------------------------------------- managers

/** Every member's inquiries for the manager, waiting ones first. */
export function listInquiriesForManager(db: Db, query: InquiryListQuery = {}): Promise<InquiryPage> {
  return page(db, filterOf(query), query, true);
}

export async function getInquiryForManager(db: Db, inquiryNo: number): Promise<Inquiry | null> {
  const row = await repo.selectInquiry(db, inquiryNo);
  return row ? ((await withImages(db, [row]))[0] ?? null) : null;
}

/** 1:1 inquiries as a kind of answerable question. */
const inquiryAnswerTarget = answerTarget({
  label: '1:1 문의',
  kind: 'inquiry',
  select: repo.selectInquiry,
  subject: (row) => ({
    memberNo: row.memberNo,
    title: row.title,
    notifyEmail: row.answerEmail,
    notifySms: row.answerSms,
    readAt: '/board/inquiry',
  }),
  ...repo.answers,
});

/** A manager answers (or corrects the answer to) a 1:1 inquiry. */
export function answerInquiry(
  db: Db,
  inquiryNo: number,
  input: AnswerInput,
  now?: Date,
): Promise<AnswerResult> {
  return postAnswer(db, inquiryAnswerTarget, inquiryNo, input, now);
}
