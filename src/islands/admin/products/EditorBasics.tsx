import { useState } from 'react';
import type { ProductFormOptions } from '../../../server/catalog/index.ts';
import { splitValues, type ProductDraft } from './editor-state.ts';
import { ChipInput, Field, FieldError, TextField, useFieldA11y } from './EditorFields.tsx';

export interface EditorPartProps {
  draft: ProductDraft;
  patch: (p: Partial<ProductDraft>) => void;
  readOnly: boolean;
}

/** 기본 정보: names, address, codes, brand, partner and its delivery templates, categories, keywords. */
export default function EditorBasics({
  draft,
  patch,
  readOnly,
  formOptions,
  productNo,
}: EditorPartProps & { formOptions: ProductFormOptions; productNo: number | null }) {
  const templates = formOptions.deliveryTemplates.filter((t) => String(t.partnerNo) === draft.partnerNo);
  return (
    <div className="pe-grid">
      <TextField
        path="productName"
        label="상품명"
        required
        maxLength={100}
        className="pe-wide"
        value={draft.productName}
        onChange={(productName) => patch({ productName })}
      />
      <TextField
        path="productNameEn"
        label="영문 상품명"
        maxLength={100}
        value={draft.productNameEn}
        onChange={(productNameEn) => patch({ productNameEn })}
      />
      <TextField
        path="productManagementCd"
        label="상품 관리코드"
        maxLength={50}
        value={draft.productManagementCd}
        onChange={(productManagementCd) => patch({ productManagementCd })}
      />
      <TextField
        path="slug"
        label="상품 주소"
        maxLength={80}
        value={draft.slug}
        placeholder={productNo ? `product-${productNo}` : 'round-pad-10'}
        hint={`쇼핑몰 주소 /product/${draft.slug.trim() || (productNo ? `product-${productNo}` : '…')} · 영문 소문자, 숫자, 하이픈(-) 2~80자. 비우면 product-상품번호가 됩니다.`}
        onChange={(slug) => patch({ slug: slug.toLowerCase() })}
      />
      <TextField
        path="promotionText"
        label="홍보 문구"
        maxLength={100}
        value={draft.promotionText}
        onChange={(promotionText) => patch({ promotionText })}
      />
      <Field
        path="productSummary"
        label="상품 요약"
        className="pe-wide"
        hint="목록과 검색 결과에 보이는 한두 문장 (500자까지)"
      >
        {(a11y) => (
          <textarea
            {...a11y}
            className="bf-textarea pe-textarea-short"
            value={draft.productSummary}
            maxLength={500}
            readOnly={readOnly}
            onChange={(e) => patch({ productSummary: e.target.value })}
          />
        )}
      </Field>
      <Field path="brandNo" label="브랜드">
        {(a11y) => (
          <select
            {...a11y}
            className="bf-select"
            value={draft.brandNo}
            disabled={readOnly}
            onChange={(e) => patch({ brandNo: e.target.value })}
          >
            <option value="">브랜드 없음</option>
            {formOptions.brands.map((b) => (
              <option key={b.brandNo} value={b.brandNo}>
                {b.brandName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field path="partnerNo" label="거래처" required>
        {(a11y) => (
          <select
            {...a11y}
            className="bf-select"
            value={draft.partnerNo}
            disabled={readOnly}
            onChange={(e) => {
              const partnerNo = e.target.value;
              const own = formOptions.deliveryTemplates.filter((t) => String(t.partnerNo) === partnerNo);
              const keep = own.some((t) => String(t.templateNo) === draft.deliveryTemplateNo);
              patch({
                partnerNo,
                deliveryTemplateNo: keep ? draft.deliveryTemplateNo : own[0] ? String(own[0].templateNo) : '',
              });
            }}
          >
            <option value="">거래처를 골라 주세요</option>
            {formOptions.partners.map((p) => (
              <option key={p.partnerNo} value={p.partnerNo}>
                {p.partnerName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        path="deliveryTemplateNo"
        label="배송비 템플릿"
        required
        hint={draft.partnerNo ? '고른 거래처의 템플릿만 보입니다.' : '거래처를 먼저 골라 주세요.'}
      >
        {(a11y) => (
          <select
            {...a11y}
            className="bf-select"
            value={draft.deliveryTemplateNo}
            disabled={readOnly || !draft.partnerNo}
            onChange={(e) => patch({ deliveryTemplateNo: e.target.value })}
          >
            <option value="">배송비 템플릿을 골라 주세요</option>
            {templates.map((t) => (
              <option key={t.templateNo} value={t.templateNo}>
                {t.templateName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="pe-wide">
        <EditorCategories
          categories={formOptions.categories}
          selected={draft.categoryNos}
          readOnly={readOnly}
          onChange={(categoryNos) => patch({ categoryNos })}
        />
      </div>
      <div className="pe-wide">
        <ChipInput
          path="searchKeywords"
          label="검색어"
          values={draft.searchKeywords}
          maxLength={30}
          disabled={readOnly}
          hint="상품명 말고도 이 말로 찾으면 나오게 합니다. 쉼표로 여러 개를 넣을 수 있습니다 (30개까지, 하나에 30자까지)."
          onAdd={(text) => {
            const words = splitValues(text)
              .flatMap((w) => w.split(/\s+/))
              .filter(Boolean);
            const fresh = words.filter((w) => !draft.searchKeywords.includes(w));
            if (fresh.some((w) => w.length > 30)) return '검색어 하나는 30자까지 쓸 수 있습니다.';
            if (draft.searchKeywords.length + fresh.length > 30) return '검색어는 30개까지 넣을 수 있습니다.';
            patch({ searchKeywords: [...draft.searchKeywords, ...fresh] });
            return null;
          }}
          onRemove={(w) => patch({ searchKeywords: draft.searchKeywords.filter((x) => x !== w) })}
        />
      </div>
    </div>
  );
}

type Category = ProductFormOptions['categories'][number];

/** The menu categories (filterable, by their path) and, apart, the display categories. */
function EditorCategories({
  categories,
  selected,
  onChange,
  readOnly,
}: {
  categories: readonly Category[];
  selected: readonly number[];
  onChange: (nos: number[]) => void;
  readOnly: boolean;
}) {
  const [filter, setFilter] = useState('');
  const { error, ...a11y } = useFieldA11y('categoryNos');
  const menu = categories.filter((c) => c.menu);
  const display = categories.filter((c) => !c.menu);
  const shown = filter.trim() ? menu.filter((c) => c.path.includes(filter.trim())) : menu;
  const chosen = new Set(selected);
  const toggle = (no: number, on: boolean) =>
    onChange(on ? [...selected.filter((n) => n !== no), no] : selected.filter((n) => n !== no));
  const box = (c: Category) => (
    <li key={c.categoryNo}>
      <label className="bf-check">
        <input
          type="checkbox"
          checked={chosen.has(c.categoryNo)}
          disabled={readOnly}
          onChange={(e) => toggle(c.categoryNo, e.target.checked)}
        />
        {c.path}
        {!c.visible && <span className="bf-hint"> (숨김)</span>}
      </label>
    </li>
  );
  return (
    <div className="pe-categories">
      <fieldset className="bf-fieldset" aria-describedby={error ? `${a11y.id}-error` : undefined}>
        <legend className="bf-legend">카테고리</legend>
        <div className="bf-field">
          <label className="bf-label visually-hidden" htmlFor={a11y.id}>
            카테고리 찾기
          </label>
          <input
            {...a11y}
            className="bf-input"
            type="search"
            placeholder="카테고리 찾기 (예: 방진)"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
        <ul className="pe-category-list" aria-label="메뉴 카테고리">
          {shown.map(box)}
          {shown.length === 0 && <li className="bf-hint">찾는 카테고리가 없습니다.</li>}
        </ul>
      </fieldset>
      {display.length > 0 && (
        <fieldset className="bf-fieldset">
          <legend className="bf-legend">전시 카테고리</legend>
          <p className="bf-hint">
            메뉴에는 없고 신상품, POD 상품, 커스텀 상품처럼 모아 보여 주는 분류입니다.
          </p>
          <ul className="pe-category-list pe-category-list--inline">{display.map(box)}</ul>
        </fieldset>
      )}
      <p className="bf-hint">
        {selected.length === 0
          ? '고른 카테고리가 없습니다.'
          : `고른 카테고리 ${selected.length}개: ${selected
              .map((n) => categories.find((c) => c.categoryNo === n)?.path ?? String(n))
              .join(', ')}`}
      </p>
      <FieldError path="categoryNos" />
    </div>
  );
}
