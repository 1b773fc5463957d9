import type { Filter, Sort } from './catalogue';
import { DEFAULT_FILTER, DEFAULT_SORT } from './catalogueDefaults';

/** The catalogue's state as its URL holds it (parseCatalogueQuery reads it back). */
export interface CatalogueQuery {
  filter: Filter;
  sort: Sort;
  page: number;
}

/** The URL search of a catalogue state; defaults are left out. */
export function catalogueSearch({ filter, sort, page }: CatalogueQuery, fixedCategory = false): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (filter.brands !== DEFAULT_FILTER.brands) params.set('brand', filter.brands);
  if (!fixedCategory && filter.categories !== DEFAULT_FILTER.categories) params.set('category', filter.categories);
  if (filter.colour !== DEFAULT_FILTER.colour) params.set('colour', filter.colour);
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
