import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productFields, productList, queryOf } from '~/tests/fixtures/catalogueArbitraries';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, SORTS, applyFilter, catalogueView, type Filter, type Sort } from './catalogue';
import { catalogueIndex, type IndexQuery } from './catalogueIndex';
import { BRANDS, CATEGORIES } from './brandsAndCategories';
import { nameHolds } from './nameSearch';
import { brandsOf, categoriesOf, storefrontProducts } from './productLists';
import { totalPrice } from './price';
import type { Product } from './types';

/** A catalogue with ties on every sort key (names, prices, ranks and dates repeat), drawn from a fixed seed. */
function catalogue(count: number): Product[] {
  let state = 7;
  const next = (n: number) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
  const words = ['Velvet', 'velvet', 'Matte', 'Éclat', 'Glow', 'Silk', 'Zest'];
  return Array.from({ length: count }, () =>
    makeProduct({
      name: `${words[next(words.length)]} ${words[next(words.length)]}`,
      brand: BRANDS[next(5)],
      category: CATEGORIES[next(4)],
      price: 5 + next(30),
      discount: [0, 0, 10, 25][next(4)],
      rank: next(11) / 2,
      createdAt: new Date(Date.UTC(2026, 0, 1 + next(20))).toISOString(),
    }),
  );
}

const products = catalogue(400);
const index = catalogueIndex(products);
/** The products whose name holds the part: every product for null. */
const named = (list: readonly Product[], part: string | null) => (part === null ? list : list.filter((p) => nameHolds(p.name, part)));
const only = (part: string | null) => named(products, part);
/** Every product; parts of names in any case, shorter than a trigram, across two words, of an accent; one no name holds. */
const PARTS = [null, 'velvet', 'ÉCLAT', 'Gl', 't m', 'at', 'zzz', ''];
const countOf = (list: readonly Product[], of: (p: Product) => string, value: string) => list.filter((p) => of(p) === value).length;

const FILTERS: Filter[] = [
  DEFAULT_FILTER,
  { ...DEFAULT_FILTER, brands: BRANDS[1] },
  { ...DEFAULT_FILTER, categories: CATEGORIES[2], offers: true },
  { ...DEFAULT_FILTER, brands: BRANDS[0], categories: CATEGORIES[3], priceMin: 8, priceMax: 22.5 },
  { ...DEFAULT_FILTER, priceMin: 30 },
  { ...DEFAULT_FILTER, brands: 'zorah' },
];

