import type { Brand, Category } from './constants';
import { compareNames, type CatalogueItem } from './catalogue';
import { familiesMask } from './colourFamily';
import type { NameSearch } from './nameSearch';
import { brandsOf, categoriesOf } from './productLists';

/** The products of an index and, at the same positions, the keys its filter and sorts read. */
export interface Columns<T extends CatalogueItem> {
  products: readonly T[];
  id: Float64Array;
  totalPrice: Float64Array;
  price: Float64Array;
  discount: Float64Array;
  rank: Float64Array;
  created: Float64Array;
  /** Each product's colour families, one bit each (familiesMask). */
  colours: Float64Array;
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

export const KEYS = ['id', 'totalPrice', 'price', 'discount', 'rank', 'created', 'colours'] as const;
export type Key = (typeof KEYS)[number];

export const keysOf = (product: CatalogueItem): Record<Key, number> => ({
  id: product.id,
  totalPrice: product.totalPrice,
  price: product.price,
  discount: product.discount,
  rank: product.rank,
  created: Date.parse(product.createdAt),
  colours: familiesMask(product),
});

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

export function columnsOf<T extends CatalogueItem>(products: readonly T[]): Columns<T> {
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
    colours: key(familiesMask),
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
function valuesAfter<V extends string>(
  values: readonly V[],
  added: readonly V[],
  of: Uint32Array,
  kept: number,
  sorted: (values: readonly V[]) => V[],
): { values: readonly V[]; of: Uint32Array } {
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
export function patchedColumns<T extends CatalogueItem>(
  from: Columns<T>,
  changed: readonly T[],
  dropped: ReadonlySet<number>,
): { columns: Columns<T>; moved: Int32Array; kept: number } {
  const before = from.products.length;
  const moved = new Int32Array(before);
  const runs: [number, number][] = [];
  let kept = 0;
  let start = 0;
  for (let i = 0; i < before; i++) {
    if (!dropped.has(from.id[i]!)) {
      moved[i] = kept++;
      continue;
    }
    moved[i] = -1;
    if (i > start) runs.push([start, i]);
    start = i + 1;
  }
  if (before > start) runs.push([start, before]);
  const count = kept + changed.length;
  const products: T[] = [];
  for (const [first, end] of runs) for (let i = first; i < end; i++) products.push(from.products[i]!);
  products.push(...changed);
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
  const brands = valuesAfter(
    from.brands,
    changed.map((product) => product.brand),
    gathered(from.brandOf, runs, count),
    kept,
    (values) => brandsOf(values.map((brand) => ({ brand }))),
  );
  const categories = valuesAfter(
    from.categories,
    changed.map((product) => product.category),
    gathered(from.categoryOf, runs, count),
    kept,
    (values) => categoriesOf(values.map((category) => ({ category }))),
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
