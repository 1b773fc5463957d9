import type { HttpMethod } from '~/server/core/contract';
import type { Identity } from '~/server/core/ports';
import type { components } from '~/src/api/schema';
import type { Order, Product, User } from '~/src/domain/types';
import { SEEDED_SHOPPER_DOMAIN } from '~/seed/reviews/shoppers';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import type { BackendUnderTest } from './backend';
import { assertMatchesContract } from './responses';

export const BANNED: Identity = { uid: 'user-carla', email: 'carla@makeup.test' };
export const SHOPPER: Identity = { uid: 'user-bruno', email: 'bruno@makeup.test' };
export const BLOCKED: Identity = { uid: 'user-dario', email: 'dario@makeup.test' };
export const ADMIN: Identity = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
export const BUYER: Identity = { uid: DEMO_USER.id, email: DEMO_USER.email };
/** The shopper the orders table's tests buy as, and no other test. */
export const ORDERING: Identity = { uid: 'user-elena', email: 'elena@makeup.test' };
export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const NEWCOMER: Identity = { uid: 'new-person', email: 'new.person@makeup.test' };
/** Identities a test deletes: new on every run, since sign-in accounts outlive a backend's reset. */
export const leaving = (name: string): Identity => {
  const run = crypto.randomUUID().slice(0, 8);
  return { uid: `leaving-${name}-${run}`, email: `leaving.${name}.${run}@makeup.test` };
};
export const XSS = '<img src=x onerror=alert(1)>';
/** The shoppers the seed makes to write its comments. */
export const seededShopper = (user: User) => user.email.endsWith(`@${SEEDED_SHOPPER_DOMAIN}`);
export type Stats = components['schemas']['Stats'];
export const USERNAME_RULE = 'username is required and must contain 8-15 characters starting with a letter. No spaces';

interface CallOptions {
  as?: Identity;
  token?: string;
  body?: unknown;
  raw?: string;
  query?: Record<string, string | number>;
  /** The query exactly as written, for what `query` cannot say (a name given twice). */
  search?: string;
  headers?: Record<string, string>;
}

/** What each resource's contract tests call the backend under test with; `backend()` is the one the running test reset. */
export interface ContractApi {
  backend: () => BackendUnderTest;
  call: <T = any>(method: HttpMethod, path: string, options?: CallOptions) => Promise<{ status: number; body: T }>;
  errorOf: (body: any) => { code: string; message: string; field?: string };
  products: (as?: Identity) => Promise<Product[]>;
  boughtProductId: () => Promise<number>;
  inStock: (min?: number) => Promise<Product>;
  /** The shopper buys one of the product (by default the first in stock): the new open order. */
  placeOrder: (chosen?: Product) => Promise<Order>;
  /** What a refused request must leave as it was: every product, user and order. */
  shopState: () => Promise<{ products: Product[]; users: User[]; orders: Order[] }>;
}

/** Calls to `backend()`, each response body checked against the contract. */
export function contractApi(backend: () => BackendUnderTest): ContractApi {
  async function call<T = any>(method: HttpMethod, path: string, options: CallOptions = {}) {
    const url = new URL(`${backend().baseUrl}${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    if (options.search) url.search = options.search;
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token ?? (options.as ? await backend().tokenFor(options.as) : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method: method.toUpperCase(), headers, body: payload });
    const text = await response.text();
    const body = text ? (JSON.parse(text) as T) : undefined;
    assertMatchesContract(method, path, response.status, body);
    return { status: response.status, body: body as T };
  }

  const errorOf = (body: any) => body.error as { code: string; message: string; field?: string };

  async function products(as?: Identity): Promise<Product[]> {
    return (await call<Product[]>('get', '/products', as ? { as } : {})).body;
  }

  async function boughtProductId(): Promise<number> {
    const orders = (await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body;
    return orders[0]!.lines[0]!.productId;
  }

  /** A product a line naming no shade can hold `min` of: its first shade in stock holds that many (the product, without shades). */
  async function inStock(min = 1): Promise<Product> {
    return (await products()).find((p) => (p.shades.find((shade) => shade.stock > 0)?.stock ?? p.stock) >= min)!;
  }

  /** The shopper buys one of the product (by default the first in stock): the new open order. */
  async function placeOrder(chosen?: Product): Promise<Order> {
    const product = chosen ?? (await inStock(1));
    await call('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId: product.id, quantity: 1 }] } });
    const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
    const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
    return (await call<Order>('post', '/orders', { as: SHOPPER, body })).body;
  }

  /** What a refused request must leave as it was: every product, user and order. */
  async function shopState() {
    const [all, users, orders] = await Promise.all([
      products(ADMIN),
      call<User[]>('get', '/users', { as: ADMIN }),
      call<Order[]>('get', '/orders', { as: ADMIN }),
    ]);
    return { products: all, users: users.body, orders: orders.body };
  }

  return { backend, call, errorOf, products, boughtProductId, inStock, placeOrder, shopState };
}
