import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** How a column lines up: numbers to the right (`meta: { numeric: true }`); the row's menu kept in view (`meta: { rowActions: true }`). */
export interface DataTableColumnMeta {
  numeric?: boolean;
  rowActions?: boolean;
}

/** The table's TanStack features: sorting, the search box (global filter), pages and row selection. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text },
  columnMeta: {} as DataTableColumnMeta,
});

export type Features = typeof dataTableFeatures;

/** A column of any value type: one table's columns hold strings, numbers and booleans. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column is invariant in its value type: no other type takes them all
export type DataTableColumn<TData extends RowData> = ColumnDef<Features, TData, any>;

/** Builds typed columns: `columnsFor<Product>().accessor('name', { header: 'Name' })`. An accessor column sorts when its header is clicked; a `display` column does not. */
export const columnsFor = <TData extends RowData>() => createColumnHelper<Features, TData>();
