import { expect, it } from 'vitest';
import { shownProductId } from './shownProduct';

it('reads the id of a product page as the page reads it, in any case; none on another page', () => {
  expect(shownProductId('/detail/7')).toBe(7);
  expect(shownProductId('/DETAIL/0x1/')).toBe(1);
  expect(shownProductId('/detail/abc')).toBeNaN();
  for (const path of ['/home', '/catalogue', '/listproducts/blush', '/detail/7/extra', '/admin/products/edit/7'])
    expect(shownProductId(path), path).toBeUndefined();
});
