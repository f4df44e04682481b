import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type {
  GetInquiriesConfigurationsResponse,
  InquiriesInquiryType,
} from '@shopby/shop-sdk/build/types/domain/manage';
import {
  IMAGES_MAX,
  INQUIRY_PAGE_SIZE,
  InquiryContent,
  InquiryTitle,
  KEYWORD_MAX,
} from '../../lib/board-rules.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import {
  toShopbyInquiry,
  toShopbyInquiryPage,
  createInquiry,
  deleteMyInquiry,
  getMyInquiry,
  listInquiryTypes,
  listMyInquiries,
  updateMyInquiry,
  type InquiryInput,
} from '../../server/inquiry/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { Keyword, NO, PageNumber, PositiveNo, Ymd, pageSize } from './query-params.ts';

const STATUSES = ['ASKED', 'ANSWERED', 'ISSUED', 'IN_PROGRESS'] as const;

export const InquiryListQuery = z.object({
  pageNumber: PageNumber,
  pageSize: pageSize(100),
  hasTotalCount: z.string().optional(),
  inquiryTypeNo: PositiveNo('문의 유형'),
  inquiryStatus: z.enum(STATUSES, { error: '답변 상태(inquiryStatus)가 올바르지 않습니다.' }).optional(),
  /** Comma list of statuses. */
  inquiryStatuses: z.string().max(100).optional(),
  startYmd: Ymd,
  endYmd: Ymd,
  /** Shopby spells it `keyward`; `keyword` is taken as well. */
  keyward: Keyword(KEYWORD_MAX),
  keyword: Keyword(KEYWORD_MAX),
  searchType: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() || undefined : v),
    z.enum(['ALL', 'TITLE', 'CONTENT'], { error: '검색 조건(searchType)이 올바르지 않습니다.' }).optional(),
  ),
});

/** Shopby's ISSUED / IN_PROGRESS are Podo's ASKED (waiting for an answer). */
function statusesOf(q: z.infer<typeof InquiryListQuery>): ('ASKED' | 'ANSWERED')[] | undefined {
  const list = [q.inquiryStatus, ...(q.inquiryStatuses?.split(',') ?? [])]
    .map((s) => s?.trim().toUpperCase())
    .filter(Boolean);
  if (list.length === 0) return undefined;
  for (const s of list)
    if (!(STATUSES as readonly string[]).includes(s!))
      throw appError('INVALID_INPUT', '답변 상태(inquiryStatus)가 올바르지 않습니다.');
  return [...new Set(list.map((s) => (s === 'ANSWERED' ? 'ANSWERED' : 'ASKED')))];
}

const FileNames = z
  .array(z.string().max(500))
  .max(IMAGES_MAX, { error: `사진은 ${IMAGES_MAX}장까지 올릴 수 있습니다.` });

/** Shopby's inquiry body: `uploadedFileName` holds the URLs GET /api/upload gave out. */
const InquiryBody = z.object({
  inquiryTypeNo: z
    .number({ error: '문의 유형을 선택해 주세요.' })
    .int()
    .positive({ error: '문의 유형을 선택해 주세요.' }),
  inquiryTitle: InquiryTitle,
  inquiryContent: InquiryContent,
  originalFileName: FileNames.default([]),
  uploadedFileName: FileNames.default([]),
  answerSmsSendYn: z.boolean().default(false),
  answerEmailSendYn: z.boolean().default(false),
  orderNo: z.string().max(40).optional(),
  email: z.string().max(200).optional(),
  captcha: z.string().max(200).optional(),
  productNo: z.number().int().optional(),
});

function inputOf(body: z.infer<typeof InquiryBody>): InquiryInput {
  return {
    inquiryTypeNo: body.inquiryTypeNo,
    title: body.inquiryTitle,
    content: body.inquiryContent,
    orderNo: body.orderNo ?? null,
    answerEmail: body.answerEmailSendYn,
    answerSms: body.answerSmsSendYn,
    images: body.uploadedFileName
      .filter((u) => u.trim() !== '')
      .map((url, i) => ({ url, originalFileName: body.originalFileName[i] ?? '' })),
  };
}

const inquiryNoOf = (c: Context) => Number(c.req.param('inquiryNo'));
const notFound = () => appError('NOT_FOUND', '문의를 찾을 수 없습니다.');

/** `/inquiries`: a member's own 1:1 inquiries. Someone else's inquiry answers 404, never 403. */
export const inquiryRoutes = new Hono<AuthEnv>()
  .get('/configurations', async (c) => {
    const types = await listInquiryTypes(await db());
    const inquiryType: InquiriesInquiryType[] = types.map((t) => ({
      inquiryTypeNo: t.inquiryTypeNo,
      inquiryTypeName: t.name,
      inquiryTypeDescription: t.description,
    }));
    const body: GetInquiriesConfigurationsResponse & { inquiryType: InquiriesInquiryType[] } = {
      name: '1:1 문의',
      description: '',
      used: true,
      memberPostingUsed: true,
      guestPostingUsed: false,
      replyUsed: true,
      secretPostingUsed: false,
      attachmentUsed: true,
      emailUsed: true,
      smsUsed: true,
      answerMailTemplateUsed: true,
      answerSmsTemplateUsed: true,
      imageDisplayType: 'ATTACHMENT',
      displayType: 'INQUIRY',
      mallNo: 1,
      inquiryType,
    };
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(body);
  })
  .use(requireMember(), noStore())
  .get('/', validate('query', InquiryListQuery), async (c) => {
    const q = c.req.valid('query');
    const page = await listMyInquiries(await db(), memberOf(c).memberNo, {
      pageNumber: q.pageNumber,
      pageSize: q.pageSize ?? INQUIRY_PAGE_SIZE,
      inquiryTypeNo: q.inquiryTypeNo,
      statuses: statusesOf(q),
      startYmd: q.startYmd,
      endYmd: q.endYmd,
      keyword: q.keyward ?? q.keyword,
      searchType: q.searchType,
    });
    return c.json(toShopbyInquiryPage(page));
  })
  .post('/', validate('json', InquiryBody), async (c) => {
    const inquiryNo = await createInquiry(await db(), memberOf(c).memberNo, inputOf(c.req.valid('json')));
    return c.json({ inquiryNo }, 201);
  })
  .get(`/:inquiryNo${NO}`, async (c) => {
    const inquiry = await getMyInquiry(await db(), memberOf(c).memberNo, inquiryNoOf(c));
    if (!inquiry) throw notFound();
    return c.json(toShopbyInquiry(inquiry));
  })
  .put(`/:inquiryNo${NO}`, validate('json', InquiryBody), async (c) => {
    await updateMyInquiry(await db(), memberOf(c).memberNo, inquiryNoOf(c), inputOf(c.req.valid('json')));
    return c.body(null, 204);
  })
  .delete(`/:inquiryNo${NO}`, async (c) => {
    await deleteMyInquiry(await db(), memberOf(c).memberNo, inquiryNoOf(c));
    return c.body(null, 204);
  });

/** For the islands' typed client (src/lib/clients/inquiries.ts). */
export type InquiryRoutes = typeof inquiryRoutes;
