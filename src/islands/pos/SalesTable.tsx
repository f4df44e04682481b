import { useState, type ReactNode } from 'react';
import { formatWon } from '../../lib/money.ts';
import { csvText, saveCsv, type CsvCell } from './SalesCsv.ts';

/**
 * One table of the sales figures: the numbers a chart draws, readable by everyone (a caption,
 * column and row headers, totals in a footer), and its CSV export from the same columns, so the
 * screen and the file never disagree.
 */

export interface SalesColumn<R> {
  header: string;
  /** The value in the CSV (amounts as plain won). */
  value: (row: R) => CsvCell;
  /** How the cell reads on screen; defaults to the value, formatted by `unit`. */
  cell?: (row: R) => ReactNode;
  unit?: '원' | '건' | '개';
  /** The row's name (th scope=row). */
  rowHeader?: boolean;
}

export interface SalesTableProps<R> {
  id: string;
  /** Short name of the table for its CSV button (상품별 매출). */
  title: string;
  caption: string;
  columns: readonly SalesColumn<R>[];
  rows: readonly R[];
  /** A totals row, shown in the footer and written last in the CSV. */
  totals?: R | null;
  csvName: string;
  empty: string;
}

function show<R>(col: SalesColumn<R>, row: R): ReactNode {
  if (col.cell) return col.cell(row);
  const v = col.value(row);
  if (typeof v !== 'number') return v;
  if (col.unit === '원') return formatWon(v);
  return `${v.toLocaleString('ko-KR')}${col.unit ?? ''}`;
}

function Row<R>({ row, columns }: { row: R; columns: readonly SalesColumn<R>[] }) {
  return (
    <tr>
      {columns.map((col) =>
        col.rowHeader ? (
          <th key={col.header} scope="row">
            {show(col, row)}
          </th>
        ) : (
          <td key={col.header} className={col.unit ? 'num' : undefined}>
            {show(col, row)}
          </td>
        ),
      )}
    </tr>
  );
}

export function SalesTable<R>({
  id,
  title,
  caption,
  columns,
  rows,
  totals,
  csvName,
  empty,
}: SalesTableProps<R>) {
  const [status, setStatus] = useState('');
  const exportCsv = async () => {
    const all = totals ? [...rows, totals] : rows;
    const text = await csvText(
      columns.map((c) => (c.unit === '원' ? `${c.header}(원)` : c.header)),
      all.map((r) => columns.map((c) => c.value(r))),
    );
    saveCsv(csvName, text);
    setStatus(`${caption} CSV 파일을 내려받았습니다.`);
  };
  return (
    <div className="sales-table">
      <div className="sales-table__tools">
        <button
          type="button"
          className="button button--secondary sales-table__csv"
          onClick={() => void exportCsv()}
          disabled={rows.length === 0}
        >
          <span className="visually-hidden">{title} </span>CSV 내려받기
        </button>
        <span className="visually-hidden" role="status">
          {status}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="sales-table__empty" id={`${id}-caption`}>
          {empty}
        </p>
      ) : (
        <div className="sales-table__scroll" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
          <table id={id}>
            <caption id={`${id}-caption`}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.unit ? 'num' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <Row key={i} row={r} columns={columns} />
              ))}
            </tbody>
            {totals && (
              <tfoot>
                <Row row={totals} columns={columns} />
              </tfoot>
            )}
          </table>
        </div>
      )}
    </div>
  );
}
