/**
 * Orders end to end at load (issue 16: ≥ 100 orders/s with two app processes): every iteration is
 * a whole order as the pages make it — order sheet → reserve → the sandbox's approval (its signed
 * webhook confirms the payment: stock, completion) → the browser's confirmation — for one of a pool
 * of as many members as workers, taken in turn, each with its own option, so the figure is the
 * shop's write path under concurrency, not one member's rows contended by every worker.
 *
 * BENCH_ORDER_WORKERS (16): concurrent workers, each a member ordering in a loop.
 */
import { cpuMsOf } from './nodes.ts';
import {
  joinMember,
  orderableLines,
  returnParams,
  type BenchContext,
  type FigureBench,
  type FlowBench,
} from './routes.ts';

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
    return () => placeOrder(ctx, buyers[turn++ % buyers.length]!);
  },
};

interface Buyer {
  headers: Record<string, string>;
  products: { productNo: number; optionNo: number; orderCnt: number }[];
  amount: number;
}

const STEPS = ['order sheet', 'reserve', 'sandbox approve + webhook', 'confirm'] as const;

/** One whole order; `step(i)` is called before each of the four calls (for per-step figures). */
async function placeOrder(ctx: BenchContext, buyer: Buyer, step: (i: number) => void = () => undefined) {
  const { headers, products, amount } = buyer;
  step(0);
  const { orderSheetNo } = await ctx.call<{ orderSheetNo: string }>(
    'POST',
    '/shop-api/order-sheets',
    { products },
    headers,
  );
  step(1);
  const reserve = await ctx.call<{ paymentId: string; clientReturnUrl: string }>(
    'POST',
    '/shop-api/payments/reserve',
    { orderSheetNo, ...RESERVE_DETAILS, paymentAmtForVerification: amount },
    headers,
  );
  step(2);
  await ctx.call('POST', `/api/payment-sandbox/payments/${reserve.paymentId}/approve`, {}, headers);
  step(3);
  const outcome = await ctx.call<{ result: string }>(
    'POST',
    '/shop-api/payments/confirm',
    returnParams(reserve.clientReturnUrl),
    headers,
  );
  step(4);
  if (outcome.result !== 'PAID') throw new Error(`order not paid: ${JSON.stringify(outcome)}`);
}

/**
 * Where an order's server CPU goes: orders placed one after another (nothing else running), the
 * app processes' CPU time (from /proc, 10 ms ticks, hence many orders) summed per step.
 */
export const orderSteps: FigureBench = {
  kind: 'figure',
  name: 'orders: server CPU ms per step (one at a time)',
  async measure(ctx) {
    const pids = ctx.appPids ?? [];
    if (pids.length === 0 || cpuMsOf(pids) === undefined) return { skip: 'no /proc for the app processes' };
    const [line] = await orderableLines(ctx);
    if (!line) return { skip: 'no option can be ordered' };
    const headers = await joinMember(ctx, `steps${`${Date.now()}`.slice(-8)}`);
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
    const buyer = { headers, products, amount: sheet.paymentInfo.paymentAmt };
    for (let i = 0; i < 5; i++) await placeOrder(ctx, buyer);
    const ORDERS = Number(process.env.BENCH_ORDER_STEPS ?? 60);
    const cpu = STEPS.map(() => 0);
    const wall = STEPS.map(() => 0);
    for (let n = 0; n < ORDERS; n++) {
      let last = { cpu: cpuMsOf(pids) ?? 0, at: performance.now() };
      await placeOrder(ctx, buyer, (i) => {
        const now = { cpu: cpuMsOf(pids) ?? 0, at: performance.now() };
        if (i > 0) {
          cpu[i - 1]! += now.cpu - last.cpu;
          wall[i - 1]! += now.at - last.at;
        }
        last = now;
      });
    }
    return STEPS.map((name, i) => ({
      name: `orders: ${name}`,
      value: Math.round((cpu[i]! / ORDERS) * 100) / 100,
      unit: 'CPU ms',
      detail: `${(wall[i]! / ORDERS).toFixed(1)} ms wall, mean of ${ORDERS} orders`,
    }));
  },
};
