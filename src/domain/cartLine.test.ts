import { expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { clampAmount, isLineOf, lineName, lineOf, subtotal } from './cartLine';

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
    shade: null,
  });
});

const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
const lipstick = makeProduct({ name: 'Velvet Lipstick', stock: 7, shades: [shade(1, 3), shade(2, 4)] });

it("DECISIONS: a line is a product in a shade, capped at the shade's stock, with the shade's picture", () => {
  const line = lineOf(lipstick, 9, 2);
  expect(line).toMatchObject({
    id: lipstick.id,
    stock: 4,
    amount: 4,
    image: '/images/2.svg',
    shade: { id: 2, name: 'Shade 2', hex: '#aa3344' },
  });
  expect(lineName(line)).toBe('Velvet Lipstick (Shade 2)');
  // A card's add names no shade: the server takes the first in stock and answers it.
  expect(lineOf(lipstick)).toMatchObject({ stock: 7, shade: null });
});

it('DECISIONS: "two shades of one lipstick are two lines"; a line named without a shade is any of the product\'s', () => {
  const [first, second] = [lineOf(lipstick, 1, 1), lineOf(lipstick, 1, 2)];
  expect(isLineOf(first, lipstick.id, 1)).toBe(true);
  expect(isLineOf(second, lipstick.id, 1)).toBe(false);
  expect(isLineOf(second, lipstick.id, null)).toBe(true);
  expect(isLineOf(second, lipstick.id + 1, null)).toBe(false);
});

it('adds up the discounted prices', () => {
  const a = lineOf(makeProduct({ price: 19.99, discount: 15, stock: 9 }), 2);
  const b = lineOf(makeProduct({ price: 5, discount: 0, stock: 9 }), 3);
  expect(subtotal([a, b])).toBe(48.98);
});
