import {
  PRODUCT_INQUIRY_PAGE_SIZE,
  SECRET_PLACEHOLDER,
  inquiryHeadline,
  type ProductInquiryType,
} from '../../lib/product-inquiry-rules.ts';
import { ProductInquiryFields } from '../../lib/product-inquiry-schema.ts';
import { accountError } from '../auth/index.ts';
import { getProduct, searchProducts } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { answerTarget, postAnswer, type AnswerInput, type AnswerResult } from '../inquiry/index.ts';
import * as repo from './repo.ts';

/**
 * Product Q&A: members ask about a product on its page, a manager answers, everyone reads. A
 * secret question is redacted here, on the server, for everybody but its author and managers:
 * they get "비밀글입니다" and neither the question's text nor the answer's. The author may change
 * or delete a question until it is answered; after that it stays as the answer refers to it.
 * Someone else's question is "not found" to a member who tries to change it.
 */

/** Who is looking: a member (managers see every secret), or null for a visitor. */
export type Viewer = { memberNo: number; isAdmin: boolean } | null;

export interface ProductInquiryAnswerView {
  content: string;
  answeredAt: string;
  updatedAt: string;
}

export interface ProductInquiryView {
  inquiryNo: number;
  productNo: number;
  type: ProductInquiryType;
  title: string;
  content: string;
  secreted: boolean;
  /** The viewer may read the text: not secret, or the author, or a manager. */
  readable: boolean;
  mine: boolean;
  /** The author may still change or delete it (no answer yet). */
  modifiable: boolean;
  replied: boolean;
  /** The author, masked for everybody but the author and managers ("김**"). */
  registerName: string;
  memberId: string;
  createdAt: string;
  updatedAt: string;
  answer: ProductInquiryAnswerView | null;
}

export interface ProductSummary {
  productName: string;
  productNameEn: string;
  brandName: string;
  brandNameEn: string;
  imageUrl: string | undefined;
  slug: string;
}

export interface ProductInquiryPage<T = ProductInquiryView> {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  pageCount: number;
  items: T[];
}

export type ProductInquiryWithProduct = ProductInquiryView & { product: ProductSummary | null };

export interface ProductInquiryInput {
  type?: ProductInquiryType | undefined;
  title?: string | null | undefined;
  content: string;
  secreted?: boolean | undefined;
}

const inquiryNotFound = () => appError('NOT_FOUND', '상품 문의를 찾을 수 없습니다.');
const answeredAlready = (what: '수정' | '삭제') =>
  appError('INQUIRY_ANSWERED', `답변이 등록된 문의는 ${what}할 수 없습니다.`);

