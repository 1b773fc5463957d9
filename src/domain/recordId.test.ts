import { expect, it } from 'vitest';
import { recordIdOf } from './recordId';

it('reads a product or order id from its digits', () => {
  expect(recordIdOf('4')).toBe(4);
  expect(recordIdOf('2147483647')).toBe(2147483647);
});

// '/admin/products/edit/abc' must not read as the id NaN ('There is no product with the id NaN.').
it('finds no id in anything else, never NaN', () => {
  for (const text of [null, 'abc', '', '0', '-1', '1.5', '1e3', ' 5', '0x10', '007', '2147483648', '99999999999']) {
    expect(recordIdOf(text), String(text)).toBeNull();
  }
});
