import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAGING_THRESHOLD } from './constants';
import {
  FIRST_TABLE_PAGE,
  isPagedProductTable,
  isProductTableColumn,
  isProductTablePageSize,
  productTableParams,
  searchedQuery,
  shownQuery,
} from './productTable';

describe("the Admin's product table, paged by the server", () => {
  it('is paged past the storefront paging threshold (2,000 products)', () => {
    expect(isPagedProductTable(CATALOGUE_PAGING_THRESHOLD)).toBe(false);
    expect(isPagedProductTable(CATALOGUE_PAGING_THRESHOLD + 1)).toBe(true);
  });

  it('starts at the first page of 5 (spec: page sizes 5, 10 and 25, default 5), unsorted and unsearched', () => {
    expect(FIRST_TABLE_PAGE).toEqual({ page: 1, pageSize: 5, name: '', sort: null });
    expect(productTableParams(FIRST_TABLE_PAGE)).toEqual({});
  });

  it('keeps the page asked for, but a new size, sort or search starts at the first', () => {
    const sorted = { ...FIRST_TABLE_PAGE, page: 4, sort: { column: 'price', order: 'asc' } } as const;
    expect(shownQuery(sorted, { page: 5, pageSize: 5, sort: { column: 'price', order: 'asc' } }).page).toBe(5);
    expect(shownQuery(sorted, { page: 5, pageSize: 10, sort: sorted.sort })).toEqual({ ...sorted, pageSize: 10, page: 1 });
    expect(shownQuery(sorted, { page: 5, pageSize: 5, sort: { column: 'price', order: 'desc' } }).page).toBe(1);
    expect(shownQuery(sorted, { page: 5, pageSize: 5, sort: null })).toEqual({ ...sorted, sort: null, page: 1 });
    expect(searchedQuery(sorted, 'lip')).toEqual({ ...sorted, name: 'lip', page: 1 });
  });

  it('asks GET /products/admin for what differs from the defaults, the search trimmed and at most 100 characters', () => {
    expect(productTableParams({ page: 3, pageSize: 25, name: '  Lip  ', sort: { column: 'totalPrice', order: 'desc' } })).toEqual({
      page: 3,
      pageSize: 25,
      name: 'Lip',
      sort: 'totalPrice',
      order: 'desc',
    });
    expect(productTableParams({ ...FIRST_TABLE_PAGE, name: '   ', sort: { column: 'name', order: 'asc' } })).toEqual({ sort: 'name' });
    expect(productTableParams({ ...FIRST_TABLE_PAGE, name: 'a'.repeat(150) }).name).toHaveLength(100);
  });

  it("takes only GET /products/admin's sorts and the table's page sizes", () => {
    for (const id of ['name', 'brand', 'price', 'discount', 'totalPrice', 'stock', 'status'])
      expect(isProductTableColumn(id), id).toBe(true);
    for (const id of ['menu', 'id', 'toString', '']) expect(isProductTableColumn(id), id).toBe(false);
    expect([5, 10, 25].every(isProductTablePageSize)).toBe(true);
    expect([0, 4, 20, 100].some(isProductTablePageSize)).toBe(false);
  });
});