const maskName = (name: string) =>
  name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}` : '';
const maskId = (id: string | null) =>
  id ? `${id.slice(0, 3)}${'*'.repeat(Math.max(id.length - 3, 3))}` : '';

/** The one place a question becomes what a viewer may see. */
export function viewOf(row: repo.ProductInquiryRow, viewer: Viewer): ProductInquiryView {
  const mine = viewer !== null && viewer.memberNo === row.memberNo;
  const insider = mine || Boolean(viewer?.isAdmin);
  const readable = !row.secreted || insider;
  const replied = row.answeredAt !== null;
  return {
    inquiryNo: row.inquiryNo,
    productNo: row.productNo,
    type: row.type,
    title: readable ? row.title : SECRET_PLACEHOLDER,
    content: readable ? row.content : '',
    secreted: row.secreted,
    readable,
    mine,
    modifiable: mine && !replied,
    replied,
    registerName: insider ? row.memberName : maskName(row.memberName),
    memberId: insider ? (row.memberId ?? '') : maskId(row.memberId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    answer:
      row.answeredAt !== null && row.answerContent !== null
        ? {
            content: readable ? row.answerContent : '',
            answeredAt: row.answeredAt,
            updatedAt: row.answerUpdatedAt ?? row.answeredAt,
          }
        : null,
  };
}

function pageOf(query: { pageNumber?: number | undefined; pageSize?: number | undefined }) {
  const pageSize = Math.min(Math.max(query.pageSize ?? PRODUCT_INQUIRY_PAGE_SIZE, 1), 100);
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  return { pageSize, pageNumber, offset: (pageNumber - 1) * pageSize };
}

async function listPage(
  db: Db,
  filter: repo.ProductInquiryFilter,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined },
  waitingFirst = false,
): Promise<ProductInquiryPage<repo.ProductInquiryRow>> {
  const { pageSize, pageNumber, offset } = pageOf(query);
  const [totalCount, items] = await Promise.all([
    repo.countInquiries(db, filter),
    repo.selectInquiries(db, filter, { offset, limit: pageSize }, waitingFirst),
  ]);
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    items,
  };
}

async function mustBeShownProduct(db: Db, productNo: number): Promise<void> {
  if (!(await getProduct(db, productNo))) throw appError('NOT_FOUND', '상품을 찾을 수 없습니다.');
}

export interface ProductInquiryListQuery {
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  /** Only the viewer's own questions (Shopby's `isMyInquiries`). */
  mine?: boolean | undefined;
  /** The caller has just read the product (the product page): skip checking that it is shown. */
  productKnown?: boolean | undefined;
}

/** A product's questions, newest first, as `viewer` may see them. */
export async function listProductInquiries(
  db: Db,
  productNo: number,
  viewer: Viewer,
  query: ProductInquiryListQuery = {},
): Promise<ProductInquiryPage> {
  if (query.mine && !viewer) throw accountError('login-required');
  if (!query.productKnown) await mustBeShownProduct(db, productNo);
  const page = await listPage(db, { productNo, memberNo: query.mine ? viewer!.memberNo : undefined }, query);
  return { ...page, items: page.items.map((row) => viewOf(row, viewer)) };
}

/** Name, image and address of the products of a page of questions (those the shop still lists). */
async function productsOf(db: Db, productNos: readonly number[]): Promise<Map<number, ProductSummary>> {
  const nos = [...new Set(productNos)];
  if (nos.length === 0) return new Map();
  const found = await searchProducts(db, { includeProductNos: nos, pageSize: nos.length, soldout: true });
  return new Map(
    found.items.map((p) => [
      p.productNo,
      {
        productName: p.productName,
        productNameEn: p.productNameEn,
        brandName: p.brandName,
        brandNameEn: p.brandNameEn,
        imageUrl: p.extra.listImage?.url ?? p.listImageUrls[0],
        slug: p.extra.slug,
      },
    ]),
  );
}

async function withProducts(
  db: Db,
  page: ProductInquiryPage<repo.ProductInquiryRow>,
  viewer: Viewer,
): Promise<ProductInquiryPage<ProductInquiryWithProduct>> {
  const products = await productsOf(
    db,
    page.items.map((r) => r.productNo),
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      ...viewOf(row, viewer),
      product: products.get(row.productNo) ?? null,
    })),
  };
}

/** Seoul midnight of a YYYY-MM-DD as a UTC ISO string (Seoul has no daylight saving). */
const seoulMidnight = (ymd: string, addDays = 0) =>
  new Date(Date.parse(`${ymd}T00:00:00+09:00`) + addDays * 86_400_000).toISOString();

export interface MyProductInquiryQuery {
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  answered?: boolean | undefined;
  /** YYYY-MM-DD, Seoul dates, inclusive. */
  startYmd?: string | undefined;
  endYmd?: string | undefined;
  keyword?: string | undefined;
}

/** The member's own product questions, newest first, with their products (`/profile/product-inquiries`). */
export async function listMyProductInquiries(
  db: Db,
  member: { memberNo: number; isAdmin: boolean },
  query: MyProductInquiryQuery = {},
): Promise<ProductInquiryPage<ProductInquiryWithProduct>> {
  const page = await listPage(
    db,
    {
      memberNo: member.memberNo,
      answered: query.answered,
      from: query.startYmd ? seoulMidnight(query.startYmd) : undefined,
      to: query.endYmd ? seoulMidnight(query.endYmd, 1) : undefined,
      keyword: query.keyword?.trim().toLowerCase() || undefined,
    },
    query,
  );
  return withProducts(db, page, member);
}

function fieldsOf(input: ProductInquiryInput): repo.ProductInquiryWrite {
  const parsed = ProductInquiryFields.safeParse(input);
  if (!parsed.success)
    throw appError('INVALID_INPUT', parsed.error.issues[0]?.message ?? '문의 내용을 확인해 주세요.');
  const q = parsed.data;
  return {
    type: q.type,
    title: q.title ?? '',
    content: q.content.replace(/\r\n?/g, '\n'),
    secreted: q.secreted,
  };
}

export async function createProductInquiry(
  db: Db,
  memberNo: number,
  productNo: number,
  input: ProductInquiryInput,
  now: Date = new Date(),
): Promise<number> {
  const fields = fieldsOf(input);
  await mustBeShownProduct(db, productNo);
  return repo.insertInquiry(db, productNo, memberNo, fields, now.toISOString());
}

async function ownQuestion(db: Db, memberNo: number, inquiryNo: number): Promise<repo.ProductInquiryRow> {
  const row = await repo.selectInquiry(db, inquiryNo);
  if (!row || row.memberNo !== memberNo) throw inquiryNotFound();
  return row;
}

/** Changes the member's own question while it has no answer (answered: 409). */
export async function updateMyProductInquiry(
  db: Db,
  memberNo: number,
  inquiryNo: number,
  input: ProductInquiryInput,
  now: Date = new Date(),
): Promise<void> {
  const fields = fieldsOf(input);
  const row = await ownQuestion(db, memberNo, inquiryNo);
  if (row.answeredAt !== null) throw answeredAlready('수정');
  // the guard in the statement wins a race with a manager answering right now
  if (!(await repo.updateUnanswered(db, inquiryNo, memberNo, fields, now.toISOString())))
    throw answeredAlready('수정');
}

/** Deletes the member's own question while it has no answer (answered: 409). */
export async function deleteMyProductInquiry(db: Db, memberNo: number, inquiryNo: number): Promise<void> {
  const row = await ownQuestion(db, memberNo, inquiryNo);
  if (row.answeredAt !== null) throw answeredAlready('삭제');
  if (!(await repo.deleteUnanswered(db, inquiryNo, memberNo))) throw answeredAlready('삭제');
}

// ------------------------------------------------------------------------------- managers

/** Every product question for the manager (secrets included), waiting ones first. */
export async function listProductInquiriesForManager(
  db: Db,
  manager: { memberNo: number; isAdmin: boolean },
  query: {
    answered?: boolean | undefined;
    pageNumber?: number | undefined;
    pageSize?: number | undefined;
  } = {},
): Promise<ProductInquiryPage<ProductInquiryWithProduct>> {
  if (!manager.isAdmin) throw accountError('admin-only');
  const page = await listPage(db, { answered: query.answered }, query, true);
  return withProducts(db, page, manager);
}

/** Product questions as a kind of answerable question (the shared answer flow). */
const productInquiryAnswerTarget = answerTarget({
  label: '상품 문의',
  kind: 'product-inquiry',
  select: repo.selectInquiry,
  subject: (row) => ({
    memberNo: row.memberNo,
    title: inquiryHeadline(row.title, row.content),
    // Shopby's product Q&A has no answer alert choice: the answer shows on the product page and my page
    notifyEmail: false,
    notifySms: false,
    readAt: '/mypage/inquiry',
  }),
  ...repo.answers,
});

/** A manager answers (or corrects the answer to) a product question. */
export function answerProductInquiry(
  db: Db,
  inquiryNo: number,
  input: AnswerInput,
  now?: Date,
): Promise<AnswerResult> {
  return postAnswer(db, productInquiryAnswerTarget, inquiryNo, input, now);
}
