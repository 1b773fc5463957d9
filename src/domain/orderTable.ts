import type { components, operations } from '../api/schema';
import { ADMIN_ROWS_PER_PAGE } from './constants';
import type { ProductTablePageSize } from './productTable';
import type { Order } from './types';

/** The statuses the orders list shows and filters by: cancelled orders leave it (DECISIONS.md 'Order status'). */
export type ListedOrderStatus = components['schemas']['ListedOrderStatus'];

/** Keyed by the contract's statuses, so a status added to it must be added here; in the order an order moves through them. */
const LISTED: Record<ListedOrderStatus, true> = { open: true, created: true, processing: true, approved: true };
export const LISTED_ORDER_STATUSES = Object.keys(LISTED) as ListedOrderStatus[];

export const isListedOrderStatus = (value: string): value is ListedOrderStatus => Object.hasOwn(LISTED, value);

/** What the Admin's orders table shows: a page of a size, what the search box holds ('' for none) and a status (null: every one). */
export interface OrderTableQuery {
  page: number;
  pageSize: ProductTablePageSize;
  search: string;
  status: ListedOrderStatus | null;
}

export const FIRST_ORDERS_PAGE: OrderTableQuery = { page: 1, pageSize: ADMIN_ROWS_PER_PAGE[0], search: '', status: null };

/** The query after the Admin asks for a page, a page size, a search or a status: anything but the page starts at the first page. */
export function askedOrders(query: OrderTableQuery, asked: Partial<OrderTableQuery>): OrderTableQuery {
  const next = { ...query, ...asked };
  const samePages = next.pageSize === query.pageSize && next.search === query.search && next.status === query.status;
  return samePages ? next : { ...next, page: 1 };
}

/** The longest search GET /orders takes; emails and references are far shorter, so a longer one matches nothing either way. */
const SEARCH_MAX = 100;

/**
 * What an orders search looks for: the text typed, trimmed and in lower
 * case, without the '#' a reference is shown with ('#12' finds order 12).
 */
export const orderSearchTerm = (search: string) => search.trim().toLowerCase().replace(/^#/, '');

/** Whether the order's buyer email or reference (its id) holds the search term (orderSearchTerm); an empty term matches every order. */
export const orderMatches = (order: Pick<Order, 'id' | 'userEmail'>, term: string) =>
  order.userEmail.toLowerCase().includes(term) || String(order.id).includes(term);

/** Orders as every list shows them: newest first, equal times by id, descending. */
export const newerFirst = (a: Pick<Order, 'id' | 'createdAt'>, b: Pick<Order, 'id' | 'createdAt'>) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export type OrderTableParams = NonNullable<operations['listOrders']['parameters']['query']>;

/** GET /orders' query for the table's: always a page (its presence asks for one), defaults left out, the search trimmed. */
export function orderTableParams({ page, pageSize, search, status }: OrderTableQuery): OrderTableParams & { page: number } {
  const searched = search.trim().slice(0, SEARCH_MAX);
  return {
    page,
    ...(pageSize !== FIRST_ORDERS_PAGE.pageSize ? { pageSize } : {}),
    ...(searched ? { search: searched } : {}),
    ...(status ? { status } : {}),
  };
}
