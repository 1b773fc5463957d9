import { describe, expect } from 'vitest';
import { ADDED_TO_CART, CART_NOT_SAVED } from '~/machines/cart.machine';
import type { Product } from '~/src/domain/types';
import { scenario, type Browser, type Line, type Server } from './scenario';

const CART_FULL = 'Your cart can hold 100 products at most.';
/** A shop with more products than a cart holds. */
const ROOM_FOR_A_FULL_CART = { productCount: 150 };
/** `count` products with a few in stock each. */
const stocked = (server: Server, count: number) => server.products(...Array.from({ length: count }, () => 5));
const onesOf = (products: Product[]): [Product, number][] => products.map((product) => [product, 1]);
const linesOf = (products: Product[]): Line[] => products.map((product) => ({ product: product.id, amount: 1 }));
/** A line added from a card, as the shopper is told of it: the product in its first shade in stock (DECISIONS.md "Shades"). */
const inShade = (product: Product | undefined) => `${product!.name} (${product!.shades.find((shade) => shade.stock > 0)!.name})`;
/** The first 100 products are what ana's cart shows, and what the server holds for her. */
async function holdsFirst100(ana: Browser, server: Server, products: Product[]) {
  expect(ana.cart()).toEqual(linesOf(products.slice(0, 100)));
  expect(await server.cartOf('ana')).toEqual(ana.cart());
}

