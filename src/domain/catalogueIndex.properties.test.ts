import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productFields, productList, queryOf } from '~/tests/fixtures/catalogueArbitraries';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, SORTS, applyFilter, catalogueView, type Filter, type Sort } from './catalogue';
import { catalogueIndex, type IndexQuery } from './catalogueIndex';
import { BRANDS, CATEGORIES } from './brandsAndCategories';
import { COLOUR_FAMILIES, hasFamily } from './colourFamily';
import { nameHolds } from './nameSearch';
import { brandsOf, categoriesOf, storefrontProducts } from './productLists';
import { totalPrice } from './price';
import type { Product } from './types';

/** The products whose name holds the part: every product for null. */
const named = (list: readonly Product[], part: string | null) => (part === null ? list : list.filter((p) => nameHolds(p.name, part)));

/** What catalogue.ts answers for the query: catalogueView's page, and each facet counted with applyFilter. */
function expectedPage(products: readonly Product[], { filter, name, sort, page, size }: IndexQuery) {
  const only = named(products, name);
  const { notFound: _, ...view } = catalogueView(only, filter, sort, page, size);
  const counted = <V extends string>(values: readonly V[], of: (p: Product) => V, left: readonly Product[]) =>
    values.map((value) => ({ value, count: left.filter((p) => of(p) === value).length }));
  return {
    ...view,
    facets: {
      brands: counted(brandsOf(products), (p) => p.brand, applyFilter(only, { ...filter, brands: 'all' })),
      categories: counted(categoriesOf(products), (p) => p.category, applyFilter(only, { ...filter, categories: 'all' })),
      colours: COLOUR_FAMILIES.map((value) => ({
        value,
        count: applyFilter(only, { ...filter, colour: 'all' }).filter((p) => hasFamily(p, value)).length,
      })),
    },
  };
}

/** Queries that make what an index keeps: each sort's order, its order grouped by brand, category and pair, its places (a name found), the pairs' counts, the offers per pair. */
const priming = (shown: readonly Product[], sorts: readonly Sort[] = SORTS): IndexQuery[] =>
  sorts.flatMap((sort) => [
    { filter: DEFAULT_FILTER, name: null, sort, page: 1 },
    { filter: { ...DEFAULT_FILTER, brands: shown[0]?.brand ?? 'all' }, name: null, sort, page: 1 },
    { filter: { ...DEFAULT_FILTER, categories: shown[0]?.category ?? 'all' }, name: null, sort, page: 1 },
    {
      filter: { ...DEFAULT_FILTER, brands: shown[0]?.brand ?? 'all', categories: shown[0]?.category ?? 'all', offers: true, priceMin: 5 },
      name: null,
      sort,
      page: 1,
    },
    { filter: DEFAULT_FILTER, name: shown[0]?.name.slice(0, 2) ?? '', sort, page: 1 },
  ]);

const PROPERTY_SEED = 20261123;

