import { describe, expect } from 'vitest';
import { SHIPPING } from '../checkout.model';
import { scenario } from './scenario';

describe('checkout scenarios', () => {
  scenario(
    'ana checks out her cart: the order takes the stock, shown in the list, and empties her cart on the server, on the page and in storage (cartlocal)',
    async ({ server, browser }) => {
      const [lipstick] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');
      await ana.addToCart(lipstick!, 2);
      expect(ana.stockShown(lipstick!)).toBe(5);

      await ana.checkout(SHIPPING);

      expect(await server.stockOf(lipstick!)).toBe(3);
      expect(ana.stockShown(lipstick!)).toBe(3);
      expect(await server.cartOf('ana')).toEqual([]);
      expect(ana.cart()).toEqual([]);
      expect(ana.storedCart()).toEqual([]);
    },
  );
});
