import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ManagedProduct, ProductFormOptions } from '../../../server/catalog/index.ts';
import { managerProductApi } from '../../../lib/clients/manager-products.ts';
import { ApiError, errorMessage, query, unwrap } from '../../../lib/shop-api-client.ts';
import { goToLogin } from '../../catalog/go-to-login.ts';
import ConfirmDialog from '../../mypage/ConfirmDialog.tsx';
import { productCall } from './editor-api.ts';
import EditorBasics from './EditorBasics.tsx';
import EditorContent from './EditorContent.tsx';
import { EditorErrors, EditorSection, Field } from './EditorFields.tsx';
import EditorInputs from './EditorInputs.tsx';
import EditorNotice from './EditorNotice.tsx';
import EditorSale from './EditorSale.tsx';
import {
  draftFromProduct,
  emptyDraft,
  fieldId,
  isDirty,
  pathAncestors,
  problemsByPath,
  rowLabel,
  rowsMatchDimensions,
  toProductInput,
  type FieldProblem,
  type OptionsState,
  type ProductDraft,
} from './editor-state.ts';
import ImageManager from './ImageManager.tsx';
import OptionEditor from './OptionEditor.tsx';
import StockPanel from './StockPanel.tsx';
import '../../board/board-forms.css';
import './editor.css';

export interface ProductEditorProps {
  /** The saved product; null on /manager/products/new. */
  product: ManagedProduct | null;
  formOptions: ProductFormOptions;
  /** What the page was opened after: a new product saved, or a copy made. */
  notice: 'saved' | 'copied' | null;
}

const SECTIONS = [
  ['basic', '기본 정보'],
  ['sale', '판매 정보'],
  ['options', '옵션'],
  ['inputs', '구매자 입력 항목'],
  ['custom', '커스텀 상품'],
  ['content', '상세 설명'],
  ['notice', '상품정보제공고시'],
  ['images', '이미지'],
  ['stock', '재고'],
] as const;

const DELETE_MESSAGE = '삭제하면 판매가 중지되고 목록에서 사라집니다. 주문·후기·장바구니는 그대로 남습니다.';

const stocksOf = (p: ManagedProduct | null) =>
  Object.fromEntries((p?.options.rows ?? []).map((r) => [r.optionNo, r.stock])) as Record<number, number>;

/** Where a field's message belongs, for the summary ("옵션 화이트 / 10cm: …"). */
function contextOf(path: string, d: ProductDraft): string {
  const [head, index] = path.split('.');
  const n = Number(index);
  if (path.startsWith('options.rows.')) {
    const r = d.rows[Number(path.split('.')[2])];
    return r ? `옵션 ${rowLabel(r.values)}: ` : '';
  }
  if (path.startsWith('options.dimensions.')) return `옵션 ${Number(path.split('.')[2]) + 1}: `;
  if (head === 'inputs' && Number.isInteger(n)) return `입력 항목 ${n + 1}: `;
  if (head === 'dutyInfo' && Number.isInteger(n)) return `고시 항목 ${n + 1}: `;
  return '';
}

/** The element a field's message should take the manager to: the field, or the nearest thing holding it. */
function targetOf(path: string): HTMLElement | null {
  for (const p of pathAncestors(path)) {
    const el = document.getElementById(fieldId(p));
    if (el) return el;
  }
  const section = path.split('.')[0];
  const sectionOf: Record<string, string> = { options: 'options', inputs: 'inputs', dutyInfo: 'notice' };
  return document.getElementById(`pe-${sectionOf[section ?? ''] ?? 'basic'}-title`);
}

function focusField(path: string) {
  const el = targetOf(path);
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}

/**
 * The product editor (/manager/products/new and /manager/products/{no}): every field the storefront
 * shows, saved as a whole with the version it was read at. The server judges every field and
 * answers per field; a newer version means another manager saved first, and the editor says so
 * without losing what was typed. Images and stock are saved on their own as they change.
 */
