import { CATALOGUE_PAGE_SIZE, type Brand, type Category } from './constants';
import { compareNames, pageOf, type CatalogueItem, type Filter, type Page, type Sort } from './catalogue';
import { nameSearch, type NameSearch } from './nameSearch';
import { brandsOf, categoriesOf } from './productLists';

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
   * made are merged, not sorted again, and names keep their order. When
   * every changed product keeps its name, brand and category and none is
   * removed (a sale, a new price), no product moves: what the index made
   * for the sorts the change does not touch is kept whole.
   */
  patched(changed: readonly T[], removed: Iterable<number>): CatalogueIndex<T>;
}

/** The products of an index and, at the same positions, the keys its filter and sorts read. */
interface Columns<T extends CatalogueItem> {
  products: readonly T[];
  id: Float64Array;
  totalPrice: Float64Array;
  price: Float64Array;
  discount: Float64Array;
  rank: Float64Array;
  created: Float64Array;
  /** Each product's name's place in name order. */
  alphabetical: Float64Array;
  /** Each product's name, as its position in `names`. */
  nameOf: Uint32Array;
  /** Every name the index has held, each once, found by `nameAt`; `nameOrder` holds their positions in name order, `nameRank` each one's place in it (ranksOf). */
  names: readonly string[];
  nameAt: ReadonlyMap<string, number>;
  nameOrder: readonly number[];
  nameRank: Uint32Array;
  /** The search of `names`, made the first time a query names a part, and shared by the indexes patched from this one while no name is added. */
  search: { made?: NameSearch };
  /** The brands and categories of the products, in order, and each product's as its position among them. */
  brands: readonly Brand[];
  brandOf: Uint32Array;
  categories: readonly Category[];
  categoryOf: Uint32Array;
}

/**
 * What an index makes from its columns the first time a query needs it:
 * each sort's order, that order cut per brand, category or pair and each
 * product's place in it, each pair's count, each name's products, the
 * products on offer per pair, each product's pair, each id's position. An
 * index patched in place keeps what its change does not move.
 */
interface Made {
  orders: Map<Sort, Uint32Array>;
  cuts: Map<string, Groups>;
  places: Map<Sort, Uint32Array>;
  pairCounts?: Uint32Array;
  byName?: Groups;
  offersByPair?: Groups;
  pairOf?: Uint32Array;
  positionOfId?: (id: number) => number | undefined;
}

/** The sorts an index had made, and where each of its products is in the patched one (-1: left out); the products past `kept` are the changed ones. */
interface Moved {
  orders: ReadonlyMap<Sort, Uint32Array>;
  moved: Int32Array;
  kept: number;
}

/** What an index patched in place had made, the positions of its changed products, and the keys that changed. */
interface InPlace {
  made: Made;
  positions: readonly number[];
  keys: ReadonlySet<Key>;
}

const KEYS = ['id', 'totalPrice', 'price', 'discount', 'rank', 'created'] as const;
type Key = (typeof KEYS)[number];
/** The keys each sort reads beside the id and the name's place. */
const SORT_KEYS: Record<Sort, readonly Key[]> = { 'A-Z': [], 'Z-A': [], priceDesc: ['totalPrice'], priceAsc: ['totalPrice'], newest: ['created'], popular: ['rank'], offers: ['discount', 'price'] };

const keysOf = ({ id, totalPrice, price, discount, rank, createdAt }: CatalogueItem): Record<Key, number> => ({ id, totalPrice, price, discount, rank, created: Date.parse(createdAt) });

/** Each product's position among the distinct values of `of`, and those values. */
function ordinals<V>(products: readonly CatalogueItem[], of: (product: CatalogueItem) => V, values: readonly V[]) {
  const position = new Map(values.map((value, i) => [value, i]));
  return Uint32Array.from(products, (product) => position.get(of(product))!);
}

/** Each name's place in name order; names compareNames holds equal (an accent composed or not, a zero-width space) share one, so their products tie on the name and fall back to the id as in catalogue.ts. */
function ranksOf(names: readonly string[], nameOrder: readonly number[]): Uint32Array {
  const nameRank = new Uint32Array(names.length);
  let place = 0;
  nameOrder.forEach((name, k) => {
    if (k > 0 && compareNames(names[nameOrder[k - 1]!]!, names[name]!) !== 0) place++;
    nameRank[name] = place;
  });
  return nameRank;
}

