import type { ManagedProduct, ProductFormOptions } from '../../server/catalog/index.ts';
import { SALE_STATUS_LABELS } from '../../lib/product-status.ts';
import { emptyDraft } from '../admin/products/editor-state.ts';
import { CheckField, Field, SelectField, TextField } from './CatalogFields.tsx';
import { CatalogForm, PartnerFields } from './CatalogForm.tsx';
import CatalogOptions from './CatalogOptions.tsx';
import { useProductSave } from './CatalogSave.ts';

/**
 * The counter's product form (/test/pos/product/create, /update): name, price, sale status, shown
 * in the shop or not, categories, low-stock threshold, and options with their barcodes (and the
 * first stock of new ones). Saved through the back office's catalogue service with the version
 * read; another save in between is shown with a way to load it. The rest of the fields are on
 * /test/pos/product/update/detail. Ctrl+S saves.
 */

export interface CatalogEditorProps {
  product: ManagedProduct | null;
  formOptions: ProductFormOptions;
}

const STATUSES = (['READY', 'ONSALE', 'STOP', 'FINISHED'] as const).map((s) => ({
  value: s,
  label: SALE_STATUS_LABELS[s],
}));

export default function CatalogEditor({ product: initial, formOptions }: CatalogEditorProps) {
  const s = useProductSave(initial, () => {
    const partnerNo = formOptions.partners[0]?.partnerNo ?? null;
    return emptyDraft({
      partnerNo,
      deliveryTemplateNo:
        formOptions.deliveryTemplates.find((t) => t.partnerNo === partnerNo)?.templateNo ?? null,
    });
  });
  const { draft, setDraft, setField: set, problems, product } = s;

  async function submit() {
    const no = await s.save();
    if (no !== null && !product) window.location.assign(`/test/pos/product/update?productNo=${no}&created=1`);
  }

  return (
    <CatalogForm
      save={s}
      onSubmit={() => void submit()}
      submitLabel={product ? '저장' : '상품 등록'}
      link={
        product && (
          <a href={`/test/pos/product/update/detail?productNo=${product.productNo}`}>상세 정보 수정</a>
        )
      }
    >
      <fieldset className="pc-section">
        <legend>기본 정보</legend>
        <div className="pc-grid">
          <TextField
            path="productName"
            label="상품명"
            className="pc-wide"
            value={draft.productName}
            onChange={set('productName')}
            maxLength={100}
            error={problems.productName}
          />
          <TextField
            path="salePrice"
            label="판매가"
            numeric
            suffix="원"
            value={draft.salePrice}
            onChange={set('salePrice')}
            error={problems.salePrice}
            hint="즉시 할인은 상세 정보에서 정합니다."
          />
          <SelectField
            path="saleStatus"
            label="판매 상태"
            value={draft.saleStatus}
            onChange={(v) => set('saleStatus')(v as typeof draft.saleStatus)}
            options={
              STATUSES.some((x) => x.value === draft.saleStatus)
                ? STATUSES
                : [...STATUSES, { value: draft.saleStatus, label: SALE_STATUS_LABELS[draft.saleStatus] }]
            }
            error={problems.saleStatus}
          />
          <TextField
            path="lowStockThreshold"
            label="재고 부족 기준"
            numeric
            suffix="개 이하"
            value={draft.lowStockThreshold}
            onChange={set('lowStockThreshold')}
            error={problems.lowStockThreshold}
          />
          <div className="pc-field">
            <span className="pc-label">전시</span>
            <CheckField
              path="frontDisplay"
              label="쇼핑몰에 보이기"
              checked={draft.frontDisplay}
              onChange={set('frontDisplay')}
            />
          </div>
          {!product && <PartnerFields save={s} formOptions={formOptions} />}
        </div>
        <Field
          path="categoryNos"
          label="카테고리"
          error={problems.categoryNos}
          hint={`고른 카테고리: ${
            formOptions.categories
              .filter((c) => draft.categoryNos.includes(c.categoryNo))
              .map((c) => c.path)
              .join(', ') || '없음'
          }`}
        >
          {(a) => (
            <div
              id={a.id}
              role="group"
              aria-describedby={a['aria-describedby']}
              className="pc-grid"
              style={{ maxHeight: '12rem', overflowY: 'auto' }}
            >
              {formOptions.categories.map((c) => (
                <label key={c.categoryNo} className="pc-check">
                  <input
                    type="checkbox"
                    checked={draft.categoryNos.includes(c.categoryNo)}
                    onChange={(e) =>
                      setDraft((d) => ({
                        ...d,
                        categoryNos: e.target.checked
                          ? [...d.categoryNos, c.categoryNo]
                          : d.categoryNos.filter((n) => n !== c.categoryNo),
                      }))
                    }
                  />
                  {c.path}
                  {!c.menu && <span className="pc-muted"> (전시용)</span>}
                </label>
              ))}
            </div>
          )}
        </Field>
      </fieldset>

      <CatalogOptions draft={draft} setDraft={setDraft} problems={problems} product={product} />
      {product && product.options.rows.some((r) => !r.barcode) && (
        <p className="pc-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={s.busy || s.dirty}
            aria-describedby="pc-inhouse-hint"
            onClick={() => void s.makeInHouseCodes()}
          >
            바코드 없는 옵션에 자체 코드 만들기
          </button>
          <span id="pc-inhouse-hint" className="pc-hint">
            {s.dirty
              ? '바꾼 내용을 먼저 저장해 주세요.'
              : 'PD + 옵션 번호의 Code 128 코드를 만들어 라벨로 붙일 수 있게 합니다.'}
          </span>
        </p>
      )}
    </CatalogForm>
  );
}
