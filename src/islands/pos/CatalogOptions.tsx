import { useId, useState } from 'react';
import type { ManagedProduct } from '../../server/catalog/index.ts';
import {
  addDimension,
  addValues,
  MAX_DIMENSIONS,
  regenerateRows,
  removeDimension,
  removeValue,
  renameValue,
  rowLabel,
  type OptionRowDraft,
  type OptionsState,
  type ProductDraft,
} from '../admin/products/editor-state.ts';
import { fieldIdOf } from './CatalogFields.tsx';

/**
 * Options in the counter's product form: up to four option kinds (색상, 크기, …) with their values,
 * and one row per combination with its extra price, barcode, stock and sold-out mark. The rules are
 * the back office editor's (src/islands/admin/products/editor-state.ts): a value renamed in place
 * keeps its options' numbers; the grid follows every change of kinds or values at once. A saved
 * option's stock moves only through the ledger (입고, 실사), so only new options take a stock here.
 */

export interface CatalogOptionsProps {
  draft: ProductDraft;
  setDraft: (update: (d: ProductDraft) => ProductDraft) => void;
  problems: Record<string, string>;
  product: ManagedProduct | null;
}

export default function CatalogOptions({ draft, setDraft, problems, product }: CatalogOptionsProps) {
  const uid = useId();
  const [adding, setAdding] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');

  const change = (next: OptionsState) =>
    setDraft((d) => ({
      ...d,
      dimensions: next.dimensions,
      rows: regenerateRows(next.dimensions, next.rows),
    }));
  const state: OptionsState = { dimensions: draft.dimensions, rows: draft.rows };
  const setRow = (key: string, patch: Partial<OptionRowDraft>) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const kept = new Set(draft.rows.flatMap((r) => (r.optionNo ? [r.optionNo] : [])));
  const leaving = (product?.options.rows ?? []).filter((r) => !kept.has(r.optionNo));
  const stockOf = new Map((product?.options.rows ?? []).map((r) => [r.optionNo, r.stock]));

  function addTyped(index: number) {
    const res = addValues(state, index, adding[index] ?? '');
    change(res.state);
    setAdding((a) => ({ ...a, [index]: '' }));
    setNote(
      [
        res.added.length ? `${res.added.join(', ')} 값을 넣었습니다.` : '',
        res.repeated.length ? `${res.repeated.join(', ')}: 이미 있는 값입니다.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  }

  return (
    <fieldset className="pc-section">
      <legend>옵션</legend>
      {draft.dimensions.map((dim, i) => (
        <div key={dim.key} className="pc-stack" style={{ gap: 'var(--space-2)' }}>
          <div className="pc-form-row">
            <div className="pc-field">
              <label htmlFor={fieldIdOf(`options.dimensions.${i}.label`)}>{i + 1}번째 옵션명</label>
              <input
                id={fieldIdOf(`options.dimensions.${i}.label`)}
                className="pc-input"
                value={dim.label}
                maxLength={30}
                placeholder="예: 색상"
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    dimensions: d.dimensions.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)),
                  }))
                }
                aria-invalid={problems[`options.dimensions.${i}.label`] ? true : undefined}
              />
            </div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => change(removeDimension(state, i))}
            >
              {dim.label || `${i + 1}번째 옵션`} 빼기
            </button>
          </div>
          {problems[`options.dimensions.${i}.label`] && (
            <p className="pc-error">{problems[`options.dimensions.${i}.label`]}</p>
          )}
          <ul className="pc-actions" role="list" aria-label={`${dim.label || `${i + 1}번째 옵션`}의 값`}>
            {dim.values.map((v, j) => (
              <li key={v} className="pc-check">
                <label className="visually-hidden" htmlFor={`${uid}-d${i}-v${j}`}>
                  {`${dim.label} 값 ${v}`}
                </label>
                <input
                  id={`${uid}-d${i}-v${j}`}
                  className="pc-input"
                  defaultValue={v}
                  size={Math.max(4, v.length + 1)}
                  onBlur={(e) => {
                    const res = renameValue(state, i, v, e.target.value);
                    if (res.ok) change(res.state);
                    else {
                      setNote(res.message);
                      e.target.value = v;
                    }
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      e.currentTarget.blur();
                    }
                  }}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`${dim.label} 값 ${v} 빼기`}
                  onClick={() => change(removeValue(state, i, v))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="pc-form-row">
            <div className="pc-field">
              <label htmlFor={`${uid}-d${i}-add`}>값 추가 (쉼표로 여러 개)</label>
              <input
                id={`${uid}-d${i}-add`}
                className="pc-input"
                value={adding[i] ?? ''}
                placeholder="예: 화이트, 블랙"
                onChange={(e) => setAdding((a) => ({ ...a, [i]: e.target.value }))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addTyped(i);
                  }
                }}
              />
            </div>
            <button type="button" className="button button--secondary" onClick={() => addTyped(i)}>
              값 추가
            </button>
          </div>
        </div>
      ))}
      <p className="pc-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={draft.dimensions.length >= MAX_DIMENSIONS}
          onClick={() => {
            const res = addDimension(state);
            if (res.ok) change(res.state);
            else setNote(res.message);
          }}
        >
          옵션 종류 추가
        </button>
        <span className="pc-hint">
          옵션이 없으면 기본 옵션 하나로 팝니다. 값 이름을 고치면 그 옵션 번호는 그대로입니다.
        </span>
      </p>
      <p className="pc-hint" role="status">
        {note}
      </p>
      {problems['options.rows'] && <p className="pc-error">{problems['options.rows']}</p>}
      {leaving.length > 0 && (
        <p className="pc-alert" role="note">
          저장하면 옵션 {leaving.length}개가 판매 목록에서 빠집니다:{' '}
          {leaving.map((r) => rowLabel(r.values)).join(', ')}. 주문·장바구니 기록은 그대로 남습니다.
        </p>
      )}

      <div className="pc-scroll">
        <table className="pc-table">
          <caption className="visually-hidden">옵션별 추가 금액, 바코드, 재고</caption>
          <thead>
            <tr>
              <th scope="col">옵션</th>
              <th scope="col">추가 금액</th>
              <th scope="col">바코드</th>
              <th scope="col">재고</th>
              <th scope="col">품절 표시</th>
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((r, i) => {
              const name = rowLabel(r.values);
              const path = (f: string) => `options.rows.${i}.${f}`;
              const errors = ['values', 'addPrice', 'barcode', 'stock']
                .map((f) => problems[path(f)])
                .filter(Boolean);
              return (
                <tr key={r.key} data-row={i}>
                  <th scope="row">
                    {name}{' '}
                    {r.optionNo ? (
                      <span className="pc-muted">#{r.optionNo}</span>
                    ) : (
                      <span className="pc-tag">새 옵션</span>
                    )}
                    {errors.map((m) => (
                      <span key={m} className="pc-error">
                        <br />
                        {m}
                      </span>
                    ))}
                  </th>
                  <td>
                    <label
                      className="visually-hidden"
                      htmlFor={fieldIdOf(path('addPrice'))}
                    >{`${name} 추가 금액`}</label>
                    <input
                      id={fieldIdOf(path('addPrice'))}
                      className="pc-input pc-num"
                      inputMode="numeric"
                      size={8}
                      value={r.addPrice}
                      onChange={(e) => setRow(r.key, { addPrice: e.target.value })}
                      aria-invalid={problems[path('addPrice')] ? true : undefined}
                    />
                    원
                  </td>
                  <td>
                    <label
                      className="visually-hidden"
                      htmlFor={fieldIdOf(path('barcode'))}
                    >{`${name} 바코드`}</label>
                    <input
                      id={fieldIdOf(path('barcode'))}
                      className="pc-input pc-code"
                      size={15}
                      maxLength={32}
                      placeholder="EAN-13"
                      value={r.barcode}
                      onChange={(e) => setRow(r.key, { barcode: e.target.value })}
                      aria-invalid={problems[path('barcode')] ? true : undefined}
                    />
                  </td>
                  <td>
                    {r.optionNo ? (
                      <span>
                        {(stockOf.get(r.optionNo) ?? 0).toLocaleString('ko-KR')}개{' '}
                        <a href={`/test/pos/stock?mode=receive&optionNo=${r.optionNo}`}>
                          입고<span className="visually-hidden"> {name}</span>
                        </a>
                      </span>
                    ) : (
                      <>
                        <label
                          className="visually-hidden"
                          htmlFor={fieldIdOf(path('stock'))}
                        >{`${name} 첫 재고`}</label>
                        <input
                          id={fieldIdOf(path('stock'))}
                          className="pc-input pc-num"
                          inputMode="numeric"
                          size={6}
                          value={r.stock}
                          onChange={(e) => setRow(r.key, { stock: e.target.value })}
                          aria-invalid={problems[path('stock')] ? true : undefined}
                        />
                        개
                      </>
                    )}
                  </td>
                  <td>
                    <label className="pc-check">
                      <input
                        type="checkbox"
                        checked={r.forcedSoldOut}
                        onChange={(e) => setRow(r.key, { forcedSoldOut: e.target.checked })}
                      />
                      <span className="visually-hidden">{name} </span>품절
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
