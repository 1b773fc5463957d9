import { describe, expect, it } from 'vitest';
import {
  askedOrders,
  FIRST_ORDERS_PAGE,
  isListedOrderStatus,
  LISTED_ORDER_STATUSES,
  orderMatches,
  orderSearchTerm,
  orderTableParams,
} from './orderTable';

describe("the Admin's orders table, paged by the server", () => {
  it('filters by the statuses an order moves through; cancelled orders disappear from the list (spec), so are never a filter', () => {
    expect(LISTED_ORDER_STATUSES).toEqual(['open', 'created', 'processing', 'approved']);
    expect(isListedOrderStatus('cancelled')).toBe(false);
    expect(isListedOrderStatus('processing')).toBe(true);
  });

  it('finds an order by part of its buyer email or of its reference, ignoring case, with or without its #', () => {
    const order = { id: 1207, userEmail: 'Ana.Lopez@makeup.test' };
    for (const search of ['ana.l', 'LOPEZ@', '  makeup.test ', '#1207', '20', '#12', ''])
      expect(orderMatches(order, orderSearchTerm(search)), search).toBe(true);
    for (const search of ['bruno', '#207x', '1208', '##12']) expect(orderMatches(order, orderSearchTerm(search)), search).toBe(false);
  });

  it('starts at the first page of 5 (spec: page sizes 5, 10 and 25), unsearched, every status', () => {
    expect(FIRST_ORDERS_PAGE).toEqual({ page: 1, pageSize: 5, search: '', status: null });
    expect(orderTableParams(FIRST_ORDERS_PAGE)).toEqual({ page: 1 });
  });

  it('keeps the page asked for, but a new size, search or status starts at the first', () => {
    const third = { ...FIRST_ORDERS_PAGE, page: 3, status: 'open' } as const;
    expect(askedOrders(third, { page: 4 })).toEqual({ ...third, page: 4 });
    expect(askedOrders(third, { page: 4, pageSize: 10 })).toEqual({ ...third, pageSize: 10, page: 1 });
    expect(askedOrders(third, { search: 'ana' })).toEqual({ ...third, search: 'ana', page: 1 });
    expect(askedOrders(third, { status: null })).toEqual({ ...third, status: null, page: 1 });
  });

  it('asks GET /orders for a page and what differs from the defaults, the search trimmed and at most 100 characters', () => {
    expect(orderTableParams({ page: 2, pageSize: 25, search: '  #12 ', status: 'approved' })).toEqual({
      page: 2,
      pageSize: 25,
      search: '#12',
      status: 'approved',
    });
    expect(orderTableParams({ ...FIRST_ORDERS_PAGE, search: ` ${'a'.repeat(120)}` }).search).toHaveLength(100);
    expect(orderTableParams({ ...FIRST_ORDERS_PAGE, search: '   ' })).toEqual({ page: 1 });
  });
});
