import { CATALOGUE_PAGE_SIZE, type Brand, type Category } from './constants';
import { pageOf, type CatalogueItem, type Filter, type Page, type Sort } from './catalogue';
import { columnsOf, KEYS, keysOf, patchedColumns, type Columns, type Key } from './catalogueColumns';
import { nameSearch } from './nameSearch';
import { recentlyUsed, type RecentlyUsed } from './recentlyUsed';
import { firstWhere, grouped, patchedGroups, patchedList, positionLookup, walked, type Groups, type Shift } from './orderedLists';

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
}

export interface IndexedPage<T> extends Page<T> {
  facets: CatalogueFacets;
}

export interface CatalogueIndex<T extends CatalogueItem> {
  page(query: IndexQuery): IndexedPage<T>;
  /**
   * The index of this catalogue with `changed` in it (each in place of the
   * product of its id, or added) and the products of the `removed` ids left
   * out, made from this one in time linear in its size: the sorts already
   * made are merged, not sorted again, and names keep their order.
   *
   * A patch in place moves no product: every changed product is one the
   * index holds, or held (a product removed is kept in its place, marked
   * gone, found by no query), with its name, brand and category; no id is
   * both changed and removed; no brand or category is left without
   * products; and gone products stay few (GONE_SHARE). So a sale, a new
   * price, a product sold out or back: each list the patch touches has the
   * changed and removed products taken out and those on the storefront put
   * back in their places, and what the index made for the sorts no changed
   * key and no product coming or going touches is kept whole. Any other
   * patch moves products, and leaves the gone ones out.
   */
  patched(changed: readonly T[], removed: Iterable<number>): CatalogueIndex<T>;
}

/**
 * What an index makes from its columns the first time a query needs it:
 * each sort's order, that order cut per brand, category or pair and each
 * product's place in it, each pair's count, each name's products, the
 * products on offer per pair, each product's pair, each id's position,
 * what the latest name searches found. A patched index keeps what its patch
 * leaves as it was, and puts right what the patch changes, each list in one
 * pass.
 */
type Cut = 'brand' | 'category' | 'pair';

interface Made {
  orders: Map<Sort, Uint32Array>;
  cuts: Map<Sort, Partial<Record<Cut, Groups>>>;
  places: Map<Sort, Uint32Array>;
  pairCounts?: Uint32Array;
  byName?: Groups;
  offersByPair?: Groups;
  pairOf: Uint32Array;
  positionOfId?: (id: number) => number | undefined;
  /** What the latest name searches found. */
  found: RecentlyUsed<string, Found>;
}

/** The products a name search found (positions), how many each brand and category pair holds, and their marks once a page walks an order against them. */
interface Found {
  positions: number[];
  byPair: Uint32Array;
  marks?: Uint8Array;
}

/**
 * The name searches an index keeps what it found for: a part of one or two
 * letters finds most of the catalogue (78,000 of 86,000 products for "e"),
 * and gathering them again for each of its pages, sorts and filters took
 * some 5 ms.
 */
const NAMES_KEPT = 16;

/** Where each changed product of a patch in place is, its keys, which keys changed, and the positions of the products that leave the storefront and of those that come back. */
interface Place {
  positions: readonly number[];
  values: readonly Record<Key, number>[];
  keys: ReadonlySet<Key>;
  leaving: readonly number[];
  coming: readonly number[];
}

/**
 * What the index a patched one came from had made, and how its lists shift
 * (`shift`): each product moved, or, in place, the changed and removed
 * products that were on the storefront taken out. `added`: the positions
 * put in, those of the changed products on the storefront after the patch,
 * each list taking those of its own brand, category, name or offers.
 * `keys`: the keys that changed in a patch in place, null when products
 * moved (every sort moves). `counted`: in place, the positions of the
 * products that came back (+1) or left (-1). `sameGroups`: the brands and
 * categories are those it had.
 */
interface Carried {
  made: Made;
  shift: Shift;
  added: Uint32Array;
  keys: ReadonlySet<Key> | null;
  counted: readonly (readonly [number, 1 | -1])[];
  sameGroups: boolean;
}

/**
 * A patch in place leaves this share of the products gone at most (one in
 * GONE_SHARE): past it, a patch moves products and leaves the gone ones
 * out, so that an index's lists and columns stay close to its storefront.
 */
