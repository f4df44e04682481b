import { Hono } from 'hono';
import { z } from 'zod';
import { CUSTOM_ORDER_STATUSES } from '../../lib/design/api.ts';
import { parseDesign } from '../../lib/design/schema.ts';
import { db } from '../../server/db/client.ts';
import {
  counterCustomOrderDetail,
  counterCustomProducts,
  createCounterDesign,
  getCustomOrder,
  listCounterCustomOrders,
  renderPreviewPng,
  savedDesignsForCounter,
  sendCounterSaleToPod,
  syncPodStatus,
} from '../../server/design/index.ts';
import { getMember } from '../../server/member/index.ts';
import { AppError, appError } from '../../server/platform/errors.ts';
import { noStore, requireStaff, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { cashier, counterStore } from './pos-cashier.ts';

/**
 * `/api/pos/custom`: custom dampener and cushion orders taken at the counter (issue 14), for staff
 * and administrators. The customisable products with each option's template and price, a design
 * made from the customer's image (uploaded first through /api/upload into the staff member's own
 * folder), a found member's saved designs, and the store's custom orders with their production
 * status. The sale itself is POST /api/pos/sales with `designId` on the line and `customer`.
 */

const DesignBody = z.object({
  productNo: z.number({ error: '상품을 골라 주세요.' }).int().positive({ error: '상품을 골라 주세요.' }),
  optionNo: z.number({ error: '옵션을 골라 주세요.' }).int().positive({ error: '옵션을 골라 주세요.' }),
  imageUrl: z
    .string({ error: '고객 이미지를 올려 주세요.' })
    .trim()
    .min(1, { error: '고객 이미지를 올려 주세요.' })
    .max(1024, { error: '이미지 주소가 너무 깁니다.' }),
  fit: z
    .enum(['cover', 'contain'], { error: '이미지 배치(가득 채우기 또는 여백 두기)를 골라 주세요.' })
    .default('cover'),
  name: z.string().trim().max(50, { error: '디자인 이름은 50자까지 입력할 수 있습니다.' }).optional(),
});

const SavedQuery = z.object({
  productNo: z.coerce
    .number({ error: '상품을 골라 주세요.' })
    .int({ error: '상품을 골라 주세요.' })
    .positive({ error: '상품을 골라 주세요.' }),
  memberNo: z.coerce
    .number({ error: '회원 번호를 확인해 주세요.' })
    .int({ error: '회원 번호를 확인해 주세요.' })
    .positive({ error: '회원 번호를 확인해 주세요.' })
    .optional(),
});

const OrderQuery = z.object({
  saleNo: z
    .string()
    .trim()
    .regex(/^P\d{8}-\d{4,}$/, { error: '매장 판매 번호를 P20261125-0001처럼 입력해 주세요.' })
    .optional(),
  phone: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .refine((s) => /^01\d{8,9}$/.test(s), { error: '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.' })
    .optional(),
  status: z.enum(CUSTOM_ORDER_STATUSES, { error: '제작 상태를 확인해 주세요.' }).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const OrderParam = z.object({
  customOrderNo: z.coerce
    .number({ error: '제작 주문 번호를 확인해 주세요.' })
    .int({ error: '제작 주문 번호를 확인해 주세요.' })
    .positive({ error: '제작 주문 번호를 확인해 주세요.' }),
});
const PreviewParam = OrderParam.extend({
  file: z.enum(['front.png', 'back.png'], { error: '미리보기 면을 확인해 주세요.' }),
});

const notHere = () => appError('NOT_FOUND', '이 매장의 제작 주문을 찾을 수 없습니다.');

export const posCustomRoutes = new Hono<AuthEnv>()
  .use(requireStaff(), noStore(), counterStore())
  .get('/products', async (c) => c.json({ products: await counterCustomProducts(await db()) }))
  .post('/designs', validate('json', DesignBody), async (c) => {
    const who = await cashier(c);
    const design = await createCounterDesign(
      await db(),
      { storeNo: who.storeNo, staffMemberNo: who.memberNo },
      c.req.valid('json'),
    );
    return c.json({ design }, 201);
  })
  .get('/designs', validate('query', SavedQuery), async (c) => {
    const { productNo, memberNo } = c.req.valid('query');
    const who = await cashier(c);
    const conn = await db();
    if (memberNo !== undefined) {
      const member = await getMember(conn, memberNo);
      if (!member || member.memberStatus === 'WITHDRAWN') throw appError('POS_MEMBER_NOT_FOUND');
    }
    const [member, staff] = await Promise.all([
      memberNo === undefined ? [] : savedDesignsForCounter(conn, memberNo, productNo),
      savedDesignsForCounter(conn, who.memberNo, productNo),
    ]);
    return c.json({ member, staff });
  })
  .get('/orders', validate('query', OrderQuery), async (c) => {
    const who = await cashier(c);
    const q = c.req.valid('query');
    const list = await listCounterCustomOrders(await db(), who.storeNo, q);
    return c.json({ ...list, pageNumber: q.pageNumber, pageSize: q.pageSize });
  })
  .get('/orders/:customOrderNo', validate('param', OrderParam), async (c) => {
    const who = await cashier(c);
    const detail = await counterCustomOrderDetail(
      await db(),
      who.storeNo,
      c.req.valid('param').customOrderNo,
    );
    if (!detail) throw notHere();
    return c.json(detail);
  })
  .get('/orders/:customOrderNo/preview/:file', validate('param', PreviewParam), async (c) => {
    // the copy that was sold (a member's design may have been edited since)
    const who = await cashier(c);
    const { customOrderNo, file } = c.req.valid('param');
    const conn = await db();
    if (!(await counterCustomOrderDetail(conn, who.storeNo, customOrderNo))) throw notHere();
    const row = await getCustomOrder(conn, customOrderNo);
    const parsed = parseDesign(row?.document ?? '');
    if (!parsed.ok) throw new AppError(parsed.code, 422, parsed.message);
    const preview = await renderPreviewPng(parsed.document, file === 'back.png' ? 'back' : 'front');
    c.header('Content-Type', 'image/png');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(preview.png));
  })
  .post('/orders/:customOrderNo/print-service', validate('param', OrderParam), async (c) => {
    const who = await cashier(c);
    const conn = await db();
    const { customOrderNo } = c.req.valid('param');
    const before = await counterCustomOrderDetail(conn, who.storeNo, customOrderNo);
    if (!before) throw notHere();
    // never accepted: send it again (the answer is kept on the order); accepted: follow its status
    if (!before.podSentAt) await sendCounterSaleToPod(conn, before.orderNo);
    else {
      try {
        await syncPodStatus(conn, before.orderNo);
      } catch (err) {
        console.error('[podo] print service status not read', before.orderNo, err);
        throw appError('POD_UNAVAILABLE');
      }
    }
    return c.json((await counterCustomOrderDetail(conn, who.storeNo, customOrderNo))!);
  });

export type PosCustomRoutes = typeof posCustomRoutes;