function columnsOf<T extends CatalogueItem>(products: readonly T[]): Columns<T> {
  const names = [...new Set(products.map((product) => product.name))];
  const nameOf = ordinals(products, (product) => product.name, names);
  const nameOrder = [...names.keys()].sort((a, b) => compareNames(names[a]!, names[b]!));
  const nameRank = ranksOf(names, nameOrder);
  const brands = brandsOf(products);
  const categories = categoriesOf(products);
  const key = (of: (product: T) => number) => Float64Array.from(products, of);
  return {
    products,
    id: key((p) => p.id),
    totalPrice: key((p) => p.totalPrice),
    price: key((p) => p.price),
    discount: key((p) => p.discount),
    rank: key((p) => p.rank),
    created: key((p) => Date.parse(p.createdAt)),
    alphabetical: Float64Array.from(nameOf, (name) => nameRank[name]!),
    nameOf,
    names,
    nameAt: new Map(names.map((name, i) => [name, i])),
    nameOrder,
    nameRank,
    search: {},
    brands,
    brandOf: ordinals(products, (product) => product.brand, brands),
    categories,
    categoryOf: ordinals(products, (product) => product.category, categories),
  };
}

/** Where a name goes in nameOrder: after every name before it. */
function insertName(nameOrder: number[], names: readonly string[], name: number) {
  let low = 0;
  let high = nameOrder.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareNames(names[nameOrder[mid]!]!, names[name]!) < 0) low = mid + 1;
    else high = mid;
  }
  nameOrder.splice(low, 0, name);
}

/** `source`'s values of the kept products (each run of them, [start, end) in turn, copied whole), with room for `count` in all. */
function gathered<A extends Float64Array | Uint32Array>(source: A, runs: readonly (readonly [number, number])[], count: number): A {
  const out = new (source.constructor as new (length: number) => A)(count);
  let next = 0;
  for (const [start, end] of runs) {
    out.set(source.subarray(start, end), next);
    next += end - start;
  }
  return out;
}

/**
 * The values a patched index's products have (`values` and the changed
 * products' `added`), in the order brandsOf and categoriesOf give, and each
 * product's as its position among them: the positions of `of` moved where
 * the values did.
 */
function valuesAfter<V extends string>(values: readonly V[], added: readonly V[], of: Uint32Array, kept: number, sorted: (values: readonly V[]) => V[]): { values: readonly V[]; of: Uint32Array } {
  const all = [...values, ...new Set(added.filter((value) => !values.includes(value)))];
  const at = new Map(all.map((value, i) => [value, i]));
  added.forEach((value, k) => (of[kept + k] = at.get(value)!));
  const held = new Uint32Array(all.length);
  for (let i = 0; i < of.length; i++) held[of[i]!]!++;
  const present = sorted(all.filter((_, i) => held[i]! > 0));
  if (present.length === values.length && present.every((value, i) => value === values[i])) return { values, of };
  const moved = Uint32Array.from(all, (value) => present.indexOf(value));
  for (let i = 0; i < of.length; i++) of[i] = moved[of[i]!]!;
  return { values: present, of };
}

