import { CATALOGUE_PAGE_SIZE, type Brand, type Category } from '../constants';
import { pageOf, type CatalogueItem, type Filter, type Page, type Sort } from '../catalogue';
import { COLOUR_FAMILIES, familyBit, type ColourFamily } from '../colourFamily';
import { walked } from '../orderedLists';
import { addFamilies, type IndexColumns, type IndexLists } from './lists';

/** One page of the catalogue as GET /products?page= asks for it. */
export interface IndexQuery {
  filter: Filter;
  /** A part of the name every product of the page holds (nameHolds); null for every product. */
  name: string | null;
  sort: Sort;
  page: number;
  size?: number;
}

export interface Facet<V extends string> {
  value: V;
  count: number;
}

export interface CatalogueFacets {
  brands: Facet<Brand>[];
  categories: Facet<Category>[];
  colours: Facet<ColourFamily>[];
}

export interface IndexedPage<T> extends Page<T> {
  facets: CatalogueFacets;
}

/** The page a query asks for, read from the index's lists: how many products pass it, per facet and in all, and those of its page. */
export function indexedPage<T extends CatalogueItem>(index: IndexColumns<T>, lists: IndexLists, query: IndexQuery): IndexedPage<T> {
  const { filter, name, sort, page, size = CATALOGUE_PAGE_SIZE } = query;
  const { columns, categoryCount: pairs, pairCount, pairOf } = index;
  const { products, totalPrice, discount, brands, categories, colours } = columns;
  // The filter's price bounds and offers-only as applyFilter reads them, on the typed keys.
  const [least, most] = [filter.priceMin ?? -Infinity, filter.priceMax ?? Infinity];
  const leastDiscount = filter.offers ? 1 : -Infinity;
  const inRange = (i: number) => totalPrice[i]! >= least && totalPrice[i]! <= most && discount[i]! >= leastDiscount;
  // -1 (no product has it) for a brand or category the filter names and the catalogue lacks.
  const brand = filter.brands === 'all' ? null : brands.indexOf(filter.brands);
  const category = filter.categories === 'all' ? null : categories.indexOf(filter.categories);
  const pairOk = (pair: number) =>
    (brand === null || Math.floor(pair / pairs) === brand) && (category === null || pair % pairs === category);
  const ranged = least !== -Infinity || most !== Infinity || filter.offers;
  // The family's place in COLOUR_FAMILIES, its bit in a product's families; -1 and 0 for every colour.
  const family = filter.colour === 'all' ? -1 : COLOUR_FAMILIES.indexOf(filter.colour);
  const colourBit = family < 0 ? 0 : familyBit(COLOUR_FAMILIES[family]!);
  // What the query's price, offers and colour leave of the products (the brand, category and name aside).
  const passes = colourBit === 0 ? inRange : (i: number) => (colours[i]! & colourBit) !== 0 && inRange(i);
  const narrowed = ranged || colourBit !== 0;
  // Per brand and category pair, the products that pass the query's name, price, offers and colour: a name's counted from what it found.
  const named = name === null ? null : lists.productsNamed(name);
  let cells: Uint32Array;
  if (named && narrowed) {
    cells = new Uint32Array(pairCount);
    const { positions } = named;
    for (let k = 0; k < positions.length; k++) if (passes(positions[k]!)) cells[pairOf[positions[k]!]!]!++;
  } else if (named) cells = named.byPair;
  else if (colourBit !== 0 && !ranged) {
    const families = COLOUR_FAMILIES.length;
    const byPair = lists.colourCountsByPair();
    cells = Uint32Array.from({ length: pairCount }, (_, pair) => byPair[pair * families + family]!);
  } else if (colourBit !== 0) {
    // Each pair's products in the price bounds having the family: two reads of its running family counts, not a walk of the catalogue.
    const inPair = new Uint32Array(COLOUR_FAMILIES.length);
    cells = Uint32Array.from({ length: pairCount }, (_, pair) => {
      inPair.fill(0);
      lists.familiesInRange(pair, least, most, filter.offers, inPair);
      return inPair[family]!;
    });
  } else cells = ranged ? lists.countsInRange(least, most, filter.offers) : lists.countsByPair();
  // A facet counts the products that miss at most its own filter.
  const brandCounts = new Uint32Array(brands.length);
  const categoryCounts = new Uint32Array(categories.length);
  let total = 0;
  cells.forEach((held, pair) => {
    const [b, c] = [Math.floor(pair / pairs), pair % pairs];
    if (category === null || c === category) brandCounts[b]! += held;
    if (brand === null || b === brand) categoryCounts[c]! += held;
    if (pairOk(pair)) total += held;
  });
  const colourCounts = familyCounts(index, lists, query, pairOk, inRange, named?.positions ?? null);
  const { page: current, pageCount } = pageOf(total, page, size);
  const skip = (current - 1) * size;
  const end = Math.min(total, skip + size);
  const order = lists.orderOf(sort);
  // The products the brand and category leave, in the sort's order; none when a brand or category the catalogue lacks leaves none.
  const cut =
    total === 0
      ? new Uint32Array(0)
      : brand !== null && category !== null
        ? lists.orderGrouped(sort, 'pair').of(brand * pairs + category)
        : brand !== null
          ? lists.orderGrouped(sort, 'brand').of(brand)
          : category !== null
            ? lists.orderGrouped(sort, 'category').of(category)
            : order;
  let shown: Uint32Array;
  if (!named && !narrowed) shown = cut.subarray(skip, end);
  else if (named && total * Math.log2(total + 2) < (cut.length * Math.min(end, total - skip)) / total) {
    // Few found: their places in the order sorted, rather than the order walked to find them.
    const place = lists.placesIn(sort);
    const passing = named.positions.filter((i) => pairOk(pairOf[i]!) && passes(i));
    shown = Uint32Array.from(passing, (i) => place[i]!)
      .sort()
      .subarray(skip, end)
      .map((k) => order[k]!);
  } else if (named) {
    const marks = lists.marksOf(named);
    shown = walked(cut, narrowed ? (i) => marks[i] === 1 && passes(i) : (i) => marks[i] === 1, skip, end, total);
  } else shown = walked(cut, passes, skip, end, total);
  return {
    items: Array.from(shown, (i) => products[i]!),
    page: current,
    pageCount,
    total,
    facets: {
      brands: brands.map((value, i) => ({ value, count: brandCounts[i]! })),
      categories: categories.map((value, i) => ({ value, count: categoryCounts[i]! })),
      colours: COLOUR_FAMILIES.map((value, f) => ({ value, count: colourCounts[f]! })),
    },
  };
}

