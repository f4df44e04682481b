import { useEffect, useRef, type ReactNode } from 'react';
import type { ProductFormOptions } from '../../server/catalog/index.ts';
import { ProblemSummary, SelectField } from './CatalogFields.tsx';
import type { ProductSave } from './CatalogSave.ts';

/**
 * The frame both counter product forms share (/test/pos/product/create and /update, and
 * …/update/detail): the problems of the last save on top, a save made by someone else in between
 * with the way to load it, the fields, and the save button with its status. Ctrl+S (⌘S) submits
 * wherever the focus is.
 */

interface CatalogFormProps {
  save: ProductSave;
  /** What a submit (the button or Ctrl+S) does. */
  onSubmit: () => void;
  submitLabel: string;
  /** Beside the save button: the way to the other form. */
  link?: ReactNode;
  children: ReactNode;
}

export function CatalogForm({ save: s, onSubmit, submitLabel, link, children }: CatalogFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <form
      ref={formRef}
      className="pc-stack"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <ProblemSummary problems={s.problems} />
      {s.conflict && (
        <div className="pc-alert" role="alert">
          <p>{s.conflict}</p>
          <p className="pc-actions">
            <button type="button" className="button button--secondary" onClick={() => void s.reload()}>
              최신 내용 불러오기 (입력한 내용은 사라집니다)
            </button>
          </p>
        </div>
      )}
      {children}
      <p className="pc-actions">
        <button className="button" type="submit" disabled={s.busy} aria-keyshortcuts="Control+S">
          {s.busy ? '저장 중…' : submitLabel} <span className="pc-kbd">Ctrl+S</span>
        </button>
        {link}
        <span className="pc-ok" role="status" aria-live="polite">
          {s.status}
        </span>
      </p>
    </form>
  );
}

/** The partner and its delivery template: picking a partner picks its first template. */
export function PartnerFields({
  save: s,
  formOptions,
}: {
  save: ProductSave;
  formOptions: ProductFormOptions;
}) {
  const { draft, setDraft, problems } = s;
  const templates = formOptions.deliveryTemplates.filter((t) => String(t.partnerNo) === draft.partnerNo);
  return (
    <>
      <SelectField
        path="partnerNo"
        label="거래처"
        value={draft.partnerNo}
        onChange={(v) =>
          setDraft((d) => ({
            ...d,
            partnerNo: v,
            deliveryTemplateNo: String(
              formOptions.deliveryTemplates.find((t) => String(t.partnerNo) === v)?.templateNo ?? '',
            ),
          }))
        }
        options={formOptions.partners.map((p) => ({ value: String(p.partnerNo), label: p.partnerName }))}
        error={problems.partnerNo}
      />
      <SelectField
        path="deliveryTemplateNo"
        label="배송비 템플릿"
        value={draft.deliveryTemplateNo}
        onChange={s.setField('deliveryTemplateNo')}
        options={[
          { value: '', label: '골라 주세요' },
          ...templates.map((t) => ({ value: String(t.templateNo), label: t.templateName })),
        ]}
        error={problems.deliveryTemplateNo}
      />
    </>
  );
}
