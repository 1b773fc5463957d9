import { createMockBackend, type MockBackend } from '~/mocks/backend';
import { createMockAuthProvider } from '~/mocks/auth';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import { DEMO_PEOPLE } from '~/seed/seed';
import type { ProductPatch, ProductRow } from '~/server/core/ports';
import { productsOf } from '~/server/core/operations/cart';
import { cartView, productView } from '~/server/core/views';
import { api } from '~/src/api/client';
import { setIdTokenSource, type RequestFailure } from '~/src/api/clientSettings';
import { errorMessage, isServerFailure } from '~/src/api/replies';
import type { AuthProvider } from '~/src/auth/provider';
import { shadeToAdd } from '~/src/domain/cartShade';
import { signInCalls } from '~/src/auth/signInCalls';
import type { CataloguePage, LoggedUser, Order, Product } from '~/src/domain/types';
import { adminTokenOnCatalogueReads } from '~/src/state/session/session.logic';
import type { ShopToasts } from '~/src/state/shop/shop.logic';
import { forgetUser, loggedUserStore } from '~/src/state/storage/keys';
import { ManualClock } from './manualClock';
import { createNetwork, ORIGIN, server, type CallName, type FaultKind, type Network } from './network';

/** Firebase's error codes for each way a call can fail. */
const PROVIDER_FAILURES: Record<FaultKind, string> = {
  network: 'auth/network-request-failed',
  'server-error': 'auth/internal-error',
  timeout: 'auth/timeout',
};

/** The seeded people by the first part of their email: admin, ana, bruno, carla (Banned), dario (Blocked), elena. */
export const SEEDED_PEOPLE = Object.fromEntries(DEMO_PEOPLE.map((person) => [person.email.split('@')[0]!, person]));

/** Someone not seeded signs up as `{name}@shoppers.test`, username `{name}shopper` (the spec's 8-15 letters and digits). */
export const newPerson = (name: string) => ({
  email: `${name}@shoppers.test`,
  username: `${name}shopper`.padEnd(8, '0').slice(0, 15),
  password: 'shopper123',
});

/** What the shopper was told: the toasts the machines' notify and notifyFailure actions show. */
export interface Toast {
  kind: 'notice' | 'failure';
  text: string;
  /** How many of the app's API calls had been made when it was shown (`network.calls`): where it falls among them. */
  calls: number;
}

/** The app's toasts as the shop records them, given to the machines in their place. */
export const shopToasts = (shop: Shop): ShopToasts => ({
  notify: (text) => void shop.toasts.push({ kind: 'notice', text, calls: shop.network.calls.length }),
  notifyFailure: (text) => void shop.toasts.push({ kind: 'failure', text, calls: shop.network.calls.length }),
});

/**
 * A fresh shop for one path or scenario: a new mock backend (seeded),
 * reached through msw/node; empty browser storage; the mock sign-in
 * provider; a network that can be told to fail; the machines' clock.
 */
export interface Shop {
  backend: MockBackend;
  network: Network;
  clock: ManualClock;
  /** The mock sign-in provider (mocks/auth.ts) as the app's code gets it: its calls can be made to fail. */
  auth: AuthProvider;
  /** The same provider for the harness's own doings (another tab signing in or out), never failing. */
  provider: AuthProvider;
  /** Whether anything follows the provider's auth state (the session, once told to listen). */
  providerListening(): boolean;
  /** The provider's next call (sign-in, sign-up, sign-out) fails this way: offline, the service's own error, or its timeout. */
  failNextProviderCall(kind: FaultKind): void;
  /**
   * Holds the app's signed-in calls before they go out (at their token, so
   * the client's timeout has not started), until `releaseCalls`: a path
   * can act while a call runs. The harness's own calls are never held.
   */
  holdCalls(): void;
  releaseCalls(): void;
  /** Toasts shown, in order. */
  toasts: Toast[];
  /**
   * Whether the latest of the app's calls named `call` (e.g. 'GET /orders')
   * to end got no answer it could use (network, 5xx, timeout, given up): a
   * table read again then still shows what it held before. False once a
   * later one has answered, and when none was made. A pattern names
   * several calls (/^\w+ \/favorites$/: every favourites call).
   */
  latestFailed(call: CallName | RegExp): boolean;
  /** How many of the app's calls named `call` (or matching it) got no answer they could use, from the same record as `latestFailed`. */
  failuresOf(call: CallName | RegExp): number;
  /** The server's refusals (its 4xx answers) of the app's calls matching `calls`, each its message, in order (once their bodies are read). */
  refusals(calls: RegExp): Promise<string[]>;
  /** Signs in a seeded person (by first name) or signs up a new one: the app's own sign-in calls; the API calls then carry their token. */
  signIn(name: string): Promise<LoggedUser>;
  signOut(): Promise<void>;
  /**
   * A paid order of a person's (seeded, by first name), made as the checkout
   * makes it: they sign in, their server cart holds these lines, a payment
   * is created with the backend's provider and the order placed through the
   * API (the harness's own calls). Sign the path's person in after it.
   */
  placeOrder(name: string, lines: { id: number; quantity: number }[], address: string): Promise<Order>;
  /** A product as the storefront shows it (the API's view of the row). */
  product(id: number): Promise<Product>;
  /** What GET /products answers a visitor for this query (the list, or a page when `page` is asked), from the backend's core: no network, nothing held or failed. */
  catalogue(query?: Record<string, string>): Promise<Product[] | CataloguePage>;
  /** Products for a test to use: enabled ones, each set to the given stock. */
  takeProducts(stocks: readonly number[]): Promise<Product[]>;
  /** Products for a test to use that stand for a model's: enabled ones, each given its stock and discount (the seeded ones' discounts differ). */
  takeProductsAs(models: readonly Pick<Product, 'stock' | 'discount'>[]): Promise<Product[]>;
  /** Changes a product on the server, as an Admin elsewhere or another shopper's order would. */
  changeProduct(id: number, patch: ProductPatch): Promise<Product>;
  /** The server cart of a user: product id and quantity per line. */
  serverCart(userId: string): Promise<{ id: number; quantity: number }[]>;
  serverFavorites(userId: string): Promise<number[]>;
  /** Sets a user's server cart, as their other tab would: each line in its shade, or (none named) the product's first in stock. */
  setServerCart(userId: string, lines: { id: number; shadeId?: number | null; quantity: number }[]): Promise<void>;
  /** Takes a line out of a user's server cart, as their other tab would. */
  removeFromServerCart(userId: string, productId: number): Promise<void>;
}

