import { josa } from 'es-hangul';
import { z } from 'zod';
import { DELIVERY_COMPANIES } from '../../../lib/order-claims.ts';
import type { FieldProblem } from '../../platform/errors.ts';

/**
 * What the setup editors save (categories, brands, partners, delivery templates), checked field by
 * field with Korean messages. Text is trimmed; money is whole won. The services check what needs
 * the database (names taken, parents, partners, usage) inside their write transactions.
 */

export const LABEL_MAX = 50;
export const MAX_FEE = 1_000_000;
export const MAX_THRESHOLD = 100_000_000;
export const MAX_REMOTE_AREAS = 300;

const name = (label: string, max = LABEL_MAX) =>
  z
    .string({ error: `${josa(label, '을/를')} 입력해 주세요.` })
    .trim()
    .min(1, { error: `${josa(label, '을/를')} 입력해 주세요.` })
    .max(max, { error: `${josa(label, '은/는')} ${max}자까지 쓸 수 있습니다.` });

/** Optional text: blank becomes null. */
const optionalName = (label: string, max = LABEL_MAX) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: `${josa(label, '을/를')} 글자로 입력해 주세요.` })
      .trim()
      .max(max, { error: `${josa(label, '은/는')} ${max}자까지 쓸 수 있습니다.` })
      .nullable()
      .optional(),
  );

const won = (label: string, max = MAX_FEE) =>
  z
    .number({ error: `${josa(label, '은/는')} 숫자로 입력해 주세요.` })
    .int({ error: `${josa(label, '은/는')} 원 단위 정수로 입력해 주세요.` })
    .min(0, { error: `${josa(label, '은/는')} 0원 이상이어야 합니다.` })
    .max(max, { error: `${josa(label, '은/는')} ${max.toLocaleString('ko-KR')}원을 넘을 수 없습니다.` });

export const Version = z
  .number({ error: '버전(version)을 보내 주세요. 목록을 새로 불러온 뒤 다시 저장해 주세요.' })
  .int({ error: '버전(version)을 확인해 주세요.' })
  .positive({ error: '버전(version)을 확인해 주세요.' });

/** `?version=3` on DELETE. */
export const VersionQuery = z.object({
  version: z.coerce
    .number({ error: '버전(version)을 보내 주세요. 목록을 새로 불러온 뒤 다시 시도해 주세요.' })
    .pipe(Version),
});

const no = (label: string) =>
  z.coerce
    .number({ error: `${josa(label, '을/를')} 확인해 주세요.` })
    .int({ error: `${josa(label, '을/를')} 확인해 주세요.` })
    .positive({ error: `${josa(label, '을/를')} 확인해 주세요.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${josa(label, '을/를')} 확인해 주세요.` });

export const CategoryNoParam = z.object({ categoryNo: no('카테고리 번호') });
export const BrandNoParam = z.object({ brandNo: no('브랜드 번호') });
export const PartnerNoParam = z.object({ partnerNo: no('거래처 번호') });
export const TemplateNoParam = z.object({ templateNo: no('배송비 템플릿 번호') });

// ------------------------------------------------------------------------------ categories

const parentNo = z
  .number({ error: '상위 카테고리를 확인해 주세요.' })
  .int({ error: '상위 카테고리를 확인해 주세요.' })
  .positive({ error: '상위 카테고리를 확인해 주세요.' })
  .nullable();

export const CategoryCreate = z.strictObject({
  parentNo: parentNo.default(null),
  label: name('카테고리 이름', 30),
  /** false: a display category (신상품, POD …), top level only, never in the menus. */
  isMenu: z.boolean({ error: '메뉴 카테고리 여부를 확인해 주세요.' }).default(true),
  visible: z.boolean({ error: '노출 여부를 확인해 주세요.' }).default(true),
});
export type CategoryCreate = z.infer<typeof CategoryCreate>;

export const CategoryPatch = z
  .strictObject({
    version: Version,
    label: name('카테고리 이름', 30).optional(),
    visible: z.boolean({ error: '노출 여부를 확인해 주세요.' }).optional(),
  })
  .refine((p) => p.label !== undefined || p.visible !== undefined, {
    error: '바꿀 내용(이름 또는 노출 여부)을 보내 주세요.',
  });
export type CategoryPatch = z.infer<typeof CategoryPatch>;

