import { difference, type StockLine, type StockMode } from './StockLines.ts';

/**
 * The scanned list of a receipt or a stocktake: the stock now, the typed or scanned quantity with
 * −/+ buttons, and what applying it will do (stock after the receipt; counted − system for a
 * count, differences highlighted). A line the server did not apply shows why.
 */

export interface StockTableProps {
  mode: StockMode;
  lines: readonly StockLine[];
  qtyLabel: string;
  onQty: (optionNo: number, text: string) => void;
  onStep: (optionNo: number, by: number) => void;
  onRemove: (optionNo: number) => void;
}

const signed = (n: number) =>
  n > 0 ? `+${n.toLocaleString('ko-KR')}` : n < 0 ? `−${Math.abs(n).toLocaleString('ko-KR')}` : '0';

export default function StockTable({ mode, lines, qtyLabel, onQty, onStep, onRemove }: StockTableProps) {
  if (lines.length === 0)
    return <p className="pc-muted">아직 스캔한 상품이 없습니다. 상품의 바코드를 스캔해 주세요.</p>;
  const diffs = lines.filter((l) => difference(l, mode) !== 0).length;
  return (
    <div className="pc-scroll">
      <table className="pc-table" data-stock-lines>
        <caption className="visually-hidden">
          {mode === 'receive' ? '입고할 상품' : `센 상품 (차이 있는 옵션 ${diffs}개)`}
        </caption>
        <thead>
          <tr>
            <th scope="col">상품 · 옵션</th>
            <th scope="col">바코드</th>
            <th scope="col" className="num">
              전산 재고
            </th>
            <th scope="col">{qtyLabel}</th>
            <th scope="col" className="num">
              {mode === 'receive' ? '입고 후' : '차이'}
            </th>
            <th scope="col">
              <span className="visually-hidden">빼기</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const name = `${l.item.productName}${l.item.optionLabel ? ` · ${l.item.optionLabel}` : ''}`;
            const diff = difference(l, mode);
            const inputId = `pc-qty-${l.item.optionNo}`;
            return (
              <tr
                key={l.item.optionNo}
                data-option-no={l.item.optionNo}
                className={mode === 'count' && diff !== 0 ? 'pc-diff' : undefined}
              >
                <th scope="row">
                  {name} <span className="pc-muted">#{l.item.optionNo}</span>
                  {l.note && (
                    <span className="pc-error" role="note">
                      <br />
                      {l.note}
                    </span>
                  )}
                </th>
                <td className="pc-code">{l.item.barcode ?? ''}</td>
                <td className="num">{l.systemStock.toLocaleString('ko-KR')}개</td>
                <td>
                  <span className="pc-actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onStep(l.item.optionNo, -1)}
                      disabled={l.qty === 0}
                      aria-label={`${name} 하나 빼기`}
                    >
                      −
                    </button>
                    <label className="visually-hidden" htmlFor={inputId}>
                      {`${name} ${qtyLabel}`}
                    </label>
                    <input
                      id={inputId}
                      className="pc-input"
                      type="number"
                      min={0}
                      max={100000}
                      inputMode="numeric"
                      value={l.qty}
                      onChange={(e) => onQty(l.item.optionNo, e.target.value)}
                      data-qty
                    />
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onStep(l.item.optionNo, 1)}
                      aria-label={`${name} 하나 더`}
                    >
                      +
                    </button>
                  </span>
                </td>
                <td className="num">
                  {mode === 'receive' ? (
                    `${(l.systemStock + l.qty).toLocaleString('ko-KR')}개`
                  ) : (
                    <span className={diff > 0 ? 'pc-diff-up' : diff < 0 ? 'pc-diff-down' : 'pc-muted'}>
                      {diff === 0 ? '일치' : `${signed(diff)}개`}
                    </span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onRemove(l.item.optionNo)}
                    aria-label={`${name} 목록에서 빼기`}
                  >
                    빼기
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
