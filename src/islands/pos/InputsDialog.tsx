import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { inputProblems, lineInputs, type CounterItem, type LineInput } from '../../lib/pos/cart.ts';

/**
 * The texts a product asks for (각인 문구 …), asked when the staff add it: required ones must be
 * filled, none longer than its limit (the server checks the same). Enter adds the line, Esc cancels.
 */
export interface InputsDialogProps {
  item: CounterItem;
  onAdd: (inputs: LineInput[]) => void;
  onCancel: () => void;
}

export default function InputsDialog({ item, onAdd, onCancel }: InputsDialogProps) {
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<number, string>>({});
  const [problems, setProblems] = useState<Record<number, string>>({});

  // mounted when opened, closed by unmounting
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    d?.querySelector('input')?.focus();
    return () => d?.close();
  }, []);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = inputProblems(item, values);
    setProblems(found);
    const first = item.inputs.find((def) => found[def.inputNo]);
    if (first) {
      document.getElementById(`${uid}-${first.inputNo}`)?.focus();
      return;
    }
    onAdd(lineInputs(item, values));
  }

  const name = `${item.productName}${item.optionLabel ? ` (${item.optionLabel})` : ''}`;
  return (
    <dialog
      ref={dialog}
      className="pos-pay pos-inputs"
      aria-labelledby={`${uid}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${uid}-title`} className="pos-pay__title">
        입력 사항
      </h2>
      <p className="pos-hint">{name}에 넣을 내용을 입력해 주세요.</p>
      <form onSubmit={submit} noValidate>
        {item.inputs.map((def) => {
          const id = `${uid}-${def.inputNo}`;
          const problem = problems[def.inputNo];
          return (
            <div key={def.inputNo} className="pos-field">
              <label htmlFor={id}>
                {def.inputLabel} {def.required ? '(필수)' : '(선택)'}
              </label>
              <input
                id={id}
                autoComplete="off"
                value={values[def.inputNo] ?? ''}
                maxLength={def.maxLength}
                aria-required={def.required}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
                onChange={(e) => setValues((v) => ({ ...v, [def.inputNo]: e.target.value }))}
              />
              <p id={`${id}-hint`} className="pos-hint">
                {def.maxLength}자까지
              </p>
              {problem && (
                <p id={`${id}-error`} className="pos-error" role="alert">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        <div className="pos-pay__actions">
          <button type="submit" className="button">
            담기
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            취소
          </button>
        </div>
      </form>
    </dialog>
  );
}
