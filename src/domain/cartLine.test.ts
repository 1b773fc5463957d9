import { expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { clampAmount, lineOf, subtotal } from './cartLine';

it('keeps a quantity from 1 up to the stock', () => {
  expect(clampAmount(0, 5)).toBe(1);
  expect(clampAmount(7, 5)).toBe(5);
  expect(clampAmount(3, 5)).toBe(3);
});

it('makes the local line of a product, amount starting at 1', () => {
  const product = makeProduct({ price: 10, discount: 20, stock: 4 });
  expect(lineOf(product)).toEqual({
    amount: 1,
    id: product.id,
    name: product.name,
    price: 10,
    stock: 4,
    image: product.image,
    discount: 20,
  });
});

it('adds up the discounted prices', () => {
  const a = lineOf(makeProduct({ price: 19.99, discount: 15, stock: 9 }), 2);
  const b = lineOf(makeProduct({ price: 5, discount: 0, stock: 9 }), 3);
  expect(subtotal([a, b])).toBe(48.98);
});
