import { useState } from 'react';
import { fieldId, moveItem, newKey, type InputDraft } from './editor-state.ts';
import { FieldError, useFieldA11y } from './EditorFields.tsx';

const MAX_INPUTS = 10;

/**
 * 구매자 입력 항목: what the shopper types when ordering (각인 문구, 이니셜 …), each with a label,
 * required or not and a length limit; added, removed and reordered with buttons.
 */
export default function EditorInputs({
  inputs,
  onChange,
  readOnly,
}: {
  inputs: InputDraft[];
  onChange: (inputs: InputDraft[]) => void;
  readOnly: boolean;
}) {
  const [status, setStatus] = useState('');
  const focusRow = (index: number, what: 'label' | 'up' | 'down') =>
    requestAnimationFrame(() =>
      document
        .getElementById(
          what === 'label' ? fieldId(`inputs.${index}.inputLabel`) : `pe-input-${what}-${index}`,
        )
        ?.focus(),
    );
  const set = (index: number, patch: Partial<InputDraft>) =>
    onChange(inputs.map((n, i) => (i === index ? { ...n, ...patch } : n)));
  return (
    <div className="pe-inputs">
      <FieldError path="inputs" />
      {inputs.length === 0 && (
        <p className="bf-hint">
          구매자 입력 항목이 없습니다. 각인 문구처럼 주문할 때 받을 글이 있으면 추가해 주세요.
        </p>
      )}
      <ol className="pe-rows">
        {inputs.map((n, i) => (
          <li key={n.key} className="pe-row">
            <fieldset className="bf-fieldset">
              <legend className="bf-legend">{`입력 항목 ${i + 1}`}</legend>
              <div className="pe-row-fields">
                <InputLabel
                  index={i}
                  value={n.inputLabel}
                  onChange={(inputLabel) => set(i, { inputLabel })}
                />
                <MaxLength index={i} value={n.maxLength} onChange={(maxLength) => set(i, { maxLength })} />
                <label className="bf-check">
                  <input
                    type="checkbox"
                    id={fieldId(`inputs.${i}.required`)}
                    checked={n.required}
                    onChange={(e) => set(i, { required: e.target.checked })}
                  />
                  필수 입력
                </label>
              </div>
              {!readOnly && (
                <div className="bf-actions">
                  <button
                    type="button"
                    id={`pe-input-up-${i}`}
                    className="pe-chip-btn"
                    aria-label={`입력 항목 ${i + 1} 위로`}
                    disabled={i === 0}
                    onClick={() => {
                      onChange(moveItem(inputs, i, i - 1));
                      focusRow(i - 1, i - 1 === 0 ? 'down' : 'up');
                    }}
                  >
                    위로
                  </button>
                  <button
                    type="button"
                    id={`pe-input-down-${i}`}
                    className="pe-chip-btn"
                    aria-label={`입력 항목 ${i + 1} 아래로`}
                    disabled={i === inputs.length - 1}
                    onClick={() => {
                      onChange(moveItem(inputs, i, i + 1));
                      focusRow(i + 1, i + 1 === inputs.length - 1 ? 'up' : 'down');
                    }}
                  >
                    아래로
                  </button>
                  <button
                    type="button"
                    className="pe-chip-btn pe-danger-text"
                    aria-label={`입력 항목 ${i + 1} 삭제`}
                    onClick={() => {
                      onChange(inputs.filter((_, j) => j !== i));
                      setStatus(`입력 항목 ${i + 1} 삭제: 저장하면 반영됩니다.`);
                      requestAnimationFrame(() => document.getElementById('pe-add-input')?.focus());
                    }}
                  >
                    삭제
                  </button>
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {!readOnly && (
        <button
          type="button"
          id="pe-add-input"
          className="button button--secondary"
          disabled={inputs.length >= MAX_INPUTS}
          onClick={() => {
            onChange([...inputs, { key: newKey('i'), inputLabel: '', required: false, maxLength: '100' }]);
            focusRow(inputs.length, 'label');
          }}
        >
          입력 항목 추가 ({inputs.length}/{MAX_INPUTS})
        </button>
      )}
      <p role="status" className="pe-announce">
        {status}
      </p>
    </div>
  );
}

function InputLabel({
  index,
  value,
  onChange,
}: {
  index: number;
  value: string;
  onChange: (v: string) => void;
}) {
  const { error, ...a11y } = useFieldA11y(`inputs.${index}.inputLabel`);
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={a11y.id}>
        {`입력 항목 ${index + 1} 이름`}
        <span className="bf-required"> (필수)</span>
      </label>
      <input
        {...a11y}
        className="bf-input"
        value={value}
        maxLength={50}
        placeholder="예: 각인 문구"
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="bf-error" id={`${a11y.id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function MaxLength({
  index,
  value,
  onChange,
}: {
  index: number;
  value: string;
  onChange: (v: string) => void;
}) {
  const { error, ...a11y } = useFieldA11y(`inputs.${index}.maxLength`);
  return (
    <div className="bf-field pe-field-narrow">
      <label className="bf-label" htmlFor={a11y.id}>
        {`입력 항목 ${index + 1} 최대 글자 수`}
      </label>
      <input
        {...a11y}
        className="bf-input pe-num"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="bf-error" id={`${a11y.id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