export default function ProductEditor({ product, formOptions, notice }: ProductEditorProps) {
  const [saved, setSaved] = useState<ManagedProduct | null>(product);
  const [baseline, setBaseline] = useState<ProductDraft>(() =>
    product
      ? draftFromProduct(product)
      : emptyDraft({
          partnerNo: formOptions.partners[0]?.partnerNo ?? null,
          deliveryTemplateNo:
            formOptions.deliveryTemplates.find((t) => t.partnerNo === formOptions.partners[0]?.partnerNo)
              ?.templateNo ?? null,
        }),
  );
  const [draft, setDraft] = useState<ProductDraft>(baseline);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [conflict, setConflict] = useState(false);
  const [status, setStatus] = useState<string>(
    notice === 'saved'
      ? '저장했습니다.'
      : notice === 'copied'
        ? '복사본을 만들었습니다. 판매대기·숨김 상태이니 내용을 확인한 뒤 저장해 주세요.'
        : '',
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [stocks, setStocks] = useState(() => stocksOf(product));
  const [stockTarget, setStockTarget] = useState<{ optionNo: number; nonce: number } | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const leaving = useRef(false);
  const summary = useRef<HTMLDivElement>(null);
  const conflictBox = useRef<HTMLDivElement>(null);

  const readOnly = saved?.deleted ?? false;
  const dirty = !readOnly && isDirty(draft, baseline);
  const errors = problemsByPath(problems);
  // "저장했습니다" holds until the form changes again
  const shownStatus = dirty ? '' : status;
  const patch = (p: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...p }));
  const setOptions = (update: (s: OptionsState) => OptionsState) =>
    setDraft((d) => ({ ...d, ...update({ dimensions: d.dimensions, rows: d.rows }) }));

  // the page was opened with ?saved=1 or ?copied=1: the address drops it so a reload says nothing
  useEffect(() => {
    if (notice) window.history.replaceState(null, '', window.location.pathname);
  }, [notice]);

  // leaving with unsaved changes asks first
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  function go(url: string) {
    leaving.current = true;
    window.location.assign(url);
  }

  // after a refused save, once the messages are on screen: the first bad field, or the conflict notice
  const [focusAfterSave, setFocusAfterSave] = useState<{ to: 'field' | 'conflict'; n: number } | null>(null);
  useEffect(() => {
    if (!focusAfterSave) return;
    if (focusAfterSave.to === 'conflict') return conflictBox.current?.focus();
    const first = problems[0];
    if (first && targetOf(first.path)) focusField(first.path);
    else summary.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per refused save
  }, [focusAfterSave]);

  function showProblems(list: FieldProblem[]) {
    setProblems(list);
    setFocusAfterSave((f) => ({ to: 'field', n: (f?.n ?? 0) + 1 }));
  }

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || readOnly) return;
    setStatus('');
    setFailure(null);
    setConflict(false);
    if (!rowsMatchDimensions(draft.dimensions, draft.rows)) {
      showProblems([
        {
          path: 'options.rows',
          message: '옵션값이 바뀌었습니다. ‘옵션 목록 만들기’를 눌러 옵션 목록을 다시 만든 뒤 저장해 주세요.',
        },
      ]);
      return;
    }
    const body = toProductInput(draft);
    setPending(true);
    try {
      if (!saved) {
        const res = await unwrap(
          managerProductApi.index.$post(
            {},
            { init: { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } },
          ),
        );
        const { productNo } = res as { productNo: number };
        go(`/manager/products/${productNo}?saved=1`);
        return;
      }
      const { api, param } = productCall(saved.productNo);
      await unwrap(api.$put({ param, json: { version: saved.version, product: body } }));
      // the saved product as the server has it: new options now have their numbers
      const fresh = await unwrap(api.$get({ param })).catch(() => null);
      if (!fresh) return go(`${window.location.pathname}?saved=1`);
      const next = draftFromProduct(fresh);
      setSaved(fresh);
      setBaseline(next);
      setDraft(next);
      setStocks(stocksOf(fresh));
      setProblems([]);
      setStatus('저장했습니다.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      if (err instanceof ApiError && err.code === 'VERSION_CONFLICT') {
        setConflict(true);
        setProblems([]);
        setFocusAfterSave((f) => ({ to: 'conflict', n: (f?.n ?? 0) + 1 }));
      } else if (err instanceof ApiError && Array.isArray(err.body.fields) && err.body.fields.length > 0) {
        showProblems(err.body.fields as FieldProblem[]);
      } else {
        setProblems([]);
        setFailure(errorMessage(err));
      }
    } finally {
      setPending(false);
    }
  }

  async function copy() {
    if (!saved) return;
    if (
      dirty &&
      !window.confirm('저장하지 않은 변경은 복사본에 들어가지 않습니다. 저장된 내용으로 복사할까요?')
    )
      return;
    setPending(true);
    setFailure(null);
    try {
      const { api, param } = productCall(saved.productNo);
      const res = await unwrap(api.copy.$post({ param }));
      go(`/manager/products/${res.productNo}?copied=1`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setFailure(errorMessage(err));
      setPending(false);
    }
  }

  const productNo = saved?.productNo ?? null;
  const storefrontUrl = saved ? `/product/${encodeURIComponent(saved.slug)}` : null;
  const stockOptions = (saved?.options.rows ?? []).map((r) => ({
    optionNo: r.optionNo,
    label: rowLabel(r.values),
  }));

  return (
    <EditorErrors.Provider value={errors}>
      <div className="pe-editor">
        {readOnly && (
          <p className="bf-alert pe-deleted" role="note">
            삭제된 상품입니다. 판매가 중지되어 목록에 보이지 않으며 읽기만 할 수 있습니다.
            주문·후기·장바구니는 그대로 남습니다.
          </p>
        )}
        <nav className="pe-toc" aria-label="편집 항목">
          <ul role="list">
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a
                  href={`#pe-${id}-title`}
                  onClick={(e) => {
                    e.preventDefault();
                    const h = document.getElementById(`pe-${id}-title`);
                    h?.scrollIntoView({ block: 'start' });
                    h?.focus({ preventScroll: true });
                  }}
                >
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        {conflict && (
          <div className="bf-alert pe-conflict" role="alert" tabIndex={-1} ref={conflictBox}>
            <h2 className="pe-subtitle">저장하지 못했습니다: 다른 관리자가 먼저 저장했습니다</h2>
            <p>
              이 상품을 연 뒤 다른 관리자가 먼저 저장한 내용이 있습니다. 입력하신 내용은 저장되지 않았고 이
              화면에 그대로 있습니다. 최신 내용을 새 탭에서 확인한 뒤, 바꿀 내용을 최신 내용에 다시 입력해
              저장해 주세요.
            </p>
            <div className="bf-actions">
              <a
                className="button button--secondary"
                href={`/manager/products/${productNo}`}
                target="_blank"
                rel="noopener"
              >
                최신 내용 새 탭에서 열기
              </a>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  if (window.confirm('입력하신 내용을 버리고 최신 내용을 불러올까요?'))
                    go(window.location.pathname);
                }}
              >
                입력 내용 버리고 최신 내용 불러오기
              </button>
            </div>
          </div>
        )}

        {problems.length > 0 && (
          <div
            className="bf-alert pe-summary"
            role="alert"
            tabIndex={-1}
            ref={summary}
            aria-labelledby="pe-summary-title"
          >
            <h2 className="pe-subtitle" id="pe-summary-title">
              {`저장하지 못했습니다. 고칠 곳이 ${problems.length}군데 있습니다.`}
            </h2>
            <ul>
              {problems.map((p) => (
                <li key={p.path + p.message}>
                  <a
                    href={`#${fieldId(p.path)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      focusField(p.path);
                    }}
                  >
                    {contextOf(p.path, draft) + p.message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}

        <form
          className="pe-form"
          onSubmit={(e) => void save(e)}
          noValidate
          aria-label={saved ? '상품 수정' : '상품 등록'}
        >
          <fieldset className="pe-form-body" role="presentation" disabled={readOnly}>
            <EditorSection id="pe-basic" title="기본 정보">
              <EditorBasics
                draft={draft}
                patch={patch}
                readOnly={readOnly}
                formOptions={formOptions}
                productNo={productNo}
              />
            </EditorSection>

            <EditorSection id="pe-sale" title="판매 정보">
              <EditorSale draft={draft} patch={patch} readOnly={readOnly} />
            </EditorSection>

            <EditorSection
              id="pe-options"
              title="옵션"
              description="옵션은 4단까지 만들 수 있습니다. 저장된 옵션은 번호가 바뀌지 않아 장바구니·주문·후기가 계속 그 옵션을 가리킵니다."
            >
              <OptionEditor
                options={{ dimensions: draft.dimensions, rows: draft.rows }}
                onChange={setOptions}
                stocks={stocks}
                savedOptionNos={saved?.options.rows.map((r) => r.optionNo) ?? []}
                readOnly={readOnly}
                onStockAction={
                  saved
                    ? (optionNo) => setStockTarget((t) => ({ optionNo, nonce: (t?.nonce ?? 0) + 1 }))
                    : null
                }
              />
            </EditorSection>

            <EditorSection id="pe-inputs" title="구매자 입력 항목">
              <EditorInputs
                inputs={draft.inputs}
                onChange={(inputs) => patch({ inputs })}
                readOnly={readOnly}
              />
            </EditorSection>

            <EditorSection id="pe-custom" title="커스텀 상품">
              <div className="pe-grid">
                <div className="bf-field">
                  <label className="bf-check">
                    <input
                      type="checkbox"
                      id={fieldId('customizable')}
                      checked={draft.customizable}
                      onChange={(e) => patch({ customizable: e.target.checked })}
                    />
                    구매자가 디자인을 만들어 주문하는 커스텀 상품
                  </label>
                </div>
                <Field
                  path="designTemplateId"
                  label="디자인 템플릿"
                  required={draft.customizable}
                  hint="커스텀 상품의 편집 화면이 쓰는 모양과 크기입니다."
                >
                  {(a11y) => (
                    <select
                      {...a11y}
                      className="bf-select"
                      value={draft.designTemplateId}
                      disabled={readOnly || !draft.customizable}
                      onChange={(e) => patch({ designTemplateId: e.target.value })}
                    >
                      <option value="">디자인 템플릿을 골라 주세요</option>
                      {formOptions.designTemplates.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
            </EditorSection>

            <EditorSection id="pe-content" title="상세 설명">
              <EditorContent
                value={draft.content}
                onChange={(content) => patch({ content })}
                productNo={productNo}
                readOnly={readOnly}
              />
            </EditorSection>

            <EditorSection id="pe-notice" title="상품정보제공고시">
              <EditorNotice
                rows={draft.dutyInfo}
                onChange={(dutyInfo) => patch({ dutyInfo })}
                readOnly={readOnly}
              />
            </EditorSection>
          </fieldset>

          {!readOnly && (
            <div className="pe-savebar">
              <p role="status" className="pe-savebar-status">
                {shownStatus}
                {shownStatus && storefrontUrl && (
                  <>
                    {' '}
                    <a href={storefrontUrl} target="_blank" rel="noopener">
                      쇼핑몰 상품 페이지 보기
                    </a>
                  </>
                )}
              </p>
              {dirty && <p className="pe-dirty">저장하지 않은 변경이 있습니다.</p>}
              {failure && (
                <p className="bf-error" role="alert">
                  {failure}
                </p>
              )}
              <div className="bf-actions">
                <button type="submit" className="button" disabled={pending}>
                  {pending ? '저장하는 중…' : saved ? '저장' : '상품 등록'}
                </button>
                {storefrontUrl && (
                  <a className="button button--secondary" href={storefrontUrl} target="_blank" rel="noopener">
                    상품 페이지
                  </a>
                )}
                {saved && (
                  <>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={pending}
                      onClick={() => void copy()}
                    >
                      상품 복사
                    </button>
                    <button
                      type="button"
                      className="button bf-danger"
                      disabled={pending}
                      onClick={() => setDeleteOpen(true)}
                    >
                      삭제
                    </button>
                  </>
                )}
              </div>
            </div>
          )}
        </form>

        <EditorSection
          id="pe-images"
          title="이미지"
          description={saved ? '이미지는 바꿀 때마다 바로 저장됩니다.' : undefined}
        >
          {saved ? (
            <ImageManager productNo={saved.productNo} initial={saved.images} readOnly={readOnly} />
          ) : (
            <p className="bf-hint">상품을 먼저 저장하면 이미지를 올릴 수 있습니다.</p>
          )}
        </EditorSection>

        <EditorSection
          id="pe-stock"
          title="재고"
          description={saved ? '재고 변경은 바로 반영되고 재고 기록에 한 줄로 남습니다.' : undefined}
        >
          {saved ? (
            <StockPanel
              productNo={saved.productNo}
              options={stockOptions}
              stocks={stocks}
              lowStockThreshold={saved.lowStockThreshold}
              readOnly={readOnly}
              target={stockTarget}
              onStock={(optionNo, stock) => setStocks((s) => ({ ...s, [optionNo]: stock }))}
            />
          ) : (
            <p className="bf-hint">
              새 옵션의 처음 재고는 옵션 목록에 입력합니다. 저장한 뒤에는 여기서 입고·조정·실사로 바꿉니다.
            </p>
          )}
        </EditorSection>

        {saved && (
          <ConfirmDialog
            open={deleteOpen}
            title="상품 삭제"
            message={DELETE_MESSAGE}
            confirmLabel="삭제"
            onClose={() => setDeleteOpen(false)}
            onConfirm={async () => {
              const { api, param } = productCall(saved.productNo);
              await unwrap(api.$delete({ param, query: query({ version: saved.version }) }));
              go(`/manager/products?removed=${saved.productNo}`);
            }}
          />
        )}
      </div>
    </EditorErrors.Provider>
  );
}
