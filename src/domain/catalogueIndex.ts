import type { CatalogueItem } from './catalogue';
import { columnsOf, type Columns } from './catalogueColumns';
import { indexColumns, indexLists, noListsYet } from './catalogueIndex/lists';
import { carriedOver, patchedIndex, type PatchCarry } from './catalogueIndex/patch';
import { indexedPage, type IndexedPage, type IndexQuery } from './catalogueIndex/query';

export type { CatalogueFacets, Facet, IndexedPage, IndexQuery } from './catalogueIndex/query';

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
   * products; and gone products stay few (GONE_SHARE, patch.ts). So a sale, a new
   * price, a product sold out or back: each list the patch touches has the
   * changed and removed products taken out and those on the storefront put
   * back in their places, and what the index made for the sorts no changed
   * key and no product coming or going touches is kept whole. Any other
   * patch moves products, and leaves the gone ones out.
   */
  patched(changed: readonly T[], removed: Iterable<number>): CatalogueIndex<T>;
}

/**
 * The index of `columns`' products, but those `gone` marks (1): products that left the storefront, kept in their places so
 * that coming back moves none. Its lists (lists.ts) are made when a query first needs them, or carried over from the index
 * it was patched from (patch.ts); a page is read from them (query.ts).
 */
function indexFrom<T extends CatalogueItem>(columns: Columns<T>, gone: Uint8Array | null, carry?: PatchCarry): CatalogueIndex<T> {
  const index = indexColumns(columns, gone, carry?.keys ? carry.derived.pairOf : undefined);
  const lists = indexLists(index, carry ? carriedOver(index, carry) : noListsYet(index.pairOf));
  return {
    page: (query) => indexedPage(index, lists, query),
    patched(changed, removed) {
      const next = patchedIndex(index, lists, changed, removed);
      return indexFrom(next.columns, next.gone, next.carry);
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
