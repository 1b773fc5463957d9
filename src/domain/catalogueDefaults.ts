import type { Filter, Sort } from './catalogue';

/** The catalogue's sort when its address names none. */
export const DEFAULT_SORT: Sort = 'popular';

/** The catalogue's filter when its address names none: every brand, category and colour, any price, not only offers. */
export const DEFAULT_FILTER: Filter = {
  brands: 'all',
  categories: 'all',
  colour: 'all',
  priceMin: null,
  priceMax: null,
  offers: false,
};
