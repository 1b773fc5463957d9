import type { CatalogueItem, Sort } from '../catalogue';
import type { Columns } from '../catalogueColumns';
import { nameSearch } from '../nameSearch';
import { firstWhere, grouped, positionLookup, type Groups } from '../orderedLists';
import { recentlyUsed, type RecentlyUsed } from '../recentlyUsed';
import { COLOUR_FAMILIES } from '../colourFamily';

/** Each grouped list's running counts of the colour families, for the colours they were made from. */
const prefixes = new WeakMap<Groups, { colours: Float64Array; prefix: Uint32Array }>();

/**
 * How many of the grouped lists' positions before each one have each colour
 * family (k * COLOUR_FAMILIES.length + family, k from 0 to their length): a
 * price range's families are then two reads per family and pair, not a walk
 * of its products. Made once per list and colours.
 */
function familyPrefix(groups: Groups, colours: Float64Array): Uint32Array {
  const kept = prefixes.get(groups);
  if (kept?.colours === colours) return kept.prefix;
  const families = COLOUR_FAMILIES.length;
  const { positions } = groups;
  const prefix = new Uint32Array((positions.length + 1) * families);
  for (let k = 0; k < positions.length; k++) {
    prefix.copyWithin((k + 1) * families, k * families, (k + 1) * families);
    addFamilies(prefix, (k + 1) * families, colours[positions[k]!]!);
  }
  prefixes.set(groups, { colours, prefix });
  return prefix;
}

/** Adds `by` (one unless given) to `counts[at + family]` for each family of a mask. */
export function addFamilies(counts: Uint32Array, at: number, mask: number, by = 1) {
  for (let left = mask; left !== 0; left &= left - 1) counts[at + 31 - Math.clz32(left & -left)]! += by;
}

/** The lists a sort's order is cut into: one per brand, per category, or per brand and category pair. */
export type Grouping = 'brand' | 'category' | 'pair';

/** The products a name search found (positions), how many each brand and category pair holds, and their marks once a page walks an order against them. */
export interface NameMatches {
  positions: number[];
  byPair: Uint32Array;
  marks?: Uint8Array;
}

/**
 * What an index derives from its columns the first time a query needs it:
 * each sort's order, that order grouped per brand, category or pair and each
 * product's place in it, each pair's count, each name's products, the
 * products on offer per pair, each product's pair, each id's position, what
 * the latest name searches found. A patched index keeps what its patch
 * leaves as it was, and puts right what the patch changes, each list in one
 * pass (patch.ts).
 */
export interface DerivedLists {
  orders: Map<Sort, Uint32Array>;
  groupings: Map<Sort, Partial<Record<Grouping, Groups>>>;
  places: Map<Sort, Uint32Array>;
  pairCounts?: Uint32Array;
  /** Per pair, how many of its products have each colour family: pair * COLOUR_FAMILIES.length + family. */
  colourCounts?: Uint32Array;
  byName?: Groups;
  offersByPair?: Groups;
  pairOf: Uint32Array;
  positionOfId?: (id: number) => number | undefined;
  /** What the latest name searches found. */
  found: RecentlyUsed<string, NameMatches>;
}

/**
 * The name searches an index keeps what it found for: a part of one or two
 * letters finds most of the catalogue, and gathering those products again
 * for each of its pages, sorts and filters would cost more than the page.
 */
const NAMES_KEPT = 16;

/**
 * What every list of an index is made from: its columns, the products `gone`
 * marks (1) that left the storefront (kept in their places so that coming
 * back moves none), each product's brand and category pair, and each sort's
 * comparator on the typed keys.
 */
export interface IndexColumns<T extends CatalogueItem> {
  columns: Columns<T>;
  gone: Uint8Array | null;
  count: number;
  /** How many categories: a pair is brand * categoryCount + category. */
  categoryCount: number;
  pairCount: number;
  pairOf: Uint32Array;
  compare: Record<Sort, (a: number, b: number) => number>;
  /** Per grouping, how many lists and each product's list. */
  groupOf: Record<Grouping, [number, Uint32Array]>;
}

