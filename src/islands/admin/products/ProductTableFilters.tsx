import { useId, useState } from 'react';
import { SALE_STATUS_CODES, SALE_STATUS_LABELS } from '../../../lib/product-status.ts';
import {
  EMPTY_PARAMS,
  PAGE_SIZES,
  PRODUCT_SORT_KEYS,
  PRODUCT_SORT_LABELS,
  type ProductListParams,
} from './ProductTableQuery.ts';

export interface ProductFilterChoices {
  categories: { categoryNo: number; path: string; menu: boolean }[];
  brands: { brandNo: number; brandName: string }[];
  partners: { partnerNo: number; partnerName: string }[];
}

interface Props {
  params: ProductListParams;
  choices: ProductFilterChoices;
  /** Set once the island runs: a change then applies at once; before that the form is a plain GET form. */
  live: boolean;
  onApply: (next: ProductListParams) => void;
}

/** The category options, menu categories first, display categories (신상품, POD …) in their own group. */
export function CategoryOptions({ categories }: { categories: ProductFilterChoices['categories'] }) {
  const menu = categories.filter((c) => c.menu);
  const display = categories.filter((c) => !c.menu);
  return (
    <>
      <optgroup label="카테고리">
        {menu.map((c) => (
          <option key={c.categoryNo} value={c.categoryNo}>
            {c.path}
          </option>
        ))}
      </optgroup>
      {display.length > 0 && (
        <optgroup label="전시 카테고리">
          {display.map((c) => (
            <option key={c.categoryNo} value={c.categoryNo}>
              {c.path}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}

const numberOrNull = (v: string) => (v ? Number(v) : null);

/**
 * The list's search and filters. Without script it is a GET form to the same page (every field is
 * named as the address names it); with script a change of a select or the toggle applies at once and
 * the search box applies on 검색 / Enter.
 */
export default function ProductTableFilters({ params, choices, live, onApply }: Props) {
  const uid = useId();
  const [q, setQ] = useState(params.q);
  // the table may change the view (reset, a page past the last); the box follows what is applied
  const [appliedQ, setAppliedQ] = useState(params.q);
  if (appliedQ !== params.q) {
    setAppliedQ(params.q);
    setQ(params.q);
  }

  const apply = (patch: Partial<ProductListParams>) => onApply({ ...params, q: q.trim(), page: 1, ...patch });
  const id = (name: string) => `${uid}-${name}`;

  return (
    <form
      className="pt-filters"
      method="get"
      action="/manager/products"
      role="search"
      aria-label="상품 검색"
      onSubmit={(e) => {
        if (!live) return;
        e.preventDefault();
        // the box as the browser holds it: text typed while the page was still hydrating counts too
        const typed = String(new FormData(e.currentTarget).get('q') ?? q);
        setQ(typed);
        apply({ q: typed.trim() });
      }}
    >
      <div className="bf-field">
        <label className="bf-label" htmlFor={id('q')}>
          검색어
        </label>
        <div className="pt-search">
          <input
            id={id('q')}
            className="bf-input"
            type="search"
            name="q"
            maxLength={100}
            value={q}
            placeholder="상품명, 상품번호, 관리코드, 바코드"
            aria-describedby={id('q-hint')}
            onChange={(e) => setQ(e.target.value)}
          />
          <button className="button" type="submit">
            검색
          </button>
        </div>
        <span id={id('q-hint')} className="bf-hint">
          상품명·관리코드는 일부만, 상품번호·바코드·옵션 관리코드는 전체를 입력해 주세요.
        </span>
      </div>
      <div className="pt-filter-grid">
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('category')}>
            카테고리
          </label>
          <select
            id={id('category')}
            className="bf-select"
            name="categoryNo"
            value={params.categoryNo ?? ''}
            onChange={(e) => live && apply({ categoryNo: numberOrNull(e.target.value) })}
          >
            <option value="">전체</option>
            <CategoryOptions categories={choices.categories} />
          </select>
        </div>
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('brand')}>
            브랜드
          </label>
          <select
            id={id('brand')}
            className="bf-select"
            name="brandNo"
            value={params.brandNo ?? ''}
            onChange={(e) => live && apply({ brandNo: numberOrNull(e.target.value) })}
          >
            <option value="">전체</option>
            {choices.brands.map((b) => (
              <option key={b.brandNo} value={b.brandNo}>
                {b.brandName}
              </option>
            ))}
          </select>
        </div>
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('partner')}>
            거래처
          </label>
          <select
            id={id('partner')}
            className="bf-select"
            name="partnerNo"
            value={params.partnerNo ?? ''}
            onChange={(e) => live && apply({ partnerNo: numberOrNull(e.target.value) })}
          >
            <option value="">전체</option>
            {choices.partners.map((p) => (
              <option key={p.partnerNo} value={p.partnerNo}>
                {p.partnerName}
              </option>
            ))}
          </select>
        </div>
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('status')}>
            판매 상태
          </label>
          <select
            id={id('status')}
            className="bf-select"
            name="saleStatus"
            value={params.saleStatus ?? ''}
            onChange={(e) =>
              live && apply({ saleStatus: (e.target.value || null) as ProductListParams['saleStatus'] })
            }
          >
            <option value="">전체</option>
            {SALE_STATUS_CODES.map((s) => (
              <option key={s} value={s}>
                {SALE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('stock')}>
            재고
          </label>
          <select
            id={id('stock')}
            className="bf-select"
            name="stock"
            value={params.stock ?? ''}
            onChange={(e) => live && apply({ stock: (e.target.value || null) as ProductListParams['stock'] })}
          >
            <option value="">전체</option>
            <option value="soldout">품절</option>
            <option value="low">재고 부족</option>
          </select>
        </div>
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('display')}>
            전시
          </label>
          <select
            id={id('display')}
            className="bf-select"
            name="display"
            value={params.display ?? ''}
            onChange={(e) =>
              live && apply({ display: (e.target.value || null) as ProductListParams['display'] })
            }
          >
            <option value="">전체</option>
            <option value="shown">전시</option>
            <option value="hidden">숨김</option>
          </select>
        </div>
      </div>
      <div className="pt-filter-row">
        <label className="bf-check">
          <input
            type="checkbox"
            name="deleted"
            value="1"
            checked={params.deleted}
            onChange={(e) => live && apply({ deleted: e.target.checked })}
          />
          삭제된 상품 보기
        </label>
        <div className="pt-links">
          <div className="bf-field">
            <label className="bf-label" htmlFor={id('sort')}>
              정렬
            </label>
            <select
              id={id('sort')}
              className="bf-select"
              name="sort"
              value={params.sort}
              onChange={(e) => live && apply({ sort: e.target.value as ProductListParams['sort'] })}
            >
              {PRODUCT_SORT_KEYS.map((s) => (
                <option key={s} value={s}>
                  {PRODUCT_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="bf-field">
            <label className="bf-label" htmlFor={id('size')}>
              한 페이지에
            </label>
            <select
              id={id('size')}
              className="bf-select"
              name="size"
              value={params.size}
              onChange={(e) => live && apply({ size: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}개씩
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="bf-actions">
        {!live && (
          <button className="button button--secondary" type="submit">
            조건 적용
          </button>
        )}
        <a
          className="button button--secondary"
          href="/manager/products"
          onClick={(e) => {
            if (!live) return;
            e.preventDefault();
            setQ('');
            onApply({ ...EMPTY_PARAMS, size: params.size });
          }}
        >
          조건 초기화
        </a>
      </div>
    </form>
  );
}