/**
 * The app's calls as they end, in order: the call, whether it got an
 * answer it can use (and if not, as the client reports it: a 5xx's status
 * or the error's name), and a refusal's message (read from its body).
 */
interface EndedCall {
  call: CallName;
  failure: RequestFailure | null;
  refusal?: Promise<string>;
}

/**
 * Where the client tells the current shop of each call of the app's that
 * ends (the test files share the client: set up once). A call is told to
 * the shop it started in: one a path left held ends after the next shop opened.
 */
let noteEnded: (request: Request, answer: Response | Error) => void = () => {};
const startedIn = new Map<string, typeof noteEnded>();
const ending = (id: string, request: Request, answer: Response | Error) => {
  startedIn.get(id)?.(request, answer);
  startedIn.delete(id);
};
api.use({
  onRequest: ({ id }) => void startedIn.set(id, noteEnded),
  onResponse: ({ id, request, response }) => ending(id, request, response),
  onError: ({ id, request, error }) => ending(id, request, error instanceof Error ? error : new Error(String(error))),
});

/** A 4xx answer's message, as the contract's error body says it. */
const refusalOf = async (response: Response) =>
  errorMessage(
    await response
      .clone()
      .json()
      .catch(() => undefined),
  ) ?? `(a ${response.status} with no message)`;

/** A small catalogue (the seeded people and orders still there): a fresh backend for every path stays cheap. */
const CATALOGUE_SIZE = 24;

