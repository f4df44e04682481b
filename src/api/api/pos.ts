import { Hono } from 'hono';
import { z } from 'zod';
import { declineNextCard } from '../../server/adapters/card-terminal/index.ts';
import { kakaoPay, kakaoSandbox } from '../../server/adapters/kakaopay/index.ts';
import { counterItemByCode, searchCounterItems } from '../../server/catalog/index.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import { isLive } from '../../server/platform/mode.ts';
import {
  RefundBody,
  SaleBody,
  closeShift,
  listSales,
  membersByPhone,
  openShift,
  openShiftOf,
  recordSale,
  refundSale,
  saleByNo,
  shiftReport,
  storeOf,
  won,
} from '../../server/pos/index.ts';
import { noStore, requireStaff, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { cashier, counterStore } from './pos-cashier.ts';

/**
 * The counter's API under /api/pos: point-of-sale staff and administrators (401 signed out, 403
 * for everyone else). docs/pos-api.md lists the routes. `/api/pos/kakao-sandbox` is the demo's
 * stand-in for the customer's phone (no staff session: the customer approves) and answers 404 in
 * live mode, like the card terminal simulator's switch.
 */

const OpenBody = z.object({ openingCash: won('시작 현금') });
const CloseBody = z.object({
  countedCash: won('마감 현금'),
  note: z.string().trim().max(500, { error: '마감 메모는 500자까지 쓸 수 있습니다.' }).default(''),
});
const ShiftParam = z.object({
  shiftNo: z.coerce.number().int().positive({ error: '영업 번호를 확인해 주세요.' }),
});
const SaleParam = z.object({
  saleNo: z.string().regex(/^P\d{8}-\d{4,}$/, { error: '매장 판매 번호를 확인해 주세요.' }),
});
const ItemQuery = z
  .object({
    code: z.string().trim().min(1).max(64).optional(),
    q: z.string().trim().min(1).max(50).optional(),
  })
  .refine((v) => v.code || v.q, { error: '바코드나 상품명을 입력해 주세요.' });
const MemberQuery = z.object({
  phone: z
    .string({ error: '휴대폰 번호를 입력해 주세요.' })
    .transform((s) => s.replace(/\D/g, ''))
    .refine((s) => /^01\d{8,9}$/.test(s), { error: '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.' }),
});
const SalesQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '날짜를 2026-11-25처럼 입력해 주세요.' })
    .optional(),
  saleNo: z.string().trim().max(20).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const KakaoBody = z.object({
  amount: won('카카오페이 결제 금액').min(1, { error: '결제 금액을 확인해 주세요.' }),
});
const KakaoParam = z.object({
  requestId: z.string().regex(/^KP[0-9a-f]{18}$/, { error: '결제 요청을 확인해 주세요.' }),
});

/** The demo's customer phone: approves a Kakao Pay request (no staff session); 404 in live mode. */
export const kakaoSandboxRoutes = new Hono<AuthEnv>()
  .use(async (_c, next) => {
    if (isLive() || !kakaoSandbox()) throw appError('POS_NOT_SANDBOX');
    await next();
  })
  .get('/:requestId', validate('param', KakaoParam), async (c) => {
    const request = await kakaoPay().status(c.req.valid('param').requestId);
    if (!request) throw appError('POS_NOT_SANDBOX', '결제 요청을 찾을 수 없습니다.');
    return c.json({ requestId: request.requestId, amount: request.amount, status: request.status });
  })
  .post('/:requestId/approve', validate('param', KakaoParam), async (c) => {
    const request = await kakaoSandbox()!.approve(c.req.valid('param').requestId);
    if (!request) throw appError('POS_NOT_SANDBOX', '결제 요청을 찾을 수 없습니다.');
    if (request.status !== 'APPROVED')
      throw appError('POS_KAKAO_NOT_APPROVED', '이미 끝났거나 시간이 지난 결제 요청입니다.');
    return c.json({ requestId: request.requestId, amount: request.amount, status: request.status });
  });

