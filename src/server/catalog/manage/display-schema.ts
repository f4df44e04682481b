import { josa } from 'es-hangul';
import { z } from 'zod';
import { SHOP_UTC_OFFSET_MS } from '../../../lib/dates.ts';
import { sameSitePath } from '../../../lib/redirect.ts';

/**
 * What the display editors send: home banners and display sections. Every message is Korean and
 * names its field, because the route answers each field's problem next to it (`fields`).
 * Periods are typed in Seoul wall-clock time (`2026-05-01T09:00`, what `<input type=datetime-local>`
 * gives) and stored as UTC ISO strings like every other `*_ymdt` column.
 */

export const SECTION_RULE_TYPES = ['MANUAL', 'BEST', 'NEW', 'CATEGORY'] as const;
export type SectionRuleType = (typeof SECTION_RULE_TYPES)[number];
/** `display_sections.sort_type` (0001_catalog.sql): how a manual list is ordered on the shop. */
export const SECTION_SORT_TYPES = [
  'ADMIN_SETTING',
  'SALE_YMD',
  'POPULAR',
  'DISCOUNTED_PRICE',
  'REVIEW',
] as const;
export type SectionSortType = (typeof SECTION_SORT_TYPES)[number];

export const MAX_SECTION_PRODUCTS = 200;
const MAX_LIST = 500;
const LANDING_MAX = 2000;

// ---------------------------------------------------------------------------------- rules

/**
 * A banner's link: a path on this shop (`/product/100001`, re-serialised so it opens what it
 * says) or an `https://` address elsewhere. Any other scheme (`javascript:`, `data:`, `http:`),
 * a protocol-relative `//host`, credentials or blanks → null.
 */
export function landingUrlOf(value: string): string | null {
  const v = value.trim();
  if (!v || v.length > LANDING_MAX) return null;
  if (v.startsWith('/')) return sameSitePath(v);
  // eslint-disable-next-line no-control-regex
  if (!/^https:\/\//i.test(v) || /[\u0000-\u0020\u007f-\u00a0\\]/.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.')) return null;
  return url.href;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})$/;

/**
 * A period's time as stored (UTC ISO): Seoul wall-clock time without an offset (what a
 * datetime-local field sends), or an ISO time with its offset (`…+09:00`, `…Z`) as the rest of the
 * manager API takes it. Not a real time → null.
 */
export function periodTimeToIso(value: string): string | null {
  const v = value.trim();
  const zoned = ZONED_TIME.exec(v);
  if (!zoned) return seoulLocalToIso(v);
  // the wall-clock part must be a real date too (Date.parse would roll 02-30 over)
  if (!seoulLocalToIso(zoned[1]!.slice(0, 19))) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** `2026-05-01T09:00` in Seoul → `2026-05-01T00:00:00.000Z`; a date that does not exist → null. */
export function seoulLocalToIso(value: string): string | null {
  const m = LOCAL_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(wall);
  // Date.UTC rolls 02-30 over to 03-02: a rolled date was not a real one
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59 || y < 2000 || y > 2999) return null;
  return new Date(wall - SHOP_UTC_OFFSET_MS).toISOString();
}

/** A UTC ISO time as the Seoul `YYYY-MM-DDTHH:mm` a datetime-local field shows. */
export function isoToSeoulLocal(iso: string | null): string | null {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return null;
  return new Date(t + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16);
}

// ----------------------------------------------------------------------------- pieces

const periodTime = (what: string) =>
  z
    .string({ error: `${josa(what, '을/를')} 날짜와 시각으로 입력해 주세요.` })
    .nullable()
    .transform((v, ctx) => {
      if (v === null || v.trim() === '') return null;
      const iso = periodTimeToIso(v);
      if (!iso) {
        ctx.addIssue({
          code: 'custom',
          message: `${josa(what, '을/를')} 2026-05-01T09:00 형식의 올바른 날짜로 입력해 주세요.`,
        });
        return z.NEVER;
      }
      return iso;
    });

const no = (what: string) =>
  z
    .number({ error: `${josa(what, '을/를')} 숫자로 보내 주세요.` })
    .int({ error: `${josa(what, '을/를')} 숫자로 보내 주세요.` })
    .positive({ error: `${josa(what, '을/를')} 확인해 주세요.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${josa(what, '을/를')} 확인해 주세요.` });

const version = z
  .number({ error: '수정 버전(version)을 보내 주세요. 화면을 새로 불러온 뒤 다시 저장해 주세요.' })
  .int({ error: '수정 버전(version)을 확인해 주세요.' })
  .min(1, { error: '수정 버전(version)을 확인해 주세요.' });

const flag = (what: string) => z.boolean({ error: `${what} 여부를 골라 주세요.` });

const distinct = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** Start before end, when both are given (the message sits on the end field). */
function checkPeriod(
  v: { displayStart?: string | null | undefined; displayEnd?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.displayStart && v.displayEnd && v.displayEnd <= v.displayStart) {
    ctx.addIssue({
      code: 'custom',
      path: ['displayEnd'],
      message: '노출 종료 일시는 시작 일시보다 뒤여야 합니다.',
    });
  }
}

