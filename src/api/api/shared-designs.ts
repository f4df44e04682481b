import { Hono } from 'hono';
import { z } from 'zod';
import { DesignId } from '../../lib/design/api.ts';
import { db } from '../../server/db/client.ts';
import { hideSharedDesign, listSharedDesigns, shareDesign } from '../../server/design/index.ts';
import { memberOf, noStore, requireAdmin, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/** /shop/user's shared designs (decision 034): the public list and the owner's share switch. */

const DesignParam = z.object({ designId: DesignId }).strict();
const ShareBody = z.object({ shared: z.boolean({ message: '공유 여부를 선택해 주세요.' }) }).strict();
const HiddenBody = z.object({ hidden: z.boolean({ message: '숨김 여부를 선택해 주세요.' }) }).strict();

export const sharedDesignRoutes = new Hono<AuthEnv>()
  .get('/', async (c) => c.json({ data: await listSharedDesigns(await db()) }))
  .put(
    '/:designId',
    requireMember(),
    validate('param', DesignParam),
    validate('json', ShareBody),
    async (c) => {
      const { designId } = c.req.valid('param');
      const { shared } = c.req.valid('json');
      return c.json({ data: await shareDesign(await db(), memberOf(c).memberNo, designId, shared) });
    },
  );

/** `/api/manager/shared-designs`: every shared design with its moderation flag; hide or show one. */
export const managerSharedDesignRoutes = new Hono<AuthEnv>()
  .use('*', requireAdmin(), noStore())
  .get('/', async (c) =>
    c.json({ data: await listSharedDesigns(await db(), { withHidden: true, limit: 200 }) }),
  )
  .put('/:designId/hidden', validate('param', DesignParam), validate('json', HiddenBody), async (c) => {
    const { designId } = c.req.valid('param');
    const { hidden } = c.req.valid('json');
    return c.json({ data: await hideSharedDesign(await db(), designId, hidden) });
  });

export type SharedDesignRoutes = typeof sharedDesignRoutes;
export type ManagerSharedDesignRoutes = typeof managerSharedDesignRoutes;