/** The index columns of `columns`, taking each product's pair from `pairOf` when the index before had it for the same positions. */
export function indexColumns<T extends CatalogueItem>(columns: Columns<T>, gone: Uint8Array | null, pairOf?: Uint32Array): IndexColumns<T> {
  const { products, id, totalPrice, price, discount, rank, created, alphabetical, brands, brandOf, categoryOf } = columns;
  const count = products.length;
  const categoryCount = columns.categories.length;
  const pairs = pairOf ?? Uint32Array.from({ length: count }, (_, i) => brandOf[i]! * categoryCount + categoryOf[i]!);
  const pairCount = brands.length * categoryCount;
  return {
    columns,
    gone,
    count,
    categoryCount,
    pairCount,
    pairOf: pairs,
    compare: {
      'A-Z': (a, b) => alphabetical[a]! - alphabetical[b]! || id[a]! - id[b]!,
      'Z-A': (a, b) => alphabetical[b]! - alphabetical[a]! || id[b]! - id[a]!,
      priceDesc: (a, b) => totalPrice[b]! - totalPrice[a]! || id[a]! - id[b]!,
      priceAsc: (a, b) => totalPrice[a]! - totalPrice[b]! || id[a]! - id[b]!,
      newest: (a, b) => created[b]! - created[a]! || id[b]! - id[a]!,
      popular: (a, b) => rank[b]! - rank[a]! || id[a]! - id[b]!,
      offers: (a, b) => discount[b]! - discount[a]! || price[a]! - price[b]! || id[a]! - id[b]!,
    },
    groupOf: { brand: [brands.length, brandOf], category: [categoryCount, categoryOf], pair: [pairCount, pairs] },
  };
}

/** Nothing derived yet but each product's pair. */
export function noListsYet(pairOf: Uint32Array, found: RecentlyUsed<string, NameMatches> = recentlyUsed(NAMES_KEPT)): DerivedLists {
  return { orders: new Map(), groupings: new Map(), places: new Map(), pairOf, found };
}

/** An index's lists, each made from its columns the first time it is asked for and kept in `derived`. */
export interface IndexLists {
  derived: DerivedLists;
  /** Each sort's order of the products on the storefront. */
  orderOf(sort: Sort): Uint32Array;
  /** How many products each brand and category pair holds. */
  countsByPair(): Uint32Array;
  /** Each sort's order cut into one list per brand, per category or per pair, each in that order. */
  orderGrouped(sort: Sort, by: Grouping): Groups;
  /** Each sort's place of every product in its order. */
  placesIn(sort: Sort): Uint32Array;
  /** The products of the names that hold the part, and how many each pair holds: kept for the NAMES_KEPT parts last searched for. */
  productsNamed(part: string): NameMatches;
  /** Which products a name search found, one mark each. */
  marksOf(named: NameMatches): Uint8Array;
  /** Per pair, its products within the price bounds (of those on offer, with offers): each pair's products in price order halved twice. */
  countsInRange(least: number, most: number, offers: boolean): Uint32Array;
  /** Adds to `counts` how many of a pair's products within the price bounds (of those on offer, with offers) have each colour family. */
  familiesInRange(pair: number, least: number, most: number, offers: boolean, counts: Uint32Array): void;
  /** How many products each pair holds of each colour family: pair * COLOUR_FAMILIES.length + family. */
  colourCountsByPair(): Uint32Array;
  /** The position of the product of an id. */
  positionOfId(id: number): number | undefined;
}

/** The positions of the products on the storefront, in a new array. */
export function storefrontPositions<T extends CatalogueItem>({ count, gone }: IndexColumns<T>): Uint32Array {
  const all = Uint32Array.from({ length: count }, (_, i) => i);
  return gone ? all.filter((i) => gone[i] === 0) : all;
}

