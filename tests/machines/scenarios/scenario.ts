import { expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import type { Product } from '~/src/domain/types';
import { checkoutInput, checkoutLogic, followOrder } from '~/src/features/checkout/checkout.logic';
import { sessionLogic } from '~/src/state/session/session.logic';
import { bridgeSession, cartInput, cartLogic, favoritesInput, favoritesLogic, productsLogic } from '~/src/state/shop/shop.logic';
import type { CartLine } from '~/src/domain/cartLine';
import type { ShippingAddress } from '~/src/domain/address';
import { shippingStore } from '~/src/state/storage/keys';
import type { CallName, NetworkFaultKind } from '../harness/network';
import { settle } from '../harness/settle';
import { newPerson, openShop, SEEDED_PEOPLE, shopToasts, type Shop } from '../harness/shop';
import { storedUnder } from '../harness/specStorage';

/** A cart line as a test reads it: the product's id and the amount. */
export interface Line {
  product: number;
  amount: number;
}

/**
 * One browser of the shop: the session, favourites, cart and catalogue
 * machines as the app runs them (their own actors and storage, the session
 * telling favourites and cart who is signed in; the catalogue's list loaded
 * as the storefront's first page loads it). Each action waits until every
 * call it started has answered (and any retry has run, the list's refresh
 * included).
 */
export interface Browser {
  /** Signs in a seeded person by first name (ana, bruno, admin...), or signs up someone new. */
  signIn(name: string): Promise<void>;
  signOut(): Promise<void>;
  /** Adds the product in the shade named, as its page does; none named, in its first shade in stock, as a card does. */
  addToCart(product: Product, amount?: number, shadeId?: number): Promise<void>;
  setAmount(product: Product, amount: number): Promise<void>;
  removeFromCart(product: Product): Promise<void>;
  toggleFavorite(product: Product): Promise<void>;
  /**
   * Checks out the cart to `address` with a test payment; the order placed
   * is followed as PaymentPage follows it (followOrder: the cart emptied,
   * the list read again); the checkout ends home.
   */
  checkout(address: ShippingAddress): Promise<void>;
  /** Opens another page: what could not be saved is read again from the server. */
  openPage(): Promise<void>;
  /** The cart as the page shows it, and as storage holds it under `cartlocal`. */
  cart(): Line[];
  storedCart(): Line[];
  /** A product's stock as the catalogue's list shows it. */
  stockShown(product: Product): number | undefined;
  /** The favourites shown, and as storage holds them under `favorites`. */
  favorites(): number[];
  storedFavorites(): number[];
  /** The toasts shown, in order. */
  toasts(): string[];
}

/** The shop's server: its data, set up or read as a test needs, and its network, made to fail or slow down. */
export interface Server {
  /** Products in stock, one per stock given. */
  products(...stocks: number[]): Promise<Product[]>;
  /** Changes a product, as an Admin or another shopper's order would (its stock, disabled). */
  change(product: Product, patch: { stock?: number; disable?: boolean }): Promise<void>;
  cartOf(name: string): Promise<Line[]>;
  /** A product's stock on the server. */
  stockOf(product: Product): Promise<number>;
  /** Gives a product's shades these stocks, in the shades' order, as an Admin's form would (the product's is their sum): the product as now shown. */
  stockShades(product: Product, stocks: readonly number[]): Promise<Product>;
  /** A product's shades' stocks on the server, in the shades' order. */
  shadeStocksOf(product: Product): Promise<number[]>;
  /** Takes a shade out of its product, as an Admin's form would. */
  removeShade(product: Product, shadeId: number): Promise<void>;
  setCartOf(name: string, lines: [Product, number][]): Promise<void>;
  favoritesOf(name: string): Promise<number[]>;
  /** The next call matching `call` (e.g. 'PUT /cart/quantity', 'POST /cart/*') fails this way ('answer-lost': the server does it, the browser never hears). */
  failsNext(call: CallName, kind: NetworkFaultKind): void;
  /** Every call answers `ms` later. */
  answersAfter(ms: number): void;
  /** How many times the browsers called `call` (e.g. 'PUT /cart/quantity'), as the network saw it. */
  callsTo(call: CallName): number;
}

const linesOf = (lines: readonly { id: number; amount: number }[]): Line[] => lines.map(({ id, amount }) => ({ product: id, amount }));

async function userIdOf(shop: Shop, name: string): Promise<string> {
  const email = SEEDED_PEOPLE[name]?.email ?? newPerson(name).email;
  const user = await shop.backend.store.getUserByEmail(email);
  if (!user) throw new Error(`${name} has no account in this shop.`);
  return user.id;
}

function serverOf(shop: Shop): Server {
  return {
    products: (...stocks) => shop.takeProducts(stocks),
    change: async (product, patch) => void (await shop.changeProduct(product.id, patch)),
    cartOf: async (name) =>
      (await shop.serverCart(await userIdOf(shop, name))).map(({ id, quantity }) => ({ product: id, amount: quantity })),
    stockOf: async (product) => (await shop.product(product.id)).stock,
    stockShades: async (product, stocks) =>
      shop.changeProduct(product.id, {
        shades: (await shop.product(product.id)).shades.map((shade, i) => ({ ...shade, stock: stocks[i] ?? shade.stock })),
      }),
    shadeStocksOf: async (product) => (await shop.product(product.id)).shades.map((shade) => shade.stock),
    removeShade: async (product, shadeId) =>
      void (await shop.changeProduct(product.id, {
        shades: (await shop.product(product.id)).shades.filter((shade) => shade.id !== shadeId),
      })),
    setCartOf: async (name, lines) =>
      shop.setServerCart(
        await userIdOf(shop, name),
        lines.map(([product, quantity]) => ({ id: product.id, quantity })),
      ),
    favoritesOf: async (name) => shop.serverFavorites(await userIdOf(shop, name)),
    failsNext: (call, kind) => shop.network.failNext(kind, call),
    answersAfter: (ms) => shop.network.slow(ms),
    callsTo: (call) => shop.network.calls.filter((made) => made === call).length,
  };
}

function browserOf(shop: Shop): Browser {
  const session = createActor(sessionLogic({ load: async () => shop.auth, showLogin: () => {} }), {
    input: { storedUser: null },
    clock: shop.clock,
  });
  const favorites = createActor(favoritesLogic(shopToasts(shop)), { input: favoritesInput(), clock: shop.clock });
  const cart = createActor(cartLogic(shopToasts(shop)), { input: cartInput(), clock: shop.clock });
  const products = createActor(productsLogic(), { input: {}, clock: shop.clock });
  // The app's SessionBridge: favourites and cart follow who the session says is signed in.
  bridgeSession(session, favorites, cart);
  [session, favorites, cart, products].forEach((actor) => actor.start());
  products.send({ type: 'LOAD' });
  const machines: AnyActorRef[] = [session, favorites, cart, products];
  const act = async (send: () => void) => {
    send();
    await settle(machines, shop.clock, ['authState']);
  };
  return {
    signIn: (name) =>
      act(() => {
        const seeded = SEEDED_PEOPLE[name];
        if (seeded)
          session.send({
            type: 'SIGN_IN',
            email: seeded.email,
            password: seeded.type === 'Admin' ? DEMO_PASSWORDS.admin : DEMO_PASSWORDS.shopper,
            remember: true,
          });
        else session.send({ type: 'REGISTER', ...newPerson(name) });
      }),
    signOut: () => act(() => session.send({ type: 'SIGN_OUT' })),
    addToCart: (product, amount, shadeId) => act(() => cart.send({ type: 'ADD', product, amount, shadeId })),
    setAmount: (product, amount) => act(() => cart.send({ type: 'SET_AMOUNT', id: product.id, amount })),
    removeFromCart: (product) => act(() => cart.send({ type: 'REMOVE', id: product.id })),
    toggleFavorite: (product) => act(() => favorites.send({ type: 'TOGGLE', productId: product.id })),
    async checkout(address) {
      const userId = session.getSnapshot().context.user!.id;
      shippingStore.write(userId, address);
      const checkout = createActor(checkoutLogic({ orderPlaced: followOrder(cart, products) }), {
        input: checkoutInput(userId),
        clock: shop.clock,
      });
      checkout.start();
      machines.push(checkout);
      try {
        await settle(machines, shop.clock, ['authState'], undefined, () => checkout.getSnapshot().matches({ payment: 'choosing' }));
        await act(() => checkout.send({ type: 'PAY' }));
        expect(checkout.getSnapshot().value, 'the checkout approved the order and went home').toBe('home');
      } finally {
        machines.splice(machines.indexOf(checkout), 1);
        checkout.stop();
      }
    },
    openPage: () =>
      act(() => {
        favorites.send({ type: 'RELOAD' });
        cart.send({ type: 'RELOAD' });
      }),
    cart: () => linesOf(cart.getSnapshot().context.lines),
    storedCart: () => linesOf((storedUnder('cartlocal') ?? []) as CartLine[]),
    stockShown: (product) => products.getSnapshot().context.products.find(({ id }) => id === product.id)?.stock,
    favorites: () => favorites.getSnapshot().context.ids,
    storedFavorites: () => (storedUnder('favorites') ?? []) as number[],
    toasts: () => shop.toasts.map((toast) => toast.text),
  };
}

/**
 * A QA scenario: a test on a fresh shop (the mock backend, empty storage;
 * `productCount` products when it needs more than the few a shop has),
 * given its server and a way to open a browser on it; every failure it asks
 * the server for must have come. See docs/qa.md.
 */
export function scenario(
  title: string,
  body: (world: { server: Server; browser: () => Browser }) => Promise<void>,
  { productCount }: { productCount?: number } = {},
): void {
  it(title, async () => {
    const shop = await openShop({ productCount });
    await body({ server: serverOf(shop), browser: () => browserOf(shop) });
    expect(shop.network.unfired, 'every failure the scenario asked for came').toEqual([]);
  });
}
