import { useState } from 'react';
import type { ManagedProduct, ProductFormOptions } from '../../server/catalog/index.ts';
import {
  applyDutyPreset,
  DUTY_PRESETS,
  newKey,
  PURCHASE_LIMIT_FIELDS,
  type DraftTextField,
} from '../admin/products/editor-state.ts';
import { CheckField, Field, fieldIdOf, SelectField, TextField } from './CatalogFields.tsx';
import { CatalogForm, PartnerFields } from './CatalogForm.tsx';
import { useProductSave } from './CatalogSave.ts';

/**
 * The rest of a product at the counter (/test/pos/product/update/detail): codes and brand, the
 * partner and delivery, discount and sale period, purchase limits and points, search words, the
 * detail text (Markdown, made safe by the server) and the 상품정보제공고시. Saved with the version
 * read, like the main form. Images and buyer inputs stay in the back office's editor.
 */

// the discount's and the sale's times, Seoul time
const TIMES: DraftTextField[] = [
  {
    path: 'immediateDiscount.startYmdt',
    key: 'discountStart',
    label: '할인 시작 (한국 시각)',
    hint: '비우면 바로 시작합니다.',
  },
  {
    path: 'immediateDiscount.endYmdt',
    key: 'discountEnd',
    label: '할인 종료',
    hint: '비우면 끝나지 않습니다.',
  },
  { path: 'saleStartYmdt', key: 'saleStart', label: '판매 시작' },
  { path: 'saleEndYmdt', key: 'saleEnd', label: '판매 종료', hint: '비우면 계속 판매합니다.' },
];

export interface CatalogDetailEditorProps {
  product: ManagedProduct;
  formOptions: ProductFormOptions;
}

