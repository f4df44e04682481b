import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../server/db/client.ts';
import {
  ClaimNoParam,
  PageNumber,
  PageSize,
  RejectBody,
  ShipBody,
  ShipCsvBody,
  exportOrdersForManager,
  shipFromCsv,
  approveReturn,
  rejectReturn,
  refundClaim,
  claimError,
  claimResult,
  claimsForManager,
  listOrdersForManager,
  orderForManager,
  moveOrder,
  type FulfilmentStep,
  claimSteps,
} from '../../server/claim/index.ts';

import { isCalendarYmd } from '../../lib/dates.ts';
import { OrderNoParam, orderSteps } from '../../server/order/index.ts';
import { AppError } from '../../server/platform/errors.ts';
import { PAY_TYPE_LABELS, type PayType } from '../../server/adapters/payment/index.ts';

import { CLAIM_STATUS_LABELS, type ClaimStatus } from '../../lib/order-claims.ts';
import { memberOf, noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The manager's order work (brand administrators only: 401 signed out, 403 otherwise):
 * - GET  /api/manager/orders?status=PAY_DONE,PRODUCT_PREPARE&q&payType&from&to&sort&pageNumber&pageSize
 *   (q: an order number, a phone number, or a name or product word; from/to: Seoul days)
 * - GET  /api/manager/orders/{orderNo}
 * - POST /api/manager/orders/{orderNo}/prepare | /prepare-delivery | /deliver
 * - POST /api/manager/orders/{orderNo}/ship { deliveryCompanyType, invoiceNo }
 * - GET  /api/manager/orders/export?format=csv|xlsx&(the list's filters) → a file, one row per order line
 * - POST /api/manager/orders/bulk { orderNos, step: prepare | prepare-delivery } → each order's outcome
 * - POST /api/manager/orders/shipments { csv, dryRun } (주문번호,택배사,송장번호 per row; dry run first)
 * - GET  /api/manager/claims?status=RETURN_REQUEST&pageNumber&pageSize
 * - POST /api/manager/claims/{claimNo}/approve | /reject { reason } | /refund (retry a refund owed)
 */

const YmdParam = z
  .string()
  .refine(isCalendarYmd, { error: '날짜를 2026-11-26처럼 입력해 주세요.' })
  .optional()
  .or(z.literal('').transform(() => undefined));

const ListQuery = z
  .object({
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .transform((s) => s.split(','))
        .refine((ts) => ts.every((t) => (orderSteps.REQUEST_TYPES as readonly string[]).includes(t)), {
          error: '주문 상태(status)를 확인해 주세요.',
        })
        .transform((ts) => ts as orderSteps.OrderRequestType[])
        .optional(),
    ),
    q: z.string().trim().max(50, { error: '검색어는 50자까지 입력할 수 있습니다.' }).optional(),
    payType: z
      .enum(Object.keys(PAY_TYPE_LABELS) as [PayType, ...PayType[]], {
        error: '결제 수단(payType)을 확인해 주세요.',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    from: YmdParam,
    to: YmdParam,
    dateType: z
      .enum(['ordered', 'paid'], { error: '기간 기준(dateType)은 ordered(주문일) 또는 paid(결제일)입니다.' })
      .default('ordered'),
    sort: z
      .enum(['newest', 'oldest', 'amount_desc', 'amount_asc'], { error: '정렬(sort)을 확인해 주세요.' })
      .default('newest'),
    pageNumber: PageNumber,
    pageSize: PageSize,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: '시작일이 종료일보다 늦습니다.',
    path: ['from'],
  });

const ExportQuery = ListQuery.and(
  z.object({
    format: z.enum(['csv', 'xlsx'], { error: '파일 형식(format)은 csv 또는 xlsx입니다.' }).default('csv'),
  }),
);

const BulkBody = z.object({
  orderNos: z
    .array(z.string().regex(/^\d{8,24}$/, { error: '주문번호를 확인해 주세요.' }), {
      error: '처리할 주문을 골라 주세요.',
    })
    .min(1, { error: '처리할 주문을 골라 주세요.' })
    .max(200, { error: '한 번에 200건까지 처리할 수 있습니다.' }),
  step: z.enum(['prepare', 'prepare-delivery'], { error: '처리 단계를 확인해 주세요.' }),
});

const ClaimQuery = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .transform((s) => s.split(','))
      .refine((ts) => ts.every((t) => Object.hasOwn(CLAIM_STATUS_LABELS, t)), {
        error: '처리 상태(status)를 확인해 주세요.',
      })
      .transform((ts) => ts as ClaimStatus[])
      .optional(),
  ),
  claimType: z.enum(['CANCEL', 'RETURN']).optional(),
  pageNumber: PageNumber,
  pageSize: PageSize,
});

