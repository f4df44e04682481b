import { useId, useState, type SubmitEvent } from 'react';
import { blocksOrder, type PrintIssue } from '../../lib/design/print-checks.ts';
import { DESIGN_LIMITS } from '../../lib/design/schema.ts';
import { formatWon } from '../../lib/money.ts';
import Modal from './Modal.tsx';
import PrintWarnings from './PrintWarnings.tsx';
import type { SaveIntent } from './save-flow.ts';
import type { EditorProduct } from './types.ts';

export interface SaveDesignModalProps {
  open: boolean;
  defaultName: string;
  product: EditorProduct;
  /** The chosen option in words ("색상: 블랙 / 재질: 실리콘") and its unit price; null until chosen. */
  optionTitle: string | null;
  unitPrice: number | null;
  inputs: Record<string, string>;
  onInputs: (values: Record<string, string>) => void;
  busy: boolean;
  error: string | null;
  /** What the design would print wrongly: warned about, the placeholder text blocks ordering. */
  issues: readonly PrintIssue[];
  /** Back to the editor to fix an issue. */
  onFix: (issue: PrintIssue) => void;
  onSave: (intent: SaveIntent, name: string) => void;
  onClose: () => void;
}

/** The spec's custom design save modal: a name, the order details, save or save and add to cart. */
export default function SaveDesignModal(props: SaveDesignModalProps) {
  const { open, product, optionTitle, unitPrice, inputs, onInputs, busy, error, issues, onSave, onClose } =
    props;
  // with warnings, carrying on is said plainly; the placeholder text keeps the design out of the cart
  const asIs = issues.length > 0 ? '이대로 ' : '';
  const cartBlocked = blocksOrder(issues);
  const uid = useId();
  const [name, setName] = useState(props.defaultName);
  const [intent, setIntent] = useState<SaveIntent>('save');

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    onSave(intent, name.trim() || props.defaultName);
  }

  return (
    <Modal open={open} title="디자인 저장" onClose={onClose}>
      <form className="editor-form" onSubmit={onSubmit} aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${uid}-name`}>디자인 이름</label>
          <input
            id={`${uid}-name`}
            value={name}
            maxLength={DESIGN_LIMITS.maxNameLength}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </div>
        <dl className="summary">
          <div>
            <dt>상품</dt>
            <dd>{product.productName}</dd>
          </div>
          <div>
            <dt>옵션</dt>
            <dd>{optionTitle ?? '옵션을 선택해 주세요'}</dd>
          </div>
          {unitPrice !== null && (
            <div>
              <dt>가격</dt>
              <dd>{formatWon(unitPrice)}</dd>
            </div>
          )}
        </dl>
        {product.inputs.length > 0 && (
          <fieldset className="field">
            <legend>주문 메모 (디자인이 있으면 입력하지 않아도 됩니다)</legend>
            {product.inputs.map((input) => (
              <div className="field" key={input.inputNo}>
                <label htmlFor={`${uid}-in-${input.inputNo}`}>{input.inputLabel} (선택)</label>
                <input
                  id={`${uid}-in-${input.inputNo}`}
                  value={inputs[input.inputLabel] ?? ''}
                  maxLength={input.maxLength}
                  onChange={(e) => onInputs({ ...inputs, [input.inputLabel]: e.target.value })}
                  autoComplete="off"
                />
              </div>
            ))}
          </fieldset>
        )}
        <PrintWarnings issues={issues} onFix={props.onFix} />
        <p className="form-error" role="alert">
          {error ?? ''}
        </p>
        <div className="actions">
          <button
            type="submit"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setIntent('save')}
          >
            {busy && intent === 'save' ? '저장하는 중…' : asIs ? '이대로 저장' : '디자인 저장'}
          </button>
          <button
            type="submit"
            className="button"
            disabled={busy || cartBlocked}
            onClick={() => setIntent('complete')}
          >
            {busy && intent === 'complete' ? '담는 중…' : `${asIs}저장하고 장바구니 담기`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