export const CategoryMove = z.strictObject({
  version: Version,
  parentNo,
  index: z
    .number({ error: '옮길 순서(index)를 숫자로 보내 주세요.' })
    .int({ error: '옮길 순서(index)를 확인해 주세요.' })
    .min(0, { error: '옮길 순서(index)는 0 이상이어야 합니다.' })
    .max(10_000, { error: '옮길 순서(index)를 확인해 주세요.' }),
});
export type CategoryMove = z.infer<typeof CategoryMove>;

// ------------------------------------------------------------------------------ brands, partners

const displayOrder = z
  .number({ error: '표시 순서는 숫자로 입력해 주세요.' })
  .int({ error: '표시 순서는 정수로 입력해 주세요.' })
  .min(0, { error: '표시 순서는 0 이상이어야 합니다.' })
  .max(9999, { error: '표시 순서는 9,999 이하로 입력해 주세요.' });

const brandFields = {
  name: name('브랜드 이름'),
  nameKo: optionalName('한글 브랜드 이름'),
  nameEn: optionalName('영문 브랜드 이름'),
  displayOrder,
};

export const BrandCreate = z.strictObject({ ...brandFields, displayOrder: displayOrder.optional() });
export type BrandCreate = z.infer<typeof BrandCreate>;

/** PUT: every field; PATCH: any of them. Both name the version they read. */
export const BrandPut = z.strictObject({ version: Version, ...brandFields });
export const BrandPatch = z.strictObject({
  version: Version,
  name: brandFields.name.optional(),
  nameKo: brandFields.nameKo,
  nameEn: brandFields.nameEn,
  displayOrder: displayOrder.optional(),
});
export type BrandPatch = z.infer<typeof BrandPatch>;

/** The logo's multipart form: `file` and the version the manager read. */
export const BrandLogoForm = z.object({
  file: z.instanceof(File, { error: '로고 이미지 파일을 골라 주세요.' }),
  version: z.coerce.number({ error: '버전(version)을 보내 주세요.' }).pipe(Version),
});

export const PartnerCreate = z.strictObject({ name: name('거래처 이름') });
export const PartnerPatch = z.strictObject({ version: Version, name: name('거래처 이름') });
export type PartnerPatch = z.infer<typeof PartnerPatch>;

// ------------------------------------------------------------------------------ delivery templates

export const DELIVERY_TYPES = ['PARCEL_DELIVERY', 'DIRECT_DELIVERY', 'NONE'] as const;
export const CONDITION_TYPES = ['FREE', 'CONDITIONAL', 'FIXED_FEE'] as const;
const COMPANY_TYPES = DELIVERY_COMPANIES.map((c) => c.type);

const zip = (label: string) =>
  z
    .string({ error: `${josa(label, '을/를')} 입력해 주세요.` })
    .trim()
    .regex(/^\d{5}$/, { error: `${josa(label, '은/는')} 숫자 5자리로 입력해 주세요.` });

export const RemoteArea = z.strictObject({
  zipFrom: zip('시작 우편번호'),
  zipTo: zip('끝 우편번호'),
  extraFee: won('추가 배송비'),
  label: z
    .string({ error: '지역 이름을 글자로 입력해 주세요.' })
    .trim()
    .max(40, { error: '지역 이름은 40자까지 쓸 수 있습니다.' })
    .default(''),
});
export type RemoteArea = z.infer<typeof RemoteArea>;

/** Ranges that overlap an earlier one, or run backwards: one problem per bad row. */
export function remoteAreaProblems(areas: readonly RemoteArea[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  areas.forEach((a, i) => {
    if (a.zipFrom > a.zipTo)
      problems.push({
        path: `remoteAreas.${i}.zipTo`,
        message: `${i + 1}번째 구간: 끝 우편번호는 시작 우편번호보다 작을 수 없습니다.`,
      });
  });
  const sorted = areas
    .map((a, i) => ({ ...a, i }))
    .filter((a) => a.zipFrom <= a.zipTo)
    .sort((x, y) => x.zipFrom.localeCompare(y.zipFrom) || x.i - y.i);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    if (cur.zipFrom <= prev.zipTo) {
      const [first, second] = prev.i < cur.i ? [prev, cur] : [cur, prev];
      problems.push({
        path: `remoteAreas.${second.i}.zipFrom`,
        message: `${second.i + 1}번째 구간(${second.zipFrom}~${second.zipTo})이 ${first.i + 1}번째 구간(${first.zipFrom}~${first.zipTo})과 겹칩니다.`,
      });
    }
  }
  return problems;
}