export async function openShop(options: { payments?: 'test' | 'paypal'; productCount?: number } = {}): Promise<Shop> {
  localStorage.clear();
  sessionStorage.clear();
  const backend = await createMockBackend({
    origin: ORIGIN,
    productCount: options.productCount ?? CATALOGUE_SIZE,
    payments: options.payments,
  });
  const network = createNetwork(backend.handlers);
  server.resetHandlers(network.handler, ...backend.handlers);
  const provider = createMockAuthProvider();
  let providerFailure: FaultKind | null = null;
  const failing =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (!providerFailure) return call(...args);
      const code = PROVIDER_FAILURES[providerFailure];
      providerFailure = null;
      return Promise.reject({ code, message: `${code} (injected fault).` });
    };
  let listeners = 0;
  let held: (() => void)[] | null = null;
  const auth: AuthProvider = {
    ...provider,
    async getIdToken() {
      if (held && !network.harnessBusy) await new Promise<void>((resolve) => held!.push(resolve));
      return provider.getIdToken();
    },
    onAuthStateChanged(listener) {
      listeners++;
      const stop = provider.onAuthStateChanged(listener);
      return () => {
        listeners--;
        stop();
      };
    },
    signIn: failing(provider.signIn),
    signUp: failing(provider.signUp),
    signInWithGoogle: failing(provider.signInWithGoogle),
    signOut: failing(provider.signOut),
  };
  const calls = signInCalls(provider);
  /** People signed up in this shop, who sign in again with their password. */
  const signedUp = new Set<string>();
  setIdTokenSource(() => auth.getIdToken());
  adminTokenOnCatalogueReads();
  const ended: EndedCall[] = [];
  noteEnded = (request, answer) => {
    if (network.harnessBusy) return;
    const call = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
    const failure = (reason: number | string) => ({ method: request.method, url: request.url, reason });
    if (answer instanceof Error) ended.push({ call, failure: failure(answer.name) });
    else if (isServerFailure(answer.status)) ended.push({ call, failure: failure(answer.status) });
    else ended.push({ call, failure: null, refusal: answer.status >= 400 ? refusalOf(answer) : undefined });
  };
  const named = (call: CallName | RegExp) => (ended: EndedCall) => (typeof call === 'string' ? ended.call === call : call.test(ended.call));
  const view = async (row: ProductRow | null) => {
    if (!row) throw new Error('No such product in the backend.');
    return productView(row);
  };
  const signIn = (name: string) =>
    network.byHarness(async () => {
      const seeded = SEEDED_PEOPLE[name];
      const person = newPerson(name);
      const user = seeded
        ? await calls.signIn({
            email: seeded.email,
            password: seeded.type === 'Admin' ? DEMO_PASSWORDS.admin : DEMO_PASSWORDS.shopper,
            remember: true,
          })
        : signedUp.has(name)
          ? await calls.signIn({ ...person, remember: true })
          : await calls.register(person);
      signedUp.add(name);
      loggedUserStore.write(user);
      return user;
    });
  const setServerCart = async (userId: string, lines: { id: number; shadeId?: number | null; quantity: number }[]) => {
    const cart = (await backend.store.getCartByUser(userId)) ?? (await backend.store.createCart(userId));
    const products = new Map((await backend.store.listProducts({ ids: lines.map((line) => line.id) })).map((p) => [p.id, p]));
    // A line naming no shade as one added from a card: in the product's first shade in stock.
    await backend.store.setCartLines(
      cart.id,
      lines.map(({ id, shadeId, quantity }) => ({
        productId: id,
        shadeId: shadeId ?? shadeToAdd(products.get(id)!, undefined) ?? null,
        quantity,
      })),
    );
  };
  /** A change of stock puts it all on a product's first shade (the others none), which the lines naming no shade take. */
  const changeProduct = async (id: number, { stock, ...patch }: ProductPatch) => {
    const shades = (await backend.store.getProduct(id))!.shades;
    const stockPatch =
      stock === undefined
        ? {}
        : shades.length === 0
          ? { stock }
          : { stock, shades: shades.map((shade, i) => ({ ...shade, stock: i === 0 ? stock : 0 })) };
    return view(await backend.store.updateProduct(id, { ...patch, ...stockPatch }));
  };
  const takeProducts = async (patches: readonly ProductPatch[]) => {
    const rows = (await backend.store.listProducts()).filter((p) => !p.disable && p.stock > 0);
    return Promise.all(patches.map((patch, i) => changeProduct(rows[i]!.id, patch)));
  };

  return {
    backend,
    network,
    clock: new ManualClock(),
    auth,
    provider,
    providerListening: () => listeners > 0,
    failNextProviderCall: (kind) => void (providerFailure = kind),
    holdCalls: () => void (held ??= []),
    releaseCalls() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((go) => go());
    },
    toasts: [],
    latestFailed: (call) => ended.findLast(named(call))?.failure != null,
    failuresOf: (call) => ended.filter(named(call)).filter(({ failure }) => failure !== null).length,
    refusals: (calls) => Promise.all(ended.filter((c) => c.refusal && calls.test(c.call)).map((c) => c.refusal!)),
    signIn,
    async placeOrder(name, lines, address) {
      const { id: userID } = await signIn(name);
      await setServerCart(userID, lines);
      return network.byHarness(async () => {
        const payment = await api.POST('/payments', { body: { userID } });
        const { data, error } = await api.POST('/orders', { body: { status: 'open', userID, address, paymentId: payment.data!.id } });
        if (!data) throw new Error(`The order was not placed: ${JSON.stringify(error)}`);
        return data;
      });
    },
    async signOut() {
      await provider.signOut();
      forgetUser();
    },
    product: async (id) => view(await backend.store.getProduct(id)),
    async catalogue(query = {}) {
      const listProducts = backend.api.routes.find((route) => route.operationId === 'listProducts')!;
      // As JSON, as the network carries it (keys left undefined are not sent).
      return JSON.parse(JSON.stringify((await backend.api.handle(listProducts, { path: {}, query })).body)) as Product[] | CataloguePage;
    },
    takeProducts: (stocks) => takeProducts(stocks.map((stock) => ({ stock }))),
    takeProductsAs: (models) => takeProducts(models.map(({ stock, discount }) => ({ stock, discount }))),
    changeProduct,
    async serverCart(userId) {
      const cart = await backend.store.getCartByUser(userId);
      if (!cart) return [];
      return cartView(cart, await productsOf(backend.store, cart)).lines.map((line) => ({ id: line.productId, quantity: line.quantity }));
    },
    serverFavorites: (userId) => backend.store.listFavorites(userId),
    setServerCart,
    async removeFromServerCart(userId, productId) {
      const cart = await backend.store.getCartByUser(userId);
      if (cart)
        await backend.store.setCartLines(
          cart.id,
          cart.lines.filter((line) => line.productId !== productId),
        );
    },
  };
}
