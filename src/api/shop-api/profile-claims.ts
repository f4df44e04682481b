import { Hono, type Context } from 'hono';
import { db } from '../../server/db/client.ts';
import {
  ClaimFormQuery,
  ClaimListQuery,
  ClaimNoParam,
  EstimateBody,
  OptionCancelBody,
  OptionEstimateQuery,
  OptionReturnBody,
  OptionsCancelBody,
  OptionsReturnBody,
  OrderCancelBody,
  OrderOptionNoParam,
  requestReturn,
  withdrawReturn,
  type ReturnRequest,
  checkWithdraw,
  claimForm,
  claimResult,
  estimateClaim,
  listClaims,
  memberClaimResult,
  orderOfLines,
  claimError,
  cancelByMember,
  claimSteps,
} from '../../server/claim/index.ts';

import { OrderNoParam, confirmPurchase } from '../../server/order/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * Claims (cancels and returns) as in @shopby/shop-sdk's claim types (member; another member's
 * order, line or claim → 404). Deviations: decision 009.
 * - POST /profile/orders/{orderNo}/claims/cancel                  the whole order
 * - POST /profile/claims/cancel { claimedProductOptions }          some lines of one order
 * - POST /profile/claims/return { claimedProductOptions, claimImageUrls, returnAddress, … }
 * - POST /profile/claims/estimate                                  what would come back
 * - GET  /profile/claims?claimTypes&startYmd&endYmd&pageNumber&pageSize
 * - GET  /profile/claims/{claimNo}/result, /check-withdraw; PUT /profile/claims/{claimNo}/withdraw
 * - /profile/order-options/{orderOptionNo}/claims (form), /claims/estimate, /claims/cancel,
 *   /claims/return, /claims/result, /claims/withdraw, and PUT …/confirm (buy confirmation)
 */

const NO = '{[0-9]{1,15}}';
const member = () => [requireMember(), noStore()] as const;
const memberNoOf = (c: Context<AuthEnv>) => memberOf(c).memberNo;

type ReturnBody = {
  claimReasonType: string;
  claimReasonDetail: string;
  claimImageUrls: string[];
  returnWayType: 'SELLER_COLLECT' | 'BUYER_DIRECT_RETURN';
  returnAddress?: {
    receiverName: string;
    receiverZipCd: string;
    receiverAddress: string;
    receiverDetailAddress: string;
    receiverContact1: string;
    receiverContact2?: string;
    deliveryMemo: string;
  };
};

function returnRequest(body: ReturnBody, items: ReturnRequest['items']): ReturnRequest {
  const a = body.returnAddress;
  return {
    items,
    reasonType: body.claimReasonType,
    reasonDetail: body.claimReasonDetail,
    imageUrls: body.claimImageUrls,
    returnWayType: body.returnWayType,
    returnAddress: a
      ? {
          name: a.receiverName,
          contact1: a.receiverContact1.replace(/\D/g, ''),
          contact2: (a.receiverContact2 ?? '').replace(/\D/g, ''),
          zipCd: a.receiverZipCd,
          address: a.receiverAddress,
          detailAddress: a.receiverDetailAddress,
          note: a.deliveryMemo,
        }
      : null,
  };
}

const linesOf = (options: { orderProductOptionNo: number; productCnt: number }[]) =>
  options.map((o) => ({ orderOptionNo: o.orderProductOptionNo, cnt: o.productCnt }));

async function orderNoOfLine(memberNo: number, orderOptionNo: number): Promise<string> {
  return (await orderOfLines(await db(), memberNo, [{ orderOptionNo, cnt: 1 }])).orderNo;
}

export const profileClaimRoutes = new Hono<AuthEnv>()
  .get('/', ...member(), validate('query', ClaimListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await listClaims(await db(), memberNoOf(c), {
        ...q,
        claimTypes: q.claimTypes as ('CANCEL' | 'RETURN' | 'EXCHANGE')[] | undefined,
      }),
    );
  })
  .post('/cancel', ...member(), validate('json', OptionsCancelBody), async (c) => {
    const body = c.req.valid('json');
    const items = linesOf(body.claimedProductOptions);
    const order = await orderOfLines(await db(), memberNoOf(c), items);
    const claim = await cancelByMember(await db(), memberNoOf(c), {
      orderNo: order.orderNo,
      items,
      reasonType: body.claimReasonType,
      reasonDetail: body.claimReasonDetail,
    });
    return c.json(await claimResult(await db(), claim));
  })
  .post('/return', ...member(), validate('json', OptionsReturnBody), async (c) => {
    const body = c.req.valid('json');
    const items = linesOf(body.claimedProductOptions);
    const order = await orderOfLines(await db(), memberNoOf(c), items);
    const claim = await requestReturn(await db(), memberNoOf(c), order.orderNo, returnRequest(body, items));
    return c.json(await claimResult(await db(), claim));
  })
  .post('/estimate', ...member(), validate('json', EstimateBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(
      await estimateClaim(
        await db(),
        memberNoOf(c),
        body.claimType,
        linesOf(body.claimedProductOptions),
        body.claimReasonType,
      ),
    );
  })
  .get(`/:claimNo${NO}/result`, ...member(), validate('param', ClaimNoParam), async (c) => {
    return c.json(await memberClaimResult(await db(), memberNoOf(c), c.req.valid('param').claimNo));
  })
  .get(`/:claimNo${NO}/check-withdraw`, ...member(), validate('param', ClaimNoParam), async (c) => {
    return c.json(await checkWithdraw(await db(), memberNoOf(c), c.req.valid('param').claimNo));
  })
  .put(`/:claimNo${NO}/withdraw`, ...member(), validate('param', ClaimNoParam), async (c) => {
    const claim = await withdrawReturn(await db(), memberNoOf(c), c.req.valid('param').claimNo);
    return c.json(await claimResult(await db(), claim));
  });

