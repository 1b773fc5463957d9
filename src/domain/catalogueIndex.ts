import { CATALOGUE_PAGE_SIZE, type Brand, type Category } from './constants';
import { compareNames, pageOf, type CatalogueItem, type Filter, type Page, type Sort } from './catalogue';
import { brandsOf, categoriesOf } from './productLists';

/** One page of the catalogue as GET /products?page= asks for it. */
export interface IndexQuery {
  filter: Filter;
  /** The only products the page may hold, by id (those a name search found); null for every product. */
  ids: ReadonlySet<number> | null;
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
  /** The brands and categories of the products, in order, and each product's as its position among them. */
  brands: readonly Brand[];
  brandOf: Uint32Array;
  categories: readonly Category[];
  categoryOf: Uint32Array;
}

/** The sorts an index had made, and where each of its products is in the patched one (-1: left out); the products past `kept` are the changed ones. */
interface Carried {
  orders: ReadonlyMap<Sort, Uint32Array>;
  moved: Int32Array;
  kept: number;
}

const KEYS = ['id', 'totalPrice', 'price', 'discount', 'rank', 'created'] as const;
type Key = (typeof KEYS)[number];

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

  let { names, nameAt, nameOrder, nameRank } = from;
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
    brands: brands.values,
    brandOf: brands.of,
    categories: categories.values,
    categoryOf: categories.of,
  };
  return { columns, moved, kept };
}

/** A sort of the patched index from the one it had: the kept products in their order, each changed one put in its place (found by halving). */
function mergedOrder(order: Uint32Array, { moved, kept }: Carried, count: number, compare: (a: number, b: number) => number): Uint32Array {
  const inOrder = new Uint32Array(kept);
  let n = 0;
  for (let k = 0; k < order.length; k++) {
    const position = moved[order[k]!]!;
    if (position >= 0) inOrder[n++] = position;
  }
  const added = Uint32Array.from({ length: count - kept }, (_, k) => kept + k).sort(compare);
  const merged = new Uint32Array(count);
  let next = 0;
  let copied = 0;
  for (const product of added) {
    let low = copied;
    let high = kept;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(inOrder[mid]!, product) < 0) low = mid + 1;
      else high = mid;
    }
    merged.set(inOrder.subarray(copied, low), next);
    next += low - copied;
    copied = low;
    merged[next++] = product;
  }
  merged.set(inOrder.subarray(copied), next);
  return merged;
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
  return (value) => (positions[value] ?? -1) >= 0 ? positions[value] : undefined;
}

