import type { CatalogueItem, Sort } from '../catalogue';
import { KEYS, keysOf, patchedColumns, type Columns, type Key } from '../catalogueColumns';
import { patchedGroups, patchedList, type Groups, type Shift } from '../orderedLists';
import { COLOUR_FAMILIES } from '../colourFamily';
import { addFamilies, noListsYet, type DerivedLists, type Grouping, type IndexColumns, type IndexLists } from './lists';

/**
 * A patch in place leaves this share of the products gone at most (one in
 * GONE_SHARE): past it, a patch moves products and leaves the gone ones
 * out, so that an index's lists and columns stay close to its storefront.
 */
const GONE_SHARE = 8;

/** The keys each sort reads beside the id and the name's place. */
const SORT_KEYS: Record<Sort, readonly Key[]> = {
  'A-Z': [],
  'Z-A': [],
  priceDesc: ['totalPrice'],
  priceAsc: ['totalPrice'],
  newest: ['created'],
  popular: ['rank'],
  offers: ['discount', 'price'],
};

/** Where each changed product of a patch in place is, its keys, which keys changed, and the positions of the products that leave the storefront and of those that come back. */
interface InPlaceChange {
  positions: readonly number[];
  values: readonly Record<Key, number>[];
  keys: ReadonlySet<Key>;
  leaving: readonly number[];
  coming: readonly number[];
}

/**
 * What the index a patched one came from had derived, and how its lists
 * shift (`shift`): each product moved, or, in place, the changed and removed
 * products that were on the storefront taken out. `added`: the positions
 * put in, those of the changed products on the storefront after the patch,
 * each list taking those of its own brand, category, name or offers.
 * `keys`: the keys that changed in a patch in place, null when products
 * moved (every sort moves). `counted`: in place, the positions of the
 * products that came back (+1) or left (-1). `sameGroups`: the brands and
 * categories are those it had.
 */
export interface PatchCarry {
  derived: DerivedLists;
  shift: Shift;
  added: Uint32Array;
  keys: ReadonlySet<Key> | null;
  counted: readonly (readonly [number, 1 | -1])[];
  sameGroups: boolean;
}

/** What a patched index is made from: its columns, the products gone from its storefront, and what it carries over. */
export interface PatchedIndex<T extends CatalogueItem> {
  columns: Columns<T>;
  gone: Uint8Array | null;
  carry: PatchCarry;
}

/**
 * What the patched index keeps of what the one before derived: all of a sort
 * no changed key moves, when no product comes or goes; any other sort's
 * order and groupings put right; each name's products and the products on
 * offer too, when a patch touches them. In place, the pair counts and,
 * when no product's colours changed, their colour counts (put right by what
 * came and went) and each id's position are kept, and what
 * the name searches found when none came or went. The rest is made again
 * when asked: each sort's places when its order changed, the pair counts
 * when products moved, one pass over the products each.
 */
export function carriedOver<T extends CatalogueItem>(index: IndexColumns<T>, carry: PatchCarry): DerivedLists {
  const { derived: before, shift, added, keys, counted, sameGroups } = carry;
  const { columns, pairOf, compare, groupOf } = index;
  const comesOrGoes = counted.length > 0;
  // In place with none coming or going, every product keeps its position, name and pair: what a name found still holds.
  const after = keys && !comesOrGoes ? noListsYet(pairOf, before.found) : noListsYet(pairOf);
  const patched = (groups: Groups, put: Uint32Array, by: (a: number, b: number) => number, [total, of]: [number, Uint32Array]) =>
    patchedGroups(groups, shift, put, by, total, of);
  for (const [sort, order] of before.orders) {
    const groupings = before.groupings.get(sort) ?? {};
    if (keys && !comesOrGoes && !SORT_KEYS[sort].some((key) => keys.has(key))) {
      after.orders.set(sort, order);
      // Its own record: each index adds the groupings it goes on to make to its own.
      after.groupings.set(sort, { ...groupings });
      if (before.places.has(sort)) after.places.set(sort, before.places.get(sort)!);
      continue;
    }
    const put = added.slice().sort(compare[sort]);
    after.orders.set(sort, patchedList(order, shift, put, compare[sort]));
    if (sameGroups) {
      const regrouped = Object.entries(groupings).map(([by, groups]) => [by, patched(groups, put, compare[sort], groupOf[by as Grouping])]);
      after.groupings.set(sort, Object.fromEntries(regrouped));
    }
  }
  if (keys) {
    after.positionOfId = before.positionOfId;
    if (before.pairCounts) {
      after.pairCounts = comesOrGoes
        ? counted.reduce((counts, [i, by]) => ((counts[pairOf[i]!]! += by), counts), before.pairCounts.slice())
        : before.pairCounts;
    }
    // Unless a product's colours changed, the pairs' colour counts move only by the products that came or went.
    if (before.colourCounts && !keys.has('colours')) {
      const families = COLOUR_FAMILIES.length;
      after.colourCounts = comesOrGoes
        ? counted.reduce(
            (counts, [i, by]) => (addFamilies(counts, pairOf[i]! * families, columns.colours[i]!, by), counts),
            before.colourCounts.slice(),
          )
        : before.colourCounts;
    }
  }
  if (before.byName) {
    after.byName =
      keys && !comesOrGoes ? before.byName : patched(before.byName, added, (a, b) => a - b, [columns.names.length, columns.nameOf]);
  }
  if (before.offersByPair && sameGroups) {
    const { discount } = columns;
    after.offersByPair =
      keys && !comesOrGoes && !keys.has('totalPrice') && !keys.has('discount')
        ? before.offersByPair
        : patched(before.offersByPair, added.filter((i) => discount[i]! >= 1).sort(compare.priceAsc), compare.priceAsc, groupOf.pair);
  }
  return after;
}

