import { DEFAULT_FILTER, DEFAULT_SORT, SORTS, applyFilter, isDefaultFilter, type Filter, type Sort } from './catalogue';
import { BRANDS, CATEGORIES, PRICE_FILTER_MAX, type Brand, type Category } from './constants';
import { normalizePriceRange } from './priceFilter';
import type { Product } from './types';

export interface CatalogueQuery {
  filter: Filter;
  sort: Sort;
  page: number;
}

const price = (text: string | null) => {
  if (text === null || text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, PRICE_FILTER_MAX) : null;
};

/** What Reset leaves: every filter off, except that a category page (/listproducts/{category}) keeps its category. */
export function resetFilter(category?: Category): Filter {
  return { ...DEFAULT_FILTER, categories: category ?? 'all' };
}

/** Whether the filter is what Reset leaves on this page. */
export function isResetFilter(filter: Filter, category?: Category): boolean {
  return filter.categories === (category ?? 'all') && isDefaultFilter({ ...filter, categories: 'all' });
}

/** A filter that leaves none of the products, and is not Reset's (which the catalogue then falls back to, saying nothing was found). */
export function matchesNothing(products: readonly Product[], filter: Filter, category?: Category): boolean {
  return !isResetFilter(filter, category) && applyFilter(products, filter).length === 0;
}

/** The catalogue's state from its URL, so a filtered page can be shared; anything unknown falls back to the default. */
export function parseCatalogueQuery(params: URLSearchParams, category?: Category): CatalogueQuery {
  const brand = params.get('brand');
  const cat = params.get('category');
  const sort = params.get('sort');
  const [priceMin, priceMax] = normalizePriceRange(price(params.get('min')), price(params.get('max')));
  const page = Math.floor(Number(params.get('page')));
  return {
    filter: {
      brands: (BRANDS as readonly string[]).includes(brand ?? '') ? (brand as Brand) : 'all',
      categories: category ?? ((CATEGORIES as readonly string[]).includes(cat ?? '') ? (cat as Category) : 'all'),
      priceMin,
      priceMax,
      offers: params.get('offers') === '1',
    },
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : DEFAULT_SORT,
    page: page >= 1 ? page : 1,
  };
}

/** The URL search of a catalogue state; defaults are left out. */
export function catalogueSearch({ filter, sort, page }: CatalogueQuery, fixedCategory = false): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (filter.brands !== DEFAULT_FILTER.brands) params.set('brand', filter.brands);
  if (!fixedCategory && filter.categories !== DEFAULT_FILTER.categories) params.set('category', filter.categories);
  if (filter.priceMin !== null) params.set('min', String(filter.priceMin));
  if (filter.priceMax !== null) params.set('max', String(filter.priceMax));
  if (filter.offers) params.set('offers', '1');
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** See-all on the home page: the list's sort, every filter reset, offers only for Special Offers. */
export function seeAllSearch(list: 'offers' | 'popular' | 'newest'): string {
  return catalogueSearch({ filter: { ...DEFAULT_FILTER, offers: list === 'offers' }, sort: list, page: 1 });
}
