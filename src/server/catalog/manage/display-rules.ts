import type { ProductListFilter } from '../list-repo.ts';
import type { ProductOrderBy } from '../schema.ts';
import type { SectionRuleType } from './display-schema.ts';

/**
 * How a rule section picks its products from the listable ones (the storefront's section reads in
 * service.ts and the manager's preview share it): the best sellers, the newest, or a category's
 * most popular, at most `rule_limit` of them. A MANUAL section is the manager's own list instead.
 */

export interface SectionRule {
  rule_type: SectionRuleType;
  rule_category_no: number | null;
  rule_limit: number;
}

export const RULE_LABELS: Record<SectionRuleType, string> = {
  MANUAL: '직접 선택',
  BEST: '베스트(많이 팔린 순)',
  NEW: '신상품(최근 판매 시작 순)',
  CATEGORY: '카테고리 상품(인기순)',
};

/** The order a rule ranks by: its picks are the first `rule_limit` in this order. */
export function ruleOrderBy(rule: SectionRule): ProductOrderBy {
  switch (rule.rule_type) {
    case 'BEST':
      return 'SALE_CNT';
    case 'NEW':
      return 'SALE_YMD';
    case 'CATEGORY':
    case 'MANUAL':
      return 'POPULAR';
  }
}

/** What a rule adds to the list filter (a category rule: its category and the categories below). */
export function ruleFilter(rule: SectionRule): Pick<ProductListFilter, 'categoryNos'> {
  return rule.rule_type === 'CATEGORY' && rule.rule_category_no
    ? { categoryNos: [rule.rule_category_no] }
    : {};
}

/**
 * A CATEGORY rule whose category is gone picks nothing (never "every product", which an empty
 * category filter would mean).
 */
export function rulePicksNothing(rule: SectionRule): boolean {
  return rule.rule_type === 'CATEGORY' && !rule.rule_category_no;
}