// ---------------------------------------------------------------------------------- banners

const bannerFields = {
  name: z
    .string({ error: '배너 이름을 입력해 주세요.' })
    .trim()
    .min(1, { error: '배너 이름을 입력해 주세요.' })
    .max(100, { error: '배너 이름은 100자 이내로 입력해 주세요.' }),
  description: z
    .string({ error: '배너 설명은 글자로 입력해 주세요.' })
    .trim()
    .max(200, { error: '배너 설명은 200자 이내로 입력해 주세요.' }),
  landingUrl: z
    .string({ error: '배너 링크를 입력해 주세요.' })
    .trim()
    .min(1, { error: '배너 링크를 입력해 주세요.' })
    .max(LANDING_MAX, { error: `배너 링크는 ${LANDING_MAX}자 이내로 입력해 주세요.` })
    .transform((v, ctx) => {
      const url = landingUrlOf(v);
      if (!url) {
        ctx.addIssue({
          code: 'custom',
          message:
            '배너 링크는 /product/100001처럼 쇼핑몰 안의 주소나 https://로 시작하는 주소만 쓸 수 있습니다.',
        });
        return z.NEVER;
      }
      return url;
    }),
  newWindow: flag('새 창 열기'),
  visible: flag('노출'),
  displayStart: periodTime('노출 시작 일시'),
  displayEnd: periodTime('노출 종료 일시'),
};

export const BannerCreate = z
  .object({
    groupNo: no('배너 그룹'),
    ...bannerFields,
    description: bannerFields.description.default(''),
    newWindow: bannerFields.newWindow.default(false),
    visible: bannerFields.visible.default(true),
    displayStart: bannerFields.displayStart.default(null),
    displayEnd: bannerFields.displayEnd.default(null),
  })
  .superRefine(checkPeriod);
export type BannerCreate = z.output<typeof BannerCreate>;

export const BannerPatch = z.object({
  version,
  name: bannerFields.name.optional(),
  description: bannerFields.description.optional(),
  landingUrl: bannerFields.landingUrl.optional(),
  newWindow: bannerFields.newWindow.optional(),
  visible: bannerFields.visible.optional(),
  displayStart: bannerFields.displayStart.optional(),
  displayEnd: bannerFields.displayEnd.optional(),
});
export type BannerPatch = z.output<typeof BannerPatch>;

export const BannerListQuery = z.object({
  groupNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '배너 그룹 번호(groupNo)는 숫자로 보내 주세요.' })
    .transform(Number)
    .optional(),
});

export const BannerNoParam = z.object({
  bannerNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '배너 번호는 숫자로 보내 주세요.' })
    .transform(Number),
});

export const BannerImageQuery = z.object({
  kind: z.enum(['desktop', 'mobile'], { error: '이미지 종류(kind)는 desktop 또는 mobile입니다.' }),
});
export type BannerImageKind = z.output<typeof BannerImageQuery>['kind'];

/** A multipart upload: the image `file` and the version the manager's screen read. */
export const BannerImageForm = z.object({
  file: z.instanceof(File, { error: '배너 이미지 파일을 골라 주세요.' }).refine((f) => f.size > 0, {
    error: '빈 파일입니다. 다른 이미지 파일을 골라 주세요.',
  }),
  version: z
    .string({ error: '수정 버전(version)을 보내 주세요.' })
    .regex(/^\d{1,9}$/, { error: '수정 버전(version)을 확인해 주세요.' })
    .transform(Number),
});

/** DELETE …?version=3: a deletion names the version it saw too. */
export const VersionQuery = z.object({
  version: z
    .string({ error: '수정 버전(version)을 보내 주세요.' })
    .regex(/^\d{1,9}$/, { error: '수정 버전(version)을 확인해 주세요.' })
    .transform(Number),
});

export const BannerReorder = z
  .object({
    groupNo: no('배너 그룹'),
    bannerNos: z
      .array(no('배너 번호'), { error: '배너 순서(bannerNos)를 목록으로 보내 주세요.' })
      .max(MAX_LIST, { error: `배너는 한 번에 ${MAX_LIST}개까지 정렬할 수 있습니다.` })
      .refine(distinct, { error: '같은 배너가 두 번 들어 있습니다.' }),
    /** The version of each banner as the screen read it, in the same order (optional). */
    versions: z.array(version).optional(),
  })
  .refine((v) => !v.versions || v.versions.length === v.bannerNos.length, {
    path: ['versions'],
    error: '버전(versions)은 배너 순서와 같은 개수로 보내 주세요.',
  });
export type BannerReorder = z.output<typeof BannerReorder>;

// ---------------------------------------------------------------------------------- sections