export default function CatalogDetailEditor({ product: initial, formOptions }: CatalogDetailEditorProps) {
  const s = useProductSave(initial, () => {
    throw new Error('the detail form edits a saved product');
  });
  const { draft, setDraft, setField: set, problems } = s;
  const [keywords, setKeywords] = useState(draft.searchKeywords.join(', '));
  const [preset, setPreset] = useState('');

  // a reload (conflict) replaces the draft: the keyword text follows it
  const [seen, setSeen] = useState(s.product?.version);
  if (s.product?.version !== seen) {
    setSeen(s.product?.version);
    setKeywords(draft.searchKeywords.join(', '));
  }

  return (
    <CatalogForm
      save={s}
      onSubmit={() => void s.save()}
      submitLabel="저장"
      link={<a href={`/test/pos/product/update?productNo=${initial.productNo}`}>기본 정보·옵션 수정</a>}
    >
      <fieldset className="pc-section">
        <legend>코드와 거래처</legend>
        <div className="pc-grid">
          <TextField
            path="productNameEn"
            label="영문 상품명"
            value={draft.productNameEn}
            onChange={set('productNameEn')}
            maxLength={100}
            error={problems.productNameEn}
          />
          <TextField
            path="productManagementCd"
            label="상품 관리코드"
            value={draft.productManagementCd}
            onChange={set('productManagementCd')}
            maxLength={50}
            error={problems.productManagementCd}
          />
          <SelectField
            path="brandNo"
            label="브랜드"
            value={draft.brandNo}
            onChange={set('brandNo')}
            options={[
              { value: '', label: '없음' },
              ...formOptions.brands.map((b) => ({ value: String(b.brandNo), label: b.brandName })),
            ]}
            error={problems.brandNo}
          />
          <PartnerFields save={s} formOptions={formOptions} />
        </div>
      </fieldset>

      <fieldset className="pc-section">
        <legend>할인과 판매 기간</legend>
        <div className="pc-grid">
          <TextField
            path="immediateDiscount.value"
            label="즉시 할인"
            numeric
            value={draft.discountValue}
            onChange={set('discountValue')}
            error={problems['immediateDiscount.value']}
          />
          <SelectField
            path="immediateDiscount.unit"
            label="할인 단위"
            value={draft.discountUnit}
            onChange={(v) => set('discountUnit')(v === 'RATE' ? 'RATE' : 'WON')}
            options={[
              { value: 'WON', label: '원' },
              { value: 'RATE', label: '%' },
            ]}
          />
          {TIMES.map((f) => (
            <TextField
              key={f.path}
              path={f.path}
              label={f.label}
              type="datetime-local"
              value={draft[f.key]}
              onChange={set(f.key)}
              error={problems[f.path]}
              hint={f.hint}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="pc-section">
        <legend>구매 제한과 적립</legend>
        <div className="pc-grid">
          {PURCHASE_LIMIT_FIELDS.map((f) => (
            <TextField
              key={f.path}
              path={f.path}
              label={f.label}
              numeric
              suffix={f.suffix}
              value={draft[f.key]}
              onChange={set(f.key)}
              error={problems[f.path]}
              hint={f.hint}
            />
          ))}
          <div className="pc-field">
            <span className="pc-label">그 밖에</span>
            <CheckField
              path="urlDirectDisplay"
              label="숨겨도 주소로는 열기"
              checked={draft.urlDirectDisplay}
              onChange={set('urlDirectDisplay')}
            />
            <CheckField
              path="forcedSoldOut"
              label="상품 전체 품절 표시"
              checked={draft.forcedSoldOut}
              onChange={set('forcedSoldOut')}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="pc-section">
        <legend>상세 내용</legend>
        <TextField
          path="promotionText"
          label="홍보 문구"
          value={draft.promotionText}
          onChange={set('promotionText')}
          maxLength={100}
          error={problems.promotionText}
        />
        <Field path="productSummary" label="상품 요약" error={problems.productSummary}>
          {(a) => (
            <textarea
              {...a}
              value={draft.productSummary}
              maxLength={500}
              rows={3}
              onChange={(e) => set('productSummary')(e.target.value)}
            />
          )}
        </Field>
        <Field
          path="searchKeywords"
          label="검색어 (쉼표로 구분)"
          error={problems.searchKeywords}
          hint="쇼핑몰 검색에 쓰입니다."
        >
          {(a) => (
            <input
              {...a}
              className="pc-input"
              value={keywords}
              onChange={(e) => {
                setKeywords(e.target.value);
                set('searchKeywords')(
                  e.target.value
                    .split(/[,，]/)
                    .map((k) => k.trim())
                    .filter(Boolean),
                );
              }}
            />
          )}
        </Field>
        <Field
          path="content"
          label="상세 설명 (마크다운)"
          error={problems.content}
          hint="제목은 ##, 굵게는 **글자**처럼 씁니다. 저장하면 안전한 HTML로 바뀝니다."
        >
          {(a) => (
            <textarea
              {...a}
              value={draft.content}
              rows={12}
              onChange={(e) => set('content')(e.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="pc-section">
        <legend>상품정보제공고시</legend>
        <div className="pc-form-row">
          <div className="pc-field">
            <label htmlFor="pc-duty-preset">품목 양식</label>
            <select id="pc-duty-preset" value={preset} onChange={(e) => setPreset(e.target.value)}>
              <option value="">골라 주세요</option>
              {Object.keys(DUTY_PRESETS).map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--secondary"
            disabled={!preset}
            onClick={() => setDraft((d) => ({ ...d, dutyInfo: applyDutyPreset(d.dutyInfo, preset) }))}
          >
            양식 항목 넣기
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              setDraft((d) => ({
                ...d,
                dutyInfo: [...d.dutyInfo, { key: newKey('d'), label: '', value: '' }],
              }))
            }
          >
            항목 추가
          </button>
        </div>
        {draft.dutyInfo.length === 0 && <p className="pc-muted">고시 항목이 없습니다.</p>}
        {draft.dutyInfo.map((row, i) => {
          const err = problems[`dutyInfo.${i}.label`] ?? problems[`dutyInfo.${i}.value`];
          const update = (patch: { label?: string; value?: string }) =>
            setDraft((d) => ({
              ...d,
              dutyInfo: d.dutyInfo.map((x) => (x.key === row.key ? { ...x, ...patch } : x)),
            }));
          return (
            <div key={row.key} className="pc-form-row">
              <div className="pc-field">
                <label htmlFor={fieldIdOf(`dutyInfo.${i}.label`)}>{i + 1}. 항목</label>
                <input
                  id={fieldIdOf(`dutyInfo.${i}.label`)}
                  className="pc-input"
                  value={row.label}
                  maxLength={50}
                  onChange={(e) => update({ label: e.target.value })}
                />
              </div>
              <div className="pc-field" style={{ flex: '1 1 20rem' }}>
                <label htmlFor={fieldIdOf(`dutyInfo.${i}.value`)}>내용</label>
                <input
                  id={fieldIdOf(`dutyInfo.${i}.value`)}
                  className="pc-input"
                  value={row.value}
                  maxLength={500}
                  onChange={(e) => update({ value: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`${row.label || `${i + 1}번째 항목`} 빼기`}
                onClick={() =>
                  setDraft((d) => ({ ...d, dutyInfo: d.dutyInfo.filter((x) => x.key !== row.key) }))
                }
              >
                빼기
              </button>
              {err && <p className="pc-error pc-wide">{err}</p>}
            </div>
          );
        })}
      </fieldset>
    </CatalogForm>
  );
}