/** Whether every brand and every category keeps a product on the storefront once the products at `leaving` left and those at `coming` came back. */
function everyGroupHeld<T extends CatalogueItem>(
  index: IndexColumns<T>,
  lists: IndexLists,
  leaving: readonly number[],
  coming: readonly number[],
) {
  const { brands, brandOf, categoryOf } = index.columns;
  const pairs = index.categoryCount;
  const [byBrand, byCategory] = [new Int32Array(brands.length), new Int32Array(pairs)];
  lists.countsByPair().forEach((held, pair) => {
    byBrand[Math.floor(pair / pairs)]! += held;
    byCategory[pair % pairs]! += held;
  });
  for (const [at, by] of [
    [leaving, -1],
    [coming, 1],
  ] as const) {
    for (const i of at) {
      byBrand[brandOf[i]!]! += by;
      byCategory[categoryOf[i]!]! += by;
    }
  }
  return byBrand.every((held) => held > 0) && byCategory.every((held) => held > 0);
}

/**
 * Where each changed product is, and which of its keys changed, when the
 * patch can be made in place (see CatalogueIndex.patched): no product changes
 * its position. A product removed that the index shows is kept in its place,
 * to be marked gone; a removed id it never had, or has already marked, is
 * nothing to do.
 */
function inPlace<T extends CatalogueItem>(
  index: IndexColumns<T>,
  lists: IndexLists,
  changed: readonly T[],
  removed: Iterable<number>,
): InPlaceChange | null {
  const { columns, gone, count } = index;
  const { names, nameOf, brands, brandOf, categories, categoryOf } = columns;
  const positions: number[] = [];
  const values: Record<Key, number>[] = [];
  const seen = new Set<number>();
  const keys = new Set<Key>();
  const coming: number[] = [];
  for (const product of changed) {
    const i = lists.positionOfId(product.id);
    if (i === undefined || seen.has(i)) return null;
    if (product.name !== names[nameOf[i]!] || product.brand !== brands[brandOf[i]!] || product.category !== categories[categoryOf[i]!])
      return null;
    const its = keysOf(product);
    for (const key of KEYS) if (columns[key][i] !== its[key]) keys.add(key);
    positions.push(i);
    values.push(its);
    seen.add(i);
    if (gone?.[i]) coming.push(i);
  }
  const leaving: number[] = [];
  for (const removedId of removed) {
    const i = lists.positionOfId(removedId);
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
  if ((leaving.length > 0 || coming.length > 0) && !everyGroupHeld(index, lists, leaving, coming)) return null;
  return { positions, values, keys, leaving, coming };
}

/** What the index with `changed` in it and the `removed` ids left out is made from (see CatalogueIndex.patched). */
export function patchedIndex<T extends CatalogueItem>(
  index: IndexColumns<T>,
  lists: IndexLists,
  changed: readonly T[],
  removed: Iterable<number>,
): PatchedIndex<T> {
  const { columns, gone, count } = index;
  const { derived } = lists;
  const place = inPlace(index, lists, changed, removed);
  if (place) {
    const { positions, values, keys, leaving, coming } = place;
    const replaced = [...columns.products];
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
    const added = Uint32Array.from(touched.filter((i) => !goneNext?.[i]));
    return { columns: next, gone: goneNext, carry: { derived, shift, added, keys, counted, sameGroups: true } };
  }
  const dropped = new Set(removed);
  for (const product of changed) dropped.add(product.id);
  // The products kept off the storefront go now, as they would from an index made anew.
  if (gone) for (let i = 0; i < count; i++) if (gone[i]) dropped.add(columns.id[i]!);
  const { columns: next, moved, kept } = patchedColumns(columns, changed, dropped);
  const added = new Uint32Array(next.products.length - kept);
  for (let k = 0; k < added.length; k++) added[k] = kept + k;
  const sameGroups = next.brands === columns.brands && next.categories === columns.categories;
  return { columns: next, gone: null, carry: { derived, shift: { moved }, added, keys: null, counted: [], sameGroups } };
}
