import { Hono, type Context } from 'hono';
import { db } from '../../server/db/client.ts';
import {
  AFTER_PAYMENT_FAILURES,
  type OrderOutcome,
  ConfirmParams,
  ReserveBody,
  ownerOf,
  reservePayment,
} from '../../server/order/index.ts';

import { confirmReturn } from '../../server/payment/index.ts';
import { noStore, type AuthEnv } from '../middleware/auth.ts';
import type { ShopHeaderVars } from '../middleware/shop-headers.ts';
import { validate } from '../middleware/validate.ts';

type Env = { Variables: AuthEnv['Variables'] & ShopHeaderVars };

/** An order the money moved for but that could not be completed (sold out …): 409 with the outcome. */
function answer(c: Context, outcome: OrderOutcome) {
  if (outcome.failure && AFTER_PAYMENT_FAILURES.has(outcome.failure.code)) {
    return c.json({ code: outcome.failure.code, message: outcome.failure.message, outcome }, 409);
  }
  return c.json(outcome);
}

/**
 * `/payments`:
 * - POST /payments/reserve  → { orderNo, paymentId, redirectUrl, clientParams, clientReturnUrl, payAmt, … }
 *   (the order in PAY_WAIT; amounts computed here; a different `paymentAmtForVerification`/`payAmt` → 409)
 * - GET|POST /payments/confirm  { orderNo, paymentId, amount, ts, signature } (the signed return)
 *   → the order's outcome; 409 { code, message, outcome } when paid but not completable (refunded)
 */
export const paymentRoutes = new Hono<Env>()
  .use(noStore())
  .post('/reserve', validate('json', ReserveBody), async (c) => {
    const owner = ownerOf(c.get('member'), c.get('guestToken'));
    return c.json(
      await reservePayment(await db(), owner, c.req.valid('json'), { platform: c.get('platform') ?? 'PC' }),
    );
  })
  .get('/confirm', validate('query', ConfirmParams), async (c) => {
    return answer(c, await confirmReturn(await db(), c.req.valid('query')));
  })
  .post('/confirm', validate('json', ConfirmParams), async (c) => {
    return answer(c, await confirmReturn(await db(), c.req.valid('json')));
  });

/** For the islands' typed client (src/lib/clients/payments.ts). */
export type PaymentRoutes = typeof paymentRoutes;
