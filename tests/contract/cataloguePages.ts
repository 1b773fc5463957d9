import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import { DEFAULT_FILTER, SORTS, applyFilter, catalogueView, type Filter, type Sort } from '~/src/domain/catalogue';
import { brandsOf, categoriesOf, storefrontProducts } from '~/src/domain/productLists';
import type { CataloguePage, Product } from '~/src/domain/types';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

type Call = <T>(
  method: 'get' | 'put',
  path: string,
  options?: { as?: Identity; body?: unknown; query?: Record<string, string | number>; search?: string },
) => Promise<{ status: number; body: T }>;

interface Query {
  filter?: Partial<Filter>;
  name?: string;
  sort?: Sort;
  page?: number;
  pageSize?: number;
}

/** GET /products's parameters for a catalogue query. */
function paramsOf({ filter = {}, name, sort, page = 1, pageSize }: Query): Record<string, string | number> {
  return {
    page,
    ...(pageSize ? { pageSize } : {}),
    ...(sort ? { sort } : {}),
    ...(name ? { name } : {}),
    ...(filter.brands && filter.brands !== 'all' ? { brand: filter.brands } : {}),
    ...(filter.categories && filter.categories !== 'all' ? { category: filter.categories } : {}),
    ...(filter.priceMin != null ? { min: filter.priceMin } : {}),
    ...(filter.priceMax != null ? { max: filter.priceMax } : {}),
    ...(filter.offers ? { offers: 'true' } : {}),
  };
}

/**
 * GET /products?page=: one page of the storefront catalogue with its facets,
 * held to src/domain/catalogue.ts's filter, sorts and paging over the list
 * the same backend answers without `page`.
 */
