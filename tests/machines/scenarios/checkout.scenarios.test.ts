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

  scenario(
    "ana buys two shades of one product: each shade's stock falls by what she bought of it, and the other shades keep theirs",
    async ({ server, browser }) => {
      const blush = await server.stockShades((await server.products(5))[0]!, [5, 4, 3]);
      const [first, second] = blush.shades;
      const ana = browser();
      await ana.signIn('ana');
      await ana.addToCart(blush, 2, second!.id);
      await ana.addToCart(blush, 1, first!.id);

      await ana.checkout(SHIPPING);

      expect(await server.shadeStocksOf(blush)).toEqual([4, 2, 3, ...blush.shades.slice(3).map((shade) => shade.stock)]);
      expect(await server.stockOf(blush)).toBe(blush.stock - 3);
      expect(await server.cartOf('ana')).toEqual([]);
    },
  );
});
