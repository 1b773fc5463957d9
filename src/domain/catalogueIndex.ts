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
}

/** Each product's position among the distinct values of `of`, and those values. */
function ordinals<V>(products: readonly CatalogueItem[], of: (product: CatalogueItem) => V, values: readonly V[]) {
  const position = new Map(values.map((value, i) => [value, i]));
  return Uint32Array.from(products, (product) => position.get(of(product))!);
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
 * hold the two to the same result.
 */
export function catalogueIndex<T extends CatalogueItem>(products: readonly T[]): CatalogueIndex<T> {
  const count = products.length;
  const names = [...new Set(products.map((product) => product.name))];
  const nameOf = ordinals(products, (product) => product.name, names);
  const nameRank = new Uint32Array(names.length);
  [...names.keys()].sort((a, b) => compareNames(names[a]!, names[b]!)).forEach((name, rank) => (nameRank[name] = rank));
  const brands = brandsOf(products);
  const categories = categoriesOf(products);
  const brandOf = ordinals(products, (product) => product.brand, brands);
  const categoryOf = ordinals(products, (product) => product.category, categories);
  const key = (of: (product: T) => number) => Float64Array.from(products, of);
  const id = key((p) => p.id);
  const alphabetical = Float64Array.from(nameOf, (name) => nameRank[name]!);
  const totalPrice = key((p) => p.totalPrice);
  const price = key((p) => p.price);
  const discount = key((p) => p.discount);
  const rank = key((p) => p.rank);
  const created = key((p) => Date.parse(p.createdAt));

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
  const orderOf = (sort: Sort) => {
    let order = orders.get(sort);
    if (!order) {
      order = Uint32Array.from({ length: count }, (_, i) => i).sort(COMPARE[sort]);
      orders.set(sort, order);
    }
    return order;
  };

  return {
    page({ filter, ids, sort, page, size = CATALOGUE_PAGE_SIZE }) {
      // The filter's price bounds and offers-only as applyFilter reads them, on the typed keys.
      const [least, most] = [filter.priceMin ?? -Infinity, filter.priceMax ?? Infinity];
      const leastDiscount = filter.offers ? 1 : -Infinity;
      // -1 (no product has it) for a brand or category the filter names and the catalogue lacks.
      const brand = filter.brands === 'all' ? null : brands.indexOf(filter.brands);
      const category = filter.categories === 'all' ? null : categories.indexOf(filter.categories);
      const brandCounts = new Uint32Array(brands.length);
      const categoryCounts = new Uint32Array(categories.length);
      // Whether each product passes the whole query; a facet counts those that miss at most its own filter.
      const passes = new Uint8Array(count);
      let total = 0;
      for (let i = 0; i < count; i++) {
        const price = totalPrice[i]!;
        if ((ids && !ids.has(id[i]!)) || price < least || price > most || discount[i]! < leastDiscount) continue;
        const brandOk = brand === null || brandOf[i] === brand;
        const categoryOk = category === null || categoryOf[i] === category;
        if (categoryOk) brandCounts[brandOf[i]!]!++;
        if (brandOk) categoryCounts[categoryOf[i]!]!++;
        if (brandOk && categoryOk) {
          passes[i] = 1;
          total++;
        }
      }
      const { page: current, pageCount } = pageOf(total, page, size);
      const skip = (current - 1) * size;
      const items: T[] = [];
      const order = orderOf(sort);
      for (let k = 0, seen = 0; k < count && items.length < size; k++) {
        if (passes[order[k]!] && seen++ >= skip) items.push(products[order[k]!]!);
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
  };
}
