import { familiesMask, familyBit, type ColourFamily } from './colourFamily';
import { CATALOGUE_PAGE_SIZE, type Brand, type Category } from './constants';
import { byNewest, byOffer, byRank } from './productLists';
import type { Product } from './types';

// Kept in a file of their own, which the first load's address helpers import without the rest of this one.
export { DEFAULT_FILTER, DEFAULT_SORT } from './catalogueDefaults';

export const SORTS = ['A-Z', 'Z-A', 'priceDesc', 'priceAsc', 'newest', 'popular', 'offers'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  'A-Z': 'Name: A-Z',
  'Z-A': 'Name: Z-A',
  priceDesc: 'Price: high to low',
  priceAsc: 'Price: low to high',
  newest: 'Newest',
  popular: 'Popular',
  offers: 'Offers',
};

export interface Filter {
  brands: Brand | 'all';
  categories: Category | 'all';
  /** A colour family of a shade in stock (colourFamily.ts). */
  colour: ColourFamily | 'all';
  /** Discounted price bounds; null is empty. */
  priceMin: number | null;
  priceMax: number | null;
  offers: boolean;
}

export function isDefaultFilter(filter: Filter): boolean {
  return (
    filter.brands === 'all' &&
    filter.categories === 'all' &&
    filter.colour === 'all' &&
    filter.priceMin === null &&
    filter.priceMax === null &&
    !filter.offers
  );
}

/** What the catalogue filters, sorts and pages a product by: a product, or the part of one a server keeps of a large catalogue (its shades' colours and stock, when it has shades). */
export type CatalogueItem = Pick<
  Product,
  'id' | 'name' | 'brand' | 'category' | 'price' | 'discount' | 'totalPrice' | 'rank' | 'createdAt'
> & { shades?: readonly Pick<Product['shades'][number], 'hex' | 'stock'>[] };

/** Whether a product passes the filter's colour family. */
export const matchesColour = ({ colour }: Filter, p: CatalogueItem) => colour === 'all' || (familiesMask(p) & familyBit(colour)) !== 0;

/** Whether a product passes the filter's price bounds and offers-only (its brand and category aside). */
export function matchesPriceAndOffers({ priceMin, priceMax, offers }: Filter, p: CatalogueItem): boolean {
  return (priceMin === null || p.totalPrice >= priceMin) && (priceMax === null || p.totalPrice <= priceMax) && (!offers || p.discount >= 1);
}

/** Brand, category, colour family, min and max discounted price, and offers-only, combined. */
export function applyFilter<T extends CatalogueItem>(products: readonly T[], filter: Filter): T[] {
  if (isDefaultFilter(filter)) return [...products];
  const { brands, categories } = filter;
  return products.filter(
    (p) =>
      (brands === 'all' || p.brand === brands) &&
      (categories === 'all' || p.category === categories) &&
      matchesColour(filter, p) &&
      matchesPriceAndOffers(filter, p),
  );
}

/** Names in English order; one collator for every comparison, where localeCompare(other, 'en') would set one up on each call. */
export const compareNames = new Intl.Collator('en').compare;
const byName = (a: CatalogueItem, b: CatalogueItem) => compareNames(a.name, b.name) || a.id - b.id;

const COMPARATORS: Record<Sort, (a: CatalogueItem, b: CatalogueItem) => number> = {
  'A-Z': byName,
  'Z-A': (a, b) => byName(b, a),
  priceDesc: (a, b) => b.totalPrice - a.totalPrice || a.id - b.id,
  priceAsc: (a, b) => a.totalPrice - b.totalPrice || a.id - b.id,
  newest: byNewest,
  popular: byRank,
  offers: byOffer,
};

/** Whether two versions of a product take the same place among the others in the sort: its comparator holds them equal. */
export const samePlace = (sort: Sort, was: CatalogueItem, now: CatalogueItem) => COMPARATORS[sort](was, now) === 0;

export function sortProducts<T extends CatalogueItem>(products: readonly T[], sort: Sort): T[] {
  return [...products].sort(COMPARATORS[sort]);
}

/**
 * The first `count` items in sorted order, without sorting the rest: a
 * bounded binary-insertion list, O(n log k) while count is small against n.
 */
export function firstSorted<T>(items: readonly T[], compare: (a: T, b: T) => number, count: number): T[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === count && compare(item, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(kept[mid]!, item) <= 0) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
  total: number;
}

/** Which page of `total` items in pages of `size` is shown: the page asked for, clamped to the pages there are (at least one). */
export function pageOf(total: number, page: number, size = CATALOGUE_PAGE_SIZE): Pick<Page<never>, 'page' | 'pageCount'> {
  const pageCount = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(1, Math.floor(page) || 1), pageCount), pageCount };
}

export function paginate<T>(items: readonly T[], page: number, size = CATALOGUE_PAGE_SIZE): Page<T> {
  const { page: current, pageCount } = pageOf(items.length, page, size);
  return {
    items: items.slice((current - 1) * size, current * size),
    page: current,
    pageCount,
    total: items.length,
  };
}

export interface CatalogueView<T extends CatalogueItem = Product> extends Page<T> {
  /** The filter matched nothing: the spec shows the no-match text and resets the filters. */
  notFound: boolean;
}

/** Filter, sort and page the storefront products as the catalogue shows them; only what the page needs is sorted. */
export function catalogueView<T extends CatalogueItem>(
  products: readonly T[],
  filter: Filter,
  sort: Sort,
  page: number,
  size = CATALOGUE_PAGE_SIZE,
): CatalogueView<T> {
  const filtered = applyFilter(products, filter);
  const notFound = filtered.length === 0 && !isDefaultFilter(filter);
  const { page: current, pageCount, total } = paginate(filtered, page, size);
  const items = firstSorted(filtered, COMPARATORS[sort], current * size).slice((current - 1) * size);
  return { items, page: current, pageCount, total, notFound };
}