const GONE_SHARE = 8;

/** The keys each sort reads beside the id and the name's place. */
const SORT_KEYS: Record<Sort, readonly Key[]> = { 'A-Z': [], 'Z-A': [], priceDesc: ['totalPrice'], priceAsc: ['totalPrice'], newest: ['created'], popular: ['rank'], offers: ['discount', 'price'] };

/** The index of `columns`' products, but those `gone` marks (1): products that left the storefront, kept in their places so that coming back moves none. */
function indexFrom<T extends CatalogueItem>(columns: Columns<T>, gone: Uint8Array | null, carried?: Carried): CatalogueIndex<T> {
  const { products, id, totalPrice, price, discount, rank, created, alphabetical, nameOf, names, brands, brandOf, categories, categoryOf } = columns;
  const count = products.length;

  const COMPARE: Record<Sort, (a: number, b: number) => number> = {
    'A-Z': (a, b) => alphabetical[a]! - alphabetical[b]! || id[a]! - id[b]!,
    'Z-A': (a, b) => alphabetical[b]! - alphabetical[a]! || id[b]! - id[a]!,
    priceDesc: (a, b) => totalPrice[b]! - totalPrice[a]! || id[a]! - id[b]!,
    priceAsc: (a, b) => totalPrice[a]! - totalPrice[b]! || id[a]! - id[b]!,
    newest: (a, b) => created[b]! - created[a]! || id[b]! - id[a]!,
    popular: (a, b) => rank[b]! - rank[a]! || id[a]! - id[b]!,
    offers: (a, b) => discount[b]! - discount[a]! || price[a]! - price[b]! || id[a]! - id[b]!,
  };
  const pairs = categories.length;
  const pairOf = carried?.keys ? carried.made.pairOf : Uint32Array.from({ length: count }, (_, i) => brandOf[i]! * pairs + categoryOf[i]!);
  const cutBy: Record<Cut, [number, Uint32Array]> = { brand: [brands.length, brandOf], category: [pairs, categoryOf], pair: [brands.length * pairs, pairOf] };
  const made: Made = carried ? carriedOver(carried) : { orders: new Map(), cuts: new Map(), places: new Map(), pairOf, found: recentlyUsed(NAMES_KEPT) };
  /**
   * What the patched index keeps of what the one before made: all of a sort
   * no changed key moves, when no product comes or goes; any other sort's
   * order and cuts put right; each name's products and the products on
   * offer too, when a patch touches them. In place, the pair counts (put
   * right by what came and went) and each id's position are kept, and what
   * the name searches found when none came or went. The rest
   * is made again when asked: each sort's places when its order changed,
   * the pair counts when products moved, one pass over the products each.
   */
  function carriedOver({ made: before, shift, added, keys, counted, sameGroups }: Carried): Made {
    const comesOrGoes = counted.length > 0;
    // In place with none coming or going, every product keeps its position, name and pair: what a name found still holds.
    const after: Made = { orders: new Map(), cuts: new Map(), places: new Map(), pairOf, found: keys && !comesOrGoes ? before.found : recentlyUsed(NAMES_KEPT) };
    const patched = (groups: Groups, put: Uint32Array, compare: (a: number, b: number) => number, [total, of]: [number, Uint32Array]) => patchedGroups(groups, shift, put, compare, total, of);
    for (const [sort, order] of before.orders) {
      const cuts = before.cuts.get(sort) ?? {};
      if (keys && !comesOrGoes && !SORT_KEYS[sort].some((key) => keys.has(key))) {
        after.orders.set(sort, order);
        // Its own record: each index adds the cuts it goes on to make to its own.
        after.cuts.set(sort, { ...cuts });
        if (before.places.has(sort)) after.places.set(sort, before.places.get(sort)!);
        continue;
      }
      const compare = COMPARE[sort];
      const put = added.slice().sort(compare);
      after.orders.set(sort, patchedList(order, shift, put, compare));
      if (sameGroups) after.cuts.set(sort, Object.fromEntries(Object.entries(cuts).map(([by, groups]) => [by, patched(groups, put, compare, cutBy[by as Cut])])));
    }
    if (keys) {
      after.positionOfId = before.positionOfId;
      if (before.pairCounts) after.pairCounts = comesOrGoes ? counted.reduce((counts, [i, by]) => ((counts[pairOf[i]!]! += by), counts), before.pairCounts.slice()) : before.pairCounts;
    }
    if (before.byName) after.byName = keys && !comesOrGoes ? before.byName : patched(before.byName, added, (a, b) => a - b, [names.length, nameOf]);
    if (before.offersByPair && sameGroups) {
      const compare = COMPARE.priceAsc;
      after.offersByPair =
        keys && !comesOrGoes && !keys.has('totalPrice') && !keys.has('discount')
          ? before.offersByPair
          : patched(before.offersByPair, added.filter((i) => discount[i]! >= 1).sort(compare), compare, cutBy.pair);
    }
    return after;
  }
  /** The positions of the products on the storefront, in a new array. */
  const storefrontPositions = () => {
    const all = Uint32Array.from({ length: count }, (_, i) => i);
    return gone ? all.filter((i) => gone[i] === 0) : all;
  };
  const orderOf = (sort: Sort) => {
    let order = made.orders.get(sort);
    if (!order) {
      order = storefrontPositions().sort(COMPARE[sort]);
      made.orders.set(sort, order);
    }
    return order;
  };

  /** How many products each brand and category pair holds. */
  const countsByPair = () => {
    if (!made.pairCounts) {
      made.pairCounts = new Uint32Array(brands.length * pairs);
      for (let i = 0; i < count; i++) if (!gone?.[i]) made.pairCounts[pairOf[i]!]!++;
    }
    return made.pairCounts;
  };
  const productsByName = () => (made.byName ??= grouped(storefrontPositions(), names.length, nameOf));
  /** Each sort's order cut into one list per brand, per category or per pair, each in that order. */
  const orderCut = (sort: Sort, by: Cut) => {
    let cuts = made.cuts.get(sort);
    if (!cuts) made.cuts.set(sort, (cuts = {}));
    return (cuts[by] ??= grouped(orderOf(sort), ...cutBy[by]));
  };
  /** The products on offer in price order, one list per pair. */
  const offersByPair = () => (made.offersByPair ??= grouped(orderOf('priceAsc').filter((i) => discount[i]! >= 1), brands.length * pairs, pairOf));
  /** Each sort's place of every product in its order. */
  const placesIn = (sort: Sort) => {
    let place = made.places.get(sort);
    if (!place) {
      const order = orderOf(sort);
      place = new Uint32Array(count);
      for (let k = 0; k < order.length; k++) place[order[k]!] = k;
      made.places.set(sort, place);
    }
    return place;
  };
  /** The products of the names that hold the part, and how many each pair holds: kept for the NAMES_KEPT parts last searched for. */
  const productsNamed = (part: string): Found => {
    let named = made.found.get(part);
    if (!named) {
      const byName = productsByName();
      named = { positions: [], byPair: new Uint32Array(brands.length * pairs) };
      for (const name of (columns.search.made ??= nameSearch(names)).find(part)) {
        for (const i of byName.of(name)) {
          named.positions.push(i);
          named.byPair[pairOf[i]!]!++;
        }
      }
      made.found.set(part, named);
    }
    return named;
  };
  /** Which products a name search found, one mark each. */
  const marksOf = (named: Found) => {
    if (!named.marks) {
      named.marks = new Uint8Array(count);
      for (const i of named.positions) named.marks[i] = 1;
    }
    return named.marks;
  };
  /** Per pair, its products within the price bounds (of those on offer, with offers): each pair's products in price order halved twice. */
  const countsInRange = (least: number, most: number, offers: boolean) => {
    const byPair = offers ? offersByPair() : orderCut('priceAsc', 'pair');
    return Uint32Array.from({ length: brands.length * pairs }, (_, pair) => {
      const list = byPair.of(pair);
      // None when the least is above the most.
      return Math.max(0, firstWhere(list, (i) => totalPrice[i]! > most) - firstWhere(list, (i) => totalPrice[i]! >= least));
    });
  };

  /** Whether every brand and every category keeps a product on the storefront once the products at `leaving` left and those at `coming` came back. */
  const everyGroupHeld = (leaving: readonly number[], coming: readonly number[]) => {
    const [byBrand, byCategory] = [new Int32Array(brands.length), new Int32Array(pairs)];
    countsByPair().forEach((held, pair) => {
      byBrand[Math.floor(pair / pairs)]! += held;
      byCategory[pair % pairs]! += held;
    });
    for (const [at, by] of [[leaving, -1], [coming, 1]] as const) {
      for (const i of at) {
        byBrand[brandOf[i]!]! += by;
        byCategory[categoryOf[i]!]! += by;
      }
    }
    return byBrand.every((held) => held > 0) && byCategory.every((held) => held > 0);
  };

  /**
   * Where each changed product is, and which of its keys changed, when the
   * patch can be made in place (see `patched`): no product changes its
   * position. A product removed that the index shows is kept in its place,
   * to be marked gone; a removed id it never had, or has already marked, is
   * nothing to do.
   */
  const inPlace = (changed: readonly T[], removed: Iterable<number>): Place | null => {
    const positionOf = (made.positionOfId ??= positionLookup(id));
    const positions: number[] = [];
    const values: Record<Key, number>[] = [];
    const seen = new Set<number>();
    const keys = new Set<Key>();
    const coming: number[] = [];
    for (const product of changed) {
      const i = positionOf(product.id);
      if (i === undefined || seen.has(i) || product.name !== names[nameOf[i]!] || product.brand !== brands[brandOf[i]!] || product.category !== categories[categoryOf[i]!]) return null;
      const its = keysOf(product);
      for (const key of KEYS) if (columns[key][i] !== its[key]) keys.add(key);
      positions.push(i);
      values.push(its);
      seen.add(i);
      if (gone?.[i]) coming.push(i);
    }
    const leaving: number[] = [];
    for (const removedId of removed) {
      const i = positionOf(removedId);
      if (i === undefined || gone?.[i]) continue;
      if (seen.has(i)) return null;
      leaving.push(i);
      seen.add(i);
    }
    if (leaving.length > 0) {
      let goneBefore = 0;
      if (gone) for (let i = 0; i < count; i++) goneBefore += gone[i]!;
      if ((goneBefore + leaving.length - coming.length) * GONE_SHARE > count) return null;
    }
    if ((leaving.length > 0 || coming.length > 0) && !everyGroupHeld(leaving, coming)) return null;
    return { positions, values, keys, leaving, coming };
  };

  return {
    page({ filter, name, sort, page, size = CATALOGUE_PAGE_SIZE }) {
      // The filter's price bounds and offers-only as applyFilter reads them, on the typed keys.
      const [least, most] = [filter.priceMin ?? -Infinity, filter.priceMax ?? Infinity];
      const leastDiscount = filter.offers ? 1 : -Infinity;
      const inRange = (i: number) => totalPrice[i]! >= least && totalPrice[i]! <= most && discount[i]! >= leastDiscount;
      // -1 (no product has it) for a brand or category the filter names and the catalogue lacks.
      const brand = filter.brands === 'all' ? null : brands.indexOf(filter.brands);
      const category = filter.categories === 'all' ? null : categories.indexOf(filter.categories);
      const pairOk = (pair: number) => (brand === null || Math.floor(pair / pairs) === brand) && (category === null || pair % pairs === category);
      const ranged = least !== -Infinity || most !== Infinity || filter.offers;
      // Per brand and category pair, the products that pass the query's name, price and offers: a name's counted from what it found.
      const named = name === null ? null : productsNamed(name);
      let cells: Uint32Array;
      if (named && ranged) {
        cells = new Uint32Array(brands.length * pairs);
        const { positions } = named;
        for (let k = 0; k < positions.length; k++) if (inRange(positions[k]!)) cells[pairOf[positions[k]!]!]!++;
      } else if (named) cells = named.byPair;
      else cells = ranged ? countsInRange(least, most, filter.offers) : countsByPair();
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
      const { page: current, pageCount } = pageOf(total, page, size);
      const skip = (current - 1) * size;
      const end = Math.min(total, skip + size);
      const order = orderOf(sort);
      // The products the brand and category leave, in the sort's order; none when a brand or category the catalogue lacks leaves none.
      const cut =
        total === 0
          ? new Uint32Array(0)
          : brand !== null && category !== null
            ? orderCut(sort, 'pair').of(brand * pairs + category)
            : brand !== null
              ? orderCut(sort, 'brand').of(brand)
              : category !== null
                ? orderCut(sort, 'category').of(category)
                : order;
      let shown: Uint32Array;
      if (!named && !ranged) shown = cut.subarray(skip, end);
      else if (named && total * Math.log2(total + 2) < (cut.length * Math.min(end, total - skip)) / total) {
        // Few found: their places in the order sorted, rather than the order walked to find them.
        const place = placesIn(sort);
        const passing = named.positions.filter((i) => pairOk(pairOf[i]!) && inRange(i));
        shown = Uint32Array.from(passing, (i) => place[i]!)
          .sort()
          .subarray(skip, end)
          .map((k) => order[k]!);
      } else if (named) {
        const marks = marksOf(named);
        shown = walked(cut, ranged ? (i) => marks[i] === 1 && inRange(i) : (i) => marks[i] === 1, skip, end, total);
      } else shown = walked(cut, inRange, skip, end, total);
      return {
        items: Array.from(shown, (i) => products[i]!),
        page: current,
        pageCount,
        total,
        facets: {
          brands: brands.map((value, i) => ({ value, count: brandCounts[i]! })),
          categories: categories.map((value, i) => ({ value, count: categoryCounts[i]! })),
        },
      };
    },
    patched(changed, removed) {
      const place = inPlace(changed, removed);
      if (place) {
        const { positions, values, keys, leaving, coming } = place;
        const replaced = [...products];
        const next: Columns<T> = { ...columns, products: replaced };
        for (const key of keys) next[key] = columns[key].slice();
        positions.forEach((position, k) => {
          replaced[position] = changed[k]!;
          for (const key of keys) next[key][position] = values[k]![key];
        });
        let goneNext = gone;
        if (leaving.length > 0 || coming.length > 0) {
          goneNext = gone ? gone.slice() : new Uint8Array(count);
          for (const i of leaving) goneNext[i] = 1;
          for (const i of coming) goneNext[i] = 0;
        }
        const touched = [...positions, ...leaving];
        const counted = [...leaving.map((i) => [i, -1] as const), ...coming.map((i) => [i, 1] as const)];
        const shift = { taken: touched.filter((i) => !gone?.[i]) };
        return indexFrom(next, goneNext, { made, shift, added: Uint32Array.from(touched.filter((i) => !goneNext?.[i])), keys, counted, sameGroups: true });
      }
      const dropped = new Set(removed);
      for (const product of changed) dropped.add(product.id);
      // The products kept off the storefront go now, as they would from an index made anew.
      if (gone) for (let i = 0; i < count; i++) if (gone[i]) dropped.add(id[i]!);
      const { columns: next, moved, kept } = patchedColumns(columns, changed, dropped);
      const added = new Uint32Array(next.products.length - kept);
      for (let k = 0; k < added.length; k++) added[k] = kept + k;
      return indexFrom(next, null, { made, shift: { moved }, added, keys: null, counted: [], sameGroups: next.brands === brands && next.categories === categories });
    },
  };
}

/**
 * The storefront products of a catalogue too large to filter and sort on
 * every request, made once and asked for many pages. A page is
 * catalogueView's (the same filter, sort and clamped paging), narrowed to
 * the products whose name holds the part given (found through the names'
 * trigrams, nameSearch); its facets give, for every brand and category of
 * the products, how many products the query's other filters (the name
 * among them) leave with that value.
 *
 * The filter and the sorts read numbers kept in typed arrays, each sort's
 * order made the first time it is asked for: sorting 100,000 products with
 * the comparators of catalogue.ts (a date parsed, names collated, on every
 * comparison) takes seconds, and reading each product object's fields for
 * every page costs several times reading them from typed arrays. The keys
 * are applyFilter's and those comparators' own, in their order; the tests
 * hold the two to the same result. A query that filters on brand and
 * category alone is counted from each pair's count, made once, and a name
 * search visits only the products of the names it found. A change of a few
 * products is patched in (`patched`) rather than the whole index made again.
 */
export function catalogueIndex<T extends CatalogueItem>(products: readonly T[]): CatalogueIndex<T> {
  return indexFrom(columnsOf(products), null);
}
