import { josa } from 'es-hangul';
import { z } from 'zod';

/**
 * Query-string fields shared by the board and inquiry routes: Shopby's page parameters and flags,
 * with Korean messages. Empty values count as absent (clients send `keyword=`).
 */

const empty = (v: unknown) => (v === '' ? undefined : v);

export const PageNumber = z.preprocess(
  empty,
  z.coerce
    .number({ error: '페이지 번호는 숫자여야 합니다.' })
    .int({ error: '페이지 번호는 정수여야 합니다.' })
    .min(1, { error: '페이지 번호는 1 이상이어야 합니다.' })
    .max(100_000, { error: '페이지 번호가 너무 큽니다.' })
    .optional(),
);

export const pageSize = (max: number) =>
  z.preprocess(
    empty,
    z.coerce
      .number({ error: '페이지 크기는 숫자여야 합니다.' })
      .int({ error: '페이지 크기는 정수여야 합니다.' })
      .min(1, { error: '페이지 크기는 1 이상이어야 합니다.' })
      .max(max, { error: `한 번에 최대 ${max}개까지 조회할 수 있습니다.` })
      .optional(),
  );

export const PositiveNo = (what: string) => {
  const error = `${josa(what, '이/가')} 올바르지 않습니다.`;
  return z.preprocess(
    empty,
    z.coerce
      .number({ error })
      .int({ error })
      .min(1, { error })
      .max(Number.MAX_SAFE_INTEGER, { error })
      .optional(),
  );
};

export const Flag = z.preprocess(
  empty,
  z
    .enum(['true', 'false'], { error: '참/거짓 값은 true 또는 false로 보내 주세요.' })
    .transform((v) => v === 'true')
    .optional(),
);

export const Keyword = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() || undefined : v),
    z
      .string()
      .max(max, { error: `검색어는 ${max}자 이내로 입력해 주세요.` })
      .optional(),
  );

/** A path segment `{no}` that Hono only matches when it is digits; others get the JSON 404. */
export const NO = '{[0-9]{1,15}}';

export const Ymd = z.preprocess(
  empty,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '날짜는 YYYY-MM-DD 형식으로 입력해 주세요.' })
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        error: '날짜가 올바르지 않습니다.',
      },
    )
    .optional(),
);