describe('a page of the catalogue index', () => {
  it.each(SORTS)("is catalogueView's page for every filter, name and page number (%s)", (sort) => {
    for (const filter of FILTERS) {
      for (const name of PARTS) {
        for (const [page, size] of [
          [1, 16],
          [2, 16],
          [3, 7],
          [99, 16],
          [0, 48],
        ] as const) {
          const { notFound: _, ...expected } = catalogueView(only(name), filter, sort, page, size);
          const { facets: __, ...answered } = index.page({ filter, name, sort, page, size });
          expect(answered).toEqual(expected);
        }
      }
    }
  });

  it("counts, for every brand and category of the catalogue, what the query's other filters leave with it", () => {
    for (const filter of FILTERS) {
      for (const name of [null, 'matte']) {
        const { facets } = index.page({ filter, name, sort: 'popular', page: 1 });
        const otherThanBrand = applyFilter(only(name), { ...filter, brands: 'all' });
        const otherThanCategory = applyFilter(only(name), { ...filter, categories: 'all' });
        expect(facets.brands.map((f) => f.value)).toEqual([...new Set(products.map((p) => p.brand))].sort());
        expect(facets.categories.map((f) => f.value)).toEqual([...new Set(products.map((p) => p.category))].sort());
        for (const { value, count } of facets.brands) expect(count).toBe(countOf(otherThanBrand, (p) => p.brand, value));
        for (const { value, count } of facets.categories) expect(count).toBe(countOf(otherThanCategory, (p) => p.category, value));
      }
    }
  });

  it('keeps a value the query leaves no product with, counted 0', () => {
    const { facets, total, items, page, pageCount } = index.page({
      filter: { ...DEFAULT_FILTER, priceMin: 1000 },
      name: null,
      sort: 'A-Z',
      page: 4,
    });
    expect({ total, items, page, pageCount }).toEqual({ total: 0, items: [], page: 1, pageCount: 1 });
    expect(facets.brands.length).toBeGreaterThan(1);
    expect(facets.brands.every((f) => f.count === 0)).toBe(true);
  });

  it('orders names that collate alike (an accent composed or not) by id, as catalogueView does (the index ranked them apart before)', () => {
    const alike = [
      makeProduct({ id: 5, name: 'E\u0301clat' }),
      makeProduct({ id: 3, name: '\u00c9clat' }),
      makeProduct({ id: 4, name: 'E\u0301clat' }),
    ];
    for (const sort of ['A-Z', 'Z-A'] as const) {
      const ids = catalogueIndex(alike)
        .page({ filter: DEFAULT_FILTER, name: null, sort, page: 1 })
        .items.map((p) => p.id);
      expect(ids).toEqual(sort === 'A-Z' ? [3, 4, 5] : [5, 4, 3]);
      expect(ids).toEqual(catalogueView(alike, DEFAULT_FILTER, sort, 1).items.map((p) => p.id));
    }
  });

  it('answers a name asked again, after more names than it keeps, under another filter, sort and page, as catalogueView does', () => {
    const fresh = catalogueIndex(products);
    const parts = [...new Set(products.flatMap((p) => [...p.name].map((_, at) => p.name.slice(at, at + 2))))];
    expect(parts.length).toBeGreaterThan(20);
    for (const [round, filter, sort, page] of [
      [0, DEFAULT_FILTER, 'popular', 1],
      [1, FILTERS[3]!, 'priceAsc', 2],
      [2, FILTERS[2]!, 'A-Z', 1],
    ] as const) {
      for (const name of round === 1 ? [...parts].reverse() : parts) {
        const { notFound: _, ...expected } = catalogueView(only(name), filter, sort, page, 7);
        const { facets: __, ...answered } = fresh.page({ filter, name, sort, page, size: 7 });
        expect(answered).toEqual(expected);
      }
    }
  });

  it('pages 16 products by default', () => {
    expect(index.page({ filter: DEFAULT_FILTER, name: null, sort: 'newest', page: 1 }).items).toHaveLength(16);
  });
});

