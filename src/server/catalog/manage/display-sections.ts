import type { InValue } from '@libsql/client';
import type { Db } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError } from '../../platform/errors.ts';
import { PRODUCT_IMAGE_WIDTHS, imageUrlAtWidth } from '../../../lib/images.ts';
import { findCategories } from '../display-repo.ts';
import { findProductList } from '../list-repo.ts';
import * as repo from './display-manage-repo.ts';
import { RULE_LABELS, ruleFilter, ruleOrderBy, rulePicksNothing } from './display-rules.ts';
import type {
  SectionCreate,
  SectionPatch,
  SectionProducts,
  SectionReorder,
  SectionRuleType,
  SectionSortType,
} from './display-schema.ts';
import {
  DISPLAY_STATE_LABELS,
  displayState,
  fieldProblem,
  fieldProblems,
  periodProblem,
  staleOrGone,
  type DisplayState,
} from './display-state.ts';

/**
 * Display sections as the manager edits them: a label and explanation, how the section is filled
 * (the manager's own product list, or a rule: best sellers, newest, a category), whether and where
 * it shows on the home page, its period and visibility. The storefront reads them through
 * service.ts (getDisplaySection(s), getHomeSections) at once: nothing is cached.
 */

export const SORT_LABELS: Record<SectionSortType, string> = {
  ADMIN_SETTING: '관리자가 정한 순서',
  SALE_YMD: '판매 시작 최신순',
  POPULAR: '인기순',
  DISCOUNTED_PRICE: '낮은 가격순',
  REVIEW: '리뷰 많은 순',
};

export const SALE_STATUS_LABELS: Record<string, string> = {
  READY: '판매대기',
  ONSALE: '판매중',
  FINISHED: '판매종료',
  STOP: '판매중지',
  PROHIBITION: '판매금지',
};

export const PRODUCT_SEARCH_LIMIT = 20;

export interface ManagedSection {
  sectionNo: number;
  label: string;
  sectionExplain: string;
  ruleType: SectionRuleType;
  ruleLabel: string;
  ruleCategoryNo: number | null;
  ruleCategoryLabel: string | null;
  ruleLimit: number;
  sortType: SectionSortType;
  onHome: boolean;
  visible: boolean;
  displayOrder: number;
  displayStart: string | null;
  displayEnd: string | null;
  /** Products in the manager's own list (a MANUAL section's). */
  productCount: number;
  version: number;
  state: DisplayState;
  stateLabel: string;
}

export interface PickableProduct {
  productNo: number;
  productName: string;
  saleStatus: string;
  saleStatusLabel: string;
  /** The shop lists it now (displayed, on sale or about to be, within its sale period). */
  listable: boolean;
  salePrice: number;
  imageUrl: string | null;
}

export interface SectionDetail {
  section: ManagedSection;
  /** The manager's list, in its order (a MANUAL section's; kept when the rule changes). */
  products: PickableProduct[];
  /** What the rule picks now (a rule section), as the shop shows it before its own sorting. */
  preview: PickableProduct[];
}

export interface CategoryChoice {
  categoryNo: number;
  /** The full path: `방진패드 > 세탁기 방진패드`. */
  label: string;
}

function toSection(row: repo.ManagedSectionRow, now: string): ManagedSection {
  const state = displayState(row, now);
  return {
    sectionNo: row.section_no,
    label: row.label,
    sectionExplain: row.section_explain,
    ruleType: row.rule_type,
    ruleLabel: RULE_LABELS[row.rule_type],
    ruleCategoryNo: row.rule_category_no,
    ruleCategoryLabel: row.rule_category_label,
    ruleLimit: row.rule_limit,
    sortType: row.sort_type,
    onHome: row.on_home === 1,
    visible: row.visible === 1,
    displayOrder: row.display_order,
    displayStart: row.display_start_ymdt,
    displayEnd: row.display_end_ymdt,
    productCount: row.product_cnt,
    version: row.version,
    state,
    stateLabel: DISPLAY_STATE_LABELS[state],
  };
}

const productThumb = (url: string | null) => (url ? imageUrlAtWidth(url, PRODUCT_IMAGE_WIDTHS[0]) : null);

function toPickable(row: repo.PickableProductRow): PickableProduct {
  return {
    productNo: row.product_no,
    productName: row.product_name,
    saleStatus: row.sale_status,
    saleStatusLabel: SALE_STATUS_LABELS[row.sale_status] ?? row.sale_status,
    listable: row.listable === 1,
    salePrice: row.sale_price,
    imageUrl: productThumb(row.image_url),
  };
}

