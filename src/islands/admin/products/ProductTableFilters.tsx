import { useId, useState, type ReactNode } from 'react';
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

interface FilterSelectProps {
  /** The address's name for it (the form's field name when the island has not run). */
  name: string;
  label: string;
  value: string | number;
  onPick: (value: string) => void;
  options?: { value: string | number; label: string }[];
  children?: ReactNode;
}

const ALL = { value: '', label: '전체' };

/** One of the list's filters: a labelled select named as the address names it. */
function FilterSelect({
  id,
  name,
  label,
  value,
  onPick,
  options,
  children,
}: FilterSelectProps & { id: (name: string) => string }) {
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={id(name)}>
        {label}
      </label>
      <select
        id={id(name)}
        className="bf-select"
        name={name}
        value={value}
        onChange={(e) => onPick(e.target.value)}
      >
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}

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
  // a select applies at once, but only once the island runs (before that the form submits)
  const pick = (patch: (value: string) => Partial<ProductListParams>) => (value: string) => {
    if (live) apply(patch(value));
  };
  const filters: FilterSelectProps[] = [
    {
      name: 'brandNo',
      label: '브랜드',
      value: params.brandNo ?? '',
      onPick: pick((v) => ({ brandNo: numberOrNull(v) })),
      options: [ALL, ...choices.brands.map((b) => ({ value: b.brandNo, label: b.brandName }))],
    },
    {
      name: 'partnerNo',
      label: '거래처',
      value: params.partnerNo ?? '',
      onPick: pick((v) => ({ partnerNo: numberOrNull(v) })),
      options: [ALL, ...choices.partners.map((p) => ({ value: p.partnerNo, label: p.partnerName }))],
    },
    {
      name: 'saleStatus',
      label: '판매 상태',
      value: params.saleStatus ?? '',
      onPick: pick((v) => ({ saleStatus: (v || null) as ProductListParams['saleStatus'] })),
      options: [ALL, ...SALE_STATUS_CODES.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }))],
    },
    {
      name: 'stock',
      label: '재고',
      value: params.stock ?? '',
      onPick: pick((v) => ({ stock: (v || null) as ProductListParams['stock'] })),
      options: [ALL, { value: 'soldout', label: '품절' }, { value: 'low', label: '재고 부족' }],
    },
    {
      name: 'display',
      label: '전시',
      value: params.display ?? '',
      onPick: pick((v) => ({ display: (v || null) as ProductListParams['display'] })),
      options: [ALL, { value: 'shown', label: '전시' }, { value: 'hidden', label: '숨김' }],
    },
  ];
  // how the list is shown, beside 삭제된 상품 보기
  const views: FilterSelectProps[] = [
    {
      name: 'sort',
      label: '정렬',
      value: params.sort,
      onPick: pick((v) => ({ sort: v as ProductListParams['sort'] })),
      options: PRODUCT_SORT_KEYS.map((s) => ({ value: s, label: PRODUCT_SORT_LABELS[s] })),
    },
    {
      name: 'size',
      label: '한 페이지에',
      value: params.size,
      onPick: pick((v) => ({ size: Number(v) })),
      options: PAGE_SIZES.map((n) => ({ value: n, label: `${n}개씩` })),
    },
  ];

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
        <FilterSelect
          id={id}
          name="categoryNo"
          label="카테고리"
          value={params.categoryNo ?? ''}
          onPick={pick((v) => ({ categoryNo: numberOrNull(v) }))}
        >
          <option value="">전체</option>
          <CategoryOptions categories={choices.categories} />
        </FilterSelect>
        {filters.map((f) => (
          <FilterSelect key={f.name} id={id} {...f} />
        ))}
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
          {views.map((f) => (
            <FilterSelect key={f.name} id={id} {...f} />
          ))}
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
