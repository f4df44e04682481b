import { Hono } from 'hono';
import { z } from 'zod';
import type { GetPageScriptsResponse } from '@shopby/shop-sdk/build/types/domain/manage';
import { db } from '../../server/db/client.ts';
import { listPageScripts } from '../../server/board/index.ts';
import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

const PageScriptsQuery = z.object({
  /** Comma list of page types (MAIN, COMMON_HEAD …); all types when absent. */
  pageTypes: z
    .string()
    .max(500)
    .optional()
    .transform((s) => [
      ...new Set(
        (s ?? '')
          .split(',')
          .map((t) => t.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z_]{1,40}$/, { error: '페이지 종류(pageTypes)가 올바르지 않습니다.' }))
        .max(20),
    ),
});

/** `/page/scripts`: the shop-wide scripts configured per page type and device (none by default). */
export const pageScriptRoutes = new Hono().get(
  '/scripts',
  publicCache(60),
  validate('query', PageScriptsQuery),
  async (c) => {
    const { pageTypes } = c.req.valid('query');
    const body: GetPageScriptsResponse = await listPageScripts(await db(), pageTypes);
    return c.json(body);
  },
);
