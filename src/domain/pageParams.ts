import type { operations } from '../api/schema';
import { DEFAULT_SORT } from './catalogue';
import { CATALOGUE_PAGE_SIZE } from './constants';
import type { PageRequest } from './pageRequest';

export type PageParams = NonNullable<operations['listProducts']['parameters']['query']>;

/** GET /products's query for a page request; defaults left out. */
export function pageParams({ filter, sort, page, pageSize = CATALOGUE_PAGE_SIZE }: PageRequest): PageParams {
  return {
    page,
    ...(pageSize !== CATALOGUE_PAGE_SIZE ? { pageSize } : {}),
    ...(sort !== DEFAULT_SORT ? { sort } : {}),
    ...(filter.brands !== 'all' ? { brand: filter.brands } : {}),
    ...(filter.categories !== 'all' ? { category: filter.categories } : {}),
    ...(filter.colour !== 'all' ? { colour: filter.colour } : {}),
    ...(filter.priceMin !== null ? { min: filter.priceMin } : {}),
    ...(filter.priceMax !== null ? { max: filter.priceMax } : {}),
    ...(filter.offers ? { offers: true } : {}),
  };
}
