import { Hono } from 'hono';
import { z } from 'zod';
import type { TermsHistory } from '@shopby/shop-sdk/build/types/domain/manage';
import { db } from '../../server/db/client.ts';
import { termsHistory } from '../../server/member/index.ts';
import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

const TermsHistoryQuery = z.object({
  termsType: z
    .string({ error: '약관 종류(termsType)를 입력해 주세요.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,60}$/, { error: '약관 종류가 올바르지 않습니다.' }),
  futureDaysToShow: z.string().optional(),
});

/**
 * `GET /terms/history?termsType=USE`: every version of a type, newest first, with Shopby's status
 * label (시행 예정, 시행 중, 이전 약관) and, beyond Shopby, the version's title. Mounted at
 * `/terms/history`, beside `/terms` (terms.ts).
 */
export const termsHistoryRoutes = new Hono().get(
  '/',
  publicCache(60),
  validate('query', TermsHistoryQuery),
  async (c) => {
    const versions = await termsHistory(await db(), c.req.valid('query').termsType);
    const body: (TermsHistory & { title: string })[] = versions.map((v) => ({
      termsNo: v.termsNo,
      title: v.title,
      enforcementDate: v.enforcementDate,
      termsEnforcementStatusLabel: v.termsEnforcementStatusLabel,
    }));
    return c.json(body);
  },
);
