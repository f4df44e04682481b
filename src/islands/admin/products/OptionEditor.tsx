import { useState } from 'react';
import { josa } from 'es-hangul';
import {
  addDimension,
  addValues,
  fieldId,
  MAX_DIMENSIONS,
  moveValue,
  regenerateRows,
  removeDimension,
  removeValue,
  renameValue,
  rowsMatchDimensions,
  type OptionsState,
} from './editor-state.ts';

/** The server makes at most this many combinations (src/server/catalog/manage/options.ts). */
const MAX_OPTIONS = 500;
import { ChipInput, FieldError, useFieldA11y } from './EditorFields.tsx';
import OptionGrid from './OptionGrid.tsx';

export interface OptionEditorProps {
  options: OptionsState;
  onChange: (update: (s: OptionsState) => OptionsState) => void;
  /** The current stock of each saved option (the grid shows it read-only). */
  stocks: Record<number, number>;
  /** The saved product's options, to tell how many a new grid would retire. */
  savedOptionNos: readonly number[];
  /** Opens the stock panel at an option (saved products only). */
  onStockAction: ((optionNo: number) => void) | null;
  readOnly: boolean;
}

/**
 * The option dimensions (up to four: label and values as chips) and the grid of combinations.
 * Renaming a chip renames the value in the rows that carry it (they keep their optionNo);
 * "옵션 목록 만들기" regenerates the grid, keeping every row whose combination still exists.
 */
