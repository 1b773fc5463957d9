import { matchesPriceAndOffers, samePlace, type CatalogueItem, type Filter, type Sort } from './catalogue';
import { familiesMask, familyBit } from './colourFamily';
import { nameHolds } from './nameSearch';

/** A catalogue page's query, as far as which products it reads goes. */
export interface PageQuery {
  filter: Filter;
  name: string | null;
  sort: Sort;
}

/** A product as it was and as it is on the storefront: undefined for one that came or went. */
export type Changed<T = CatalogueItem> = readonly [was: T | undefined, now: T | undefined];

/** A change as pages are checked against it: each side with its colour families, worked out once for every page checked. */
export interface PageChange {
  was: CatalogueItem | undefined;
  now: CatalogueItem | undefined;
  wasColours: number;
  nowColours: number;
  /** A change of nothing a query reads (a sale that leaves its shades' colours in stock), which only the pages that show the product see. */
  unqueried: boolean;
}

/**
 * What of a page a product is part of: the count of its brand among the
 * brand facets (which count the products that pass every filter but the
 * brand), the count of its category among the category facets, the counts
 * of its colour families among the colour facets, and the products found
 * (the total, the pages, the order).
 */
function partsOf({ filter, name }: PageQuery, product: CatalogueItem | undefined, colours: number) {
  if (!product) return { brand: null, category: null, colours: null, found: false };
  const passes = (name === null || nameHolds(product.name, name)) && matchesPriceAndOffers(filter, product);
  const brandPasses = filter.brands === 'all' || product.brand === filter.brands;
  const categoryPasses = filter.categories === 'all' || product.category === filter.categories;
  const colourPasses = filter.colour === 'all' || (colours & familyBit(filter.colour)) !== 0;
  return {
    brand: passes && categoryPasses && colourPasses ? product.brand : null,
    category: passes && brandPasses && colourPasses ? product.category : null,
    colours: passes && brandPasses && categoryPasses ? colours : null,
    found: passes && brandPasses && categoryPasses && colourPasses,
  };
}

/** What a query reads of a product: its brand, category, price and offers filters, its name search, and its sorts' keys (its colour families aside). */
const QUERIED: readonly Exclude<keyof CatalogueItem, 'id'>[] = [
  'name',
  'brand',
  'category',
  'price',
  'discount',
  'totalPrice',
  'rank',
  'createdAt',
];

/** The changes, ready to check any number of pages against (pageUnchanged): what each reads is worked out once, not once a page. */
export function pageChanges(changes: readonly Changed[]): readonly PageChange[] {
  return changes.map(([was, now]) => {
    const [wasColours, nowColours] = [was ? familiesMask(was) : 0, now ? familiesMask(now) : 0];
    const unqueried =
      was !== undefined && now !== undefined && QUERIED.every((field) => was[field] === now[field]) && wasColours === nowColours;
    return { was, now, wasColours, nowColours, unqueried };
  });
}

/**
 * Whether a page of the catalogue (its products `shown`) reads the same
 * after the changes, the brands and categories of the catalogue kept: no
 * changed product is shown, none is counted in another facet or found where
 * it was not, and none found moves in the sort. A sale changes no page but
 * those that show the product (unless it sells the last one, or the last of a colour); a new price,
 * those that show it, sort or filter by price where it is found, or count it
 * in or out of a price range.
 */
export function pageUnchanged(query: PageQuery, shown: readonly number[], changes: readonly PageChange[]): boolean {
  return changes.every((change) => {
    const { was, now } = change;
    if (shown.includes((was ?? now)!.id)) return false;
    if (change.unqueried) return true;
    const [before, after] = [partsOf(query, was, change.wasColours), partsOf(query, now, change.nowColours)];
    return (
      before.brand === after.brand &&
      before.category === after.category &&
      before.colours === after.colours &&
      before.found === after.found &&
      (!after.found || samePlace(query.sort, was!, now!))
    );
  });
}
