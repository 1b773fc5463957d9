import { expect, it } from 'vitest';
import { DEFAULT_FILTER } from './catalogue';
import { CATALOGUE_PAGING_THRESHOLD } from './constants';
import { pageParams } from './pageParams';
import { isPagedCatalogue, pageKey } from './pageRequest';

it('pages above the threshold only', () => {
  expect(isPagedCatalogue(CATALOGUE_PAGING_THRESHOLD)).toBe(false);
  expect(isPagedCatalogue(CATALOGUE_PAGING_THRESHOLD + 1)).toBe(true);
});

it('asks GET /products with the filters set and the defaults left out', () => {
  expect(pageParams({ filter: DEFAULT_FILTER, sort: 'popular', page: 1 })).toEqual({ page: 1 });
  const filter = { brands: 'dior', categories: 'blush', colour: 'pink', priceMin: 0, priceMax: 40, offers: true } as const;
  expect(pageParams({ filter, sort: 'priceAsc', page: 3, pageSize: 12 })).toEqual({
    page: 3,
    pageSize: 12,
    sort: 'priceAsc',
    brand: 'dior',
    category: 'blush',
    colour: 'pink',
    min: 0,
    max: 40,
    offers: true,
  });
});

it('keys a page by its catalogue URL and size, the same in the server and the browser', () => {
  const filter = { ...DEFAULT_FILTER, brands: 'dior', offers: true } as const;
  expect(pageKey({ filter, sort: 'priceAsc', page: 3 })).toBe('?sort=priceAsc&brand=dior&offers=1&page=3#16');
  expect(pageKey({ filter: DEFAULT_FILTER, sort: 'popular', page: 1, pageSize: 12 })).toBe('#12');
});