describe('a patched index', () => {
  const byId = new Map(products.map((p) => [p.id, p]));
  const at = (n: number) => products[n]!;
  /** Changes of every kind: new names (two the same, one between old ones), prices, discounts, ranks, dates, a brand and a category the catalogue lacked, products added and left out. */
  const changed: Product[] = [
    { ...at(0), name: 'Aaa First', price: 99, totalPrice: 99 },
    { ...at(1), name: 'Matte Mid', rank: 5 },
    { ...at(2), name: 'Matte Mid', discount: 50, totalPrice: at(2).price / 2 },
    { ...at(3), brand: BRANDS[9]!, category: CATEGORIES[6]! },
    { ...at(4), createdAt: new Date(Date.UTC(2027, 0, 1)).toISOString() },
    { ...at(5), name: at(6).name },
    makeProduct({ id: 100_001, name: 'Zzz Last', brand: BRANDS[2], category: CATEGORIES[1], price: 12, rank: 3 }),
    makeProduct({ id: 100_002, name: 'Velvet Velvet', brand: BRANDS[10], category: CATEGORIES[0], price: 7, discount: 10 }),
  ];
  const removed = [at(7).id, at(8).id, at(9).id, 999_999];
  const apply = (list: readonly Product[], change: readonly Product[], gone: readonly number[]) => {
    const left = new Set([...gone, ...change.map((p) => p.id)]);
    return [...list.filter((p) => !left.has(p.id)), ...change];
  };
  const after = apply(products, changed, removed);

  const sameAsMade = (patched: ReturnType<typeof catalogueIndex<Product>>, list: readonly Product[]) => {
    const made = catalogueIndex(list);
    for (const sort of SORTS) {
      for (const filter of [...FILTERS, { ...DEFAULT_FILTER, brands: BRANDS[9]! }, { ...DEFAULT_FILTER, categories: CATEGORIES[6]! }]) {
        for (const name of [null, 'matte', 'aa', 'zzz l', 'first']) {
          for (const [page, size] of [
            [1, 16],
            [3, 7],
            [99, 16],
          ] as const) {
            const query = { filter, name, sort, page, size };
            const answered = patched.page(query);
            expect(answered).toEqual(made.page(query));
            const { notFound: _, ...expected } = catalogueView(named(list, name), filter, sort, page, size);
            const { facets: __, ...page_ } = answered;
            expect(page_).toEqual(expected);
          }
        }
      }
    }
  };

  it('answers as an index made of the changed catalogue, whether its sorts and name search were made before the change or after', () => {
    const sorted = catalogueIndex(products);
    for (const sort of SORTS) sorted.page({ filter: DEFAULT_FILTER, name: 'velvet', sort, page: 1 });
    sameAsMade(sorted.patched(changed, removed), after);
    sameAsMade(catalogueIndex(products).patched(changed, removed), after);
  });

  it('keeps every product in its place when none of their keys changed (a sale), answering as an index made anew', () => {
    const first = catalogueIndex(products);
    for (const sort of SORTS) first.page({ filter: { ...DEFAULT_FILTER, brands: BRANDS[1], offers: true }, name: 'velvet', sort, page: 1 });
    const sold = [
      { ...at(3), stock: at(3).stock + 5 },
      { ...at(40), description: '<p>Back in stock.</p>' },
    ];
    const after = products.map((p) => sold.find((s) => s.id === p.id) ?? p);
    sameAsMade(first.patched(sold, [999_999]), after);
    sameAsMade(first, products);
    // A product removed is patched the other way; a new rank, in place, the popular sort put right.
    sameAsMade(
      first.patched(sold, [at(5).id]),
      after.filter((p) => p.id !== at(5).id),
    );
    const reranked = { ...at(3), rank: at(3).rank === 5 ? 0 : 5 };
    sameAsMade(
      first.patched([reranked], []),
      products.map((p) => (p.id === reranked.id ? reranked : p)),
    );
  });

  it('is patched again the same way, and leaves the index it came from as it was', () => {
    const first = catalogueIndex(products);
    for (const sort of SORTS) first.page({ filter: DEFAULT_FILTER, name: 'aaa', sort, page: 1 });
    const second = first.patched(changed, removed);
    const again = [
      { ...byId.get(changed[1]!.id)!, name: 'Aab Second' },
      { ...changed[6]!, price: 1, totalPrice: 1 },
      makeProduct({ id: 100_003, name: 'Aaa First' }),
    ];
    sameAsMade(second.patched(again, [at(10).id, changed[7]!.id]), apply(after, again, [at(10).id, changed[7]!.id]));
    sameAsMade(first, products);
  });
});

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
/** A product's fields from few values, so that sorts tie and a patch moves products across brands, categories and names. */
const chainFields = fc.record({
  name: fc.constantFrom(...CHAIN_NAMES),
  brand: fc.constantFrom(...CHAIN_BRANDS),
  category: fc.constantFrom(...CHAIN_CATEGORIES),
  price: fc.constantFrom(5, 9.99, 10, 20),
  discount: fc.constantFrom(0, 1, 10, 100),
  rank: fc.constantFrom(0, 2.5, 5),
  createdAt: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
});

/** Every sort with every brand, category and pair (with offers and a price too, and one of each the catalogue lacks), a few names, at two pages. */
function chainQueries(): IndexQuery[] {
  const filters: Filter[] = [DEFAULT_FILTER];
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
