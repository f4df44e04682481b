import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import { accumulationLedger, accumulationSummary, PageQuery } from '../../server/promotion/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/profile/accumulations` (member): the points ledger and balance.
 * - GET /profile/accumulations?pageNumber&pageSize → { memberNo, totalAmt, totalCount, items }
 * - GET /profile/accumulations/summary              → { totalAvailableAmt, totalExpireAmt }
 */
export const accumulationRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/', validate('query', PageQuery), async (c) => {
    return c.json(await accumulationLedger(await db(), memberOf(c).memberNo, c.req.valid('query')));
  })
  .get('/summary', async (c) => {
    return c.json(await accumulationSummary(await db(), memberOf(c).memberNo));
  });
