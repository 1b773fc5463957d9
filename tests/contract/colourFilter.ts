import { expect, it } from 'vitest';
import { applyFilter, catalogueView, DEFAULT_FILTER, type Filter } from '~/src/domain/catalogue';
import { COLOUR_FAMILIES, hasFamily, shadeFamilies, type ColourFamily } from '~/src/domain/colourFamily';
import { storefrontProducts } from '~/src/domain/productLists';
import type { CataloguePage, Product } from '~/src/domain/types';
import { ADMIN, type ContractApi } from './suiteApi';

/**
 * GET /products?page=&colour=: the catalogue narrowed to the products with a
 * shade in stock of a colour family (src/domain/colourFamily.ts), and every
 * family counted among the products the query's other filters leave.
 */
export function colourFilterTests({ call, errorOf, products }: ContractApi) {
  const pageOf = async (query: Record<string, string | number>) => {
    const reply = await call<CataloguePage>('get', '/products', { query: { page: 1, pageSize: 48, ...query } });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const familyCounts = (storefront: readonly Product[], filter: Filter) =>
    COLOUR_FAMILIES.map((value) => ({ value, count: applyFilter(storefront, { ...filter, colour: value }).length }));

  it('shows only the products with a shade in stock of the family, as the catalogue screen does', async () => {
    const storefront = storefrontProducts(await products());
    for (const colour of ['red', 'nude', 'medium', 'warm'] as const) {
      const page = await pageOf({ colour });
      const { notFound: _, ...expected } = catalogueView(storefront, { ...DEFAULT_FILTER, colour }, 'popular', 1, 48);
      expect({ ...page, facets: undefined }).toEqual({ ...expected, facets: undefined });
      expect(page.total).toBeGreaterThan(0);
      for (const product of page.items) {
        expect(product.shades.some((shade) => shade.stock > 0 && shadeFamilies(product.category, shade.hex).includes(colour))).toBe(true);
      }
    }
  });

  it("counts every family among the products the query's other filters leave, in the contract's order", async () => {
    const storefront = storefrontProducts(await products());
    const lipstick = { ...DEFAULT_FILTER, categories: 'lipstick' } as const;
    for (const [query, filter] of [
      [{}, DEFAULT_FILTER],
      [{ category: 'lipstick' }, lipstick],
      [
        { category: 'lipstick', colour: 'red' },
        { ...lipstick, colour: 'red' },
      ],
      [
        { colour: 'plum', max: 30 },
        { ...DEFAULT_FILTER, colour: 'plum', priceMax: 30 },
      ],
      [
        { colour: 'fair', name: 'a' },
        { ...DEFAULT_FILTER, colour: 'fair' },
      ],
    ] as const) {
      const named = 'name' in query ? storefront.filter((p) => p.name.toLowerCase().includes(query.name)) : storefront;
      const { facets, total } = await pageOf(query);
      expect(facets.colours).toEqual(familyCounts(named, filter));
      expect(total).toBe(applyFilter(named, filter).length);
      if (filter.colour !== 'all') {
        expect(facets.colours.find((f) => f.value === filter.colour)!.count).toBe(total);
        // The brand and category counts count only the products of the colour.
        expect(facets.categories.reduce((sum, f) => sum + f.count, 0)).toBe(applyFilter(named, { ...filter, categories: 'all' }).length);
      }
    }
  });

  it('leaves out a product once its last shade of the family is sold out', async () => {
    const storefront = storefrontProducts(await products());
    const colour: ColourFamily = 'red';
    const red = storefront.find(
      (p) => hasFamily(p, colour) && p.shades.some((s) => s.stock > 0 && !shadeFamilies(p.category, s.hex).includes(colour)),
    )!;
    const before = await pageOf({ colour, category: red.category });
    const shades = red.shades.map((shade) => (shadeFamilies(red.category, shade.hex).includes(colour) ? { ...shade, stock: 0 } : shade));
    expect((await call('put', '/products', { as: ADMIN, body: { id: red.id, shades } })).status).toBe(200);
    const after = await pageOf({ colour, category: red.category });
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((p) => p.id)).not.toContain(red.id);
    expect(after.facets.colours.find((f) => f.value === colour)!.count).toBe(before.total - 1);
  });

  it('refuses an unknown family with 400 naming colour, and colour without page', async () => {
    const unknown = await call('get', '/products', { query: { page: 1, colour: 'mauve' } });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.body).field).toBe('colour');
    const listed = await call('get', '/products', { query: { colour: 'red' } });
    expect(listed.status).toBe(400);
    expect(errorOf(listed.body).field).toBe('colour');
  });
}
