import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';

/**
 * The setup lists (brands, partners): every row is on the page (tens of rows, not thousands), so
 * TanStack Table sorts them in the browser. Sortable headers are buttons; `aria-sort` tells the
 * present order.
 */

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

export interface SetupColumn<T> {
  id: string;
  header: string;
  /** What the column sorts by; a column without it does not sort. */
  sortValue?: (row: T) => string | number;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

export default function SetupTable<T extends object>({
  caption,
  rows,
  columns,
  rowKey,
  initialSort,
}: {
  caption: string;
  rows: readonly T[];
  columns: readonly SetupColumn<T>[];
  rowKey: (row: T) => string;
  initialSort?: SortingState;
}) {
  const [sorting, setSorting] = useState<SortingState>(initialSort ?? []);
  const defs = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((c) => {
        const sortValue = c.sortValue;
        return sortValue
          ? helper.accessor((row: T) => sortValue(row), {
              id: c.id,
              header: c.header,
              cell: ({ row }) => c.cell(row.original),
              sortFn: c.numeric ? 'basic' : 'alphanumeric',
            })
          : helper.display({ id: c.id, header: c.header, cell: ({ row }) => c.cell(row.original) });
      }),
    );
  }, [columns]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: defs,
    data,
    getRowId: rowKey,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const numeric = new Set(columns.filter((c) => c.numeric).map((c) => c.id));
  const headerGroup = table.getHeaderGroups()[0];
  return (
    <div className="cs-scroll">
      <table className="cs-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {headerGroup && (
            <tr>
              {headerGroup.headers.map((header) => {
                const column = columns.find((c) => c.id === header.column.id);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric.has(header.column.id) ? 'num' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {column?.sortValue ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()}>
                        {column.header}
                        <span aria-hidden="true">
                          {' '}
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                        <span className="visually-hidden">, 눌러서 정렬</span>
                      </button>
                    ) : (
                      column?.header
                    )}
                  </th>
                );
              })}
            </tr>
          )}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={numeric.has(cell.column.id) ? 'num' : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
