import {
  functionalUpdate,
  useTable,
  type ColumnSort,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { matchesSearch } from '~/src/domain/textSearch';
import { ErrorState } from '../ErrorState/ErrorState';
import { Spinner } from '../Spinner/Spinner';
import { visuallyHidden } from '../theme/visuallyHidden.css';
import * as styles from './DataTable.css';
import { dataTableFeatures, type DataTableColumn, type DataTableColumnMeta } from './columns';
import { Checkbox, HeaderCell } from './TableCells';
import { TablePager } from './TablePager';
import { TableSearch } from './TableSearch';

export const PAGE_SIZES = [5, 10, 25] as const;

export interface DataTableTexts {
  /** There are no rows at all ('No products found'). */
  empty: string;
  /** Rows exist but none matches the search ('Product not found'). */
  noMatch: string;
  /** Said beside the spinner while the rows load ('Loading products'). */
  loading: string;
  /** Said with Retry when the rows could not be loaded. */
  failed: string;
}

/** A column's sort as the table shows it: by the column's id, descending or not. */
export type DataTableSort = ColumnSort;

/**
 * The server pages, searches and sorts: `data` is the page's rows, and the
 * table shows this page, size and sort and asks for others; it searches for
 * what the owner's search box holds (`search`, `onSearchChange`).
 */
export interface ServerPaging {
  /** How many rows match the search, on every page. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: DataTableSort | null;
  /** Another page, page size or sort asked for. */
  onShow(asked: { page: number; pageSize: number; sort: DataTableSort | null }): void;
}

export interface DataTableProps<TData extends RowData> {
  /** The table's accessible name. */
  label: string;
  /** Stable (module scope or memoised), as `data` is. */
  columns: DataTableColumn<TData>[];
  data: TData[];
  getRowId(row: TData): string;
  /** Names a row for its checkbox: 'Select {rowLabel}'. */
  rowLabel(row: TData): string;
  searchPlaceholder: string;
  /** The text the search box looks in, for each row. */
  searchText(row: TData): string;
  texts: DataTableTexts;
  status?: 'loading' | 'failed' | 'ready';
  onRetry?(): void;
  /** The actions on the selected rows, shown beside '{n} selected' while any row is selected. */
  toolbar?(selected: TData[]): ReactNode;
  /** Give both to own the selection (e.g. in a machine); without them the table keeps it. */
  selectedIds?: readonly string[];
  onSelectedIdsChange?(ids: string[]): void;
  /** Give both to own the search box's text (a server-paged table's owner does: it asks the server for it); without them the table keeps it. */
  search?: string;
  onSearchChange?(text: string): void;
  /** Give when the server pages the rows (a catalogue too large to load whole); without it the table pages, searches and sorts `data`. */
  serverPaging?: ServerPaging;
}

const recordOf = (ids: readonly string[]): RowSelectionState => Object.fromEntries(ids.map((id) => [id, true]));

/**
 * The admin tables (products, users): a search box, sortable headers, pages
 * of 5, 10 or 25 and row checkboxes with select-all, on TanStack Table. The
 * loading, failed, empty and no-match states take the body's place; a short
 * last page keeps the table's height. On a narrow table each row is a card
 * whose cells say their column's name as text; the roles are written out, as
 * Safari drops a table's semantics once its parts are laid out as blocks.
 */
export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  getRowId,
  rowLabel,
  searchPlaceholder,
  searchText,
  texts,
  status = 'ready',
  onRetry,
  toolbar,
  selectedIds,
  onSelectedIdsChange,
  search: ownerSearch,
  onSearchChange,
  serverPaging,
}: DataTableProps<TData>) {
  const captionId = useId();
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const controlled = useMemo(() => (selectedIds ? recordOf(selectedIds) : null), [selectedIds]);
  const rowSelection = controlled ?? ownSelection;
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = functionalUpdate(updater, rowSelection);
    if (onSelectedIdsChange) onSelectedIdsChange(Object.keys(next).filter((id) => next[id]));
    else setOwnSelection(next);
  };
  const [ownSearch, setOwnSearch] = useState('');
  const search = ownerSearch ?? ownSearch;

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    state: { rowSelection, globalFilter: search, ...(serverPaging ? serverState(serverPaging) : {}) },
    onRowSelectionChange,
    ...(serverPaging ? serverOptions(serverPaging) : {}),
    initialState: { pagination: { pageIndex: 0, pageSize: PAGE_SIZES[0] } },
    globalFilterFn: (row, _columnId, query: string) => matchesSearch(searchText(row.original), query),
    // The search looks at the whole row once, through the first column that has a value.
    getColumnCanGlobalFilter: (column) => column.table.getAllLeafColumns().find((c) => c.accessorFn)?.id === column.id,
    enableMultiSort: false,
    sortDescFirst: false,
    // A reload after a change keeps the page; a new search or sort starts at the first.
    autoResetPageIndex: false,
    enableRowRangeSelection: false,
  });

  const pageCount = table.getPageCount();
  const { pageIndex, pageSize } = table.state.pagination;
  useEffect(() => {
    // The server clamps its own pages.
    if (!serverPaging && pageIndex > 0 && pageIndex >= pageCount) table.setPageIndex(Math.max(0, pageCount - 1));
  }, [serverPaging, pageIndex, pageCount, table]);

  const selected = useMemo(() => data.filter((row) => rowSelection[getRowId(row)]), [data, rowSelection, getRowId]);
  // When the toolbar goes (its action cleared the selection) and took the focus with it, the focus goes to the table, not the page's top.
  const scroller = useRef<HTMLDivElement>(null);
  const hadSelection = useRef(false);
  useEffect(() => {
    const lost = hadSelection.current && selected.length === 0;
    hadSelection.current = selected.length > 0;
    if (lost && (!document.activeElement || document.activeElement === document.body)) scroller.current?.focus();
  }, [selected.length]);
  const matching = serverPaging ? serverPaging.total : table.getFilteredRowModel().rows.length;
  const none = serverPaging ? serverPaging.total === 0 && search.trim() === '' : data.length === 0;
  const rows = table.getRowModel().rows;
  const columnCount = columns.length + 1;
  const bodyMessage =
    status === 'loading' ? (
      <Spinner label={texts.loading} />
    ) : status === 'failed' ? (
      <ErrorState message={texts.failed} onRetry={() => onRetry?.()} />
    ) : none ? (
      texts.empty
    ) : matching === 0 ? (
      texts.noMatch
    ) : null;
  const fillerRows = bodyMessage === null && pageIndex > 0 ? pageSize - rows.length : 0;
  const first = matching === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(matching, (pageIndex + 1) * pageSize);

  return (
    <div className={styles.root}>
      <TableSearch
        placeholder={searchPlaceholder}
        value={search}
        onChange={(text) => {
          (onSearchChange ?? setOwnSearch)(text);
          // The server's search starts at its first page itself.
          if (!serverPaging) table.setPageIndex(0);
        }}
      />

      {selected.length > 0 && (
        <div className={styles.toolbar} role="group" aria-label="Selected rows">
          <p className={styles.selectedCount}>{selected.length} selected</p>
          {toolbar?.(selected)}
        </div>
      )}

      <div ref={scroller} className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table role="table" className={styles.table} aria-busy={status === 'loading' || undefined}>
          <caption id={captionId} className={visuallyHidden}>
            {label}
          </caption>
          <thead role="rowgroup" className={styles.thead}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row" className={styles.headRow}>
                <th scope="col" role="columnheader" className={styles.checkHead}>
                  <Checkbox
                    label="Select all"
                    checked={table.getIsAllRowsSelected()}
                    indeterminate={table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected()}
                    disabled={status !== 'ready' || matching === 0}
                    onChange={(checked) => table.toggleAllRowsSelected(checked)}
                  />
                </th>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} onSort={() => !serverPaging && table.setPageIndex(0)}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </HeaderCell>
                ))}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup" className={styles.body}>
            {bodyMessage !== null ? (
              <tr role="row">
                <td role="cell" colSpan={columnCount} className={styles.message}>
                  {bodyMessage}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} role="row" className={styles.row} data-selected={row.getIsSelected()}>
                  <td role="cell" className={styles.checkCell}>
                    <Checkbox
                      label={`Select ${rowLabel(row.original)}`}
                      checked={row.getIsSelected()}
                      onChange={(checked) => row.toggleSelected(checked)}
                    />
                  </td>
                  {row.getAllCells().map((cell, index) => {
                    const { header } = cell.column.columnDef;
                    return (
                      <td key={cell.id} role="cell" className={cellClass(cell.column.columnDef, index)}>
                        {typeof header === 'string' && <span className={index === 0 ? styles.titleLabel : styles.cellLabel}>{header}</span>}
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
            {fillerRows > 0 && (
              <tr aria-hidden="true" style={{ height: `${fillerRows * styles.ROW_HEIGHT_PX}px` }}>
                <td colSpan={columnCount} className={styles.filler} />
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <TablePager
        first={first}
        last={last}
        total={matching}
        pageSize={pageSize}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPageSize={(size) => table.setPageSize(size)}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
      />
    </div>
  );
}

/** A body cell's look: the first column is a card's title on a narrow table; numbers line up right; the row's menu stays in view. */
function cellClass({ meta }: { meta?: DataTableColumnMeta }, index: number): string {
  return [styles.cell, index === 0 && styles.titleCell, meta?.numeric && styles.numeric, meta?.rowActions && styles.actionsCell]
    .filter(Boolean)
    .join(' ');
}

/** A server-paged table's state, from what the server was asked. */
const serverState = ({ page, pageSize, sort }: ServerPaging): { pagination: PaginationState; sorting: SortingState } => ({
  pagination: { pageIndex: page - 1, pageSize },
  sorting: sort ? [sort] : [],
});

/** A server-paged table: none of the table's own paging, search or sort; each change asked of the server. */
function serverOptions(paging: ServerPaging) {
  const state = serverState(paging);
  const asked = (pagination: PaginationState, sorting: SortingState) => ({
    page: pagination.pageIndex + 1,
    pageSize: pagination.pageSize,
    sort: sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null,
  });
  return {
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: paging.total,
    onPaginationChange: (updater: Updater<PaginationState>) =>
      paging.onShow(asked(functionalUpdate(updater, state.pagination), state.sorting)),
    onSortingChange: (updater: Updater<SortingState>) => paging.onShow(asked(state.pagination, functionalUpdate(updater, state.sorting))),
  };
}
