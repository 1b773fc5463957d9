import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, SORTS, applyFilter, catalogueView, type Filter } from './catalogue';
import { catalogueIndex } from './catalogueIndex';
import { BRANDS, CATEGORIES } from './brandsAndCategories';
import { nameHolds } from './nameSearch';
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