export async function listSections(db: Db): Promise<{ sections: ManagedSection[] }> {
  const now = new Date().toISOString();
  return { sections: (await repo.selectSections(db)).map((s) => toSection(s, now)) };
}

async function sectionRow(db: Db, sectionNo: number): Promise<repo.ManagedSectionRow> {
  const row = await repo.selectSection(db, sectionNo);
  if (!row) throw appError('DISPLAY_SECTION_NOT_FOUND');
  return row;
}

/** What the rule of a section picks now, at most its limit, in the rule's order. */
async function rulePreview(db: Db, row: repo.ManagedSectionRow, now: string): Promise<PickableProduct[]> {
  if (row.rule_type === 'MANUAL' || rulePicksNothing(row)) return [];
  const { rows } = await findProductList(
    db,
    { now, soldout: true, onSaleOnly: false, excludeBrandPartner: false, ...ruleFilter(row) },
    { by: ruleOrderBy(row), direction: 'DESC', soldoutPlaceEnd: false },
    { limit: row.rule_limit, offset: 0, count: false },
  );
  return rows.map((r) => ({
    productNo: r.product_no,
    productName: r.product_name,
    saleStatus: r.sale_status,
    saleStatusLabel: SALE_STATUS_LABELS[r.sale_status] ?? r.sale_status,
    listable: true,
    salePrice: r.sale_price,
    imageUrl: productThumb(r.images[0]?.url ?? null),
  }));
}

export async function getSection(db: Db, sectionNo: number): Promise<SectionDetail> {
  const row = await sectionRow(db, sectionNo);
  const now = new Date().toISOString();
  const [products, preview] = await Promise.all([
    repo.selectSectionProducts(db, sectionNo, now),
    rulePreview(db, row, now),
  ]);
  return { section: toSection(row, now), products: products.map(toPickable), preview };
}

