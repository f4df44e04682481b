import { managerDisplayApi } from '../../../lib/clients/manager-display.ts';
import { param, query, unwrap, type ResponseOf } from '../../../lib/shop-api-client.ts';

/** The section editor's calls to /api/manager/display/sections and /product-search. */

export type SectionDetail = ResponseOf<(typeof managerDisplayApi.sections)[':sectionNo{[0-9]+}']['$get']>;
export type Section = SectionDetail['section'];
export type PickableProduct = SectionDetail['products'][number];
export type RuleType = Section['ruleType'];
export type SortType = Section['sortType'];

const api = managerDisplayApi.sections;
const one = api[':sectionNo{[0-9]+}'];
const sectionParam = (sectionNo: number) => param({ sectionNo: String(sectionNo) });

export interface SectionFields {
  label: string;
  sectionExplain: string;
  ruleType: RuleType;
  ruleCategoryNo: number | null;
  ruleLimit: number;
  sortType: SortType;
  onHome: boolean;
  visible: boolean;
  /** Seoul `YYYY-MM-DDTHH:mm`, or null for no limit. */
  displayStart: string | null;
  displayEnd: string | null;
}

export const createSection = (fields: SectionFields) => unwrap(api.$post({ json: fields }));

export const updateSection = (sectionNo: number, version: number, fields: SectionFields) =>
  unwrap(one.$patch({ param: sectionParam(sectionNo), json: { version, ...fields } }));

export const setSectionProducts = (sectionNo: number, version: number, productNos: number[]) =>
  unwrap(one.products.$put({ param: sectionParam(sectionNo), json: { version, productNos } }));

export const deleteSection = (sectionNo: number, version: number) =>
  unwrap(one.$delete({ param: sectionParam(sectionNo), query: { version: String(version) } }));

export const reorderSections = (sections: readonly Section[]) =>
  unwrap(
    api.reorder.$post({
      json: { sectionNos: sections.map((s) => s.sectionNo), versions: sections.map((s) => s.version) },
    }),
  );

export const searchProducts = (q: string) =>
  unwrap(managerDisplayApi['product-search'].$get({ query: query({ q }) }));

export const RULE_CHOICES: { value: RuleType; label: string; hint: string }[] = [
  { value: 'MANUAL', label: '직접 선택', hint: '관리자가 고른 상품을 정한 순서대로 보여 줍니다.' },
  { value: 'BEST', label: '베스트', hint: '판매 중인 상품 가운데 많이 팔린 순서로 자동으로 채웁니다.' },
  { value: 'NEW', label: '신상품', hint: '판매를 최근에 시작한 상품부터 자동으로 채웁니다.' },
  {
    value: 'CATEGORY',
    label: '카테고리',
    hint: '고른 카테고리(하위 카테고리 포함)의 인기 상품으로 자동으로 채웁니다.',
  },
];

export const SORT_CHOICES: { value: SortType; label: string }[] = [
  { value: 'ADMIN_SETTING', label: '관리자가 정한 순서' },
  { value: 'POPULAR', label: '인기순' },
  { value: 'SALE_YMD', label: '판매 시작 최신순' },
  { value: 'DISCOUNTED_PRICE', label: '낮은 가격순' },
  { value: 'REVIEW', label: '리뷰 많은 순' },
];