describe('the index against catalogue.ts, on generated catalogues and queries', () => {
  it('answers every page and facet as catalogueView and applyFilter do', () => {
    const catalogueAndQueries = productList(60).chain((all) => {
      const shown = storefrontProducts(all);
      return fc.tuple(fc.constant(shown), fc.array(queryOf(shown), { minLength: 1, maxLength: 6 }));
    });
    fc.assert(
      fc.property(catalogueAndQueries, ([shown, queries]) => {
        const index = catalogueIndex(shown);
        for (const query of queries) expect(index.page(query)).toEqual(expectedPage(shown, query));
      }),
      { seed: PROPERTY_SEED, numRuns: 400 },
    );
  });

  it('answers so once patched, whichever sorts and name search it had made before', () => {
    const patch = productList(40).chain((before) =>
      fc.record({
        before: fc.constant(before),
        changed: fc
          .tuple(fc.subarray(before.map((p) => p.id)), productList(8), fc.array(productFields, { maxLength: 6 }))
          .map(([kept, added, fields]) => [
            ...added.map((p) => ({ ...p, id: p.id + 10_000 })),
            ...kept.slice(0, fields.length).map((id, i) => makeProduct({ ...fields[i]!, id })),
          ]),
        removed: fc.tuple(fc.subarray(before.map((p) => p.id)), fc.constantFrom([], [99_999])).map(([ids, other]) => [...ids, ...other]),
        primed: fc.subarray([...SORTS]),
      }),
    );
    fc.assert(
      fc.property(
        patch.chain((change) => {
          const left = new Set([...change.removed, ...change.changed.map((p) => p.id)]);
          const after = [...change.before.filter((p) => !left.has(p.id)), ...change.changed];
          return fc.tuple(fc.constant(change), fc.constant(after), fc.array(queryOf(after), { minLength: 1, maxLength: 6 }));
        }),
        ([{ before, changed, removed, primed }, after, queries]) => {
          const index = catalogueIndex(before);
          // A sort primed with a name search primes that too; its groupings, places and the offers per pair as well.
          for (const sort of primed) index.page({ filter: DEFAULT_FILTER, name: 'a', sort, page: 1 });
          for (const query of priming(before, primed)) index.page(query);
          const patched = index.patched(changed, removed);
          for (const query of queries) expect(patched.page(query)).toEqual(expectedPage(after, query));
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });

  it('answers so when patched in place again and again (new prices, discounts, ranks, dates, stock), whatever it had made before each patch', () => {
    /** A change of one product's keys and stock, its name, brand and category kept. */
    const keysChange = (product: Product) =>
      fc
        .record(
          {
            price: productFields.map((f) => f.price),
            discount: productFields.map((f) => f.discount),
            rank: productFields.map((f) => f.rank),
            createdAt: productFields.map((f) => f.createdAt),
            stock: fc.integer({ min: 1, max: 3 }),
          },
          { requiredKeys: [] },
        )
        .map((keys) => {
          const changed = { ...product, ...keys };
          return { ...changed, totalPrice: totalPrice(changed.price, changed.discount) };
        });
    const rounds = productList(40).chain((before) => {
      const shown = storefrontProducts(before).filter((p) => p.stock > 0);
      const round = fc.subarray(shown).chain((picked) => fc.tuple(...picked.map(keysChange)));
      return fc.tuple(
        fc.constant(shown),
        fc.array(round, { minLength: 1, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      );
    });
    fc.assert(
      fc.property(rounds, ([shown, changes, primedBefore]) => {
        let index = catalogueIndex(shown);
        let current = shown;
        changes.forEach((changed, round) => {
          if (primedBefore[round]) for (const query of priming(current)) index.page(query);
          index = index.patched(changed, []);
          current = current.map((p) => changed.find((c) => c.id === p.id) ?? p);
          for (const query of [...priming(current), ...priming(current).map((query) => ({ ...query, page: 2, size: 3 }))])
            expect(index.page(query)).toEqual(expectedPage(current, query));
        });
      }),
      { seed: PROPERTY_SEED, numRuns: 200 },
    );
  });
});

const CHAIN_BRANDS = BRANDS.slice(0, 3);
const CHAIN_CATEGORIES = CATEGORIES.slice(0, 3);
const CHAIN_NAMES = ['Velvet', 'velvet', 'Éclat', 'E\u0301clat', 'Glow', 'Glow 9', 'Silk', 'ab', 'a b', ''];
/** A red, a nude and a pink shade (as blush, bronzer and cream bin them: cream as skin tones), so that products have colour families. */
const CHAIN_SHADES = [[], ['#b3202a'], ['#b98472', '#d4567f'], ['#b3202a', '#b98472']].map((hexes) =>
  hexes.map((hex, i) => ({ id: i + 1, name: `Shade ${i + 1}`, hex, stock: 1, image: '/images/shade.svg' })),
);
/** A product's fields from few values, so that sorts tie and a patch moves products across brands, categories and names. */
const chainFields = fc.record({
  name: fc.constantFrom(...CHAIN_NAMES),
  brand: fc.constantFrom(...CHAIN_BRANDS),
  category: fc.constantFrom(...CHAIN_CATEGORIES),
  price: fc.constantFrom(5, 9.99, 10, 20),
  discount: fc.constantFrom(0, 1, 10, 100),
  rank: fc.constantFrom(0, 2.5, 5),
  createdAt: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
  shades: fc.constantFrom(...CHAIN_SHADES),
});

/** Every sort with every brand, category and pair (with offers and a price too, and one of each the catalogue lacks), two colours, a few names, at two pages. */
function chainQueries(): IndexQuery[] {
  const filters: Filter[] = [DEFAULT_FILTER, { ...DEFAULT_FILTER, colour: 'red' }, { ...DEFAULT_FILTER, colour: 'nude', priceMin: 6 }];
  for (const brand of [...CHAIN_BRANDS, BRANDS[5]!]) filters.push({ ...DEFAULT_FILTER, brands: brand });
  for (const category of [...CHAIN_CATEGORIES, CATEGORIES[5]!]) filters.push({ ...DEFAULT_FILTER, categories: category });
  for (const brand of CHAIN_BRANDS) {
    for (const category of CHAIN_CATEGORIES)
      filters.push(
        { ...DEFAULT_FILTER, brands: brand, categories: category },
        { ...DEFAULT_FILTER, brands: brand, categories: category, offers: true, priceMin: 6 },
      );
  }
  return SORTS.flatMap((sort) =>
    filters.flatMap((filter) =>
      [null, 'glow', 'ec', 'v'].flatMap((name) => [
        { filter, name, sort, page: 1, size: 5 },
        { filter, name, sort, page: 2, size: 3 },
      ]),
    ),
  );
}
const CHAIN_QUERIES = chainQueries();

/**
 * A round of a chain: the queries asked before it (what the index makes),
 * then products changed in place (keys and stock), sold out and back (some
 * leave, some that left come back as they were, with new keys, or renamed,
 * and ids removed again or never held), or moved (any field), added and
 * removed.
 */
const chainRound = fc.record({
  kind: fc.constantFrom('inPlace', 'stock', 'moving'),
  picks: fc.array(fc.nat(), { maxLength: 12 }),
  added: fc.array(chainFields, { maxLength: 3 }),
  removals: fc.array(fc.nat(), { maxLength: 4 }),
  fields: fc.array(chainFields, { minLength: 12, maxLength: 12 }),
  asked: fc.array(fc.nat({ max: CHAIN_QUERIES.length - 1 }), { maxLength: 40 }),
});

describe('a chain of patches', () => {
  it('in place and moving products, the index primed at random before each, answers as an index made anew', () => {
    fc.assert(
      fc.property(fc.array(chainFields, { maxLength: 25 }), fc.array(chainRound, { minLength: 1, maxLength: 5 }), (start, rounds) => {
        let nextId = 1;
        let current: Product[] = start.map((fields) => makeProduct({ ...fields, id: nextId++ }));
        let index = catalogueIndex(current);
        // The products that left the storefront, as they were: a round may bring them back.
        let off: Product[] = [];
        for (const round of rounds) {
          for (const asked of round.asked) index.page(CHAIN_QUERIES[asked]!);
          const picked = [...new Set(round.picks.map((pick) => current[pick % current.length]).filter((product) => product !== undefined))];
          const newKeys = (product: Product, k: number) => {
            const fields = round.fields[k]!;
            return makeProduct({
              ...product,
              price: fields.price,
              discount: fields.discount,
              rank: fields.rank,
              createdAt: fields.createdAt,
              stock: 1 + (k % 3),
            });
          };
          const changed =
            round.kind === 'stock'
              ? []
              : picked.map((product, k) =>
                  round.kind === 'inPlace' ? newKeys(product, k) : makeProduct({ ...round.fields[k]!, id: product.id }),
                );
          const removed: number[] = [];
          if (round.kind === 'stock') {
            removed.push(...picked.map(({ id }) => id));
            const back = [
              ...new Set(round.removals.map((removal) => off[removal % off.length]).filter((product) => product !== undefined)),
            ];
            changed.push(...back.map((product, k) => [product, newKeys(product, k), { ...product, name: round.fields[k]!.name }][k % 3]!));
            removed.push(
              99_999,
              ...off
                .filter((product) => !back.includes(product))
                .map(({ id }) => id)
                .slice(0, 1),
            );
          }
          if (round.kind === 'moving') {
            changed.push(...round.added.map((fields) => makeProduct({ ...fields, id: nextId++ })));
            for (const removal of round.removals) {
              const gone = current[removal % current.length]?.id;
              if (gone !== undefined && !picked.some(({ id }) => id === gone)) removed.push(gone);
            }
          }
          const left = new Set([...removed, ...changed.map(({ id }) => id)]);
          off = [...off.filter(({ id }) => !left.has(id)), ...current.filter(({ id }) => removed.includes(id))];
          current = [...current.filter(({ id }) => !left.has(id)), ...changed];
          const before = index;
          const answeredBefore = CHAIN_QUERIES.map((query) => before.page(query));
          index = index.patched(changed, removed);
          const fresh = catalogueIndex(current);
          for (const query of CHAIN_QUERIES) expect(index.page(query)).toEqual(fresh.page(query));
          // The index patched answers as it did: the server may still answer from it.
          expect(CHAIN_QUERIES.map((query) => before.page(query))).toEqual(answeredBefore);
        }
      }),
      { seed: PROPERTY_SEED, numRuns: 40 },
    );
  }, 60_000);
});
