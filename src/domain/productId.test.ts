import { expect, it } from 'vitest';
import { productIdOf } from './productId';

it('reads a product id from its digits', () => {
  expect(productIdOf('4')).toBe(4);
  expect(productIdOf('2147483647')).toBe(2147483647);
});

// Issue 29: '/admin/products/edit/abc' said 'There is no product with the id NaN.'
it('finds no id in anything else, never NaN', () => {
  for (const text of ['abc', '', '0', '-1', '1.5', '1e3', ' 5', '0x10', '007', '2147483648', '99999999999']) {
    expect(productIdOf(text), text).toBeNull();
  }
});
