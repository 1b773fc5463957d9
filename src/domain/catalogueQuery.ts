import { DEFAULT_FILTER, DEFAULT_SORT, SORTS, isDefaultFilter, type Filter, type Sort } from './catalogue';
import type { CatalogueQuery } from './catalogueUrl';
import { CATALOGUE_PAGE_MAX, PRICE_FILTER_MAX, type Brand, type Category } from './constants';
import { BRANDS, CATEGORIES } from './brandsAndCategories';
import { COLOUR_FAMILIES, type ColourFamily } from './colourFamily';
import { normalizePriceRange } from './priceFilter';
import type { CataloguePage } from './types';

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

/** A page answered for a filter that leaves no product, and is not Reset's: the catalogue resets the filter and says nothing was found. */
export function pageMatchesNothing(page: Pick<CataloguePage, 'total'>, filter: Filter, category?: Category): boolean {
  return page.total === 0 && !isResetFilter(filter, category);
}

/** The catalogue's state from its URL, so a filtered page can be shared; anything unknown falls back to the default. */
export function parseCatalogueQuery(params: URLSearchParams, category?: Category): CatalogueQuery {
  const brand = params.get('brand');
  const cat = params.get('category');
  const colour = params.get('colour');
  const sort = params.get('sort');
  const [priceMin, priceMax] = normalizePriceRange(price(params.get('min')), price(params.get('max')));
  const page = Math.floor(Number(params.get('page')));
  return {
    filter: {
      brands: (BRANDS as readonly string[]).includes(brand ?? '') ? (brand as Brand) : 'all',
      categories: category ?? ((CATEGORIES as readonly string[]).includes(cat ?? '') ? (cat as Category) : 'all'),
      colour: (COLOUR_FAMILIES as readonly string[]).includes(colour ?? '') ? (colour as ColourFamily) : 'all',
      priceMin,
      priceMax,
      offers: params.get('offers') === '1',
    },
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : DEFAULT_SORT,
    // Past the last page the catalogue can have, it is the last page: an address asks for nothing the API refuses.
    page: page >= 1 ? Math.min(page, CATALOGUE_PAGE_MAX) : 1,
  };
}