export default function OptionEditor({
  options,
  onChange,
  stocks,
  savedOptionNos,
  onStockAction,
  readOnly,
}: OptionEditorProps) {
  const [announce, setAnnounce] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const inSync = rowsMatchDimensions(options.dimensions, options.rows);

  function regenerate() {
    const empty = options.dimensions.findIndex((d) => d.values.length === 0);
    if (empty >= 0) {
      setMessage(`옵션 ${empty + 1}에 값을 하나 이상 넣은 뒤 목록을 만들어 주세요.`);
      document.getElementById(fieldId(`options.dimensions.${empty}.values`))?.focus();
      return;
    }
    const total = options.dimensions.reduce((n, d) => n * d.values.length, 1);
    if (total > MAX_OPTIONS) {
      setMessage(
        `옵션 조합은 ${MAX_OPTIONS}개까지 만들 수 있습니다 (지금 ${total.toLocaleString('ko-KR')}개).`,
      );
      return;
    }
    setMessage(null);
    const rows = regenerateRows(options.dimensions, options.rows);
    const kept = rows.filter((r) => r.optionNo).length;
    const added = rows.length - kept;
    const keptNos = new Set(rows.flatMap((r) => (r.optionNo ? [r.optionNo] : [])));
    const retired = savedOptionNos.filter((n) => !keptNos.has(n)).length;
    onChange((s) => ({ ...s, rows: regenerateRows(s.dimensions, s.rows) }));
    setAnnounce(
      `옵션 목록을 만들었습니다. 모두 ${rows.length}개: 그대로 둔 옵션 ${kept}개, 새 옵션 ${added}개` +
        (retired > 0 ? `, 저장하면 판매 목록에서 빠지는 옵션 ${retired}개.` : '.'),
    );
  }

  return (
    <div className="pe-options">
      <FieldError path="options" />
      <FieldError path="options.dimensions" />
      {options.dimensions.length === 0 && (
        <p className="bf-hint">
          옵션이 없으면 기본 옵션 하나로 판매합니다. 색상, 크기처럼 고를 것이 있으면 옵션을 추가해 주세요.
        </p>
      )}
      <ol className="pe-dimensions">
        {options.dimensions.map((d, i) => (
          <li key={d.key} className="pe-dimension">
            <fieldset className="bf-fieldset">
              <legend className="bf-legend">{`옵션 ${i + 1}${d.label.trim() ? `: ${d.label.trim()}` : ''}`}</legend>
              <DimensionLabel
                index={i}
                value={d.label}
                readOnly={readOnly}
                onChange={(label) =>
                  onChange((s) => ({
                    ...s,
                    dimensions: s.dimensions.map((x, j) => (j === i ? { ...x, label } : x)),
                  }))
                }
              />
              <ChipInput
                path={`options.dimensions.${i}.values`}
                label={`옵션 ${i + 1} 값`}
                values={d.values}
                maxLength={50}
                disabled={readOnly}
                hint="쉼표(,)로 여러 값을 한 번에 넣을 수 있습니다. 값을 고치면 그 값을 가진 옵션이 번호를 유지한 채 이름만 바뀝니다."
                onAdd={(text) => {
                  const r = addValues(options, i, text);
                  if (r.added.some((v) => v.includes('|'))) return "옵션값에는 '|'를 쓸 수 없습니다.";
                  onChange((s) => addValues(s, i, text).state);
                  return r.repeated.length > 0
                    ? `${josa(r.repeated.join(', '), '은/는')} 이미 있는 값입니다.`
                    : null;
                }}
                onRemove={(v) => onChange((s) => removeValue(s, i, v))}
                onRename={(from, to) => {
                  const r = renameValue(options, i, from, to);
                  if (!r.ok) return r.message;
                  onChange((s) => {
                    const again = renameValue(s, i, from, to);
                    return again.ok ? again.state : s;
                  });
                  setAnnounce(
                    `${josa(from, '을/를')} ${josa(to.trim(), '으로/로')} 바꿨습니다. 옵션 번호는 그대로입니다.`,
                  );
                  return null;
                }}
                onMove={(index, by) => onChange((s) => moveValue(s, i, index, index + by))}
              />
              {!readOnly && (
                <div className="bf-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      onChange((s) => removeDimension(s, i));
                      setAnnounce(
                        `옵션 ${i + 1}${d.label ? `(${d.label})` : ''} 삭제: 옵션 목록을 다시 만들어 주세요.`,
                      );
                      document.getElementById('pe-add-dimension')?.focus();
                    }}
                  >
                    {`옵션 ${i + 1} 삭제`}
                  </button>
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {!readOnly && (
        <div className="bf-actions">
          <button
            type="button"
            id="pe-add-dimension"
            className="button button--secondary"
            disabled={options.dimensions.length >= MAX_DIMENSIONS}
            onClick={() => {
              const r = addDimension(options);
              if (!r.ok) return setMessage(r.message);
              setMessage(null);
              onChange((s) => {
                const again = addDimension(s);
                return again.ok ? again.state : s;
              });
              const next = options.dimensions.length;
              requestAnimationFrame(() =>
                document.getElementById(fieldId(`options.dimensions.${next}.label`))?.focus(),
              );
            }}
          >
            옵션 추가 ({options.dimensions.length}/{MAX_DIMENSIONS})
          </button>
          <button type="button" id="pe-make-rows" className="button" onClick={regenerate}>
            옵션 목록 만들기
          </button>
        </div>
      )}
      {message && (
        <p className="bf-error" role="alert">
          {message}
        </p>
      )}
      <p role="status" className="pe-announce">
        {announce}
      </p>
      {!inSync && (
        <p className="bf-alert" id="pe-options-out-of-sync">
          옵션값이 바뀌었습니다. ‘옵션 목록 만들기’를 눌러 아래 목록을 다시 만들어 주세요. 목록이 맞지 않으면
          저장할 수 없습니다.
        </p>
      )}
      <FieldError path="options.rows" />
      <OptionGrid
        dimensions={options.dimensions}
        rows={options.rows}
        stocks={stocks}
        readOnly={readOnly}
        onStockAction={onStockAction}
        onRowChange={(index, patch) =>
          onChange((s) => ({ ...s, rows: s.rows.map((r, j) => (j === index ? { ...r, ...patch } : r)) }))
        }
      />
    </div>
  );
}

function DimensionLabel({
  index,
  value,
  onChange,
  readOnly,
}: {
  index: number;
  value: string;
  onChange: (v: string) => void;
  readOnly: boolean;
}) {
  const path = `options.dimensions.${index}.label`;
  const { error, ...a11y } = useFieldA11y(path);
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={a11y.id}>
        {`옵션 ${index + 1} 이름`}
      </label>
      <input
        {...a11y}
        className="bf-input"
        value={value}
        maxLength={30}
        readOnly={readOnly}
        placeholder="예: 색상"
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