export function indexLists<T extends CatalogueItem>(index: IndexColumns<T>, derived: DerivedLists): IndexLists {
  const { columns, gone, count, pairCount, pairOf, compare, groupOf } = index;
  const { totalPrice, discount, names, nameOf, id, colours } = columns;

  const orderOf = (sort: Sort) => {
    let order = derived.orders.get(sort);
    if (!order) {
      order = storefrontPositions(index).sort(compare[sort]);
      derived.orders.set(sort, order);
    }
    return order;
  };
  const productsByName = () => (derived.byName ??= grouped(storefrontPositions(index), names.length, nameOf));
  const orderGrouped = (sort: Sort, by: Grouping) => {
    let groupings = derived.groupings.get(sort);
    if (!groupings) derived.groupings.set(sort, (groupings = {}));
    return (groupings[by] ??= grouped(orderOf(sort), ...groupOf[by]));
  };
  /** The products on offer in price order, one list per pair. */
  const offersByPair = () =>
    (derived.offersByPair ??= grouped(
      orderOf('priceAsc').filter((i) => discount[i]! >= 1),
      pairCount,
      pairOf,
    ));

  /** A pair's products within the price bounds (of those on offer, with offers): where they start and end in the pair lists' positions, in price order. */
  function rangeOf(pair: number, least: number, most: number, offers: boolean) {
    const groups = offers ? offersByPair() : orderGrouped('priceAsc', 'pair');
    const list = groups.of(pair);
    const first = firstWhere(list, (i) => totalPrice[i]! >= least);
    // None when the least is above the most.
    const end = Math.max(
      first,
      firstWhere(list, (i) => totalPrice[i]! > most),
    );
    return { groups, from: groups.start[pair]! + first, to: groups.start[pair]! + end };
  }

  return {
    derived,
    orderOf,
    orderGrouped,
    countsByPair() {
      if (!derived.pairCounts) {
        derived.pairCounts = new Uint32Array(pairCount);
        for (let i = 0; i < count; i++) if (!gone?.[i]) derived.pairCounts[pairOf[i]!]!++;
      }
      return derived.pairCounts;
    },
    placesIn(sort) {
      let place = derived.places.get(sort);
      if (!place) {
        const order = orderOf(sort);
        place = new Uint32Array(count);
        for (let k = 0; k < order.length; k++) place[order[k]!] = k;
        derived.places.set(sort, place);
      }
      return place;
    },
    productsNamed(part) {
      let named = derived.found.get(part);
      if (!named) {
        const byName = productsByName();
        named = { positions: [], byPair: new Uint32Array(pairCount) };
        for (const name of (columns.search.made ??= nameSearch(names)).find(part)) {
          for (const i of byName.of(name)) {
            named.positions.push(i);
            named.byPair[pairOf[i]!]!++;
          }
        }
        derived.found.set(part, named);
      }
      return named;
    },
    marksOf(named) {
      if (!named.marks) {
        named.marks = new Uint8Array(count);
        for (const i of named.positions) named.marks[i] = 1;
      }
      return named.marks;
    },
    countsInRange(least, most, offers) {
      return Uint32Array.from({ length: pairCount }, (_, pair) => {
        const { from, to } = rangeOf(pair, least, most, offers);
        return to - from;
      });
    },
    familiesInRange(pair, least, most, offers, counts) {
      const { groups, from, to } = rangeOf(pair, least, most, offers);
      const prefix = familyPrefix(groups, colours);
      const families = COLOUR_FAMILIES.length;
      for (let f = 0; f < families; f++) counts[f]! += prefix[to * families + f]! - prefix[from * families + f]!;
    },
    colourCountsByPair() {
      if (!derived.colourCounts) {
        derived.colourCounts = new Uint32Array(pairCount * COLOUR_FAMILIES.length);
        for (let i = 0; i < count; i++) if (!gone?.[i]) addFamilies(derived.colourCounts, pairOf[i]! * COLOUR_FAMILIES.length, colours[i]!);
      }
      return derived.colourCounts;
    },
    positionOfId: (productId) => (derived.positionOfId ??= positionLookup(id))(productId),
  };
}