export function cataloguePageTests({
  call,
  admin,
  errorOf,
}: {
  call: Call;
  admin: Identity;
  errorOf: (body: unknown) => { field?: string };
}) {
  const list = async () => (await call<Product[]>('get', '/products')).body;
  const pageOf = async (query: Query, as?: Identity) => {
    const reply = await call<CataloguePage>('get', '/products', { query: paramsOf(query), ...(as ? { as } : {}) });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  /** What the catalogue screen shows for the query, from the whole list. */
  const expected = (products: readonly Product[], { filter = {}, name, sort = 'popular', page = 1, pageSize = 16 }: Query) => {
    const named = storefrontProducts(products).filter((p) => !name || p.name.toLowerCase().includes(name.toLowerCase()));
    const { notFound: _, ...view } = catalogueView(named, { ...DEFAULT_FILTER, ...filter }, sort, page, pageSize);
    return view;
  };
  const withoutFacets = ({ facets: _, ...page }: CataloguePage) => page;

  it('answers a page of the storefront catalogue for each filter, alone and together', async () => {
    const products = await list();
    const [brand] = brandsOf(storefrontProducts(products));
    const [, category] = categoriesOf(storefrontProducts(products));
    const filters: Partial<Filter>[] = [
      {},
      { brands: brand! },
      { categories: category! },
      { priceMin: 10, priceMax: 30 },
      { priceMin: 50 },
      { offers: true },
      { brands: brand!, categories: category!, offers: true },
    ];
    for (const filter of filters) {
      const page = await pageOf({ filter });
      expect(withoutFacets(page)).toEqual(expected(products, { filter }));
      expect(page.items.length).toBeGreaterThan(0);
    }
  });

  it('sorts by each of the seven sorts', async () => {
    const products = await list();
    for (const sort of SORTS) {
      for (const page of [1, 3]) expect(withoutFacets(await pageOf({ sort, page }))).toEqual(expected(products, { sort, page }));
    }
  });

  it("counts, for every brand and category on sale, the products the query's other filters leave with it", async () => {
    const products = await list();
    const storefront = storefrontProducts(products);
    const [brand] = brandsOf(storefront);
    const filter: Filter = { ...DEFAULT_FILTER, brands: brand!, priceMax: 40, offers: true };
    const { facets } = await pageOf({ filter });
    expect(facets.brands.map((f) => f.value)).toEqual(brandsOf(storefront));
    expect(facets.categories.map((f) => f.value)).toEqual(categoriesOf(storefront));
    for (const { value, count } of facets.brands)
      expect(count).toBe(applyFilter(storefront, { ...filter, brands: value as Filter['brands'] }).length);
    for (const { value, count } of facets.categories)
      expect(count).toBe(applyFilter(storefront, { ...filter, categories: value as Filter['categories'] }).length);
    expect(facets.brands.find((f) => f.value === brand)!.count).toBe((await pageOf({ filter })).total);
  });

  it('clamps a page past the last to the last, and pages by pageSize', async () => {
    const products = await list();
    const small = await pageOf({ pageSize: 5, page: 2 });
    expect(withoutFacets(small)).toEqual(expected(products, { pageSize: 5, page: 2 }));
    expect(small.items).toHaveLength(5);
    expect(small.pageCount).toBe(Math.ceil(small.total / 5));
    const past = await pageOf({ page: 100000, pageSize: 48 });
    expect(past.page).toBe(past.pageCount);
    expect(withoutFacets(past)).toEqual(expected(products, { page: past.pageCount, pageSize: 48 }));
    const none = await pageOf({ filter: { priceMin: 99999 }, page: 3 });
    expect(withoutFacets(none)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it('narrows by part of the name, ignoring case, together with the filters and facets', async () => {
    const products = await list();
    const storefront = storefrontProducts(products);
    const term = storefront[0]!.name.split(' ')[0]!.slice(0, 4).toUpperCase();
    const filter = { categories: storefront[0]!.category };
    const page = await pageOf({ name: term, filter, sort: 'A-Z' });
    expect(withoutFacets(page)).toEqual(expected(products, { name: term, filter, sort: 'A-Z' }));
    expect(page.total).toBeGreaterThan(0);
    const named = storefront.filter((p) => p.name.toLowerCase().includes(term.toLowerCase()));
    expect(page.facets.brands.reduce((sum, f) => sum + f.count, 0)).toBe(applyFilter(named, { ...DEFAULT_FILTER, ...filter }).length);
    expect((await pageOf({ name: 'zzzz-nothing' })).total).toBe(0);
    // LIKE's wildcards in the name are text: no name holds them.
    for (const name of ['%', '_', 'a%e']) expect(withoutFacets(await pageOf({ name }))).toEqual(expected(products, { name }));
  });

  it('never lists a disabled or sold-out product, to an Admin neither', async () => {
    const products = await list();
    const [soldOut, disabled] = storefrontProducts(products);
    await call('put', '/products', { as: admin, body: stockUpdate(soldOut!, 0) });
    await call('put', '/products', { as: admin, body: { id: disabled!.id, disable: true } });
    for (const as of [undefined, admin]) {
      const first = await pageOf({ pageSize: 48 }, as);
      const all = [
        first,
        ...(await Promise.all(Array.from({ length: first.pageCount - 1 }, (_, i) => pageOf({ pageSize: 48, page: i + 2 }, as)))),
      ].flatMap((p) => p.items);
      expect(all).toHaveLength(first.total);
      expect(first.total).toBe(storefrontProducts(products).length - 2);
      expect(all.every((p) => p.stock > 0 && !p.disable)).toBe(true);
      expect(all.map((p) => p.id)).not.toContain(soldOut!.id);
      expect(all.map((p) => p.id)).not.toContain(disabled!.id);
    }
  });

  it('refuses a bad value with 400 naming its parameter', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ page: 1, brand: 'x' }, 'brand'],
      [{ page: 1, category: 'soap' }, 'category'],
      [{ page: 0 }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ page: 1, pageSize: 49 }, 'pageSize'],
      [{ page: 1, pageSize: 0 }, 'pageSize'],
      [{ page: 1, min: -1 }, 'min'],
      [{ page: 1, max: 'cheap' }, 'max'],
      [{ page: 1, sort: 'cheapest' }, 'sort'],
      [{ page: 1, offers: 'maybe' }, 'offers'],
    ];
    for (const [query, field] of cases) {
      const reply = await call('get', '/products', { query });
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(errorOf(reply.body).field).toBe(field);
    }
  });

  it('refuses a parameter given twice, a number not written as one, and a page parameter without page', async () => {
    const cases: [string, string, string][] = [
      ['/products', 'page=1&page=2', 'page'],
      ['/products', 'page=1&sort=A-Z&sort=Z-A', 'sort'],
      ['/products', 'name=lip&name=gloss', 'name'],
      ['/products', 'page=0x10', 'page'],
      ['/products', 'page=1e', 'page'],
      ['/products', 'page=1&min=%205', 'min'],
      ['/products', 'page=1&max=Infinity', 'max'],
      ['/products', 'sort=A-Z', 'sort'],
      ['/products', 'name=lip&min=0.5', 'min'],
      ['/products', 'pageSize=10', 'pageSize'],
      ['/products/0x10', '', 'id'],
      ['/products/.5', '', 'id'],
    ];
    for (const [path, search, field] of cases) {
      const reply = await call('get', path, { search });
      expect(reply.status, `${path}?${search}`).toBe(400);
      expect(errorOf(reply.body).field, `${path}?${search}`).toBe(field);
    }
    // As the browser writes a very small bound (String(0.0000001)): a number.
    expect((await call('get', '/products', { search: `page=1&min=${String(0.0000001)}` })).status).toBe(200);
  });
}
