import { z } from 'zod';
import { isCalendarYmd } from '../../lib/dates.ts';

/**
 * Queries and bodies of the members back office (/api/manager/members; decision 025). Every write
 * names the member's `version` as the screen read it.
 */

export const MEMBER_STATUS_FILTERS = ['ACTIVE', 'SUSPENDED', 'WITHDRAWN', 'WITHDRAWAL_REQUESTED'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
export const MEMBER_SORTS = ['joined_desc', 'joined_asc', 'name', 'last_login'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

const empty = (v: unknown) => (v === '' ? undefined : v);
const Ymd = z.preprocess(
  empty,
  z.string().refine(isCalendarYmd, { error: '날짜를 2026-11-26처럼 입력해 주세요.' }).optional(),
);
const PositiveInt = (what: string, max = 1_000_000_000) =>
  z.coerce
    .number({ error: `${what}는 숫자여야 합니다.` })
    .int({ error: `${what}는 정수여야 합니다.` })
    .min(1, { error: `${what}는 1 이상이어야 합니다.` })
    .max(max, { error: `${what}가 너무 큽니다.` });

export const MemberListQuery = z
  .object({
    q: z.preprocess(
      empty,
      z.string().trim().max(50, { error: '검색어는 50자까지 입력할 수 있습니다.' }).optional(),
    ),
    grade: z.preprocess(empty, PositiveInt('등급 번호', 1000).optional()),
    status: z.preprocess(
      empty,
      z.enum(MEMBER_STATUS_FILTERS, { error: '회원 상태(status)를 확인해 주세요.' }).optional(),
    ),
    joinedFrom: Ymd,
    joinedTo: Ymd,
    sort: z.preprocess(
      empty,
      z.enum(MEMBER_SORTS, { error: '정렬(sort)을 확인해 주세요.' }).default('joined_desc'),
    ),
    pageNumber: z.preprocess(empty, PositiveInt('페이지 번호', 100_000).default(1)),
    pageSize: z.preprocess(
      empty,
      z.coerce
        .number({ error: '페이지 크기는 숫자여야 합니다.' })
        .int({ error: '페이지 크기는 정수여야 합니다.' })
        .min(1, { error: '페이지 크기는 1 이상이어야 합니다.' })
        .max(100, { error: '한 번에 최대 100명까지 조회할 수 있습니다.' })
        .default(20),
    ),
  })
  .refine((v) => !v.joinedFrom || !v.joinedTo || v.joinedFrom <= v.joinedTo, {
    error: '가입일 시작일이 종료일보다 늦습니다.',
    path: ['joinedFrom'],
  });
export type MemberListQuery = z.infer<typeof MemberListQuery>;

export const MemberNoParam = z.object({ memberNo: PositiveInt('회원 번호') });

const Version = PositiveInt('버전');
const Reason = z
  .string({ error: '사유를 입력해 주세요.' })
  .trim()
  .min(1, { error: '사유를 입력해 주세요.' })
  .max(200, { error: '사유는 200자까지 입력할 수 있습니다.' });

export const RevealBody = z.strictObject({ reason: Reason });

export const GradeBody = z.strictObject({ version: Version, gradeNo: PositiveInt('등급 번호', 1000) });
export type GradeBody = z.infer<typeof GradeBody>;

export const GroupsBody = z.strictObject({
  version: Version,
  groupNos: z
    .array(PositiveInt('그룹 번호', 1_000_000), { error: '그룹을 골라 주세요.' })
    .max(50, { error: '그룹은 50개까지 고를 수 있습니다.' }),
});
export type GroupsBody = z.infer<typeof GroupsBody>;

export const StaffBody = z
  .strictObject({
    version: Version,
    staff: z.boolean({ error: '직원 권한을 줄지 정해 주세요.' }),
    storeNo: PositiveInt('매장 번호', 1_000_000).nullable().default(null),
  })
  .refine((v) => !v.staff || v.storeNo !== null, {
    error: '직원이 판매할 매장을 골라 주세요.',
    path: ['storeNo'],
  });
export type StaffBody = z.infer<typeof StaffBody>;

export const SuspensionBody = z.strictObject({
  version: Version,
  suspended: z.boolean({ error: '정지할지 해제할지 정해 주세요.' }),
  reason: Reason,
});
export type SuspensionBody = z.infer<typeof SuspensionBody>;

export const WithdrawalBody = z.strictObject({
  version: Version,
  action: z.enum(['REQUEST', 'CANCEL', 'COMPLETE'], { error: '탈퇴 처리 단계를 확인해 주세요.' }),
  reason: Reason,
});
export type WithdrawalBody = z.infer<typeof WithdrawalBody>;
