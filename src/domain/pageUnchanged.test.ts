import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productFields, productList, queryOf } from '~/tests/fixtures/catalogueArbitraries';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER } from './catalogue';
import { catalogueIndex } from './catalogueIndex';
import { pageChanges, pageUnchanged as unchangedBy, type Changed, type PageQuery } from './pageUnchanged';
import { brandsOf, categoriesOf, storefrontProducts } from './productLists';
import type { Product } from './types';

const lipstick = makeProduct({ id: 1, name: 'Velvet Lipstick', brand: 'dior', category: 'lipstick', price: 10, rank: 4 });
const query = (changes: Partial<PageQuery>): PageQuery => ({ filter: DEFAULT_FILTER, name: null, sort: 'popular', ...changes });
const repriced = makeProduct({ ...lipstick, price: 30 });
/** A page checked as the catalogue cache checks it, against the changes made ready once. */
const pageUnchanged = (page: PageQuery, shown: readonly number[], changes: readonly Changed[]) =>
  unchangedBy(page, shown, pageChanges(changes));

describe('pageUnchanged', () => {
  it('leaves a page as it was after a sale, unless it shows the product', () => {
    const sale: Changed<Product>[] = [[lipstick, { ...lipstick, stock: 1 }]];
    expect(pageUnchanged(query({}), [2, 3], sale)).toBe(true);
    expect(pageUnchanged(query({ sort: 'priceAsc', name: 'velvet' }), [2, 3], sale)).toBe(true);
    expect(pageUnchanged(query({}), [1, 2], sale)).toBe(false);
  });

  it('sees a change of any one field a query reads, on a page that reads it, though the page does not show the product', () => {
    const seen: [Partial<Product>, Partial<PageQuery>][] = [
      [{ name: 'Satin Lipstick' }, { sort: 'A-Z' }],
      [{ name: 'Gloss' }, { name: 'velvet' }],
      [{ brand: 'fenty' }, {}],
      [{ category: 'blush' }, {}],
      [{ price: 12 }, { sort: 'offers' }],
      [{ discount: 50 }, { sort: 'offers' }],
      [{ totalPrice: 30 }, { sort: 'priceAsc' }],
      [{ rank: 5 }, {}],
      [{ createdAt: '2027-01-01T00:00:00.000Z' }, { sort: 'newest' }],
    ];
    for (const [field, read] of seen) expect(pageUnchanged(query(read), [2], [[lipstick, { ...lipstick, ...field }]])).toBe(false);
  });

  it('changes a page with a new price where it is found in a price sort, or counted in or out of a price range', () => {
    const change: Changed[] = [[lipstick, repriced]];
    expect(pageUnchanged(query({}), [2], change)).toBe(true);
    expect(pageUnchanged(query({ sort: 'priceAsc' }), [2], change)).toBe(false);
    expect(
      pageUnchanged(query({ sort: 'priceAsc', filter: { ...DEFAULT_FILTER, brands: 'fenty', categories: 'blush' } }), [2], change),
    ).toBe(true);
    // Found under category blush only in the brand facets' counts, which a price does not move.
    expect(pageUnchanged(query({ sort: 'priceAsc', filter: { ...DEFAULT_FILTER, categories: 'blush' } }), [2], change)).toBe(true);
    expect(pageUnchanged(query({ filter: { ...DEFAULT_FILTER, priceMax: 20 } }), [2], change)).toBe(false);
    expect(pageUnchanged(query({ filter: { ...DEFAULT_FILTER, categories: 'blush', priceMax: 20 } }), [2], change)).toBe(false);
    expect(pageUnchanged(query({ filter: { ...DEFAULT_FILTER, brands: 'fenty', categories: 'blush', priceMax: 20 } }), [2], change)).toBe(
      true,
    );
  });

  it('changes the pages that count a product come or gone, whichever facet counts it', () => {
    for (const change of [
      [lipstick, undefined],
      [undefined, lipstick],
    ] as Changed[]) {
      expect(pageUnchanged(query({ filter: { ...DEFAULT_FILTER, brands: 'fenty' } }), [2], [change])).toBe(false);
      expect(pageUnchanged(query({ filter: { ...DEFAULT_FILTER, brands: 'fenty', categories: 'blush' } }), [2], [change])).toBe(true);
      expect(pageUnchanged(query({ name: 'gloss' }), [2], [change])).toBe(true);
    }
  });

  it('holds a page the same as the index answers it after every change it says leaves the page, on generated catalogues, changes and queries', () => {
    /** Some products changed (some of their fields, any but the id), one gone now and then, one come now and then. */
    const FIELDS = ['name', 'brand', 'category', 'price', 'discount', 'stock', 'rank', 'createdAt', 'shades'] as const;
    const changedFrom = (product: Product) =>
      fc.tuple(productFields, fc.subarray([...FIELDS], { minLength: 1 })).map(([fields, keys]) =>
        makeProduct({
          ...product,
          ...Object.fromEntries(keys.map((key) => [key, fields[key]])),
          stock: Math.max(1, keys.includes('stock') ? fields.stock : product.stock),
        }),
      );
    const changeOf = (before: readonly Product[]) =>
      fc.record({
        changed: fc
          .subarray([...before], { maxLength: Math.min(3, before.length) })
          .chain((picked) => fc.tuple(...picked.map(changedFrom))),
        gone: fc.subarray(
          before.map(({ id }) => id),
          { maxLength: Math.min(1, before.length) },
        ),
        come: fc.option(
          productFields.map((fields) => makeProduct({ ...fields, id: 20_000, stock: 1, disable: false })),
          { nil: null },
        ),
      });
    const counted = { unchanged: 0, changed: 0 };
    fc.assert(
      fc.property(
        productList(30).chain((all) => {
          const before = storefrontProducts(all);
          return fc.tuple(fc.constant(before), changeOf(before), fc.array(queryOf(before), { minLength: 1, maxLength: 8 }));
        }),
        ([before, { changed, gone, come }, queries]) => {
          const now = [...changed, ...(come ? [come] : [])].filter(({ id }) => !gone.includes(id));
          const left = new Set([...gone, ...now.map(({ id }) => id)]);
          const after = [...before.filter(({ id }) => !left.has(id)), ...now];
          // A catalogue whose brands or categories changed lets go of every page (the cache's sameFacetValues).
          if (JSON.stringify([brandsOf(before), categoriesOf(before)]) !== JSON.stringify([brandsOf(after), categoriesOf(after)])) return;
          const was = (id: number) => before.find((product) => product.id === id);
          const changes: Changed[] = [
            ...now.map((product): Changed => [was(product.id), product]),
            ...gone.map((id): Changed => [was(id), undefined]),
          ];
          const [old, patched] = [catalogueIndex(before), catalogueIndex(after)];
          for (const query of queries) {
            const page = old.page(query);
            if (
              !pageUnchanged(
                query,
                page.items.map(({ id }) => id),
                changes,
              )
            )
              counted.changed++;
            else {
              counted.unchanged++;
              expect(patched.page(query)).toEqual(page);
            }
          }
        },
      ),
      { seed: 20261124, numRuns: 500 },
    );
    // Both answers given often enough for the property to mean something.
    expect(counted.unchanged).toBeGreaterThan(100);
    expect(counted.changed).toBeGreaterThan(100);
  });
});
