/**
 * Orders end to end at load (issue 16: ≥ 100 orders/s with two app processes): every iteration is
 * a whole order as the pages make it — order sheet → reserve → the sandbox's approval (its signed
 * webhook confirms the payment: stock, completion) → the browser's confirmation — for one of a pool
 * of as many members as workers, taken in turn, each with its own option, so the figure is the
 * shop's write path under concurrency, not one member's rows contended by every worker.
 *
 * BENCH_ORDER_WORKERS (16): concurrent workers, each a member ordering in a loop.
 */
import { joinMember, orderableLines, returnParams, type FlowBench } from './routes.ts';

const WORKERS = Number(process.env.BENCH_ORDER_WORKERS ?? 16);

const RESERVE_DETAILS = {
  orderer: { ordererName: '벤치', ordererContact1: '01012345678' },
  shippingAddress: {
    receiverName: '벤치',
    receiverZipCd: '06236',
    receiverAddress: '서울특별시 강남구 테헤란로 123',
    receiverContact1: '010-1234-5678',
  },
  payType: 'CREDIT_CARD',
  agreementTypes: ['ORDER_INFO_AGREE'],
};

export const pooledOrders: FlowBench = {
  kind: 'flow',
  name: `orders: ${WORKERS} members at once, sheet → reserve → approve → confirm`,
  unit: 'orders/s',
  workers: WORKERS,
  async setup(ctx) {
    const lines = await orderableLines(ctx);
    if (lines.length === 0) return { skip: 'no option can be ordered' };
    // one member and one option per worker; the amount is the sheet's, asked once per worker
    const buyers = await Promise.all(
      Array.from({ length: WORKERS }, async (_, i) => {
        const headers = await joinMember(
          ctx,
          `order${`${Date.now() % 1e6}`.padStart(6, '0')}${String(i).padStart(2, '0')}`,
        );
        const line = lines[i % lines.length]!;
        const products = [{ productNo: line.productNo, optionNo: line.optionNo, orderCnt: 1 }];
        const { orderSheetNo } = await ctx.call<{ orderSheetNo: string }>(
          'POST',
          '/shop-api/order-sheets',
          { products },
          headers,
        );
        const sheet = await ctx.call<{ paymentInfo: { paymentAmt: number } }>(
          'GET',
          `/shop-api/order-sheets/${orderSheetNo}`,
          undefined,
          headers,
        );
        return { headers, products, amount: sheet.paymentInfo.paymentAmt };
      }),
    );
    let turn = 0;
    return async () => {
      const { headers, products, amount } = buyers[turn++ % buyers.length]!;
      const { orderSheetNo } = await ctx.call<{ orderSheetNo: string }>(
        'POST',
        '/shop-api/order-sheets',
        { products },
        headers,
      );
      const reserve = await ctx.call<{ paymentId: string; clientReturnUrl: string }>(
        'POST',
        '/shop-api/payments/reserve',
        { orderSheetNo, ...RESERVE_DETAILS, paymentAmtForVerification: amount },
        headers,
      );
      await ctx.call('POST', `/api/payment-sandbox/payments/${reserve.paymentId}/approve`, {}, headers);
      const outcome = await ctx.call<{ result: string }>(
        'POST',
        '/shop-api/payments/confirm',
        returnParams(reserve.clientReturnUrl),
        headers,
      );
      if (outcome.result !== 'PAID') throw new Error(`order not paid: ${JSON.stringify(outcome)}`);
    };
  },
};
