import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { brandsOf, categoriesOf, newest, offers, popular, relatedProducts, storefrontLists, storefrontProducts } from './productLists';

describe('storefront lists', () => {
  it('keep only products with stock above 0 that are not disabled', () => {
    const kept = makeProduct({ stock: 1 });
    const list = [kept, makeProduct({ stock: 0 }), makeProduct({ disable: true })];
    expect(storefrontProducts(list)).toEqual([kept]);
  });

  it('list brands and categories as sorted unique values', () => {
    const list = [
      makeProduct({ brand: 'nyx', category: 'mascara' }),
      makeProduct({ brand: 'dior', category: 'blush' }),
      makeProduct({ brand: 'nyx', category: 'blush' }),
    ];
    expect(brandsOf(list)).toEqual(['dior', 'nyx']);
    expect(categoriesOf(list)).toEqual(['blush', 'mascara']);
  });

  it('offers: discount of at least 1, by discount descending, then price ascending', () => {
    const a = makeProduct({ discount: 10, price: 30 });
    const b = makeProduct({ discount: 40, price: 30 });
    const c = makeProduct({ discount: 10, price: 5 });
    const none = makeProduct({ discount: 0 });
    expect(offers([a, b, c, none])).toEqual([b, c, a]);
  });

  it('popular: rank of at least 4, by rank descending', () => {
    const a = makeProduct({ rank: 4 });
    const b = makeProduct({ rank: 4.5 });
    const low = makeProduct({ rank: 3.5 });
    expect(popular([a, low, b])).toEqual([b, a]);
  });

  it('new arrivals: by createdAt descending', () => {
    const old = makeProduct({ createdAt: '2025-01-01T00:00:00Z' });
    const recent = makeProduct({ createdAt: '2026-06-01T00:00:00Z' });
    expect(newest([old, recent])).toEqual([recent, old]);
  });

  it('are all derived from the storefront products only', () => {
    const lists = storefrontLists([makeProduct({ discount: 20, rank: 5, stock: 0 }), makeProduct({ discount: 20, rank: 5 })]);
    expect(lists.all).toHaveLength(1);
    expect(lists.offers).toHaveLength(1);
    expect(lists.popular).toHaveLength(1);
  });
});

describe('related products', () => {
  it('are of the same type, else popular ones, never the product itself', () => {
    const product = makeProduct({ category: 'blush' });
    const sameType = makeProduct({ category: 'blush' });
    const other = makeProduct({ category: 'mascara', rank: 5 });
    expect(relatedProducts(product, [product, sameType, other], 8)).toEqual([sameType]);
    expect(relatedProducts(product, [product, other], 8)).toEqual([other]);
  });
});