export const profileOrderClaimRoutes = new Hono<AuthEnv>().post(
  '/:orderNo/claims/cancel',
  ...member(),
  validate('param', OrderNoParam),
  validate('json', OrderCancelBody),
  async (c) => {
    const body = c.req.valid('json');
    const claim = await cancelByMember(await db(), memberNoOf(c), {
      orderNo: c.req.valid('param').orderNo,
      reasonType: body.claimReasonType,
      reasonDetail: body.claimReasonDetail,
    });
    return c.json(await claimResult(await db(), claim));
  },
);

/** The latest claim of a line that is the member's (404 otherwise). */
async function latestClaimOfLine(memberNo: number, orderOptionNo: number): Promise<claimSteps.ClaimRow> {
  const conn = await db();
  const orderNo = await orderNoOfLine(memberNo, orderOptionNo);
  const claims = await claimSteps.selectClaimsOfOrder(conn, orderNo);
  const options = await claimSteps.selectClaimOptions(
    conn,
    claims.map((x) => x.claimNo),
  );
  const mine = claims.filter((x) =>
    options.some((o) => o.claimNo === x.claimNo && o.orderOptionNo === orderOptionNo),
  );
  const latest = mine.at(-1);
  if (!latest) throw claimError('CLAIM_NOT_FOUND');
  return latest;
}

export const profileOrderOptionClaimRoutes = new Hono<AuthEnv>()
  .get(
    `/:orderOptionNo${NO}/claims`,
    ...member(),
    validate('param', OrderOptionNoParam),
    validate('query', ClaimFormQuery),
    async (c) => {
      return c.json(
        await claimForm(
          await db(),
          memberNoOf(c),
          c.req.valid('param').orderOptionNo,
          c.req.valid('query').claimType,
        ),
      );
    },
  )
  .get(
    `/:orderOptionNo${NO}/claims/estimate`,
    ...member(),
    validate('param', OrderOptionNoParam),
    validate('query', OptionEstimateQuery),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await estimateClaim(
          await db(),
          memberNoOf(c),
          q.claimType,
          [{ orderOptionNo: c.req.valid('param').orderOptionNo, cnt: q.productCnt }],
          q.claimReasonType,
        ),
      );
    },
  )
  .post(
    `/:orderOptionNo${NO}/claims/cancel`,
    ...member(),
    validate('param', OrderOptionNoParam),
    validate('json', OptionCancelBody),
    async (c) => {
      const body = c.req.valid('json');
      const { orderOptionNo } = c.req.valid('param');
      const claim = await cancelByMember(await db(), memberNoOf(c), {
        orderNo: await orderNoOfLine(memberNoOf(c), orderOptionNo),
        items: [{ orderOptionNo, cnt: body.productCnt }],
        reasonType: body.claimReasonType,
        reasonDetail: body.claimReasonDetail,
      });
      return c.json(await claimResult(await db(), claim));
    },
  )
  .post(
    `/:orderOptionNo${NO}/claims/return`,
    ...member(),
    validate('param', OrderOptionNoParam),
    validate('json', OptionReturnBody),
    async (c) => {
      const body = c.req.valid('json');
      const { orderOptionNo } = c.req.valid('param');
      const orderNo = await orderNoOfLine(memberNoOf(c), orderOptionNo);
      const claim = await requestReturn(
        await db(),
        memberNoOf(c),
        orderNo,
        returnRequest(body, [{ orderOptionNo, cnt: body.productCnt }]),
      );
      return c.json(await claimResult(await db(), claim));
    },
  )
  .get(
    `/:orderOptionNo${NO}/claims/result`,
    ...member(),
    validate('param', OrderOptionNoParam),
    async (c) => {
      const claim = await latestClaimOfLine(memberNoOf(c), c.req.valid('param').orderOptionNo);
      return c.json(await claimResult(await db(), claim));
    },
  )
  .put(
    `/:orderOptionNo${NO}/claims/withdraw`,
    ...member(),
    validate('param', OrderOptionNoParam),
    async (c) => {
      const latest = await latestClaimOfLine(memberNoOf(c), c.req.valid('param').orderOptionNo);
      const claim = await withdrawReturn(await db(), memberNoOf(c), latest.claimNo);
      return c.json(await claimResult(await db(), claim));
    },
  )
  .put(`/:orderOptionNo${NO}/confirm`, ...member(), validate('param', OrderOptionNoParam), async (c) => {
    // Podo confirms whole orders (one status per order): the line's order is confirmed
    const orderNo = await orderNoOfLine(memberNoOf(c), c.req.valid('param').orderOptionNo);
    return c.json(await confirmPurchase(await db(), memberNoOf(c), orderNo));
  });

/** For the islands' typed client (src/lib/clients/profile-claims.ts). */
export type ProfileClaimRoutes = typeof profileClaimRoutes;
export type ProfileOrderClaimRoutes = typeof profileOrderClaimRoutes;
export type ProfileOrderOptionClaimRoutes = typeof profileOrderOptionClaimRoutes;
