import { useId, useState, type SubmitEvent } from 'react';
import { blocksOrder, type PrintIssue } from '../../lib/design/print-checks.ts';
import { formatWon } from '../../lib/money.ts';
import Modal from './Modal.tsx';
import PrintWarnings from './PrintWarnings.tsx';
import type { EditorProduct } from './types.ts';

export interface AddToCartModalProps {
  open: boolean;
  product: EditorProduct;
  designName: string;
  previewUrl: string | null;
  optionTitle: string | null;
  unitPrice: number | null;
  inputs: Record<string, string>;
  onInputs: (values: Record<string, string>) => void;
  busy: boolean;
  error: string | null;
  /** Set after a line went in: where the cart is. */
  addedTo: string | null;
  /** What the design would print wrongly: warned about, the placeholder text blocks ordering. */
  issues: readonly PrintIssue[];
  onFix: (issue: PrintIssue) => void;
  onAdd: (orderCnt: number) => void;
  onClose: () => void;
}

/** The spec's add-to-cart modal for print-on-demand products, after a plain save. */
export default function AddToCartModal(props: AddToCartModalProps) {
  const { open, product, designName, previewUrl, optionTitle, unitPrice, inputs, onInputs, busy, error } =
    props;
  const cartBlocked = blocksOrder(props.issues);
  const uid = useId();
  const [count, setCount] = useState(1);

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    props.onAdd(count);
  }

  return (
    <Modal open={open} title="장바구니 담기" onClose={props.onClose}>
      {props.addedTo ? (
        <div className="editor-form">
          <p role="status">디자인 상품을 장바구니에 담았습니다.</p>
          <div className="actions">
            <a className="button" href={props.addedTo}>
              장바구니 보기
            </a>
            <button type="button" className="button button--secondary" onClick={props.onClose}>
              계속 디자인하기
            </button>
          </div>
        </div>
      ) : (
        <form className="editor-form" onSubmit={onSubmit} aria-busy={busy}>
          <p role="status">디자인을 저장했습니다. 장바구니에 담을까요?</p>
          <div className="cart-line">
            {previewUrl && <img src={previewUrl} alt={`${designName} 미리보기`} width={96} height={96} />}
            <div>
              <strong>{product.productName}</strong>
              <p className="muted">{designName}</p>
              <p className="muted">{optionTitle ?? '옵션을 선택해 주세요'}</p>
              {unitPrice !== null && <p>{formatWon(unitPrice * count)}</p>}
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${uid}-count`}>수량</label>
            <input
              id={`${uid}-count`}
              type="number"
              inputMode="numeric"
              min={1}
              max={999}
              value={count}
              onChange={(e) => setCount(Math.min(999, Math.max(1, Math.trunc(Number(e.target.value) || 1))))}
            />
          </div>
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
          <PrintWarnings issues={props.issues} onFix={props.onFix} />
          <p className="form-error" role="alert">
            {error ?? ''}
          </p>
          <div className="actions">
            <button type="submit" className="button" disabled={busy || cartBlocked}>
              {busy ? '담는 중…' : props.issues.length > 0 ? '이대로 장바구니 담기' : '장바구니 담기'}
            </button>
            <button type="button" className="button button--secondary" onClick={props.onClose}>
              나중에 담기
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
