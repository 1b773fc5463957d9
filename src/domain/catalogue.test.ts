import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, applyFilter, catalogueView, firstSorted, isDefaultFilter, paginate, sortProducts, type Filter } from './catalogue';

const lipstick = makeProduct({
  name: 'Berry Kiss',
  brand: 'dior',
  category: 'lipstick',
  price: 40,
  discount: 50,
  rank: 3,
  createdAt: '2026-03-01T00:00:00Z',
});
const mascara = makeProduct({
  name: 'Atlas Lash',
  brand: 'nyx',
  category: 'mascara',
  price: 12,
  discount: 0,
  rank: 5,
  createdAt: '2026-01-01T00:00:00Z',
});
const blush = makeProduct({
  name: 'Coral Glow',
  brand: 'nyx',
  category: 'blush',
  price: 25,
  discount: 10,
  rank: 4,
  createdAt: '2026-02-01T00:00:00Z',
});
const all = [lipstick, mascara, blush];

const filter = (patch: Partial<Filter>): Filter => ({ ...DEFAULT_FILTER, ...patch });

describe('catalogue filter', () => {
  it('combines brand, category, discounted price bounds and offers-only', () => {
    expect(applyFilter(all, filter({ brands: 'nyx' }))).toEqual([mascara, blush]);
    expect(applyFilter(all, filter({ brands: 'nyx', categories: 'blush' }))).toEqual([blush]);
    // lipstick costs 40 but 20 after its discount
    expect(applyFilter(all, filter({ priceMin: 15, priceMax: 22.5 }))).toEqual([lipstick, blush]);
    expect(applyFilter(all, filter({ offers: true }))).toEqual([lipstick, blush]);
  });

  it('keeps, for a colour family, the products with a shade of it in stock (issue 32: "filters by colour family")', () => {
    const shade = (id: number, hex: string, stock: number) => ({ id, name: `Shade ${id}`, hex, stock, image: '/images/shade.svg' });
    const red = makeProduct({ category: 'lipstick', shades: [shade(1, '#b3202a', 2), shade(2, '#b98472', 0)] });
    const nude = makeProduct({ category: 'lipstick', shades: [shade(3, '#b98472', 1)] });
    const unshaded = makeProduct({ category: 'lipstick', shades: [] });
    const shaded = [red, nude, unshaded];
    expect(applyFilter(shaded, filter({ colour: 'red' }))).toEqual([red]);
    // Red's nude shade is sold out: only the nude lipstick has one on sale.
    expect(applyFilter(shaded, filter({ colour: 'nude' }))).toEqual([nude]);
    expect(applyFilter(shaded, filter({ colour: 'all' }))).toEqual(shaded);
  });

  it('knows the default filter', () => {
    expect(isDefaultFilter(DEFAULT_FILTER)).toBe(true);
    expect(isDefaultFilter(filter({ priceMin: 0 }))).toBe(false);
    expect(isDefaultFilter(filter({ colour: 'red' }))).toBe(false);
  });
});

describe('the seven sorts', () => {
  const names = (list: typeof all) => list.map((p) => p.name);
  it.each([
    ['A-Z', ['Atlas Lash', 'Berry Kiss', 'Coral Glow']],
    ['Z-A', ['Coral Glow', 'Berry Kiss', 'Atlas Lash']],
    ['priceDesc', ['Coral Glow', 'Berry Kiss', 'Atlas Lash']],
    ['priceAsc', ['Atlas Lash', 'Berry Kiss', 'Coral Glow']],
    ['newest', ['Berry Kiss', 'Coral Glow', 'Atlas Lash']],
    ['popular', ['Atlas Lash', 'Coral Glow', 'Berry Kiss']],
    ['offers', ['Berry Kiss', 'Coral Glow', 'Atlas Lash']],
  ] as const)('%s', (sort, expected) => {
    expect(names(sortProducts(all, sort))).toEqual(expected);
  });
});

describe('pages', () => {
  const items = Array.from({ length: 40 }, (_, i) => i);
  it('hold 16 products, clamped to the pages there are', () => {
    expect(paginate(items, 1).items).toEqual(items.slice(0, 16));
    expect(paginate(items, 3)).toMatchObject({ items: items.slice(32), page: 3, pageCount: 3, total: 40 });
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 1)).toMatchObject({ page: 1, pageCount: 1, items: [] });
  });

  it('mark a filter that matches nothing as not found', () => {
    expect(catalogueView(all, filter({ brands: 'zorah' }), 'popular', 1).notFound).toBe(true);
    expect(catalogueView([], DEFAULT_FILTER, 'popular', 1).notFound).toBe(false);
  });
});

describe('sorting only what a page needs', () => {
  it('gives the same first items as a full sort, ties included', () => {
    const random = Array.from({ length: 500 }, (_, i) => ({ id: i, key: (i * 7919) % 37 }));
    const compare = (a: { id: number; key: number }, b: { id: number; key: number }) => a.key - b.key || a.id - b.id;
    for (const count of [0, 1, 16, 48, 200, 600]) {
      expect(firstSorted(random, compare, count)).toEqual([...random].sort(compare).slice(0, count));
    }
  });

  it('pages a large list exactly as sorting it whole would', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      makeProduct({ name: `P${(i * 31) % 97}`, price: (i * 13) % 50, rank: (i % 10) / 2 }),
    );
    for (const sort of ['A-Z', 'priceAsc', 'popular'] as const) {
      for (const page of [1, 2, 19]) {
        expect(catalogueView(many, DEFAULT_FILTER, sort, page).items).toEqual(paginate(sortProducts(many, sort), page).items);
      }
    }
  });
});