describe('cart scenarios', () => {
  scenario(
    "the Admin removes a shade in ana's cart: at her next change she is told which shade left it, and her cart is the server's",
    async ({ server, browser }) => {
      const blush = await server.stockShades((await server.products(5))[0]!, [5, 4, 3]);
      const [first, second] = blush.shades;
      const ana = browser();
      await ana.signIn('ana');
      await ana.addToCart(blush, 1, first!.id);
      await ana.addToCart(blush, 1, second!.id);
      await server.removeShade(blush, second!.id);

      await ana.setAmount(blush, 2);

      expect(ana.toasts()).toContain(`${blush.name} (${second!.name}): that shade is no longer sold and left your cart.`);
      expect(ana.cart()).toEqual([{ product: blush.id, amount: 2 }]);
      expect(await server.cartOf('ana')).toEqual(ana.cart());
    },
  );

  scenario(
    'ana signs in with two lines in her local cart, one already on the server: the merged cart holds the larger quantity capped at stock',
    async ({ server, browser }) => {
      const [lipstick, mascara] = await server.products(4, 10);
      await server.setCartOf('ana', [[lipstick!, 1]]);
      const ana = browser();
      await ana.addToCart(lipstick!, 4);
      await ana.addToCart(mascara!, 2);
      await server.change(lipstick!, { stock: 2 });

      await ana.signIn('ana');

      expect(ana.cart()).toEqual([
        { product: lipstick!.id, amount: 2 },
        { product: mascara!.id, amount: 2 },
      ]);
      expect(await server.cartOf('ana')).toEqual(ana.cart());
      expect(ana.storedCart()).toEqual(ana.cart());
    },
  );

  scenario(
    "ana's server cart holds more than is left of one product and one the Admin disabled: she is told of each line by name, and the server cart follows what she sees",
    async ({ server, browser }) => {
      const [blush, liner, mascara] = await server.products(5, 5, 5);
      await server.setCartOf('ana', [
        [blush!, 5],
        [liner!, 1],
        [mascara!, 1],
      ]);
      await server.change(blush!, { stock: 2 });
      await server.change(liner!, { disable: true });
      const ana = browser();

      await ana.signIn('ana');

      expect(ana.toasts()).toEqual(
        expect.arrayContaining([
          `Only 2 left of ${inShade(blush)}: quantity changed from 5 to 2.`,
          `${inShade(liner)} is no longer available: removed from your cart.`,
        ]),
      );
      expect(ana.cart()).toEqual([
        { product: blush!.id, amount: 2 },
        { product: mascara!.id, amount: 1 },
      ]);
      expect(await server.cartOf('ana')).toEqual(ana.cart());
    },
  );

  scenario(
    "ana's local cart holds a product the Admin disabled since and one this shop does not hold: at sign-in she is told of each by name and the rest is merged",
    async ({ server, browser }) => {
      const [blush, mascara] = await server.products(5, 5);
      const gone = { ...mascara!, id: 999_999, name: 'Gone Gloss' };
      const ana = browser();
      await ana.addToCart(blush!);
      await ana.addToCart(mascara!);
      await ana.addToCart(gone);
      await server.change(blush!, { disable: true });

      await ana.signIn('ana');

      expect(ana.toasts()).toEqual(
        expect.arrayContaining([
          `${inShade(blush)} is no longer available: removed from your cart.`,
          `${inShade(gone)} is no longer available: removed from your cart.`,
        ]),
      );
      expect(ana.cart()).toEqual([{ product: mascara!.id, amount: 1 }]);
      expect(await server.cartOf('ana')).toEqual(ana.cart());
    },
  );

  scenario(
    'a quantity change meets one server failure: it is retried, the server holds it and nobody is told of a failure',
    async ({ server, browser }) => {
      const [lipstick] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');
      await ana.addToCart(lipstick!);

      server.failsNext('PUT /cart/quantity', 'server-error');
      await ana.setAmount(lipstick!, 3);

      expect(await server.cartOf('ana')).toContainEqual({ product: lipstick!.id, amount: 3 });
      expect(ana.toasts()).not.toContain(CART_NOT_SAVED);
    },
  );

  scenario(
    'a quantity change the server never takes is sent twice in all, then ana is told; the server keeps the amount it had',
    async ({ server, browser }) => {
      const [lipstick] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');
      await ana.addToCart(lipstick!);

      server.failsNext('PUT /cart/quantity', 'server-error');
      server.failsNext('PUT /cart/quantity', 'network');
      await ana.setAmount(lipstick!, 3);

      expect(server.callsTo('PUT /cart/quantity')).toBe(2);
      expect(ana.toasts()).toContain(CART_NOT_SAVED);
      expect(await server.cartOf('ana')).toContainEqual({ product: lipstick!.id, amount: 1 });
    },
  );

  scenario(
    "ana asks for more than another shopper left: she is told in the server's words and her cart shows what the server holds",
    async ({ server, browser }) => {
      const [lipstick] = await server.products(5);
      const ana = browser();
      await ana.signIn('ana');
      await ana.addToCart(lipstick!);
      await server.change(lipstick!, { stock: 2 });

      await ana.setAmount(lipstick!, 4);

      expect(ana.toasts()).toContain('Only 2 left in stock.');
      expect(ana.cart()).toEqual(await server.cartOf('ana'));
      expect(ana.cart()).toContainEqual({ product: lipstick!.id, amount: 1 });
    },
  );

  scenario(
    'a visitor whose cart holds 100 products adds one more: she is told the cart is full and nothing is added',
    async ({ server, browser }) => {
      const products = await stocked(server, 101);
      const visitor = browser();
      for (const product of products.slice(0, 100)) await visitor.addToCart(product);

      await visitor.addToCart(products[100]!);

      expect(visitor.toasts().at(-1)).toBe(CART_FULL);
      expect(visitor.toasts().filter((text) => text === ADDED_TO_CART)).toHaveLength(100);
      expect(visitor.cart()).toEqual(linesOf(products.slice(0, 100)));
      expect(visitor.storedCart()).toEqual(visitor.cart());
    },
    ROOM_FOR_A_FULL_CART,
  );

  scenario(
    "ana's server cart holds 100 products: adding one more tells her the cart is full, and neither her page nor the server gains it",
    async ({ server, browser }) => {
      const products = await stocked(server, 101);
      await server.setCartOf('ana', onesOf(products.slice(0, 100)));
      const ana = browser();
      await ana.signIn('ana');

      await ana.addToCart(products[100]!);

      expect(ana.toasts()).toEqual([CART_FULL]);
      await holdsFirst100(ana, server, products);
    },
    ROOM_FOR_A_FULL_CART,
  );

  scenario(
    "ana's other tab filled her cart meanwhile: the server refuses her add in its words and her cart shows what the server holds",
    async ({ server, browser }) => {
      const products = await stocked(server, 101);
      await server.setCartOf('ana', onesOf(products.slice(0, 99)));
      const ana = browser();
      await ana.signIn('ana');
      await server.setCartOf('ana', onesOf(products.slice(0, 100)));

      await ana.addToCart(products[100]!);

      expect(ana.toasts().at(-1)).toBe(CART_FULL);
      await holdsFirst100(ana, server, products);
    },
    ROOM_FOR_A_FULL_CART,
  );

  scenario(
    'ana signs in with 10 products in her local cart and 95 on the server: 5 are merged and she is told by name of each left out',
    async ({ server, browser }) => {
      const products = await stocked(server, 105);
      await server.setCartOf('ana', onesOf(products.slice(0, 95)));
      const ana = browser();
      for (const product of products.slice(95)) await ana.addToCart(product);

      await ana.signIn('ana');

      await holdsFirst100(ana, server, products);
      expect(ana.toasts()).toEqual(
        expect.arrayContaining(products.slice(100).map((p) => `${inShade(p)} was not added: your cart can hold 100 products at most.`)),
      );
    },
    ROOM_FOR_A_FULL_CART,
  );

  scenario(
    'ana signs in to a full server cart: a product of her local cart already there takes her larger amount, the others are left out by name',
    async ({ server, browser }) => {
      const products = await stocked(server, 101);
      await server.setCartOf('ana', onesOf(products.slice(0, 100)));
      const ana = browser();
      await ana.addToCart(products[0]!, 3);
      await ana.addToCart(products[100]!);

      await ana.signIn('ana');

      expect(ana.cart()).toEqual([{ product: products[0]!.id, amount: 3 }, ...linesOf(products.slice(1, 100))]);
      expect(await server.cartOf('ana')).toEqual(ana.cart());
      expect(ana.toasts()).toContain(`${inShade(products[100])} was not added: your cart can hold 100 products at most.`);
      expect(ana.toasts()).not.toContain(CART_NOT_SAVED);
    },
    ROOM_FOR_A_FULL_CART,
  );

  scenario('ana signs out: her cart and favourites leave this browser, on the page and in storage', async ({ server, browser }) => {
    const [lipstick] = await server.products(5);
    const ana = browser();
    await ana.signIn('ana');
    await ana.addToCart(lipstick!);
    await ana.toggleFavorite(lipstick!);

    await ana.signOut();

    expect(ana.cart()).toEqual([]);
    expect(ana.storedCart()).toEqual([]);
    expect(ana.favorites()).toEqual([]);
    expect(ana.storedFavorites()).toEqual([]);
  });
});