/** The columns of `from` without the products of `dropped` ids, then `changed`; where each product of `from` went. */
function patchedColumns<T extends CatalogueItem>(from: Columns<T>, changed: readonly T[], dropped: ReadonlySet<number>): { columns: Columns<T>; moved: Int32Array; kept: number } {
  const before = from.products.length;
  const moved = new Int32Array(before);
  const runs: [number, number][] = [];
  let kept = 0;
  for (let i = 0; i < before; i++) {
    if (dropped.has(from.products[i]!.id)) {
      moved[i] = -1;
      continue;
    }
    moved[i] = kept++;
    if (runs.at(-1)?.[1] === i) runs.at(-1)![1] = i + 1;
    else runs.push([i, i + 1]);
  }
  const count = kept + changed.length;
  const products = [...runs.flatMap(([start, end]) => from.products.slice(start, end)), ...changed];
  const keys = Object.fromEntries(KEYS.map((key) => [key, gathered(from[key], runs, count)])) as Record<Key, Float64Array>;
  changed.forEach((product, k) => {
    const values = keysOf(product);
    for (const key of KEYS) keys[key][kept + k] = values[key];
  });

  let { names, nameAt, nameOrder, nameRank, search } = from;
  const unnamed = [...new Set(changed.map((product) => product.name))].filter((name) => !nameAt.has(name));
  if (unnamed.length > 0) {
    const allNames = [...names, ...unnamed];
    const order = [...nameOrder];
    const at = new Map(nameAt);
    for (let i = names.length; i < allNames.length; i++) {
      at.set(allNames[i]!, i);
      insertName(order, allNames, i);
    }
    [names, nameAt, nameOrder, nameRank] = [allNames, at, order, ranksOf(allNames, order)];
    search = search.made ? { made: search.made.extended(unnamed) } : {};
  }
  const nameOf = gathered(from.nameOf, runs, count);
  changed.forEach((product, k) => (nameOf[kept + k] = nameAt.get(product.name)!));
  // New names move the places of the names after them; else every name keeps its place.
  const alphabetical = unnamed.length > 0 ? Float64Array.from(nameOf, (name) => nameRank[name]!) : gathered(from.alphabetical, runs, count);
  for (let k = kept; k < count; k++) alphabetical[k] = nameRank[nameOf[k]!]!;
  const brands = valuesAfter(from.brands, changed.map((product) => product.brand), gathered(from.brandOf, runs, count), kept, (values) => brandsOf(values.map((brand) => ({ brand }))));
  const categories = valuesAfter(from.categories, changed.map((product) => product.category), gathered(from.categoryOf, runs, count), kept, (values) =>
    categoriesOf(values.map((category) => ({ category }))),
  );
  const columns: Columns<T> = {
    products,
    ...keys,
    alphabetical,
    nameOf,
    names,
    nameAt,
    nameOrder,
    nameRank,
    search,
    brands: brands.values,
    brandOf: brands.of,
    categories: categories.values,
    categoryOf: categories.of,
  };
  return { columns, moved, kept };
}

/** A sort of the patched index from the one it had: the kept products in their order, each changed one put in its place (found by halving). */
function mergedOrder(order: Uint32Array, { moved, kept }: Moved, count: number, compare: (a: number, b: number) => number): Uint32Array {
  const inOrder = new Uint32Array(kept);
  let n = 0;
  for (let k = 0; k < order.length; k++) {
    const position = moved[order[k]!]!;
    if (position >= 0) inOrder[n++] = position;
  }
  return merged(inOrder, Uint32Array.from({ length: count - kept }, (_, k) => kept + k), compare);
}

/** A sort of an index patched in place from the one it had: the products that did not change in their order, each changed one put in its place. */
function reordered(order: Uint32Array, positions: readonly number[], compare: (a: number, b: number) => number): Uint32Array {
  const changed = new Uint8Array(order.length);
  for (const position of positions) changed[position] = 1;
  return merged(
    order.filter((position) => changed[position] === 0),
    Uint32Array.from(positions),
    compare,
  );
}

/** The products in order with the added ones (sorted here) each put in its place, found by halving. */
function merged(inOrder: Uint32Array, added: Uint32Array, compare: (a: number, b: number) => number): Uint32Array {
  added.sort(compare);
  const all = new Uint32Array(inOrder.length + added.length);
  let next = 0;
  let copied = 0;
  for (const product of added) {
    let low = copied;
    let high = inOrder.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(inOrder[mid]!, product) < 0) low = mid + 1;
      else high = mid;
    }
    all.set(inOrder.subarray(copied, low), next);
    next += low - copied;
    copied = low;
    all[next++] = product;
  }
  all.set(inOrder.subarray(copied), next);
  return all;
}

