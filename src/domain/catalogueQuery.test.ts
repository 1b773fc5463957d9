import { expect, it } from 'vitest';
import { DEFAULT_FILTER } from './catalogue';
import { isResetFilter, parseCatalogueQuery, resetFilter } from './catalogueQuery';
import { catalogueSearch, seeAllSearch } from './catalogueUrl';
import { CATALOGUE_PAGE_MAX } from './constants';

it('reads sort, filters and page from the URL and writes them back', () => {
  const query = parseCatalogueQuery(
    new URLSearchParams('sort=priceAsc&brand=dior&category=blush&colour=coral&min=10&max=50&offers=1&page=3'),
  );
  expect(query).toEqual({
    sort: 'priceAsc',
    page: 3,
    filter: { brands: 'dior', categories: 'blush', colour: 'coral', priceMin: 10, priceMax: 50, offers: true },
  });
  expect(parseCatalogueQuery(new URLSearchParams(catalogueSearch(query)))).toEqual(query);
});

it('falls back to the defaults for anything unknown, and swaps a reversed price range', () => {
  expect(parseCatalogueQuery(new URLSearchParams('sort=cheap&brand=acme&page=-2&min=x'))).toEqual({
    sort: 'popular',
    page: 1,
    filter: DEFAULT_FILTER,
  });
  expect(parseCatalogueQuery(new URLSearchParams('min=80&max=20')).filter).toMatchObject({ priceMin: 20, priceMax: 80 });
  expect(catalogueSearch({ sort: 'popular', page: 1, filter: DEFAULT_FILTER })).toBe('');
});

it('fixes the category of /listproducts/{category}', () => {
  const query = parseCatalogueQuery(new URLSearchParams('category=mascara'), 'lipstick');
  expect(query.filter.categories).toBe('lipstick');
  expect(catalogueSearch(query, true)).toBe('');
});

it('makes see-all links: the list as sort, offers only for Special Offers', () => {
  expect(seeAllSearch('offers')).toBe('?sort=offers&offers=1');
  expect(seeAllSearch('popular')).toBe('');
  expect(seeAllSearch('newest')).toBe('?sort=newest');
});

it("reads a page past the contract's last (100,000) as that last page, which the API answers", () => {
  for (const page of ['100001', '99999999', '1e308', 'Infinity'])
    expect(parseCatalogueQuery(new URLSearchParams(`page=${page}`)).page).toBe(CATALOGUE_PAGE_MAX);
  expect(parseCatalogueQuery(new URLSearchParams('page=100000')).page).toBe(100_000);
});

it('resets every filter, but a category page keeps its category', () => {
  expect(resetFilter()).toEqual(DEFAULT_FILTER);
  expect(resetFilter('lipstick')).toEqual({ ...DEFAULT_FILTER, categories: 'lipstick' });
  expect(isResetFilter(resetFilter('lipstick'), 'lipstick')).toBe(true);
  expect(isResetFilter(DEFAULT_FILTER, 'lipstick')).toBe(false);
  expect(isResetFilter({ ...resetFilter('lipstick'), offers: true }, 'lipstick')).toBe(false);
  expect(isResetFilter({ ...DEFAULT_FILTER, categories: 'blush' })).toBe(false);
  expect(isResetFilter(DEFAULT_FILTER)).toBe(true);
});