const STEP = z.object({ step: z.enum(['prepare', 'prepare-delivery', 'deliver']) });

export const managerOrderRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', ListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await listOrdersForManager(await db(), {
        ...q,
        requestTypes: q.status,
        fromYmd: q.from,
        toYmd: q.to,
        dateBasis: q.dateType,
      }),
    );
  })
  .get('/export', validate('query', ExportQuery), async (c) => {
    const q = c.req.valid('query');
    const file = await exportOrdersForManager(
      await db(),
      { ...q, requestTypes: q.status, fromYmd: q.from, toYmd: q.to, dateBasis: q.dateType },
      q.format,
    );
    return c.body(file.body.buffer as ArrayBuffer, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
    });
  })
  .get('/:orderNo', validate('param', OrderNoParam), async (c) => {
    return c.json(await orderForManager(await db(), c.req.valid('param').orderNo));
  })
  .post('/bulk', validate('json', BulkBody), async (c) => {
    const { orderNos, step } = c.req.valid('json');
    const conn = await db();
    const results: { orderNo: string; ok: boolean; message: string | null }[] = [];
    // each order its own guarded step (and audit line): one refused order does not stop the others
    for (const orderNo of [...new Set(orderNos)]) {
      try {
        await moveOrder(conn, orderNo, step);
        results.push({ orderNo, ok: true, message: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ orderNo, ok: false, message: err.message });
      }
    }
    return c.json({ results, okCount: results.filter((r) => r.ok).length });
  })
  .post('/shipments', validate('json', ShipCsvBody), async (c) => {
    const { csv, dryRun } = c.req.valid('json');
    return c.json(await shipFromCsv(await db(), csv, dryRun));
  })
  .post('/:orderNo/ship', validate('param', OrderNoParam), validate('json', ShipBody), async (c) => {
    return c.json(await moveOrder(await db(), c.req.valid('param').orderNo, 'ship', c.req.valid('json')));
  })
  .post(
    '/:orderNo/:step{prepare|prepare-delivery|deliver}',
    validate('param', OrderNoParam.extend(STEP.shape)),
    async (c) => {
      const { orderNo, step } = c.req.valid('param');
      return c.json(await moveOrder(await db(), orderNo, step as FulfilmentStep));
    },
  );

export const managerClaimRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', ClaimQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await claimsForManager(await db(), {
        statuses: q.status,
        claimTypes: q.claimType ? [q.claimType] : undefined,
        pageNumber: q.pageNumber,
        pageSize: q.pageSize,
      }),
    );
  })
  .post('/:claimNo{[0-9]{1,15}}/approve', validate('param', ClaimNoParam), async (c) => {
    const claim = await approveReturn(await db(), memberOf(c).memberNo, c.req.valid('param').claimNo);
    return c.json(await claimResult(await db(), claim));
  })
  .post(
    '/:claimNo{[0-9]{1,15}}/reject',
    validate('param', ClaimNoParam),
    validate('json', RejectBody),
    async (c) => {
      const claim = await rejectReturn(
        await db(),
        memberOf(c).memberNo,
        c.req.valid('param').claimNo,
        c.req.valid('json').reason,
      );
      return c.json(await claimResult(await db(), claim));
    },
  )
  .post('/:claimNo{[0-9]{1,15}}/refund', validate('param', ClaimNoParam), async (c) => {
    const conn = await db();
    const { claimNo } = c.req.valid('param');
    if (!(await claimSteps.selectClaim(conn, claimNo))) throw claimError('CLAIM_NOT_FOUND');
    await refundClaim(conn, claimNo);
    return c.json(await claimResult(conn, (await claimSteps.selectClaim(conn, claimNo))!));
  });

/** For the islands' typed client (src/lib/clients/manager-orders.ts). */
export type ManagerOrderRoutes = typeof managerOrderRoutes;
export type ManagerClaimRoutes = typeof managerClaimRoutes;
