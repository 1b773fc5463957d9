import { expect, it } from 'vitest';
import { cartNewsOf, favoritesNewsOf } from './tabNews';

const line = {
  id: 2,
  name: 'Velvet Matte Lipstick',
  price: 12.5,
  stock: 4,
  image: '/images/products/2.svg',
  discount: 0,
  amount: 1,
  shade: { id: 21, name: 'Classic Red', hex: '#b01c2e' },
};

it('reads what another tab told of its cart or favourites', () => {
  expect(cartNewsOf({ userId: 'u1', lines: [line] })).toEqual({ userId: 'u1', lines: [line] });
  expect(cartNewsOf({ userId: null, lines: [] })).toEqual({ userId: null, lines: [] });
  expect(favoritesNewsOf({ userId: null, ids: [3, 'x', 4] })).toEqual({ userId: null, ids: [3, 4] });
});

// Spread as `{ type: 'OTHER_TAB', ...news }`, a message's own `type` ('ADD', 'CLEAR') would become the cart's event.
it('keeps nothing but whose list and the list: a message cannot name its own event', () => {
  expect(cartNewsOf({ type: 'CLEAR', userId: 'u1', lines: [] })).toEqual({ userId: 'u1', lines: [] });
  expect(favoritesNewsOf({ type: 'TOGGLE', userId: 'u1', ids: [1] })).toEqual({ userId: 'u1', ids: [1] });
});

it('refuses a message that is not news of a cart or favourites', () => {
  for (const raw of [
    null,
    'x',
    7,
    [],
    { type: 'ADD', product: line, amount: 50 },
    { userId: 5, lines: [] },
    { userId: 'u1', lines: 'x' },
    { userId: 'u1' },
  ]) {
    expect(cartNewsOf(raw), JSON.stringify(raw)).toBeNull();
    expect(favoritesNewsOf(raw), JSON.stringify(raw)).toBeNull();
  }
});
