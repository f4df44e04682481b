import {
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { josa } from 'es-hangul';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import type { ProductListItem } from '../../../server/catalog/index.ts';
import { managerProductApi } from '../../../lib/clients/manager-products.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { imageUrlAtWidth } from '../../../lib/images.ts';
import { formatWon } from '../../../lib/money.ts';
import { SALE_STATUS_LABELS } from '../../../lib/product-status.ts';
import { ApiError, errorMessage, unwrap } from '../../../lib/shop-api-client.ts';
import '../../board/board-forms.css';
import './ProductTable.css';
import ProductTableBulk, { type BulkChange } from './ProductTableBulk.tsx';
import ProductTableFilters, { type ProductFilterChoices } from './ProductTableFilters.tsx';
import ProductTablePager from './ProductTablePager.tsx';
import {
  apiQuery,
  COLUMN_SORTS,
  exportHref,
  hasFilters,
  listPageHref,
  nextSortFor,
  PRODUCT_SORT_LABELS,
  sortingOf,
  type ProductListParams,
} from './ProductTableQuery.ts';

/**
 * The manager's product list (/manager/products): one page of products that the server searched,
 * filtered, sorted and paged (TanStack Table in manual mode: it holds the sort, page and selection
 * state, the server does the work). The page renders the first view on the server; every sort,
 * filter and page link is a real link or GET form, so without script the list still works. With
 * script the island loads views in place from GET /api/manager/products and keeps the address in
 * step (history.replaceState), so a reload shows the same view. Bulk changes go to
 * POST /api/manager/products/bulk with the version of each row as it was read.
 */

export interface ProductListPage {
  totalCount: number;
  pageCount: number;
  items: ProductListItem[];
}

interface Props {
  initialParams: ProductListParams;
  initialPage: ProductListPage;
  choices: ProductFilterChoices;
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, ProductListItem>();
const NUMERIC = new Set(['salePrice', 'stock', 'saleCnt']);
const countFormat = new Intl.NumberFormat('ko-KR');

/** "상품 134개 중 21–40" (what the live region says after each load). */
function rangeText(page: ProductListPage, params: ProductListParams): string {
  if (page.totalCount === 0)
    return hasFilters(params) ? '조건에 맞는 상품이 없습니다.' : '등록된 상품이 없습니다.';
  const from = (params.page - 1) * params.size + 1;
  const to = from + page.items.length - 1;
  return `상품 ${countFormat.format(page.totalCount)}개 중 ${countFormat.format(from)}–${countFormat.format(to)}`;
}

interface BulkResult {
  text: string;
  conflicts: string[];
}

function bulkText(change: BulkChange, n: number, categories: ProductFilterChoices['categories']): string {
  if (n === 0) return '바뀐 상품이 없습니다.';
  const path = (no: number) => categories.find((c) => c.categoryNo === no)?.path ?? `${no}번`;
  switch (change.action) {
    case 'saleStatus':
      return `상품 ${n}개의 판매 상태를 ‘${SALE_STATUS_LABELS[change.saleStatus]}’${josa.pick(SALE_STATUS_LABELS[change.saleStatus], '으로/로')} 바꿨습니다.`;
    case 'display':
      return change.frontDisplay ? `상품 ${n}개를 전시했습니다.` : `상품 ${n}개를 숨겼습니다.`;
    case 'addCategory':
      return `상품 ${n}개를 카테고리 ‘${path(change.categoryNo)}’에 넣었습니다.`;
    case 'removeCategory':
      return `상품 ${n}개를 카테고리 ‘${path(change.categoryNo)}’에서 뺐습니다.`;
  }
}

const subscribeToNothing = () => () => {};

/** A plain left click (not a new-tab click) on a link the island handles in place. */
const inPlace = (e: MouseEvent) => !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0);

export default function ProductTable({ initialParams, initialPage, choices }: Props) {
  // false in the server's HTML and while hydrating: links and forms work as plain ones until then
  const live = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [params, setParams] = useState(initialParams);
  const [page, setPage] = useState(initialPage);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [bulkPending, setBulkPending] = useState(false);
  const [bulkResult, setBulkResult] = useState<BulkResult | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  /** Loads a view in place; a newer load cancels an older one still under way. */
  const load = useCallback(async (next: ProductListParams) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setParams(next);
    setLoading(true);
    setLoadError(null);
    setRowSelection({});
    window.history.replaceState(window.history.state, '', listPageHref(next));
    try {
      let view = next;
      let result = await unwrap(
        managerProductApi.index.$get({ query: apiQuery(view) }, { init: { signal: controller.signal } }),
      );
      // past the last page (after a bulk change or a filter): show the last page there is
      if (result.items.length === 0 && result.totalCount > 0 && view.page > result.pageCount) {
        view = { ...view, page: result.pageCount };
        setParams(view);
        window.history.replaceState(window.history.state, '', listPageHref(view));
        result = await unwrap(
          managerProductApi.index.$get({ query: apiQuery(view) }, { init: { signal: controller.signal } }),
        );
      }
      setPage(result);
    } catch (err) {
      if (controller.signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) return;
      setLoadError(
        err instanceof ApiError ? `상품 목록을 불러오지 못했습니다. ${err.message}` : errorMessage(err),
      );
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }, []);

  const sorting = useMemo<SortingState>(() => {
    const s = sortingOf(params.sort);
    return s ? [s] : [];
  }, [params.sort]);
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: params.page - 1, pageSize: params.size }),
    [params.page, params.size],
  );

  const onSortingChange = (updater: Updater<SortingState>) => {
    const wanted = functionalUpdate(updater, sorting)[0];
    const s = wanted && COLUMN_SORTS[wanted.id];
    if (!wanted || !s) return;
    const sort = (wanted.desc ? s.desc : s.asc) ?? s[s.first];
    if (sort) void load({ ...params, sort, page: 1 });
  };
  const onPaginationChange = (updater: Updater<PaginationState>) => {
    const next = functionalUpdate(updater, pagination);
    void load({ ...params, page: next.pageIndex + 1, size: next.pageSize });
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: ({ table }) => (
            <input
              type="checkbox"
              aria-label="이 페이지의 상품 모두 선택"
              disabled={!live || loading || table.getRowModel().rows.every((r) => !r.getCanSelect())}
              checked={table.getIsAllPageRowsSelected()}
              ref={(el) => {
                if (el) el.indeterminate = table.getIsSomePageRowsSelected();
              }}
              onChange={table.getToggleAllPageRowsSelectedHandler()}
            />
          ),
          cell: ({ row }) => (
            <input
              type="checkbox"
              aria-label={`${row.original.productName} 선택`}
              disabled={!live || loading || !row.getCanSelect()}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        }),
        helper.display({
          id: 'image',
          header: () => <span className="visually-hidden">대표 이미지</span>,
          cell: ({ row }) =>
            row.original.imageUrl ? (
              <img
                className="pt-thumb"
                src={imageUrlAtWidth(row.original.imageUrl, 320)}
                alt={row.original.productName}
                width={56}
                height={56}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="pt-thumb pt-thumb--empty">이미지 없음</span>
            ),
        }),
        helper.accessor('productNo', { header: '상품번호' }),
        helper.accessor('productName', {
          header: '상품명',
          cell: ({ row }) => {
            const p = row.original;
            return (
              <div className="pt-name">
                <a href={`/manager/products/${p.productNo}`}>{p.productName}</a>
                <span className="pt-sub">
                  {[p.productManagementCd && `관리코드 ${p.productManagementCd}`, p.brandName, p.partnerName]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {p.deleted && <span className="pt-badge pt-badge--muted">삭제됨</span>}
              </div>
            );
          },
        }),
        helper.accessor('salePrice', {
          header: '판매가',
          cell: ({ row }) => {
            const p = row.original;
            return p.discountedPrice !== p.salePrice ? (
              <>
                <del>
                  <span className="visually-hidden">정가 </span>
                  {formatWon(p.salePrice)}
                </del>
                <br />
                <strong>
                  <span className="visually-hidden">할인가 </span>
                  {formatWon(p.discountedPrice)}
                </strong>
              </>
            ) : (
              formatWon(p.salePrice)
            );
          },
        }),
        helper.accessor('saleStatus', {
          header: '판매 상태',
          cell: ({ getValue }) => {
            const s = getValue();
            return (
              <span className={`pt-status--${s}`}>
                {SALE_STATUS_LABELS[s as keyof typeof SALE_STATUS_LABELS] ?? s}
              </span>
            );
          },
        }),
        helper.accessor('frontDisplay', {
          header: '전시',
          cell: ({ getValue }) =>
            getValue() ? '전시' : <span className="pt-badge pt-badge--muted">숨김</span>,
        }),
        helper.accessor('stock', {
          header: '재고',
          cell: ({ row }) => {
            const p = row.original;
            return (
              <>
                {countFormat.format(p.stock)}
                {(p.soldOutOptions > 0 || p.lowStockOptions > 0) && (
                  <span className="pt-badges">
                    {p.soldOutOptions > 0 && (
                      <span
                        className="pt-badge pt-badge--soldout"
                        title={`옵션 ${p.optionCount}개 중 ${p.soldOutOptions}개 품절`}
                      >
                        품절 {p.soldOutOptions}
                      </span>
                    )}
                    {p.lowStockOptions > 0 && (
                      <span
                        className="pt-badge pt-badge--low"
                        title={`재고가 ${p.lowStockThreshold}개 이하인 옵션 ${p.lowStockOptions}개`}
                      >
                        부족 {p.lowStockOptions}
                      </span>
                    )}
                  </span>
                )}
              </>
            );
          },
        }),
        helper.accessor('saleCnt', {
          header: '판매량',
          cell: ({ getValue }) => countFormat.format(getValue()),
        }),
        helper.accessor('updatedYmdt', {
          header: '수정일',
          cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
        }),
      ]),
    [live, loading],
  );

  const table = useTable({
    features,
    columns,
    data: page.items,
    getRowId: (row) => String(row.productNo),
    manualSorting: true,
    manualPagination: true,
    rowCount: page.totalCount,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: (row) => !row.original.deleted,
    state: { sorting, pagination, rowSelection },
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange: setRowSelection,
  });

  async function applyBulk(change: BulkChange) {
    const rows = table.getSelectedRowModel().rows.map((r) => r.original);
    if (rows.length === 0) return;
    setBulkPending(true);
    setBulkError(null);
    setBulkResult(null);
    try {
      const result = await unwrap(
        managerProductApi.bulk.$post({
          json: { items: rows.map((r) => ({ productNo: r.productNo, version: r.version })), change },
        }),
      );
      const conflicts = rows.filter((r) => result.conflicts.includes(r.productNo)).map((r) => r.productName);
      setBulkResult({ text: bulkText(change, result.changed.length, choices.categories), conflicts });
      await load(params);
    } catch (err) {
      setBulkError(errorMessage(err));
    } finally {
      setBulkPending(false);
    }
  }

  const selectedCount = table.getSelectedRowModel().rows.length;
  const headerGroup = table.getHeaderGroups()[0];

  return (
    <div className="pt">
      <div className="pt-head">
        <p className="pt-count" role="status">
          {rangeText(page, params)}
        </p>
        <div className="pt-links">
          <a className="button button--secondary" href={exportHref(params)} download>
            CSV 내려받기
          </a>
          <a className="button button--secondary" href="/manager/products/import">
            CSV 가져오기
          </a>
          <a className="button" href="/manager/products/new">
            상품 등록
          </a>
        </div>
      </div>

      <ProductTableFilters
        params={params}
        choices={choices}
        live={live}
        onApply={(next) => void load(next)}
      />

      {!params.deleted && (
        <ProductTableBulk
          selectedCount={selectedCount}
          disabled={!live}
          pending={bulkPending}
          categories={choices.categories}
          onApply={(change) => void applyBulk(change)}
        />
      )}
      <div role="status" aria-live="polite">
        {bulkResult && (
          <div className="bf-status">
            <p>{bulkResult.text}</p>
            {bulkResult.conflicts.length > 0 && (
              <p>
                다른 관리자가 먼저 바꾼 상품 {bulkResult.conflicts.length}개는 바꾸지 않았습니다:{' '}
                {bulkResult.conflicts.join(', ')}. 목록을 새로 불러왔으니 확인한 뒤 다시 적용해 주세요.
              </p>
            )}
          </div>
        )}
      </div>
      {bulkError && (
        <p className="bf-alert" role="alert">
          {bulkError}
        </p>
      )}
      {loadError && (
        <p className="bf-alert" role="alert">
          {loadError}{' '}
          <button className="button button--secondary" type="button" onClick={() => void load(params)}>
            다시 불러오기
          </button>
        </p>
      )}

      <div className="pt-scroll">
        <table className="pt-table" aria-busy={loading}>
          <caption className="visually-hidden">상품 목록, {PRODUCT_SORT_LABELS[params.sort]}</caption>
          <thead>
            {headerGroup && (
              <tr>
                {headerGroup.headers.map((header) => {
                  const id = header.column.id;
                  const sortable = id in COLUMN_SORTS;
                  const sorted = header.column.getIsSorted();
                  const next = sortable ? nextSortFor(id, params.sort) : null;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={NUMERIC.has(id) ? 'num' : undefined}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {next ? (
                        <a
                          className="pt-sort"
                          href={listPageHref({ ...params, sort: next, page: 1 })}
                          onClick={(e) => {
                            if (!live || !inPlace(e)) return;
                            e.preventDefault();
                            const s = sortingOf(next);
                            if (s) table.setSorting([s]);
                          }}
                        >
                          <table.FlexRender header={header} />
                          <span className="pt-sort-mark" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                          <span className="visually-hidden">, {PRODUCT_SORT_LABELS[next]}으로 정렬</span>
                        </a>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            )}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                data-product-no={row.original.productNo}
                data-selected={row.getIsSelected() ? 'true' : undefined}
                data-deleted={row.original.deleted ? 'true' : undefined}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={NUMERIC.has(cell.column.id) ? 'num' : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {page.items.length === 0 && (
              <tr>
                <td className="pt-empty" colSpan={columns.length}>
                  {rangeText(page, params)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <ProductTablePager
        page={params.page}
        pageCount={page.pageCount}
        hrefFor={(n) => listPageHref({ ...params, page: n })}
        onGo={live ? (n) => table.setPageIndex(n - 1) : null}
      />
    </div>
  );
}