/** The first place in the list from which `holds` holds (it holds from some place on): found by halving. */
function firstWhere(list: Uint32Array, holds: (position: number) => boolean): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (holds(list[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The positions of the list that pass, from the skip-th that passes up to
 * the end-th of the total that do, in the list's order: the list walked from
 * whichever of its ends is nearer to them.
 */
function walked(list: Uint32Array, passes: (position: number) => boolean, skip: number, end: number, total: number): Uint32Array {
  const found: number[] = [];
  if (skip <= total - end) {
    for (let k = 0, seen = 0; k < list.length && seen < end; k++) if (passes(list[k]!) && seen++ >= skip) found.push(list[k]!);
    return Uint32Array.from(found);
  }
  for (let k = list.length - 1, after = 0; k >= 0 && after < total - skip; k--) if (passes(list[k]!) && after++ >= total - end) found.push(list[k]!);
  return Uint32Array.from(found).reverse();
}

/** Positions cut into groups, each keeping their order: group g's are positions.subarray(start[g], start[g + 1]), given by of(g). */
interface Groups {
  start: Uint32Array;
  positions: Uint32Array;
  of(group: number): Uint32Array;
}

/** The positions in `list` grouped by their group in `groupOf` (a counting sort: each group keeps the list's order). */
function grouped(list: Uint32Array, groups: number, groupOf: Uint32Array): Groups {
  const start = new Uint32Array(groups + 1);
  for (let k = 0; k < list.length; k++) start[groupOf[list[k]!]! + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const positions = new Uint32Array(list.length);
  const next = start.slice(0, groups);
  for (let k = 0; k < list.length; k++) positions[next[groupOf[list[k]!]!]!++] = list[k]!;
  return { start, positions, of: (group) => (group < 0 || group >= groups ? new Uint32Array(0) : positions.subarray(start[group], start[group + 1])) };
}

/** Each id's position: read from an array when the ids are a database's serial numbers, close to as many as the products, else from a map. */
function positionLookup(ids: Float64Array): (value: number) => number | undefined {
  let highest = -1;
  for (const value of ids) highest = Number.isSafeInteger(value) && value >= 0 ? Math.max(highest, value) : Infinity;
  if (highest > 4 * ids.length + 1024) {
    const positions = new Map(Array.from(ids, (value, i) => [value, i]));
    return (value) => positions.get(value);
  }
  const positions = new Int32Array(highest + 1).fill(-1);
  ids.forEach((value, i) => (positions[value] = i));
  return (value) => (Number.isInteger(value) && (positions[value] ?? -1) >= 0 ? positions[value] : undefined);
}

function indexFrom<T extends CatalogueItem>(columns: Columns<T>, carried?: Moved | InPlace): CatalogueIndex<T> {
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
  const made: Made = carried && 'made' in carried ? kept(carried) : { orders: new Map(), cuts: new Map(), places: new Map() };
  if (carried && 'moved' in carried) for (const [sort, order] of carried.orders) made.orders.set(sort, mergedOrder(order, carried, count, COMPARE[sort]));
  /** What the index patched in place keeps of what the one before made: all of it for a sort whose keys did not change; such a sort's order put right, the rest made again when asked. */
  function kept({ made: before, positions, keys }: InPlace): Made {
    const moves = (sort: Sort) => SORT_KEYS[sort].some((key) => keys.has(key));
    const after: Made = { ...before, orders: new Map(), cuts: new Map(), places: new Map() };
    for (const [sort, order] of before.orders) after.orders.set(sort, moves(sort) ? reordered(order, positions, COMPARE[sort]) : order);
    for (const [key, cut] of before.cuts) if (!moves(key.split(' ')[0] as Sort)) after.cuts.set(key, cut);
    for (const [sort, place] of before.places) if (!moves(sort)) after.places.set(sort, place);
    if (keys.has('totalPrice') || keys.has('discount')) delete after.offersByPair;
    return after;
  }
  const orderOf = (sort: Sort) => {
    let order = made.orders.get(sort);
    if (!order) {
      order = Uint32Array.from({ length: count }, (_, i) => i).sort(COMPARE[sort]);
      made.orders.set(sort, order);
    }
    return order;
  };

  const pairs = categories.length;
  const pairOf = (made.pairOf ??= Uint32Array.from({ length: count }, (_, i) => brandOf[i]! * pairs + categoryOf[i]!));
  /** How many products each brand and category pair holds. */
  const countsByPair = () => {
    if (!made.pairCounts) {
      made.pairCounts = new Uint32Array(brands.length * pairs);
      for (let i = 0; i < count; i++) made.pairCounts[pairOf[i]!]!++;
    }
    return made.pairCounts;
  };
  const productsByName = () => (made.byName ??= grouped(Uint32Array.from({ length: count }, (_, i) => i), names.length, nameOf));
  /** Each sort's order cut into one list per brand, per category or per pair, each in that order. */
  const orderCut = (sort: Sort, by: 'brand' | 'category' | 'pair') => {
    const key = `${sort} ${by}`;
    let cut = made.cuts.get(key);
    if (!cut) {
      const [groups, of] = by === 'brand' ? [brands.length, brandOf] : by === 'category' ? [pairs, categoryOf] : [brands.length * pairs, pairOf];
      cut = grouped(orderOf(sort), groups, of);
      made.cuts.set(key, cut);
    }
    return cut;
  };
  /** The products on offer in price order, one list per pair. */
  const offersByPair = () => (made.offersByPair ??= grouped(orderOf('priceAsc').filter((i) => discount[i]! >= 1), brands.length * pairs, pairOf));
  /** Each sort's place of every product in its order. */
  const placesIn = (sort: Sort) => {
    let place = made.places.get(sort);
    if (!place) {
      const order = orderOf(sort);
      place = new Uint32Array(count);
      for (let k = 0; k < count; k++) place[order[k]!] = k;
      made.places.set(sort, place);
    }
    return place;
  };
  /** The products of the names that hold the part. */
  const productsNamed = (part: string) => {
    const byName = productsByName();
    const found: number[] = [];
    for (const name of (columns.search.made ??= nameSearch(names)).find(part)) for (const i of byName.of(name)) found.push(i);
    return found;
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

  /**
   * Where each changed product is, and which of its keys changed, when every
   * one is a product the index holds with the same name, brand and category
   * (a sale, a new price or discount) and no product it holds is removed:
   * then no product changes its position.
   */
  const inPlace = (changed: readonly T[], removed: Iterable<number>): { positions: number[]; keys: Set<Key> } | null => {
    const positionOf = (made.positionOfId ??= positionLookup(id));
    for (const gone of removed) if (positionOf(gone) !== undefined) return null;
    const positions: number[] = [];
    const seen = new Set<number>();
    const keys = new Set<Key>();
    for (const product of changed) {
      const i = positionOf(product.id);
      if (i === undefined || seen.has(i) || product.name !== names[nameOf[i]!] || product.brand !== brands[brandOf[i]!] || product.category !== categories[categoryOf[i]!]) return null;
      const values = keysOf(product);
      for (const key of KEYS) if (columns[key][i] !== values[key]) keys.add(key);
      positions.push(i);
      seen.add(i);
    }
    return { positions, keys };
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
      // Per brand and category pair, the products that pass the query's name, price and offers; those of a name found, those that may be shown.
      let cells: Uint32Array;
      const named: number[] = [];
      if (name !== null) {
        cells = new Uint32Array(brands.length * pairs);
        for (const i of productsNamed(name)) {
          if (!inRange(i)) continue;
          cells[pairOf[i]!]!++;
          if (pairOk(pairOf[i]!)) named.push(i);
        }
      } else cells = ranged ? countsInRange(least, most, filter.offers) : countsByPair();
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
      if (name === null && !ranged) shown = cut.subarray(skip, end);
      else if (name !== null && named.length * Math.log2(named.length + 2) < (cut.length * Math.min(end, total - skip)) / total) {
        // Few found: their places in the order sorted, rather than the order walked to find them.
        const place = placesIn(sort);
        shown = Uint32Array.from(named, (i) => place[i]!)
          .sort()
          .subarray(skip, end)
          .map((k) => order[k]!);
      } else {
        let passes = inRange;
        if (name !== null) {
          const marked = new Uint8Array(count);
          for (const i of named) marked[i] = 1;
          passes = (i) => marked[i] === 1;
        }
        shown = walked(cut, passes, skip, end, total);
      }
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
        const { positions, keys } = place;
        const replaced = [...products];
        const next: Columns<T> = { ...columns, products: replaced };
        for (const key of keys) next[key] = Float64Array.from(columns[key]);
        positions.forEach((position, k) => {
          replaced[position] = changed[k]!;
          const values = keysOf(changed[k]!);
          for (const key of keys) next[key][position] = values[key];
        });
        return indexFrom(next, { made, positions, keys });
      }
      const dropped = new Set(removed);
      for (const product of changed) dropped.add(product.id);
      const { columns: next, moved, kept } = patchedColumns(columns, changed, dropped);
      return indexFrom(next, { orders: made.orders, moved, kept });
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
  return indexFrom(columnsOf(products));
}
