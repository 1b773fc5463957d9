import type { components, operations } from '../api/schema';
import { ADMIN_ROWS_PER_PAGE, CATALOGUE_PAGING_THRESHOLD } from './constants';

/** The Admin product table's sortable columns (its accessor columns' ids), as GET /products/admin sorts by them. */
export type ProductTableColumn = components['schemas']['AdminProductSort'];
export type SortOrder = 'asc' | 'desc';
export type ProductTablePageSize = (typeof ADMIN_ROWS_PER_PAGE)[number];

/** Keyed by the contract's sorts, so a sort added to it must be added here. */
const PRODUCT_TABLE_COLUMNS: Record<ProductTableColumn, true> = {
  name: true,
  brand: true,
  price: true,
  discount: true,
  totalPrice: true,
  stock: true,
  status: true,
};

/** Whether a table column's id is one GET /products/admin sorts by. */
export const isProductTableColumn = (id: string): id is ProductTableColumn => Object.hasOwn(PRODUCT_TABLE_COLUMNS, id);

/** Whether a page size is one the table offers (5, 10 or 25). */
export const isProductTablePageSize = (size: number): size is ProductTablePageSize =>
  ADMIN_ROWS_PER_PAGE.some((offered) => offered === size);

/** What the Admin product table shows when the server pages it: a page of a size, a name searched for ('' for none) and a sort (none: by id). */
export interface ProductTableQuery {
  page: number;
  pageSize: ProductTablePageSize;
  name: string;
  sort: { column: ProductTableColumn; order: SortOrder } | null;
}

export const FIRST_TABLE_PAGE: ProductTableQuery = { page: 1, pageSize: ADMIN_ROWS_PER_PAGE[0], name: '', sort: null };

/** How long the search box waits after the last key before the server is asked: one read per pause in typing, not per letter. */
export const TABLE_SEARCH_DELAY_MS = 300;

/** The query after the table asks for another page, page size or sort: a new size or sort starts at the first page. */
export function shownQuery(
  query: ProductTableQuery,
  { page, pageSize, sort }: Pick<ProductTableQuery, 'page' | 'pageSize' | 'sort'>,
): ProductTableQuery {
  const sameOrder = pageSize === query.pageSize && sort?.column === query.sort?.column && sort?.order === query.sort?.order;
  return { ...query, pageSize, sort, page: sameOrder ? page : 1 };
}

/** The query after the search box changes: its first page. */
export const searchedQuery = (query: ProductTableQuery, name: string): ProductTableQuery => ({ ...query, name, page: 1 });

/**
 * Whether the Admin's product table of this many products (every one,
 * disabled ones included) is paged by the server instead of loaded whole:
 * past the storefront's paging threshold.
 */
export const isPagedProductTable = (productCount: number) => productCount > CATALOGUE_PAGING_THRESHOLD;

export type ProductTableParams = NonNullable<operations['listAdminProductPage']['parameters']['query']>;

/** The longest name GET /products/admin searches for; product names are far shorter, so a longer search matches nothing either way. */
const NAME_SEARCH_MAX = 100;

/** GET /products/admin's query for the table's; defaults left out, the name trimmed. */
export function productTableParams({ page, pageSize, name, sort }: ProductTableQuery): ProductTableParams {
  const searched = name.trim().slice(0, NAME_SEARCH_MAX);
  return {
    ...(page !== 1 ? { page } : {}),
    ...(pageSize !== FIRST_TABLE_PAGE.pageSize ? { pageSize } : {}),
    ...(searched ? { name: searched } : {}),
    ...(sort ? { sort: sort.column, ...(sort.order === 'desc' ? { order: 'desc' as const } : {}) } : {}),
  };
}
