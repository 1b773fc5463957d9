import { describe, expect, it } from 'vitest';
import { CART_FULL, isCartFull, notAddedMessage } from './cartSize';

describe('the size of a cart (the shop decides: a cart holds at most 100 lines)', () => {
  it('takes a new product up to 99 lines and none from 100 on', () => {
    expect(isCartFull(0)).toBe(false);
    expect(isCartFull(99)).toBe(false);
    expect(isCartFull(100)).toBe(true);
    expect(isCartFull(4300)).toBe(true);
  });

  it('says how many products a cart can hold', () => {
    expect(CART_FULL).toBe('Your cart can hold 100 products at most.');
    expect(notAddedMessage('Rosy Blush')).toBe('Rosy Blush was not added: your cart can hold 100 products at most.');
  });
});