function indexFrom<T extends CatalogueItem>(columns: Columns<T>, carried?: Carried): CatalogueIndex<T> {
  const { products, id, totalPrice, price, discount, rank, created, alphabetical, brands, brandOf, categories, categoryOf } = columns;
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
  const orders = new Map<Sort, Uint32Array>();
  for (const [sort, order] of carried?.orders ?? []) orders.set(sort, mergedOrder(order, carried!, count, COMPARE[sort]));
  const orderOf = (sort: Sort) => {
    let order = orders.get(sort);
    if (!order) {
      order = Uint32Array.from({ length: count }, (_, i) => i).sort(COMPARE[sort]);
      orders.set(sort, order);
    }
    return order;
  };

  const pairs = categories.length;
  // Made the first time a query needs them: how many products each brand and category pair holds, and each id's position.
  let pairCounts: Uint32Array | undefined;
  let positionOfId: ((value: number) => number | undefined) | undefined;
  const countsByPair = () => {
    if (!pairCounts) {
      pairCounts = new Uint32Array(brands.length * pairs);
      for (let i = 0; i < count; i++) pairCounts[brandOf[i]! * pairs + categoryOf[i]!]!++;
    }
    return pairCounts;
  };
  /** The positions of the ids the index holds, and each position marked. */
  const positionsOf = (ids: ReadonlySet<number>) => {
    positionOfId ??= positionLookup(id);
    const positions: number[] = [];
    const marked = new Uint8Array(count);
    for (const value of ids) {
      const position = positionOfId(value);
      if (position !== undefined) {
        positions.push(position);
        marked[position] = 1;
      }
    }
    return { positions, marked };
  };

  return {
    page({ filter, ids, sort, page, size = CATALOGUE_PAGE_SIZE }) {
      // The filter's price bounds and offers-only as applyFilter reads them, on the typed keys.
      const [least, most] = [filter.priceMin ?? -Infinity, filter.priceMax ?? Infinity];
      const leastDiscount = filter.offers ? 1 : -Infinity;
      const inRange = (i: number) => totalPrice[i]! >= least && totalPrice[i]! <= most && discount[i]! >= leastDiscount;
      // -1 (no product has it) for a brand or category the filter names and the catalogue lacks.
      const brand = filter.brands === 'all' ? null : brands.indexOf(filter.brands);
      const category = filter.categories === 'all' ? null : categories.indexOf(filter.categories);
      const brandOk = (b: number) => brand === null || b === brand;
      const categoryOk = (c: number) => category === null || c === category;
      const among = ids && positionsOf(ids);
      // Per brand and category pair, the products that pass the query's ids, price and offers; counted once per index when those filter nothing.
      let cells: Uint32Array;
      if (!among && least === -Infinity && most === Infinity && leastDiscount === -Infinity) cells = countsByPair();
      else {
        cells = new Uint32Array(brands.length * pairs);
        const visit = (i: number) => {
          if (inRange(i)) cells[brandOf[i]! * pairs + categoryOf[i]!]!++;
        };
        if (among) among.positions.forEach(visit);
        else for (let i = 0; i < count; i++) visit(i);
      }
      // A facet counts the products that miss at most its own filter.
      const brandCounts = new Uint32Array(brands.length);
      const categoryCounts = new Uint32Array(categories.length);
      const pairOk = new Uint8Array(brands.length * pairs);
      let total = 0;
      for (let b = 0; b < brands.length; b++) {
        for (let c = 0; c < pairs; c++) {
          const held = cells[b * pairs + c]!;
          if (categoryOk(c)) brandCounts[b]! += held;
          if (brandOk(b)) categoryCounts[c]! += held;
          if (brandOk(b) && categoryOk(c)) {
            pairOk[b * pairs + c] = 1;
            total += held;
          }
        }
      }
      const { page: current, pageCount } = pageOf(total, page, size);
      const skip = (current - 1) * size;
      const items: T[] = [];
      const order = orderOf(sort);
      const marked = among?.marked;
      // Done once the page is full or every product that passes was seen.
      for (let k = 0, seen = 0; k < count && items.length < size && seen < total; k++) {
        const i = order[k]!;
        if ((!marked || marked[i]) && pairOk[brandOf[i]! * pairs + categoryOf[i]!] && inRange(i) && seen++ >= skip) items.push(products[i]!);
      }
      return {
        items,
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
      const dropped = new Set(removed);
      for (const product of changed) dropped.add(product.id);
      const { columns: next, moved, kept } = patchedColumns(columns, changed, dropped);
      return indexFrom(next, { orders, moved, kept });
    },
  };
}

/**
 * The storefront products of a catalogue too large to filter and sort on
 * every request, made once and asked for many pages. A page is
 * catalogueView's (the same filter, sort and clamped paging), narrowed to
 * the ids given (a name search's, which the database answers through its
 * index); its facets give, for every brand and category of the products,
 * how many products the query's other filters (the ids among them) leave
 * with that value.
 *
 * The filter and the sorts read numbers kept in typed arrays, each sort's
 * order made the first time it is asked for: sorting 100,000 products with
 * the comparators of catalogue.ts (a date parsed, names collated, on every
 * comparison) takes seconds, and reading each product object's fields for
 * every page costs several times reading them from typed arrays. The keys
 * are applyFilter's and those comparators' own, in their order; the tests
 * hold the two to the same result. A query that filters on brand and
 * category alone is counted from each pair's count, made once, and a name
 * search's ids visit only their own products. A change of a few products is patched
 * in (`patched`) rather than the whole index made again.
 */
export function catalogueIndex<T extends CatalogueItem>(products: readonly T[]): CatalogueIndex<T> {
  return indexFrom(columnsOf(products));
}