/**
 * How many products each colour family has among those the query's other
 * filters leave: from each pair's counts when only the brand and category
 * filter, else from the products found by name (`named`), or within the
 * price bounds (each pair's running counts in price order).
 */
function familyCounts<T extends CatalogueItem>(
  index: IndexColumns<T>,
  lists: IndexLists,
  { filter }: IndexQuery,
  pairOk: (pair: number) => boolean,
  inRange: (position: number) => boolean,
  named: readonly number[] | null,
): Uint32Array {
  const families = COLOUR_FAMILIES.length;
  const counts = new Uint32Array(families);
  const { pairCount, pairOf } = index;
  const { colours } = index.columns;
  if (named) {
    for (const i of named) if (pairOk(pairOf[i]!) && inRange(i)) addFamilies(counts, 0, colours[i]!);
    return counts;
  }
  const ranged = filter.priceMin !== null || filter.priceMax !== null || filter.offers;
  const byPair = ranged ? null : lists.colourCountsByPair();
  for (let pair = 0; pair < pairCount; pair++) {
    if (!pairOk(pair)) continue;
    if (byPair) for (let f = 0; f < families; f++) counts[f]! += byPair[pair * families + f]!;
    else lists.familiesInRange(pair, filter.priceMin ?? -Infinity, filter.priceMax ?? Infinity, filter.offers, counts);
  }
  return counts;
}