/** The categories a CATEGORY rule may use, menu and display ones, each named by its path. */
export async function sectionCategoryChoices(db: Db): Promise<CategoryChoice[]> {
  const all = await findCategories(db);
  const byNo = new Map(all.map((c) => [c.category_no, c]));
  const path = (no: number): string[] => {
    const names: string[] = [];
    for (let c = byNo.get(no); c && names.length < 8; c = c.parent_no ? byNo.get(c.parent_no) : undefined)
      names.unshift(c.label);
    return names;
  };
  return all
    .map((c) => ({
      categoryNo: c.category_no,
      label: `${path(c.category_no).join(' > ')}${c.visible === 0 ? ' (숨김)' : ''}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'ko'));
}

async function checkCategory(db: Db, ruleType: SectionRuleType, categoryNo: number | null) {
  if (ruleType !== 'CATEGORY') return;
  if (!categoryNo) throw fieldProblem('ruleCategoryNo', '상품을 가져올 카테고리를 골라 주세요.');
  if (!(await repo.categoryExists(db, categoryNo)))
    throw fieldProblem(
      'ruleCategoryNo',
      '카테고리를 찾을 수 없습니다. 목록을 새로 불러온 뒤 다시 골라 주세요.',
    );
}

/** A new section, last in the order. */
export async function createSection(db: Db, input: SectionCreate): Promise<SectionDetail> {
  await checkCategory(db, input.ruleType, input.ruleCategoryNo);
  const sectionNo = await repo.insertSection(db, {
    label: input.label,
    section_explain: input.sectionExplain,
    rule_type: input.ruleType,
    // only a category rule keeps a category (a stale one would block deleting that category)
    rule_category_no: input.ruleType === 'CATEGORY' ? input.ruleCategoryNo : null,
    rule_limit: input.ruleLimit,
    sort_type: input.sortType,
    on_home: input.onHome ? 1 : 0,
    visible: input.visible ? 1 : 0,
    display_start_ymdt: input.displayStart,
    display_end_ymdt: input.displayEnd,
  });
  return getSection(db, sectionNo);
}

async function sectionAt(db: Db, sectionNo: number, version: number): Promise<repo.ManagedSectionRow> {
  const row = await sectionRow(db, sectionNo);
  if (row.version !== version) throw appError('VERSION_CONFLICT');
  return row;
}

/** Changes the given fields of a section still at `patch.version`. */
export async function updateSection(db: Db, sectionNo: number, patch: SectionPatch): Promise<SectionDetail> {
  const row = await sectionAt(db, sectionNo, patch.version);
  const ruleType = patch.ruleType ?? row.rule_type;
  const categoryNo = patch.ruleCategoryNo === undefined ? row.rule_category_no : patch.ruleCategoryNo;
  const problems = [
    periodProblem(
      patch.displayStart === undefined ? row.display_start_ymdt : patch.displayStart,
      patch.displayEnd === undefined ? row.display_end_ymdt : patch.displayEnd,
    ),
  ].flatMap((p) => (p ? [p] : []));
  if (problems.length) throw fieldProblems(problems);
  await checkCategory(db, ruleType, categoryNo);
  const set: Record<string, InValue> = {};
  if (patch.label !== undefined) set.label = patch.label;
  if (patch.sectionExplain !== undefined) set.section_explain = patch.sectionExplain;
  if (patch.ruleType !== undefined) set.rule_type = patch.ruleType;
  const keptCategory = ruleType === 'CATEGORY' ? categoryNo : null;
  if (keptCategory !== row.rule_category_no) set.rule_category_no = keptCategory;
  if (patch.ruleLimit !== undefined) set.rule_limit = patch.ruleLimit;
  if (patch.sortType !== undefined) set.sort_type = patch.sortType;
  if (patch.onHome !== undefined) set.on_home = patch.onHome ? 1 : 0;
  if (patch.visible !== undefined) set.visible = patch.visible ? 1 : 0;
  if (patch.displayStart !== undefined) set.display_start_ymdt = patch.displayStart;
  if (patch.displayEnd !== undefined) set.display_end_ymdt = patch.displayEnd;
  if (!(await repo.updateSection(db, sectionNo, patch.version, set)))
    staleOrGone(Boolean(await repo.selectSection(db, sectionNo)), 'DISPLAY_SECTION_NOT_FOUND');
  return getSection(db, sectionNo);
}

/**
 * Replaces a MANUAL section's product list (in the order given) if the section is still at
 * `version`. Every product must exist and not be deleted; products not for sale may be listed
 * (the shop shows only the listable ones, so a list can be prepared before a sale starts).
 */
export async function setSectionProducts(
  db: Db,
  sectionNo: number,
  input: SectionProducts,
): Promise<SectionDetail> {
  await writeTx(db, async (tx) => {
    const row = await repo.selectSection(tx, sectionNo);
    if (!row) throw appError('DISPLAY_SECTION_NOT_FOUND');
    if (row.version !== input.version) throw appError('VERSION_CONFLICT');
    if (row.rule_type !== 'MANUAL') throw appError('SECTION_NOT_MANUAL');
    const found = await repo.selectExistingProductNos(tx, input.productNos);
    const missing = input.productNos.flatMap((no, i) =>
      found.has(no)
        ? []
        : [{ path: `productNos.${i}`, message: `${no}번 상품을 찾을 수 없습니다. 목록에서 빼 주세요.` }],
    );
    if (missing.length) throw fieldProblems(missing);
    await repo.replaceSectionProducts(tx, sectionNo, input.productNos);
    if (!(await repo.updateSection(tx, sectionNo, input.version, {}))) throw appError('VERSION_CONFLICT');
  });
  return getSection(db, sectionNo);
}

/**
 * Puts every section in the order given (the home page shows its sections in this order). The list
 * must be every section as it is now; with `versions` each must still be at the version read.
 */
export async function reorderSections(
  db: Db,
  input: SectionReorder,
): Promise<{ sections: ManagedSection[] }> {
  await writeTx(db, async (tx) => {
    const current = await repo.selectSections(tx);
    const byNo = new Map(current.map((s) => [s.section_no, s]));
    if (current.length !== input.sectionNos.length || input.sectionNos.some((no) => !byNo.has(no)))
      throw appError('DISPLAY_LIST_CHANGED');
    if (input.versions?.some((v, i) => byNo.get(input.sectionNos[i]!)?.version !== v))
      throw appError('VERSION_CONFLICT');
    for (const [i, no] of input.sectionNos.entries()) {
      if (byNo.get(no)?.display_order !== i + 1) await repo.setSectionOrder(tx, no, i + 1);
    }
  });
  return listSections(db);
}

/** Deletes a section still at `version` (its manual list goes with it; products stay). */
export async function deleteSection(db: Db, sectionNo: number, version: number): Promise<void> {
  await sectionAt(db, sectionNo, version);
  if (!(await repo.deleteSection(db, sectionNo, version)))
    staleOrGone(Boolean(await repo.selectSection(db, sectionNo)), 'DISPLAY_SECTION_NOT_FOUND');
}

/** Products to add to a section: by number or management code, or by a part of the name. */
export async function searchSectionProducts(db: Db, q: string): Promise<{ items: PickableProduct[] }> {
  const rows = await repo.searchPickableProducts(
    db,
    q.trim(),
    new Date().toISOString(),
    PRODUCT_SEARCH_LIMIT,
  );
  return { items: rows.map(toPickable) };
}