const sectionFields = {
  label: z
    .string({ error: '섹션 이름을 입력해 주세요.' })
    .trim()
    .min(1, { error: '섹션 이름을 입력해 주세요.' })
    .max(50, { error: '섹션 이름은 50자 이내로 입력해 주세요.' }),
  sectionExplain: z
    .string({ error: '섹션 설명은 글자로 입력해 주세요.' })
    .trim()
    .max(200, { error: '섹션 설명은 200자 이내로 입력해 주세요.' }),
  ruleType: z.enum(SECTION_RULE_TYPES, { error: '진열 방식을 골라 주세요.' }),
  ruleCategoryNo: no('규칙 카테고리').nullable(),
  ruleLimit: z
    .number({ error: '보여 줄 상품 수를 숫자로 입력해 주세요.' })
    .int({ error: '보여 줄 상품 수는 정수로 입력해 주세요.' })
    .min(1, { error: '보여 줄 상품 수는 1개에서 100개 사이로 입력해 주세요.' })
    .max(100, { error: '보여 줄 상품 수는 1개에서 100개 사이로 입력해 주세요.' }),
  sortType: z.enum(SECTION_SORT_TYPES, { error: '상품 정렬 방식을 골라 주세요.' }),
  onHome: flag('홈 화면 노출'),
  visible: flag('노출'),
  displayStart: periodTime('노출 시작 일시'),
  displayEnd: periodTime('노출 종료 일시'),
};

/** A category rule needs its category. */
function checkRule(
  v: { ruleType?: SectionRuleType | undefined; ruleCategoryNo?: number | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.ruleType === 'CATEGORY' && !v.ruleCategoryNo) {
    ctx.addIssue({
      code: 'custom',
      path: ['ruleCategoryNo'],
      message: '상품을 가져올 카테고리를 골라 주세요.',
    });
  }
}

export const SectionCreate = z
  .object({
    ...sectionFields,
    sectionExplain: sectionFields.sectionExplain.default(''),
    ruleType: sectionFields.ruleType.default('MANUAL'),
    ruleCategoryNo: sectionFields.ruleCategoryNo.default(null),
    ruleLimit: sectionFields.ruleLimit.default(12),
    sortType: sectionFields.sortType.default('ADMIN_SETTING'),
    onHome: sectionFields.onHome.default(false),
    visible: sectionFields.visible.default(true),
    displayStart: sectionFields.displayStart.default(null),
    displayEnd: sectionFields.displayEnd.default(null),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    checkRule(v, ctx);
  });
export type SectionCreate = z.output<typeof SectionCreate>;

export const SectionPatch = z.object({
  version,
  label: sectionFields.label.optional(),
  sectionExplain: sectionFields.sectionExplain.optional(),
  ruleType: sectionFields.ruleType.optional(),
  ruleCategoryNo: sectionFields.ruleCategoryNo.optional(),
  ruleLimit: sectionFields.ruleLimit.optional(),
  sortType: sectionFields.sortType.optional(),
  onHome: sectionFields.onHome.optional(),
  visible: sectionFields.visible.optional(),
  displayStart: sectionFields.displayStart.optional(),
  displayEnd: sectionFields.displayEnd.optional(),
});
export type SectionPatch = z.output<typeof SectionPatch>;

export const SectionNoParam = z.object({
  sectionNo: z
    .string()
    .regex(/^\d{1,15}$/, { error: '섹션 번호는 숫자로 보내 주세요.' })
    .transform(Number),
});

export const SectionProducts = z.object({
  version,
  productNos: z
    .array(no('상품 번호'), { error: '상품 번호 목록(productNos)을 보내 주세요.' })
    .max(MAX_SECTION_PRODUCTS, {
      error: `한 섹션에는 상품을 ${MAX_SECTION_PRODUCTS}개까지 넣을 수 있습니다.`,
    })
    .refine(distinct, { error: '같은 상품이 두 번 들어 있습니다. 하나만 남겨 주세요.' }),
});
export type SectionProducts = z.output<typeof SectionProducts>;

export const SectionReorder = z
  .object({
    sectionNos: z
      .array(no('섹션 번호'), { error: '섹션 순서(sectionNos)를 목록으로 보내 주세요.' })
      .max(MAX_LIST, { error: `섹션은 한 번에 ${MAX_LIST}개까지 정렬할 수 있습니다.` })
      .refine(distinct, { error: '같은 섹션이 두 번 들어 있습니다.' }),
    versions: z.array(version).optional(),
  })
  .refine((v) => !v.versions || v.versions.length === v.sectionNos.length, {
    path: ['versions'],
    error: '버전(versions)은 섹션 순서와 같은 개수로 보내 주세요.',
  });
export type SectionReorder = z.output<typeof SectionReorder>;

export const ProductSearchQuery = z.object({
  q: z
    .string({ error: '검색어를 입력해 주세요.' })
    .trim()
    .min(1, { error: '상품명이나 상품 번호를 입력해 주세요.' })
    .max(50, { error: '검색어는 50자 이내로 입력해 주세요.' }),
});
