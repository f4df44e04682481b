import { Hono } from 'hono';
import { z } from 'zod';
import type { TermsKey } from '@shopby/shop-sdk/build/types/domain/manage';
import { db } from '../../server/db/client.ts';
import { currentTerms } from '../../server/member/index.ts';
import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

const GetTermsQuery = z.object({
  termsTypes: z
    .string({ error: '약관 종류(termsTypes)를 입력해 주세요.' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z0-9_]{1,60}$/, { error: '약관 종류가 올바르지 않습니다.' }))
        .min(1, { error: '약관 종류(termsTypes)를 입력해 주세요.' })
        .max(30, { error: '약관 종류는 30개까지 조회할 수 있습니다.' }),
    ),
});

/** Shopby's TermsKey plus the version's number, title and whether consent is required to join. */
export type TermsEntry = TermsKey & { termsNo: number | null; title: string; required: boolean };

/**
 * `GET /terms?termsTypes=USE,PI_COLLECTION_AND_USE_REQUIRED`: the version in force of each type,
 * keyed by the lower-case type as Shopby does. Unknown types answer `used: false`.
 */
export const termsRoutes = new Hono().get(
  '/',
  publicCache(60),
  validate('query', GetTermsQuery),
  async (c) => {
    const types = c.req.valid('query').termsTypes;
    const found = new Map((await currentTerms(await db(), types)).map((t) => [t.termsType, t]));
    const body: Record<string, TermsEntry> = {};
    for (const type of types) {
      const t = found.get(type);
      body[type.toLowerCase()] = t
        ? {
            termsNo: t.termsNo,
            title: t.title,
            contents: t.contents,
            enforcementDate: t.enforcementDate,
            used: t.used,
            required: t.required,
          }
        : { termsNo: null, title: '', contents: '', enforcementDate: '', used: false, required: false };
    }
    return c.json(body);
  },
);
