import { useState } from 'react';
import {
  applyDutyPreset,
  DUTY_PRESETS,
  fieldId,
  moveItem,
  newKey,
  type DutyRowDraft,
} from './editor-state.ts';
import { FieldError, useFieldA11y } from './EditorFields.tsx';

const MAX_ROWS = 40;

/**
 * 상품정보제공고시: the label/value table the product page shows. A preset fills the items the law
 * asks for a kind of goods (items already there stay); rows can be added, removed and moved.
 */
export default function EditorNotice({
  rows,
  onChange,
  readOnly,
}: {
  rows: DutyRowDraft[];
  onChange: (rows: DutyRowDraft[]) => void;
  readOnly: boolean;
}) {
  const [preset, setPreset] = useState(Object.keys(DUTY_PRESETS)[0]!);
  const [status, setStatus] = useState('');
  const set = (index: number, patch: Partial<DutyRowDraft>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const focus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  return (
    <div className="pe-notice">
      {!readOnly && (
        <div className="pe-preset">
          <label className="bf-label" htmlFor="pe-duty-preset">
            품목
          </label>
          <select
            id="pe-duty-preset"
            className="bf-select bf-select--inline"
            value={preset}
            onChange={(e) => setPreset(e.target.value)}
          >
            {Object.keys(DUTY_PRESETS).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              const next = applyDutyPreset(rows, preset);
              const added = next.length - rows.filter((r) => r.label.trim() || r.value.trim()).length;
              onChange(next);
              setStatus(
                added > 0
                  ? `${preset} 항목 ${added}개를 넣었습니다. 내용을 채워 주세요.`
                  : '넣을 항목이 이미 모두 있습니다.',
              );
              const first = next.findIndex((r) => !r.value.trim());
              if (first >= 0) focus(fieldId(`dutyInfo.${first}.value`));
            }}
          >
            항목 채우기
          </button>
        </div>
      )}
      <p role="status" className="pe-announce">
        {status}
      </p>
      <FieldError path="dutyInfo" />
      {rows.length === 0 ? (
        <p className="bf-hint">
          고시 항목이 없습니다. 품목을 골라 ‘항목 채우기’를 누르거나 직접 추가해 주세요.
        </p>
      ) : (
        <ol className="pe-rows">
          {rows.map((r, i) => (
            <li key={r.key} className="pe-row pe-duty-row">
              <DutyField
                index={i}
                part="label"
                label={`고시 항목 ${i + 1} 이름`}
                value={r.label}
                onChange={(label) => set(i, { label })}
              />
              <DutyField
                index={i}
                part="value"
                label={`${r.label.trim() || `고시 항목 ${i + 1}`} 내용`}
                value={r.value}
                onChange={(value) => set(i, { value })}
              />
              {!readOnly && (
                <div className="bf-actions pe-row-tools">
                  <button
                    type="button"
                    id={`pe-duty-up-${i}`}
                    className="pe-chip-btn"
                    aria-label={`고시 항목 ${i + 1} 위로`}
                    disabled={i === 0}
                    onClick={() => {
                      onChange(moveItem(rows, i, i - 1));
                      focus(i - 1 === 0 ? `pe-duty-down-0` : `pe-duty-up-${i - 1}`);
                    }}
                  >
                    위로
                  </button>
                  <button
                    type="button"
                    id={`pe-duty-down-${i}`}
                    className="pe-chip-btn"
                    aria-label={`고시 항목 ${i + 1} 아래로`}
                    disabled={i === rows.length - 1}
                    onClick={() => {
                      onChange(moveItem(rows, i, i + 1));
                      focus(i + 1 === rows.length - 1 ? `pe-duty-up-${i + 1}` : `pe-duty-down-${i + 1}`);
                    }}
                  >
                    아래로
                  </button>
                  <button
                    type="button"
                    className="pe-chip-btn pe-danger-text"
                    aria-label={`고시 항목 ${i + 1} 삭제`}
                    onClick={() => {
                      onChange(rows.filter((_, j) => j !== i));
                      focus('pe-add-duty');
                    }}
                  >
                    삭제
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {!readOnly && (
        <button
          type="button"
          id="pe-add-duty"
          className="button button--secondary"
          disabled={rows.length >= MAX_ROWS}
          onClick={() => {
            onChange([...rows, { key: newKey('d'), label: '', value: '' }]);
            focus(fieldId(`dutyInfo.${rows.length}.label`));
          }}
        >
          고시 항목 추가
        </button>
      )}
    </div>
  );
}

function DutyField({
  index,
  part,
  label,
  value,
  onChange,
}: {
  index: number;
  part: 'label' | 'value';
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { error, ...a11y } = useFieldA11y(`dutyInfo.${index}.${part}`);
  return (
    <div className={`bf-field ${part === 'value' ? 'pe-duty-value' : 'pe-duty-label'}`}>
      <label className="bf-label" htmlFor={a11y.id}>
        {label}
      </label>
      <input
        {...a11y}
        className="bf-input"
        value={value}
        maxLength={part === 'label' ? 50 : 500}
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
