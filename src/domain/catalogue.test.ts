import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../tests/fixtures/product';
import { DEFAULT_FILTER, applyFilter, catalogueView, isDefaultFilter, paginate, sortProducts, type Filter } from './catalogue';

const lipstick = makeProduct({ name: 'Berry Kiss', brand: 'dior', category: 'lipstick', price: 40, discount: 50, rank: 3, createdAt: '2026-03-01T00:00:00Z' });
const mascara = makeProduct({ name: 'Atlas Lash', brand: 'nyx', category: 'mascara', price: 12, discount: 0, rank: 5, createdAt: '2026-01-01T00:00:00Z' });
const blush = makeProduct({ name: 'Coral Glow', brand: 'nyx', category: 'blush', price: 25, discount: 10, rank: 4, createdAt: '2026-02-01T00:00:00Z' });
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

  it('knows the default filter', () => {
    expect(isDefaultFilter(DEFAULT_FILTER)).toBe(true);
    expect(isDefaultFilter(filter({ priceMin: 0 }))).toBe(false);
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