const templateFields = {
  name: name('템플릿 이름'),
  partnerNo: z
    .number({ error: '거래처를 골라 주세요.' })
    .int({ error: '거래처를 골라 주세요.' })
    .positive({ error: '거래처를 골라 주세요.' }),
  deliveryType: z.enum(DELIVERY_TYPES, { error: '배송 방법을 골라 주세요.' }),
  deliveryCompanyType: z
    .string({ error: '택배사를 골라 주세요.' })
    .refine((t) => COMPANY_TYPES.includes(t), { error: '택배사를 목록에서 골라 주세요.' }),
  conditionType: z.enum(CONDITION_TYPES, { error: '배송비 조건을 골라 주세요.' }),
  baseDeliveryAmt: won('기본 배송비').default(0),
  aboveDeliveryAmt: won('무료배송 기준 금액', MAX_THRESHOLD).nullable().default(null),
  returnDeliveryAmt: won('반품 배송비'),
  remoteDeliveryAmt: won('도서산간 추가 배송비'),
  remoteAreas: z
    .array(RemoteArea, { error: '도서산간 구간 목록을 확인해 주세요.' })
    .max(MAX_REMOTE_AREAS, { error: `도서산간 구간은 ${MAX_REMOTE_AREAS}개까지 등록할 수 있습니다.` })
    .default([]),
};

interface TemplateRules {
  conditionType: (typeof CONDITION_TYPES)[number];
  baseDeliveryAmt: number;
  aboveDeliveryAmt: number | null;
  remoteAreas: RemoteArea[];
}

function checkTemplate(t: TemplateRules, ctx: z.RefinementCtx) {
  if (t.conditionType !== 'FREE' && t.baseDeliveryAmt <= 0)
    ctx.addIssue({
      code: 'custom',
      path: ['baseDeliveryAmt'],
      message: '유료 배송이면 기본 배송비를 1원 이상으로 입력해 주세요.',
    });
  if (t.conditionType === 'CONDITIONAL' && (t.aboveDeliveryAmt === null || t.aboveDeliveryAmt <= 0))
    ctx.addIssue({
      code: 'custom',
      path: ['aboveDeliveryAmt'],
      message: '조건부 무료배송이면 무료배송 기준 금액을 1원 이상으로 입력해 주세요.',
    });
  for (const p of remoteAreaProblems(t.remoteAreas)) {
    const path = p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    ctx.addIssue({ code: 'custom', path, message: p.message });
  }
}

/** What the condition does not use is stored as nothing, so the storefront never shows it. */
function normalise<T extends TemplateRules>(t: T): T {
  return {
    ...t,
    baseDeliveryAmt: t.conditionType === 'FREE' ? 0 : t.baseDeliveryAmt,
    aboveDeliveryAmt: t.conditionType === 'CONDITIONAL' ? t.aboveDeliveryAmt : null,
    remoteAreas: [...t.remoteAreas].sort((a, b) => a.zipFrom.localeCompare(b.zipFrom)),
  };
}

export const DeliveryTemplateInput = z
  .strictObject(templateFields)
  .superRefine(checkTemplate)
  .transform(normalise);
export type DeliveryTemplateInput = z.infer<typeof DeliveryTemplateInput>;

/** PUT: the whole template again, with the version the manager read. */
export const DeliveryTemplatePut = z
  .strictObject({ version: Version, ...templateFields })
  .superRefine(checkTemplate)
  .transform(normalise);
export type DeliveryTemplatePut = z.infer<typeof DeliveryTemplatePut>;

// ------------------------------------------------------------------------------ field problems

/** Every field's first problem, with a Korean message (zod's own English ones replaced). */
export function fieldProblems(error: { issues: readonly z.core.$ZodIssue[] }): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const message = /[가-힣]/.test(issue.message)
      ? issue.message
      : issue.code === 'unrecognized_keys'
        ? `알 수 없는 항목이 있습니다 (${issue.keys.join(', ')}).`
        : `입력값을 확인해 주세요 (${path || '요청'}).`;
    out.push({ path, message });
  }
  return out;
}
