import { useContext, type ReactNode } from 'react';
import { fieldId, rowLabel, type DimensionDraft, type OptionRowDraft } from './editor-state.ts';
import { EditorErrors, useFieldA11y, type FieldA11y } from './EditorFields.tsx';

export interface OptionGridProps {
  dimensions: readonly DimensionDraft[];
  rows: readonly OptionRowDraft[];
  stocks: Record<number, number>;
  readOnly: boolean;
  onStockAction: ((optionNo: number) => void) | null;
  onRowChange: (index: number, patch: Partial<OptionRowDraft>) => void;
}

/**
 * The flat options, one row per combination: add price, stock (typed for a new option; an
 * existing one shows its stock and a "재고 변경" action, because stock moves only by the ledger),
 * management code, barcode, forced sold-out. Each control is named by its row ("화이트 / 10cm 추가금액").
 */
export default function OptionGrid({
  dimensions,
  rows,
  stocks,
  readOnly,
  onStockAction,
  onRowChange,
}: OptionGridProps) {
  const errors = useContext(EditorErrors);
  return (
    <div className="pe-table-wrap" tabIndex={0} role="region" aria-label="옵션 목록">
      <table className="pe-table pe-option-grid">
        <caption className="visually-hidden">옵션 목록 ({rows.length}개)</caption>
        <thead>
          <tr>
            <th scope="col">
              {dimensions.length > 0 ? dimensions.map((d) => d.label || '옵션').join(' / ') : '옵션'}
            </th>
            <th scope="col">옵션 번호</th>
            <th scope="col">추가금액</th>
            <th scope="col">재고</th>
            <th scope="col">옵션 관리코드</th>
            <th scope="col">바코드</th>
            <th scope="col">품절</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const name = rowLabel(r.values);
            const rowError = errors[`options.rows.${i}`] ?? errors[`options.rows.${i}.values`];
            return (
              <tr key={r.key} data-option-no={r.optionNo ?? undefined}>
                <th scope="row" id={fieldId(`options.rows.${i}`)} tabIndex={-1}>
                  <span id={fieldId(`options.rows.${i}.values`)}>{name}</span>
                  {rowError && <span className="bf-error pe-cell-error">{rowError}</span>}
                </th>
                <td className="pe-nowrap">{r.optionNo ?? <span className="pe-new">새 옵션</span>}</td>
                <td>
                  <Cell path={`options.rows.${i}.addPrice`} label={`${name} 추가금액`}>
                    {(a11y) => (
                      <input
                        {...a11y}
                        className="bf-input pe-num pe-cell-input"
                        inputMode="numeric"
                        value={r.addPrice}
                        readOnly={readOnly}
                        onChange={(e) => onRowChange(i, { addPrice: e.target.value })}
                      />
                    )}
                  </Cell>
                </td>
                <td>
                  {r.optionNo ? (
                    <div className="pe-stock-cell">
                      <span>{`${(stocks[r.optionNo] ?? Number(r.stock)).toLocaleString('ko-KR')}개`}</span>
                      {onStockAction && !readOnly && (
                        <button
                          type="button"
                          className="bf-link-button"
                          aria-label={`${name} 재고 변경`}
                          onClick={() => onStockAction(r.optionNo!)}
                        >
                          재고 변경
                        </button>
                      )}
                    </div>
                  ) : (
                    <Cell path={`options.rows.${i}.stock`} label={`${name} 재고`}>
                      {(a11y) => (
                        <input
                          {...a11y}
                          className="bf-input pe-num pe-cell-input"
                          inputMode="numeric"
                          value={r.stock}
                          readOnly={readOnly}
                          onChange={(e) => onRowChange(i, { stock: e.target.value })}
                        />
                      )}
                    </Cell>
                  )}
                </td>
                <td>
                  <Cell path={`options.rows.${i}.optionManagementCd`} label={`${name} 옵션 관리코드`}>
                    {(a11y) => (
                      <input
                        {...a11y}
                        className="bf-input pe-cell-input"
                        value={r.optionManagementCd}
                        maxLength={50}
                        readOnly={readOnly}
                        onChange={(e) => onRowChange(i, { optionManagementCd: e.target.value })}
                      />
                    )}
                  </Cell>
                </td>
                <td>
                  <Cell path={`options.rows.${i}.barcode`} label={`${name} 바코드`}>
                    {(a11y) => (
                      <input
                        {...a11y}
                        className="bf-input pe-cell-input"
                        value={r.barcode}
                        maxLength={32}
                        readOnly={readOnly}
                        onChange={(e) => onRowChange(i, { barcode: e.target.value })}
                      />
                    )}
                  </Cell>
                </td>
                <td>
                  <Cell path={`options.rows.${i}.forcedSoldOut`} label={`${name} 품절`}>
                    {(a11y) => (
                      <input
                        {...a11y}
                        type="checkbox"
                        className="pe-cell-check"
                        checked={r.forcedSoldOut}
                        disabled={readOnly}
                        onChange={(e) => onRowChange(i, { forcedSoldOut: e.target.checked })}
                      />
                    )}
                  </Cell>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A grid cell's control with its (visually hidden) label and its error under it. */
function Cell({
  path,
  label,
  children,
}: {
  path: string;
  label: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { error, ...a11y } = useFieldA11y(path);
  return (
    <>
      <label className="visually-hidden" htmlFor={a11y.id}>
        {label}
      </label>
      {children(a11y)}
      {error && (
        <span className="bf-error pe-cell-error" id={`${a11y.id}-error`}>
          {error}
        </span>
      )}
    </>
  );
}