export const posRoutes = new Hono<AuthEnv>()
  .use(requireStaff(), noStore(), counterStore())
  .get('/me', async (c) => {
    const who = await cashier(c);
    const conn = await db();
    const [store, shift] = await Promise.all([storeOf(conn, who.storeNo), openShiftOf(conn, who.storeNo)]);
    return c.json({ cashier: who, store, shift, simulated: !isLive() });
  })
  .post('/shifts', validate('json', OpenBody), async (c) => {
    const shift = await openShift(await db(), await cashier(c), c.req.valid('json').openingCash);
    return c.json(shift, 201);
  })
  .get('/shifts/:shiftNo/report', validate('param', ShiftParam), async (c) => {
    const who = await cashier(c);
    const report = await shiftReport(await db(), c.req.valid('param').shiftNo);
    if (report.shift.storeNo !== who.storeNo) throw appError('SHIFT_NOT_FOUND');
    return c.json(report);
  })
  .post('/shifts/:shiftNo/close', validate('param', ShiftParam), validate('json', CloseBody), async (c) => {
    const { countedCash, note } = c.req.valid('json');
    return c.json(
      await closeShift(await db(), c.req.valid('param').shiftNo, await cashier(c), countedCash, note),
    );
  })
  .get('/items', validate('query', ItemQuery), async (c) => {
    const { code, q } = c.req.valid('query');
    const conn = await db();
    if (code) {
      const item = await counterItemByCode(conn, code);
      if (!item)
        throw appError(
          'POS_ITEM_NOT_FOUND',
          `등록되지 않은 바코드입니다 (${code.slice(0, 64)}). 상품명으로 찾아 주세요.`,
        );
      return c.json({ items: [item] });
    }
    return c.json({ items: await searchCounterItems(conn, q ?? '') });
  })
  .get('/members', validate('query', MemberQuery), async (c) =>
    c.json({ members: await membersByPhone(await db(), c.req.valid('query').phone) }),
  )
  .post('/sales', validate('json', SaleBody), async (c) => {
    const { sale, replay } = await recordSale(await db(), c.req.valid('json'), await cashier(c));
    return c.json({ sale, replay }, replay ? 200 : 201);
  })
  .get('/sales', validate('query', SalesQuery), async (c) => {
    const who = await cashier(c);
    return c.json(await listSales(await db(), { ...c.req.valid('query'), storeNo: who.storeNo }));
  })
  .get('/sales/:saleNo', validate('param', SaleParam), async (c) => {
    const who = await cashier(c);
    const sale = await saleByNo(await db(), c.req.valid('param').saleNo);
    if (!sale || sale.storeNo !== who.storeNo) throw appError('POS_SALE_NOT_FOUND');
    return c.json(sale);
  })
  .post('/sales/:saleNo/refunds', validate('param', SaleParam), validate('json', RefundBody), async (c) => {
    const result = await refundSale(
      await db(),
      c.req.valid('param').saleNo,
      c.req.valid('json'),
      await cashier(c),
    );
    return c.json(result, 201);
  })
  .post('/kakao', validate('json', KakaoBody), async (c) => {
    const who = await cashier(c);
    return c.json(await kakaoPay().ready(who.storeNo, c.req.valid('json').amount), 201);
  })
  .get('/kakao/:requestId', validate('param', KakaoParam), async (c) => {
    const who = await cashier(c);
    const request = await kakaoPay().status(c.req.valid('param').requestId);
    if (!request || request.storeNo !== who.storeNo)
      throw appError('POS_KAKAO_NOT_APPROVED', '결제 요청을 찾을 수 없습니다.');
    return c.json(request);
  })
  .delete('/kakao/:requestId', validate('param', KakaoParam), async (c) => {
    const who = await cashier(c);
    const requestId = c.req.valid('param').requestId;
    const request = await kakaoPay().status(requestId);
    if (!request || request.storeNo !== who.storeNo)
      throw appError('POS_KAKAO_NOT_APPROVED', '결제 요청을 찾을 수 없습니다.');
    return c.json(await kakaoPay().withdraw(requestId));
  })
  .post('/terminal-simulator/decline-next', async (c) => {
    if (isLive() || !declineNextCard()) throw appError('POS_NOT_SANDBOX');
    return c.json({ declineNext: true });
  });

export type PosRoutes = typeof posRoutes;
export type KakaoSandboxRoutes = typeof kakaoSandboxRoutes;
