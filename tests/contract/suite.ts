import { beforeEach, describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../server/core/contract';
import type { Identity } from '../../server/core/ports';
import type { components } from '../../src/api/schema';
import type { Cart, Comment, Order, Product, User } from '../../src/domain/types';
import { SEEDED_SHOPPER_DOMAIN } from '../../seed/reviews/shoppers';
import { DEMO_ADMIN, DEMO_USER } from '../../seed/seed';
import { seeded as seededCatalogue } from '../fixtures/catalogue';
import type { BackendUnderTest } from './backend';
import { cataloguePageTests } from './cataloguePages';
import { idempotencyKeyTests } from './idempotencyKeys';
import { orderTablePageTests } from './orderTablePages';
import { productTablePageTests } from './productTablePages';
import { assertMatchesContract } from './responses';

const BANNED: Identity = { uid: 'user-carla', email: 'carla@makeup.test' };
const SHOPPER: Identity = { uid: 'user-bruno', email: 'bruno@makeup.test' };
const BLOCKED: Identity = { uid: 'user-dario', email: 'dario@makeup.test' };
const ADMIN: Identity = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const BUYER: Identity = { uid: DEMO_USER.id, email: DEMO_USER.email };
/** The shopper the orders table's tests buy as, and no other test. */
const ORDERING: Identity = { uid: 'user-elena', email: 'elena@makeup.test' };
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const NEWCOMER: Identity = { uid: 'new-person', email: 'new.person@makeup.test' };
/** Identities a test deletes: new on every run, since sign-in accounts outlive a backend's reset. */
const leaving = (name: string): Identity => {
  const run = crypto.randomUUID().slice(0, 8);
  return { uid: `leaving-${name}-${run}`, email: `leaving.${name}.${run}@makeup.test` };
};
const XSS = '<img src=x onerror=alert(1)>';
/** The shoppers the seed makes to write its comments. */
const seededShopper = (user: User) => user.email.endsWith(`@${SEEDED_SHOPPER_DOMAIN}`);
type Stats = components['schemas']['Stats'];
const USERNAME_RULE = 'username is required and must contain 8-15 characters starting with a letter. No spaces';

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

/**
 * Every operation of openapi.yaml, its success and its 400/401/403/404/409
 * rules, against any backend; every response body is checked against the
 * contract.
 */
export function contractSuite(name: string, backend: () => BackendUnderTest) {
  describe(`contract: ${name}`, () => {
    let b: BackendUnderTest;

    async function call<T = any>(method: HttpMethod, path: string, options: CallOptions = {}) {
      const url = new URL(`${b.baseUrl}${path}`);
      for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
      if (options.search) url.search = options.search;
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token ?? (options.as ? await b.tokenFor(options.as) : undefined);
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

    async function inStock(min = 1): Promise<Product> {
      return (await products()).find((p) => p.stock >= min)!;
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
      const [all, users, orders] = await Promise.all([products(ADMIN), call<User[]>('get', '/users', { as: ADMIN }), call<Order[]>('get', '/orders', { as: ADMIN })]);
      return { products: all, users: users.body, orders: orders.body };
    }

    beforeEach(async () => {
      b = backend();
      await b.reset();
    });

    describe('health', () => {
      it('answers ok', async () => {
        expect(await call('get', '/health')).toEqual({ status: 200, body: { status: 'ok' } });
      });
    });

    describe('products', () => {
      it('lists enabled products to shoppers and every product to an Admin', async () => {
        const shown = await products();
        const all = await products(ADMIN);
        expect(shown.length).toBeGreaterThan(100);
        expect(shown.every((p) => !p.disable)).toBe(true);
        expect(all.some((p) => p.disable)).toBe(true);
        expect(all.length).toBeGreaterThan(shown.length);
      });

      it('derives totalPrice from price and discount', async () => {
        for (const p of await products()) {
          expect(p.totalPrice).toBe(Math.round((p.price - (p.price * p.discount) / 100) * 100) / 100);
        }
      });

      it('searches by part of the name, ignoring case', async () => {
        const target = (await products())[0]!;
        const term = target.name.split(' ')[1]!.slice(0, 4).toLowerCase();
        const found = (await call<Product[]>('get', '/products', { query: { name: term } })).body;
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((p) => p.name.toLowerCase().includes(term))).toBe(true);
        expect((await call<Product[]>('get', '/products', { query: { name: 'zzzz-nothing' } })).body).toEqual([]);
      });

      it('shows a disabled product to an Admin only', async () => {
        const disabled = (await products(ADMIN)).find((p) => p.disable)!;
        expect((await call('get', `/products/${disabled.id}`)).status).toBe(404);
        expect((await call('get', `/products/${disabled.id}`, { as: SHOPPER })).status).toBe(404);
        expect((await call('get', `/products/${disabled.id}`, { as: ADMIN })).status).toBe(200);
      });

      it('answers 404 for an unknown id and 400 naming the field for a bad one', async () => {
        expect(errorOf((await call('get', '/products/999999')).body).code).toBe('not_found');
        const bad = await call('get', '/products/abc');
        expect(bad.status).toBe(400);
        expect(errorOf(bad.body).field).toBe('id');
      });

      const newProduct = {
        name: 'Velvet Test Lipstick',
        price: 20,
        brand: 'dior',
        category: 'lipstick',
        stock: 7,
        description: '<p>Soft</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        image: '/images/products/lipstick-a4161a.svg',
        discount: 25,
      };

      it('refuses a credential that is not a bearer token with 401, on a read a visitor may make too', async () => {
        for (const authorization of ['Basic eDp5', 'Bearer ', 'Token abc']) {
          const response = await fetch(`${b.baseUrl}/products?name=Velvet`, { headers: { authorization } });
          expect(response.status, authorization).toBe(401);
          expect(errorOf(await response.json()).code).toBe('unauthorized');
        }
      });

      it('answers an anonymous write 401 whatever its body: hostile, malformed, nested deep or empty', async () => {
        const writes = [
          ['post', '/products'], ['put', '/products'], ['patch', '/products/bulk'], ['post', '/products/import'], ['put', '/products/rating'],
          ['post', '/cart/bulk'], ['put', '/cart/quantity'], ['post', '/users'], ['put', '/users'], ['post', '/users/delete'], ['put', '/users/type'],
          ['post', '/comments'], ['post', '/favorites'], ['delete', '/favorites'], ['post', '/payments'], ['post', '/orders'], ['patch', '/orders'],
        ] as const;
        const bodies = ['{"__proto__":{}}', '{"constructor":{"prototype":{"admin":true}}}', 'not json', '['.repeat(10_000) + ']'.repeat(10_000), '{}', ''];
        for (const [method, path] of writes) {
          for (const raw of bodies) {
            const answer = await call(method, path, { raw });
            expect([method, path, raw.slice(0, 20), answer.status]).toEqual([method, path, raw.slice(0, 20), 401]);
            expect(errorOf(answer.body).code).toBe('unauthorized');
          }
        }
      });

      it("answers a shopper 403 on an Admin's write whatever its body, before reading it", async () => {
        const adminWrites = [['post', '/products'], ['put', '/products'], ['patch', '/products/bulk'], ['post', '/products/import'], ['post', '/users/delete'], ['put', '/users/type'], ['patch', '/orders']] as const;
        for (const [method, path] of adminWrites) {
          for (const raw of ['{"__proto__":{}}', 'not json', '['.repeat(5_000) + ']'.repeat(5_000), '']) {
            const answer = await call(method, path, { as: SHOPPER, raw });
            expect([method, path, raw.slice(0, 20), answer.status]).toEqual([method, path, raw.slice(0, 20), 403]);
            expect(errorOf(answer.body)).toEqual({ code: 'forbidden', message: 'Only an Admin may do this.' });
          }
        }
      });

      it('refuses a body nested deeper than 32 with 400 naming the body, before reading it', async () => {
        const deep = (depth: number) => `{"userId":"${SHOPPER.uid}","productId":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
        const refused = await call('post', '/favorites', { as: SHOPPER, raw: deep(40) });
        expect(refused.status).toBe(400);
        expect(errorOf(refused.body)).toMatchObject({ code: 'bad_request', field: 'body' });
        // As deep as the bound is read, and refused by the contract for what it is.
        expect(errorOf((await call('post', '/favorites', { as: SHOPPER, raw: deep(31) })).body).field).toBe('productId');
      });

      it('lets only an Admin create products, sanitising the description', async () => {
        expect((await call('post', '/products', { body: newProduct })).status).toBe(401);
        expect((await call('post', '/products', { as: SHOPPER, body: newProduct })).status).toBe(403);
        const made = await call<Product>('post', '/products', { as: ADMIN, body: newProduct });
        expect(made.status).toBe(201);
        expect(made.body).toMatchObject({ name: newProduct.name, totalPrice: 15, disable: false, rank: 0 });
        expect(made.body.description).toBe('<p>Soft</p>');
        expect((await call('get', `/products/${made.body.id}`)).status).toBe(200);
      });

      it('refuses bad and unknown fields with 400 naming the field, storing nothing', async () => {
        const before = (await products(ADMIN)).length;
        const cases: [object, string][] = [
          [{ ...newProduct, price: -1 }, 'price'],
          [{ ...newProduct, brand: 'acme' }, 'brand'],
          [{ ...newProduct, discount: 101 }, 'discount'],
          [{ ...newProduct, name: 'ab' }, 'name'],
          [{ ...newProduct, rank: 5 }, 'rank'],
          [{ ...newProduct, name: undefined }, 'name'],
        ];
        for (const [body, field] of cases) {
          const reply = await call('post', '/products', { as: ADMIN, body });
          expect(reply.status).toBe(400);
          expect(errorOf(reply.body).field).toBe(field);
        }
        expect((await products(ADMIN)).length).toBe(before);
      });

      it("checks every field with the product form's rule on create, edit and bulk, changing nothing", async () => {
        const target = await inStock();
        const before = await shopState();
        const cases: [object, string, string][] = [
          [{ ...newProduct, name: '<b>Lipstick</b>' }, 'name', 'Minimum 3 and maximum 60 characters'],
          [{ ...newProduct, price: 1.5e-7 }, 'price', 'This value cannot be less than 0 and a maximum of 20 digits'],
          [{ ...newProduct, description: '      ' }, 'description', 'This field is required'],
          [{ ...newProduct, image: 'Upload Image' }, 'image', 'you must upload an image of the product'],
        ];
        for (const [body, field, message] of cases) {
          const made = await call('post', '/products', { as: ADMIN, body });
          expect(made.status).toBe(400);
          expect(errorOf(made.body)).toMatchObject({ field, message });
          const { brand: _b, category: _c, stock: _s, discount: _d, ...edit } = body as typeof newProduct;
          const edited = await call('put', '/products', { as: ADMIN, body: { ...edit, id: target.id } });
          expect(edited.status).toBe(400);
          expect(errorOf(edited.body)).toMatchObject({ field, message });
        }
        const bulk = await call('patch', '/products/bulk', { as: ADMIN, body: { ids: [target.id], discount: 101 } });
        expect(bulk.status).toBe(400);
        expect(errorOf(bulk.body).field).toBe('discount');
        expect(await shopState()).toEqual(before);
      });

      it('answers malformed JSON with 400', async () => {
        const reply = await call('post', '/products', { as: ADMIN, raw: '{"name": ' });
        expect(reply.status).toBe(400);
        expect(errorOf(reply.body).field).toBe('body');
      });

      it('lets an Admin edit a product', async () => {
        const target = await inStock();
        expect((await call('put', '/products', { as: SHOPPER, body: { id: target.id, price: 1 } })).status).toBe(403);
        expect((await call('put', '/products', { as: ADMIN, body: { id: 999999, price: 1 } })).status).toBe(404);
        const edited = await call<Product>('put', '/products', { as: ADMIN, body: { id: target.id, price: 40, discount: 10 } });
        expect(edited.body).toMatchObject({ id: target.id, price: 40, discount: 10, totalPrice: 36, name: target.name });
      });

      it('changes products in bulk all or nothing', async () => {
        const [a, c] = await products();
        const missing = await call('patch', '/products/bulk', { as: ADMIN, body: { ids: [a!.id, 999999], disable: true } });
        expect(missing.status).toBe(404);
        expect((await call<Product>('get', `/products/${a!.id}`)).body.disable).toBe(false);
        const done = await call<Product[]>('patch', '/products/bulk', { as: ADMIN, body: { ids: [a!.id, c!.id], disable: true, discount: 30 } });
        expect(done.body.map((p) => [p.disable, p.discount])).toEqual([[true, 30], [true, 30]]);
        expect((await call('get', `/products/${a!.id}`)).status).toBe(404);
        expect((await call('patch', '/products/bulk', { as: SHOPPER, body: { ids: [a!.id], disable: false } })).status).toBe(403);
      });
    });

    describe('catalogue pages', () => cataloguePageTests({ call, admin: ADMIN, errorOf }));

    describe("the Admin's product table", () => productTablePageTests({ call, admin: ADMIN, shopper: SHOPPER, errorOf }));

    describe("an Admin's creates with an Idempotency-Key", () => {
      const secondAdmin = async () => {
        expect((await call('put', '/users/type', { as: ADMIN, body: { userId: SHOPPER.uid, type: 'Admin' } })).status).toBe(200);
        return SHOPPER;
      };
      idempotencyKeyTests({ call, admin: ADMIN, secondAdmin, errorOf });
    });

    describe('ratings', () => {
      /** The product's rank and reviews once the shop's ratings given are added to the ones it has (DECISIONS.md: the mean of its ratings). */
      const ranked = (product: Product, ...given: number[]) => {
        const reviews = product.reviews + given.length;
        const sum = given.reduce((total, rating) => total + rating, product.rank * product.reviews);
        return { rank: reviews === 0 ? 0 : Math.round((sum / reviews) * 100) / 100, reviews };
      };
      const rate = (as: Identity, productId: number, rating: number) => call<Product>('put', '/products/rating', { as, body: { productId, userId: as.uid, rating } });
      const ownRating = async (as: Identity, productId: number) => (await call<{ rating: number | null }>('get', `/products/${productId}/rating`, { as })).body.rating;
      const listed = async (productId: number) => (await products()).find((p) => p.id === productId)!;

      it('add to the ratings a seeded product came with: one rating cannot replace them', async () => {
        const orders = (await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body;
        const bought = new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)));
        const seeded = (await products()).find((p) => bought.has(p.id) && p.reviews > 1)!;
        expect(seeded).toBeDefined();
        const lowest = await rate(BUYER, seeded.id, 0.5);
        expect(lowest.body).toMatchObject({ reviews: seeded.reviews + 1, rank: ranked(seeded, 0.5).rank });
        expect(lowest.body.rank).toBeGreaterThan(0.5);
        expect(await listed(seeded.id)).toMatchObject(ranked(seeded, 0.5));
        const replaced = await rate(BUYER, seeded.id, 5);
        expect(replaced.body).toMatchObject(ranked(seeded, 5));
        await placeOrder(seeded);
        expect((await rate(SHOPPER, seeded.id, 2)).body).toMatchObject(ranked(seeded, 5, 2));
        expect(await listed(seeded.id)).toMatchObject(ranked(seeded, 5, 2));
        expect(await ownRating(BUYER, seeded.id)).toBe(5);
        expect(await ownRating(SHOPPER, seeded.id)).toBe(2);
      });

      it("stop counting once the buyer's order is cancelled, unless another order of theirs holds the product; comments stay", async () => {
        const product = (await products()).find((p) => p.stock >= 2 && p.reviews > 0)!;
        const [first, second] = [await placeOrder(product), await placeOrder(product)];
        const cancel = (order: Order) => call<Order>('patch', '/orders', { as: ADMIN, body: { orderID: order.id, status: 'cancelled' } });
        const rated = await rate(SHOPPER, product.id, 1);
        expect(rated.body).toMatchObject(ranked(product, 1));
        const comment = { userId: SHOPPER.uid, productId: product.id, text: 'Lovely colour' };
        expect((await call('post', '/comments', { as: SHOPPER, body: comment })).status).toBe(201);

        expect((await cancel(first)).status).toBe(200);
        expect(await ownRating(SHOPPER, product.id)).toBe(1);
        expect(await listed(product.id)).toMatchObject(ranked(product, 1));

        expect((await cancel(second)).status).toBe(200);
        expect(await ownRating(SHOPPER, product.id)).toBeNull();
        expect(await listed(product.id)).toMatchObject(ranked(product));
        expect((await call<Product>('get', `/products/${product.id}`)).body).toMatchObject({ rank: product.rank, reviews: product.reviews });
        expect((await rate(SHOPPER, product.id, 1)).status).toBe(403);
        const comments = (await call<any[]>('get', '/comments', { query: { productId: product.id } })).body;
        expect(comments.filter((c) => c.userId === SHOPPER.uid).map((c) => c.text)).toEqual(['Lovely colour']);
      });

      it("leave the buyer's ratings of products a cancelled order did not hold as they were", async () => {
        const orders = (await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body;
        const open = orders.find((o) => o.status === 'open')!;
        const kept = orders.find((o) => o.status === 'approved')!.lines[0]!.productId;
        expect(open.lines.map((l) => l.productId)).not.toContain(kept);
        const before = await listed(kept);
        await rate(BUYER, kept, 4);
        expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: open.id, status: 'cancelled' } })).status).toBe(200);
        expect(await ownRating(BUYER, kept)).toBe(4);
        expect(await listed(kept)).toMatchObject(ranked(before, 4));
      });

      it('are for buyers who are not Banned or Blocked, in half steps, one per user', async () => {
        const productId = await boughtProductId();
        const rate = (as: Identity, rating: number) => call<Product>('put', '/products/rating', { as, body: { productId, userId: as.uid, rating } });
        expect((await rate(SHOPPER, 4)).status).toBe(403);
        expect((await rate(BANNED, 4)).status).toBe(403);
        const half = await rate(BUYER, 4.2);
        expect(half.status).toBe(400);
        expect(errorOf(half.body).field).toBe('rating');
        const before = (await call<Product>('get', `/products/${productId}`)).body;
        const first = await rate(BUYER, 5);
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject(ranked(before, 5));
        const second = await rate(BUYER, 3.5);
        expect(second.body).toMatchObject(ranked(before, 3.5));
        expect(before.id).toBe(productId);
        const forOther = await call('put', '/products/rating', { as: BUYER, body: { productId, userId: SHOPPER.uid, rating: 5 } });
        expect(forOther.status).toBe(403);
      });

      it('are read back by their author only: null before rating, the latest after', async () => {
        const productId = await boughtProductId();
        const own = (as?: Identity) => call<{ rating: number | null }>('get', `/products/${productId}/rating`, { as });
        expect((await own()).status).toBe(401);
        expect(await own(BUYER)).toEqual({ status: 200, body: { rating: null } });
        await call('put', '/products/rating', { as: BUYER, body: { productId, userId: BUYER.uid, rating: 4.5 } });
        expect((await own(BUYER)).body).toEqual({ rating: 4.5 });
        expect((await own(SHOPPER)).body).toEqual({ rating: null });
        await call('put', '/products/rating', { as: BUYER, body: { productId, userId: BUYER.uid, rating: 2 } });
        expect((await own(BUYER)).body).toEqual({ rating: 2 });
        expect((await call('get', '/products/999999/rating', { as: BUYER })).status).toBe(404);
      });
    });

    describe('cart', () => {
      it('is the owner’s or an Admin’s only', async () => {
        expect((await call('get', `/cart/${SHOPPER.uid}`)).status).toBe(401);
        expect((await call('get', `/cart/${BUYER.uid}`, { as: SHOPPER })).status).toBe(403);
        const own = await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER });
        expect(own.body).toMatchObject({ userId: SHOPPER.uid, lines: [], totalPrice: 0 });
        expect((await call('get', `/cart/${SHOPPER.uid}`, { as: ADMIN })).status).toBe(200);
        expect((await call('get', '/cart/nobody-here', { as: ADMIN })).status).toBe(404);
      });

      it('merges local lines, capped at stock, leaving out what cannot be sold', async () => {
        const all = await products(ADMIN);
        const few = all.find((p) => !p.disable && p.stock > 0 && p.stock < 50)!;
        const soldOut = all.find((p) => !p.disable && p.stock === 0)!;
        const disabled = all.find((p) => p.disable)!;
        const merged = await call<Cart>('post', '/cart/bulk', {
          as: SHOPPER,
          body: {
            userID: SHOPPER.uid,
            allProducts: [{ productId: few.id, quantity: 99 }, { productId: soldOut.id, quantity: 1 }, { productId: disabled.id, quantity: 1 }, { productId: 999999, quantity: 1 }],
          },
        });
        expect(merged.status).toBe(200);
        expect(merged.body.lines.map((l) => [l.productId, l.quantity])).toEqual([[few.id, few.stock]]);
        expect(merged.body.totalPrice).toBe(Math.round(few.totalPrice * few.stock * 100) / 100);
        const again = await call<Cart>('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId: few.id, quantity: 1 }] } });
        expect(again.body.lines).toHaveLength(1);
        expect(again.body.lines[0]!.quantity).toBe(few.stock);
      });

      it('changes quantities within stock, removes a line and clears', async () => {
        const [p1, p2] = (await products()).filter((p) => p.stock >= 3);
        const cart = (await call<Cart>('post', '/cart/bulk', {
          as: SHOPPER,
          body: { userID: SHOPPER.uid, allProducts: [{ productId: p1!.id, quantity: 1 }, { productId: p2!.id, quantity: 1 }] },
        })).body;
        const tooMany = await call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: p1!.id, newQuantity: p1!.stock + 1 } });
        expect(tooMany.status).toBe(400);
        expect(errorOf(tooMany.body).field).toBe('newQuantity');
        expect((await call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: p1!.id, newQuantity: 0 } })).status).toBe(400);
        expect((await call('put', '/cart/quantity', { as: BUYER, body: { cartID: cart.id, productID: p1!.id, newQuantity: 2 } })).status).toBe(403);
        expect((await call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: 999999, productID: p1!.id, newQuantity: 2 } })).status).toBe(404);
        const two = await call<Cart>('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: p1!.id, newQuantity: 3 } });
        expect(two.body.lines.find((l) => l.productId === p1!.id)!.quantity).toBe(3);
        const removed = await call<Cart>('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID: p1!.id } });
        expect(removed.body.lines.map((l) => l.productId)).toEqual([p2!.id]);
        expect((await call('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID: p1!.id } })).status).toBe(404);
        expect((await call('delete', `/cart/${SHOPPER.uid}`, { as: BUYER })).status).toBe(403);
        const cleared = await call<Cart>('delete', `/cart/${SHOPPER.uid}`, { as: SHOPPER });
        expect(cleared.body).toMatchObject({ lines: [], totalPrice: 0 });
      });

      describe('holds 100 lines at most', () => {
        const CART_FULL = 'Your cart can hold 100 products at most.';
        /** `count` products a cart can take two of, in catalogue order. */
        const stocked = async (count: number) => (await products()).filter((p) => p.stock >= 2).slice(0, count);
        const merge = (lines: Product[], quantity = 1) =>
          call<Cart>('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: lines.map((p) => ({ productId: p.id, quantity })) } });
        const linesOf = (cart: Cart) => cart.lines.map((l) => [l.productId, l.quantity]);

        it('refuses the 101st product with 409 and changes nothing; a line already there still changes', async () => {
          const chosen = await stocked(101);
          const full = await merge(chosen.slice(0, 100));
          expect(full.body.lines).toHaveLength(100);

          const refused = await merge(chosen.slice(100));
          expect(refused.status).toBe(409);
          expect(errorOf(refused.body)).toMatchObject({ code: 'conflict', message: CART_FULL });
          const refusedWithRaise = await merge([chosen[0]!, chosen[100]!], 2);
          expect(refusedWithRaise.status).toBe(409);
          expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body).toEqual(full.body);

          const changed = await call<Cart>('put', '/cart/quantity', { as: SHOPPER, body: { cartID: full.body.id, productID: chosen[0]!.id, newQuantity: 2 } });
          expect(changed.status).toBe(200);
          expect(linesOf(changed.body)).toEqual([[chosen[0]!.id, 2], ...linesOf(full.body).slice(1)]);
          const raised = await merge([chosen[1]!], 2);
          expect(raised.status).toBe(200);
          expect(linesOf(raised.body)).toEqual([[chosen[0]!.id, 2], [chosen[1]!.id, 2], ...linesOf(full.body).slice(2)]);
        });

        it('merges into a cart of 95 lines the first 5 new products it is sent and leaves out the rest', async () => {
          const chosen = await stocked(105);
          await merge(chosen.slice(0, 95));
          const merged = await merge(chosen.slice(95));
          expect(merged.status).toBe(200);
          expect(merged.body.lines.map((l) => l.productId)).toEqual(chosen.slice(0, 100).map((p) => p.id));
          expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body).toEqual(merged.body);
        });

        it('takes one of several products added at once to a cart with room for one', async () => {
          const chosen = await stocked(104);
          await merge(chosen.slice(0, 99));
          const answers = await Promise.all(chosen.slice(99).map((p) => merge([p])));
          expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
          expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.lines).toHaveLength(100);
        });
      });

      it('answers the same for a product that is not there and a disabled one: a shopper cannot tell hidden ids apart', async () => {
        const disabled = (await products(ADMIN)).find((p) => p.disable)!;
        const [held] = await products();
        const cart = (await call<Cart>('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId: held!.id, quantity: 1 }] } })).body;
        /** Every cart and favourites call a shopper can make with a product id, in turn. */
        async function answers(productId: number) {
          const calls = {
            'POST /cart/bulk': () => call('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId, quantity: 1 }] } }),
            'PUT /cart/quantity': () => call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: cart.id, productID: productId, newQuantity: 1 } }),
            'DELETE /cart': () => call('delete', '/cart', { as: SHOPPER, query: { cartID: cart.id, productID: productId } }),
            'POST /favorites': () => call('post', '/favorites', { as: SHOPPER, body: { userId: SHOPPER.uid, productId } }),
            'DELETE /favorites': () => call('delete', '/favorites', { as: SHOPPER, body: { userId: SHOPPER.uid, productId } }),
          };
          const replies: Record<string, { status: number; body: unknown }> = {};
          for (const [name, send] of Object.entries(calls)) replies[name] = await send();
          return replies;
        }
        const unknown = await answers(999999);
        expect(await answers(disabled.id)).toEqual(unknown);
        expect(unknown['POST /cart/bulk']).toEqual({ status: 200, body: cart });
      });
    });

    describe('users', () => {
      it('are listed to an Admin; others may read only themselves', async () => {
        expect((await call('get', '/users')).status).toBe(401);
        expect((await call('get', '/users', { as: SHOPPER })).status).toBe(403);
        const all = await call<User[]>('get', '/users', { as: ADMIN });
        expect(all.body.filter((u) => !seededShopper(u)).map((u) => u.type).sort()).toEqual(['Admin', 'Banned', 'Blocked', 'User', 'User', 'User']);
        expect(all.body.filter(seededShopper).every((u) => u.type === 'User')).toBe(true);
        expect((await call<User[]>('get', '/users', { as: SHOPPER, query: { userId: SHOPPER.uid } })).body.map((u) => u.email)).toEqual([SHOPPER.email]);
        expect((await call('get', '/users', { as: SHOPPER, query: { userId: BUYER.uid } })).status).toBe(403);
        expect((await call<User>('get', `/users/${SHOPPER.email}`, { as: SHOPPER })).body.id).toBe(SHOPPER.uid);
        expect((await call('get', `/users/${BUYER.email}`, { as: SHOPPER })).status).toBe(403);
        expect((await call<User>('get', `/users/${BUYER.email}`, { as: ADMIN })).body.id).toBe(BUYER.uid);
        expect((await call('get', '/users/nobody@makeup.test', { as: ADMIN })).status).toBe(404);
      });

      it('are created from the verified identity as type User, once', async () => {
        expect((await call('post', '/users', { body: { username: 'newperson1' } })).status).toBe(401);
        expect((await call('post', '/users', { token: 'forged', body: { username: 'newperson1' } })).status).toBe(401);
        expect((await call('get', `/cart/${NEWCOMER.uid}`, { as: NEWCOMER })).status).toBe(403);
        expect((await call('get', '/users', { as: NEWCOMER, query: { userId: NEWCOMER.uid } })).body).toEqual([]);
        expect((await call('get', '/users', { as: NEWCOMER, query: { userId: SHOPPER.uid } })).status).toBe(403);
        const sneaky = await call('post', '/users', { as: NEWCOMER, body: { username: 'newperson1', type: 'Admin' } });
        expect(sneaky.status).toBe(400);
        expect(errorOf(sneaky.body).field).toBe('type');
        const taken = await call('post', '/users', { as: NEWCOMER, body: { username: DEMO_USER.username } });
        expect(taken.status).toBe(409);
        const made = await call<User>('post', '/users', { as: NEWCOMER, body: { username: 'newperson1' } });
        expect(made.status).toBe(201);
        expect(made.body).toMatchObject({ id: NEWCOMER.uid, email: NEWCOMER.email, type: 'User', username: 'newperson1' });
        const again = await call<User>('post', '/users', { as: NEWCOMER, body: { username: 'otherName1' } });
        expect(again.status).toBe(200);
        expect(again.body.username).toBe('newperson1');
      });

      it('edit their own profile; an Admin may edit anyone', async () => {
        const own = await call<User>('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { username: 'brunoNew1', img: '/uploads/b.webp' } } });
        expect(own.body).toMatchObject({ username: 'brunoNew1', img: '/uploads/b.webp', type: 'User' });
        expect((await call('put', '/users', { as: SHOPPER, body: { userId: BUYER.uid, newUser: { username: 'hacker123' } } })).status).toBe(403);
        const selfPromote = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { type: 'Admin' } } });
        expect(selfPromote.status).toBe(400);
        expect((await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { username: DEMO_USER.username } } })).status).toBe(409);
        expect((await call('put', '/users', { as: ADMIN, body: { userId: BUYER.uid, newUser: { username: 'anaRenamed1' } } })).status).toBe(200);
        expect((await call('put', '/users', { as: ADMIN, body: { userId: 'nobody', newUser: { username: 'x12345678' } } })).status).toBe(404);
      });

      it("refuses a username that breaks the spec's rule with its message, on sign-up and on edit, changing nothing", async () => {
        const before = await shopState();
        for (const username of [XSS, 'short1', '1anabelle']) {
          const made = await call('post', '/users', { as: NEWCOMER, body: { username } });
          expect(made.status).toBe(400);
          expect(errorOf(made.body)).toMatchObject({ field: 'username', message: USERNAME_RULE });
          const edited = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { username } } });
          expect(edited.status).toBe(400);
          expect(errorOf(edited.body)).toMatchObject({ field: 'newUser.username', message: USERNAME_RULE });
        }
        expect(await shopState()).toEqual(before);
      });

      it('take the email from the sign-in account only: PUT /users cannot set it, so nobody squats another’s', async () => {
        const before = await shopState();
        for (const [as, userId] of [[SHOPPER, SHOPPER.uid], [ADMIN, BUYER.uid]] as const) {
          const squat = await call('put', '/users', { as, body: { userId, newUser: { email: 'victim@makeup.test' } } });
          expect(squat.status).toBe(400);
          expect(errorOf(squat.body).field).toBe('newUser.email');
          const mixed = await call('put', '/users', { as, body: { userId, newUser: { username: 'someoneNew1', email: NEWCOMER.email } } });
          expect(mixed.status).toBe(400);
          expect(errorOf(mixed.body).field).toBe('newUser.email');
        }
        expect(await shopState()).toEqual(before);
        const made = await call<User>('post', '/users', { as: NEWCOMER, body: { username: 'newperson1' } });
        expect(made.body.email).toBe(NEWCOMER.email);
      });

      it('stay Banned: a Banned user cannot change its type, nor come back as a fresh User once deleted', async () => {
        const banned = leaving('banned');
        expect((await call('post', '/users', { as: banned, body: { username: 'bannedSoon1' } })).status).toBe(201);
        expect((await call('put', '/users/type', { as: ADMIN, body: { userId: banned.uid, type: 'Banned' } })).status).toBe(200);
        const again = await call<User>('post', '/users', { as: banned, body: { username: 'freshStart1' } });
        expect(again.body).toMatchObject({ id: banned.uid, type: 'Banned', username: 'bannedSoon1' });
        expect((await call('put', '/users', { as: banned, body: { userId: banned.uid, newUser: { type: 'User' } } })).status).toBe(400);
        expect((await call('put', '/users/type', { as: banned, body: { userId: banned.uid, type: 'User' } })).status).toBe(403);
        expect((await call('delete', `/users/${banned.uid}`, { as: ADMIN })).status).toBe(204);
        await b.enableAccount(banned);
        const before = await shopState();
        const fresh = await call('post', '/users', { as: banned, body: { username: 'freshStart1' } });
        expect(fresh.status).toBe(403);
        expect(await shopState()).toEqual(before);
      });

      it('change type by an Admin only, never their own, never to Blocked', async () => {
        expect((await call('put', '/users/type', { as: SHOPPER, body: { userId: SHOPPER.uid, type: 'Admin' } })).status).toBe(403);
        expect((await call('put', '/users/type', { as: ADMIN, body: { userId: ADMIN.uid, type: 'User' } })).status).toBe(409);
        const blocked = await call('put', '/users/type', { as: ADMIN, body: { userId: SHOPPER.uid, type: 'Blocked' } });
        expect(blocked.status).toBe(400);
        expect(errorOf(blocked.body).field).toBe('type');
        expect((await call('put', '/users/type', { as: ADMIN, body: { userId: 'nobody', type: 'User' } })).status).toBe(404);
        const banned = await call<User>('put', '/users/type', { as: ADMIN, body: { userId: SHOPPER.uid, type: 'Banned' } });
        expect(banned.body.type).toBe('Banned');
      });

      // Deleting disables the sign-in account, so these tests delete people of their own, never the demo people.
      it('are deleted by an Admin, never the Admin itself, in bulk all or nothing', async () => {
        const [first, second, third] = [leaving('first'), leaving('second'), leaving('third')];
        for (const [who, username] of [[first, 'leavingFirst1'], [second, 'leavingSecond1'], [third, 'leavingThird1']] as const) {
          expect((await call('post', '/users', { as: who, body: { username } })).status).toBe(201);
        }
        const count = (await call<User[]>('get', '/users', { as: ADMIN })).body.length;
        expect((await call('delete', `/users/${first.uid}`, { as: BUYER })).status).toBe(403);
        expect((await call('delete', `/users/${ADMIN.uid}`, { as: ADMIN })).status).toBe(409);
        expect((await call('delete', `/users/${first.uid}`, { as: ADMIN })).status).toBe(204);
        expect((await call('delete', `/users/${first.uid}`, { as: ADMIN })).status).toBe(404);
        const withSelf = await call('post', '/users/delete', { as: ADMIN, body: { ids: [second.uid, ADMIN.uid] } });
        expect(withSelf.status).toBe(409);
        const withUnknown = await call('post', '/users/delete', { as: ADMIN, body: { ids: [second.uid, 'nobody'] } });
        expect(withUnknown.status).toBe(404);
        expect((await call<User[]>('get', '/users', { as: ADMIN })).body.some((u) => u.id === second.uid)).toBe(true);
        expect((await call('post', '/users/delete', { as: ADMIN, body: { ids: [second.uid, third.uid] } })).status).toBe(204);
        expect((await call<User[]>('get', '/users', { as: ADMIN })).body).toHaveLength(count - 3);
      });

      it('stay deleted: the sign-in account is disabled and the same identity cannot come back as a new User', async () => {
        const [one, other] = [leaving('one'), leaving('other')];
        expect((await call('post', '/users', { as: one, body: { username: 'leavingOne1' } })).status).toBe(201);
        expect((await call('post', '/users', { as: other, body: { username: 'leavingTwo1' } })).status).toBe(201);
        expect((await call('delete', `/users/${one.uid}`, { as: ADMIN })).status).toBe(204);
        expect((await call('post', '/users/delete', { as: ADMIN, body: { ids: [other.uid] } })).status).toBe(204);
        const before = await shopState();
        for (const who of [one, other]) {
          // The token no longer verifies: the account cannot sign in.
          expect((await call('post', '/users', { as: who, body: { username: 'comingBack1' } })).status).toBe(401);
          // Even once the account is enabled again, the tombstone keeps the shop user from coming back.
          await b.enableAccount(who);
          const back = await call('post', '/users', { as: who, body: { username: 'comingBack1' } });
          expect(back.status).toBe(403);
          expect(errorOf(back.body).message).toBe('This account was deleted from the shop and cannot be opened again. Please contact support.');
          expect((await call('get', '/users', { as: who, query: { userId: who.uid } })).body).toEqual([]);
        }
        expect(await shopState()).toEqual(before);
      });
    });

    describe('comments', () => {
      it('are public to read and written by buyers who may review', async () => {
        const productId = await boughtProductId();
        const post = (as: Identity, text = 'Lovely colour') => call('post', '/comments', { as, body: { userId: as.uid, productId, text } });
        expect((await call('post', '/comments', { body: { userId: BUYER.uid, productId, text: 'x' } })).status).toBe(401);
        expect((await post(SHOPPER)).status).toBe(403);
        expect((await post(BANNED)).status).toBe(403);
        const blank = await post(BUYER, '   ');
        expect(blank.status).toBe(400);
        expect(errorOf(blank.body)).toMatchObject({ field: 'text', message: 'This field is required' });
        const long = await post(BUYER, 'a'.repeat(1001));
        expect(long.status).toBe(400);
        expect(errorOf(long.body).field).toBe('text');
        const seededComments = (await call<any[]>('get', '/comments', { query: { productId } })).body.map((c) => [c.text, c.user.username]);
        const made = await post(BUYER);
        expect(made.status).toBe(201);
        const list = await call<any[]>('get', '/comments', { query: { productId } });
        expect(list.body.map((c) => [c.text, c.user.username])).toEqual([['Lovely colour', DEMO_USER.username], ...seededComments]);
        expect((await call('get', '/comments', { query: { productId: 999999 } })).status).toBe(404);
        const id = (made.body as { id: number }).id;
        expect((await call('delete', '/comments', { as: SHOPPER, query: { commentId: id } })).status).toBe(403);
        expect((await call('delete', '/comments', { as: BUYER, query: { commentId: id } })).status).toBe(204);
        expect((await call('delete', '/comments', { as: BUYER, query: { commentId: id } })).status).toBe(404);
      });

      it('come seeded on the seeded products, a few of their ratings, each by a shopper who bought the product before writing', async () => {
        const rated = (await products()).filter((p) => p.reviews >= 10).slice(0, 3);
        expect(rated).toHaveLength(3);
        for (const product of rated) {
          const seededProduct = seededCatalogue.find((p) => p.id === product.id)!;
          expect([product.rank, product.reviews]).toEqual([seededProduct.rank, seededProduct.reviews]);
          const comments = (await call<Comment[]>('get', '/comments', { query: { productId: product.id } })).body;
          expect(comments.length).toBeGreaterThanOrEqual(3);
          expect(comments.length).toBeLessThan(product.reviews);
          for (const comment of comments) {
            const orders = (await call<Order[]>('get', '/userOrders', { as: ADMIN, query: { userID: comment.userId } })).body;
            const bought = orders.find((o) => o.status === 'approved' && o.lines.some((l) => l.productId === product.id));
            expect(bought, `${comment.user.username} bought ${product.name}`).toBeDefined();
            expect(Date.parse(bought!.history.at(-1)!.at)).toBeLessThan(Date.parse(comment.createdAt));
          }
        }
      });
    });

    describe('favourites', () => {
      it('are kept per user without duplicates', async () => {
        const [a, c] = await products();
        const fav = (method: 'post' | 'delete', productId: number, as = SHOPPER) =>
          call<number[]>(method, '/favorites', { as, body: { userId: SHOPPER.uid, productId } });
        expect((await fav('post', a!.id)).body).toEqual([a!.id]);
        expect((await fav('post', a!.id)).body).toEqual([a!.id]);
        expect((await fav('post', c!.id)).body).toEqual([a!.id, c!.id]);
        expect((await fav('post', 999999)).status).toBe(404);
        expect((await fav('post', a!.id, BUYER)).status).toBe(403);
        expect((await fav('delete', a!.id)).body).toEqual([c!.id]);
        expect((await call('get', '/favorites', { as: SHOPPER, query: { userId: SHOPPER.uid } })).body).toEqual([c!.id]);
        expect((await call('get', '/favorites', { as: BUYER, query: { userId: SHOPPER.uid } })).status).toBe(403);
      });

      it('an Admin adding one for a user the shop does not hold gets 404, and nothing is written (it answered 500 on the SQL store)', async () => {
        const [a] = await products();
        const nobody = 'no-such-user-0001';
        const added = await call<{ error: { code: string; message: string } }>('post', '/favorites', { as: ADMIN, body: { userId: nobody, productId: a!.id } });
        expect(added.status).toBe(404);
        expect(added.body.error).toEqual({ code: 'not_found', message: 'User not found.' });
        expect((await call('get', '/favorites', { as: ADMIN, query: { userId: nobody } })).body).toEqual([]);
      });
    });

    describe('checkout and orders', () => {
      async function fillCart(as: Identity, quantity: number) {
        const product = await inStock(quantity);
        await call('post', '/cart/bulk', { as, body: { userID: as.uid, allProducts: [{ productId: product.id, quantity }] } });
        return product;
      }

      it('pays the database total, creates the order once, takes the stock and empties the cart', async () => {
        expect((await call('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).status).toBe(409);
        const product = await fillCart(SHOPPER, 2);
        expect((await call('post', '/payments', { as: SHOPPER, body: { userID: BUYER.uid } })).status).toBe(403);
        const payment = await call<{ id: string; amount: number; provider: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } });
        expect(payment.status).toBe(201);
        expect(payment.body.amount).toBe(Math.round(product.totalPrice * 2 * 100) / 100);
        const order = { status: 'open', userID: SHOPPER.uid, address: 'Argentina, Cordoba, San Martin 1234', paymentId: payment.body.id };
        expect((await call('post', '/orders', { as: BUYER, body: { ...order, userID: BUYER.uid } })).status).toBe(404);
        expect((await call('post', '/orders', { as: SHOPPER, body: { ...order, paymentId: 'TEST-unknown' } })).status).toBe(404);
        expect((await call('post', '/orders', { as: SHOPPER, body: { ...order, status: 'approved' } })).status).toBe(400);
        const made = await call<Order>('post', '/orders', { as: SHOPPER, body: order });
        expect(made.status).toBe(201);
        expect(made.body).toMatchObject({ status: 'open', userId: SHOPPER.uid, userEmail: SHOPPER.email, totalPrice: payment.body.amount });
        expect(made.body.lines).toEqual([{ productId: product.id, name: product.name, image: product.image, quantity: 2, unitPrice: product.totalPrice }]);
        expect(made.body.history).toEqual([{ status: 'open', at: made.body.createdAt, by: { userId: SHOPPER.uid, email: SHOPPER.email } }]);
        expect((await call<Product>('get', `/products/${product.id}`)).body.stock).toBe(product.stock - 2);
        expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.lines).toEqual([]);
        const replay = await call<Order>('post', '/orders', { as: SHOPPER, body: order });
        expect(replay.status).toBe(200);
        expect(replay.body.id).toBe(made.body.id);
        expect((await call<Product>('get', `/products/${product.id}`)).body.stock).toBe(product.stock - 2);
        expect(replay.body.history).toEqual(made.body.history);
        const mine = await call<Order[]>('get', '/userOrders', { as: SHOPPER, query: { userID: SHOPPER.uid } });
        expect(mine.body).toEqual([made.body]);
        expect((await call<Order[]>('get', '/orders', { as: ADMIN })).body.find((o) => o.id === made.body.id)).toEqual(made.body);
      });

      it('refuses a payment whose cart changed before the order', async () => {
        const product = await fillCart(SHOPPER, 1);
        const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
        await call('put', '/products', { as: ADMIN, body: { id: product.id, price: Math.round((product.price + 10) * 100) / 100 } });
        const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
        const order = await call('post', '/orders', { as: SHOPPER, body });
        expect(order.status).toBe(409);
        expect(errorOf(order.body).message).toBe('Your cart changed after payment started.');
        expect((await call<Product>('get', `/products/${product.id}`)).body.stock).toBe(product.stock);
        expect((await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.lines).toHaveLength(1);
        // Refused before capture, so nothing was charged: with the price back, the same payment makes the order.
        await call('put', '/products', { as: ADMIN, body: { id: product.id, price: product.price } });
        const replay = await call('post', '/orders', { as: SHOPPER, body });
        expect(replay.status).toBe(201);
      });

      it("refuses another user's payment and a payment refunded by cancelling its order, changing nothing", async () => {
        await fillCart(SHOPPER, 1);
        const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
        const body = { status: 'open', userID: SHOPPER.uid, address: 'Spain, Madrid, Gran Via 123', paymentId: payment.id };
        await fillCart(BUYER, 1);
        let before = await shopState();
        const foreign = await call('post', '/orders', { as: BUYER, body: { ...body, userID: BUYER.uid } });
        expect(foreign.status).toBe(404);
        expect(errorOf(foreign.body).message).toBe('Payment not found.');
        expect(await shopState()).toEqual(before);

        const made = await call<Order>('post', '/orders', { as: SHOPPER, body });
        expect(made.status).toBe(201);
        expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: made.body.id, status: 'cancelled' } })).status).toBe(200);
        const line = made.body.lines[0]!;
        await fillCart(SHOPPER, line.quantity);
        before = await shopState();
        const replay = await call('post', '/orders', { as: SHOPPER, body });
        expect(replay.status).toBe(409);
        expect(errorOf(replay.body).message).toBe('This payment was refunded. Please pay again.');
        expect(await shopState()).toEqual(before);
      });

      it("refuses an address the shipping form could not have made, naming the field; the payment stays usable", async () => {
        await fillCart(SHOPPER, 1);
        const payment = (await call<{ id: string }>('post', '/payments', { as: SHOPPER, body: { userID: SHOPPER.uid } })).body;
        const before = await shopState();
        for (const [address, message] of [
          [XSS, 'Missing fields!'],
          ['Spain, Madrid, Gran Via 12', "it's too short !"],
          ['Spain, <b>Madrid</b>, Gran Via 123', 'only letters!'],
        ]) {
          const refused = await call('post', '/orders', { as: SHOPPER, body: { status: 'open', userID: SHOPPER.uid, address, paymentId: payment.id } });
          expect(refused.status).toBe(400);
          expect(errorOf(refused.body)).toMatchObject({ field: 'address', message });
        }
        expect(await shopState()).toEqual(before);
        const made = await call('post', '/orders', { as: SHOPPER, body: { status: 'open', userID: SHOPPER.uid, address: 'España, Córdoba, Los Álamos 123', paymentId: payment.id } });
        expect(made.status).toBe(201);
      });

      it('lists all orders to an Admin and moves status forward only; cancelling hides the order and restocks', async () => {
        expect((await call('get', '/orders', { as: SHOPPER })).status).toBe(403);
        expect((await call('get', '/userOrders', { as: SHOPPER, query: { userID: BUYER.uid } })).status).toBe(403);
        const orders = (await call<Order[]>('get', '/orders', { as: ADMIN })).body;
        const open = orders.find((o) => o.status === 'open')!;
        const approved = orders.find((o) => o.status === 'approved' && o.userId === BUYER.uid)!;
        expect(open.userEmail).toBe(BUYER.email);
        const set = (orderID: number, status: string, as = ADMIN) => call<Order>('patch', '/orders', { as, body: { orderID, status } });
        expect((await set(open.id, 'processing', BUYER)).status).toBe(403);
        expect((await set(open.id, 'shipped')).status).toBe(400);
        expect((await set(999999, 'created')).status).toBe(404);
        expect(approved.history.map((h) => h.status)).toEqual(['open', 'created', 'processing', 'approved']);
        const processing = await set(open.id, 'processing');
        expect(processing.body.status).toBe('processing');
        expect(processing.body.history.slice(0, -1)).toEqual(open.history);
        expect(processing.body.history.at(-1)).toMatchObject({ status: 'processing', by: { userId: ADMIN.uid, email: ADMIN.email } });
        expect(Date.parse(processing.body.history.at(-1)!.at)).toBeGreaterThanOrEqual(Date.parse(open.history.at(-1)!.at));
        expect((await set(open.id, 'created')).status).toBe(409);
        expect((await set(approved.id, 'cancelled')).status).toBe(409);
        const line = open.lines[0]!;
        const stockBefore = (await call<Product>('get', `/products/${line.productId}`, { as: ADMIN })).body.stock;
        expect((await set(open.id, 'cancelled')).body.status).toBe('cancelled');
        expect((await call<Product>('get', `/products/${line.productId}`, { as: ADMIN })).body.stock).toBe(stockBefore + line.quantity);
        expect((await call<Order[]>('get', '/orders', { as: ADMIN })).body.map((o) => o.id)).not.toContain(open.id);
        expect((await call<Order[]>('get', '/userOrders', { as: BUYER, query: { userID: BUYER.uid } })).body.map((o) => o.id)).toEqual([approved.id]);
      });
    });

    describe("the Admin's orders table", () => orderTablePageTests({ call, admin: ADMIN, shopper: ORDERING, buyer: BUYER, errorOf }));

    describe('order status moves', () => {
      const STATUSES = ['open', 'created', 'processing', 'approved', 'cancelled'] as const;
      type Status = (typeof STATUSES)[number];
      /** DECISIONS.md "Order status": open -> created -> processing -> approved, forward only; cancelled from any state but approved. */
      const ALLOWED: Record<Status, Status[]> = {
        open: ['created', 'processing', 'approved', 'cancelled'],
        created: ['processing', 'approved', 'cancelled'],
        processing: ['approved', 'cancelled'],
        approved: [],
        cancelled: [],
      };
      /** Walks that together take every allowed move at least once. */
      const WALKS: Status[][] = [
        ['created', 'processing', 'approved'],
        ['processing', 'cancelled'],
        ['approved'],
        ['created', 'approved'],
        ['created', 'cancelled'],
        ['cancelled'],
      ];

      it('takes every allowed move, adding one history entry by the Admin; refuses every other with 409, changing nothing', async () => {
        const set = (orderID: number, status: Status) => call<Order>('patch', '/orders', { as: ADMIN, body: { orderID, status } });
        const taken = new Set<string>();
        const refusalsTried = new Set<Status>();
        /** The first time an order is in a status: every move the table does not allow is refused, and nothing changes. */
        async function refuseOnce(order: Order) {
          const from = order.status as Status;
          if (refusalsTried.has(from)) return;
          refusalsTried.add(from);
          for (const refused of STATUSES.filter((s) => !ALLOWED[from].includes(s))) {
            const before = await shopState();
            const answer = await set(order.id, refused);
            expect(answer.status, `${from} -> ${refused}`).toBe(409);
            expect(errorOf(answer.body).code).toBe('conflict');
            expect(await shopState()).toEqual(before);
          }
        }
        for (const walk of WALKS) {
          let order = await placeOrder();
          for (const to of walk) {
            await refuseOnce(order);
            const moved = await set(order.id, to);
            expect(moved.status, `${order.status} -> ${to}`).toBe(200);
            expect(moved.body.status).toBe(to);
            expect(moved.body.history.slice(0, -1)).toEqual(order.history);
            expect(moved.body.history.at(-1)).toMatchObject({ status: to, by: { userId: ADMIN.uid, email: ADMIN.email } });
            taken.add(`${order.status} -> ${to}`);
            order = moved.body;
          }
          await refuseOnce(order);
          if (order.status !== 'cancelled') {
            const listed = (await call<Order[]>('get', '/orders', { as: ADMIN })).body.find((o) => o.id === order.id);
            expect(listed?.history).toEqual(order.history);
          }
        }
        const every = STATUSES.flatMap((from) => ALLOWED[from].map((to) => `${from} -> ${to}`));
        expect([...taken].sort()).toEqual(every.sort());
        expect([...refusalsTried].sort()).toEqual([...STATUSES].sort());
        // Some forty reads of the whole shop, the seed's hundreds of orders each time.
      }, 30_000);
    });

    describe('back office', () => {
      const DAY_MS = 24 * 60 * 60 * 1000;
      const utcDay = (moment: Date | string | number) => new Date(moment).toISOString().slice(0, 10);
      const sumOf = (amounts: number[]) => amounts.reduce((cents, amount) => cents + Math.round(amount * 100), 0) / 100;

      /** The dashboard's figures as the shop's own lists show them (openapi.yaml, Stats), for the given days. */
      async function statsOfTheLists(days: string[]): Promise<Stats> {
        const { products: all, users, orders } = await shopState();
        const sold = orders.filter((o) => o.status !== 'cancelled');
        const sales = (list: Order[]) => ({ total: sumOf(list.map((o) => o.totalPrice)), orders: list.length });
        const ofType = (type: string) => users.filter((u) => u.type === type).length;
        return {
          products: {
            active: all.filter((p) => !p.disable && p.stock > 0).length,
            total: all.length,
            unavailable: all.filter((p) => p.disable || p.stock === 0).length,
          },
          users: { total: users.length, admins: ofType('Admin'), users: ofType('User'), banned: ofType('Banned'), blocked: ofType('Blocked') },
          sales: sales(sold),
          salesPerDay: days.map((day) => ({ day, ...sales(sold.filter((o) => utcDay(o.createdAt) === day)) })),
        };
      }

      /** GET /stats: the 30 days ending today (UTC), each once, and every figure equal to what the lists show. */
      async function statsMatchingTheShop(): Promise<Stats> {
        const before = utcDay(Date.now());
        const reply = await call<Stats>('get', '/stats', { as: ADMIN });
        const after = utcDay(Date.now());
        expect(reply.status).toBe(200);
        const days = reply.body.salesPerDay.map((d) => d.day);
        expect([before, after]).toContain(days.at(-1));
        const today = Date.parse(days.at(-1)!);
        expect(days).toEqual(Array.from({ length: 30 }, (_, i) => utcDay(today - (29 - i) * DAY_MS)));
        expect(reply.body).toEqual(await statsOfTheLists(days));
        return reply.body;
      }

      const importRow = (name: string) => ({
        name,
        price: 12.5,
        brand: 'nyx',
        category: 'blush',
        stock: 4,
        description: '<p>A soft <strong>rose</strong> blush</p>',
        image: '/images/products/lipstick-a4161a.svg',
        discount: 10,
      });

      it('counts products, users of every type and the sales without cancelled orders, after a new order, its cancel and a disable', async () => {
        const seeded = await statsMatchingTheShop();
        const reviewers = (await call<User[]>('get', '/users', { as: ADMIN })).body.filter(seededShopper).length;
        expect(reviewers).toBeGreaterThan(0);
        expect(seeded.users).toEqual({ total: 6 + reviewers, admins: 1, users: 3 + reviewers, banned: 1, blocked: 1 });
        expect(seeded.products.unavailable).toBeGreaterThan(0);
        expect(seeded.sales.orders).toBeGreaterThan(0);

        const order = await placeOrder();
        const ordered = await statsMatchingTheShop();
        expect(ordered.sales).toEqual({ total: sumOf([seeded.sales.total, order.totalPrice]), orders: seeded.sales.orders + 1 });
        expect(ordered.salesPerDay.find((d) => d.day === utcDay(order.createdAt))!.orders).toBeGreaterThan(0);

        expect((await call('patch', '/orders', { as: ADMIN, body: { orderID: order.id, status: 'cancelled' } })).status).toBe(200);
        const cancelled = await statsMatchingTheShop();
        expect(cancelled.sales).toEqual(seeded.sales);

        const onSale = await inStock(1);
        expect((await call('patch', '/products/bulk', { as: ADMIN, body: { ids: [onSale.id], disable: true } })).status).toBe(200);
        const disabled = await statsMatchingTheShop();
        expect(disabled.products).toEqual({
          total: cancelled.products.total,
          active: cancelled.products.active - 1,
          unavailable: cancelled.products.unavailable + 1,
        });
      });

      it('answer 401 without a token and 403 to a User, a Banned and a Blocked user, for every new operation, changing nothing', async () => {
        const before = await shopState();
        const operations: [HttpMethod, string, unknown][] = [
          ['get', '/stats', undefined],
          ['post', '/products/import', { products: [importRow('Refused Import Blush')] }],
        ];
        for (const [method, path, body] of operations) {
          expect((await call(method, path, { body })).status).toBe(401);
          for (const as of [SHOPPER, BANNED, BLOCKED]) {
            const refused = await call(method, path, { as, body });
            expect([refused.status, errorOf(refused.body).code]).toEqual([403, 'forbidden']);
          }
        }
        expect(await shopState()).toEqual(before);
      });

      it('imports every row in order, listed by GET /products, with scripts in descriptions stored inert', async () => {
        const count = (await products(ADMIN)).length;
        const rows = [
          { ...importRow('Imported Rose Blush'), description: '<p>Soft <strong>rose</strong></p><script>alert(1)</script>' },
          { ...importRow('Imported Night Liner'), category: 'eyeliner', brand: 'dior', price: 8, discount: 0, stock: 0, description: `A deep black liner ${XSS}` },
        ];
        const made = await call<Product[]>('post', '/products/import', { as: ADMIN, body: { products: rows } });
        expect(made.status).toBe(201);
        expect(made.body.map((p) => [p.name, p.brand, p.category, p.price, p.discount, p.totalPrice, p.stock, p.disable, p.rank])).toEqual([
          ['Imported Rose Blush', 'nyx', 'blush', 12.5, 10, 11.25, 4, false, 0],
          ['Imported Night Liner', 'dior', 'eyeliner', 8, 0, 8, 0, false, 0],
        ]);
        expect(made.body.map((p) => p.description)).toEqual(['<p>Soft <strong>rose</strong></p>', 'A deep black liner']);
        const listed = await products();
        for (const product of made.body) expect(listed).toContainEqual(product);
        expect((await products(ADMIN)).length).toBe(count + 2);
      });

      it("refuses a batch with one bad row with 400 naming the row and field, with the form's message, writing nothing", async () => {
        const before = await shopState();
        const good = [importRow('Imported Good One'), importRow('Imported Good Two')];
        const cases: [object, string, string | undefined][] = [
          [{ name: '<b>Lipstick</b>' }, 'name', 'Minimum 3 and maximum 60 characters'],
          [{ image: 'Upload Image' }, 'image', 'you must upload an image of the product'],
          [{ price: 1.5e-7 }, 'price', 'This value cannot be less than 0 and a maximum of 20 digits'],
          [{ description: '<script>alert(1)</script>' }, 'description', 'description must hold at least 4 characters of text.'],
          [{ price: -1 }, 'price', undefined],
          [{ rank: 5 }, 'rank', undefined],
        ];
        for (const [change, field, message] of cases) {
          const reply = await call('post', '/products/import', { as: ADMIN, body: { products: [...good, { ...importRow('Imported Bad One'), ...change }] } });
          expect(reply.status).toBe(400);
          expect(errorOf(reply.body).field).toBe(`products.2.${field}`);
          if (message) expect(errorOf(reply.body).message).toBe(message);
        }
        expect(await shopState()).toEqual(before);
      });

      it('takes the largest batch the contract allows in one call, and refuses a larger one', async () => {
        const count = (await products(ADMIN)).length;
        const rows = Array.from({ length: 1000 }, (_, i) => ({ ...importRow(`Imported Shade ${i}`), description: `<p>${'Silky colour. '.repeat(40)}</p>` }));
        const made = await call<Product[]>('post', '/products/import', { as: ADMIN, body: { products: rows } });
        expect(made.status).toBe(201);
        expect(made.body.map((p) => p.name)).toEqual(rows.map((r) => r.name));
        expect((await products(ADMIN)).length).toBe(count + 1000);
        const tooMany = await call('post', '/products/import', { as: ADMIN, body: { products: [...rows, importRow('Imported One Too Many')] } });
        expect([tooMany.status, errorOf(tooMany.body).field]).toEqual([400, 'products']);
        expect((await products(ADMIN)).length).toBe(count + 1000);
      });
    });

    describe('hostile values', () => {
      const PAST_INT4 = 2147483648;

      it('refuse ids past what the database can hold, naming the field, changing nothing', async () => {
        const before = await shopState();
        const cartID = (await call<Cart>('get', `/cart/${SHOPPER.uid}`, { as: SHOPPER })).body.id;
        const attempts = [
          call('get', `/products/${PAST_INT4}`),
          call('get', '/comments', { query: { productId: PAST_INT4 } }),
          call('post', '/favorites', { as: SHOPPER, body: { userId: SHOPPER.uid, productId: PAST_INT4 } }),
          call('post', '/cart/bulk', { as: SHOPPER, body: { userID: SHOPPER.uid, allProducts: [{ productId: PAST_INT4, quantity: 1 }] } }),
          call('put', '/cart/quantity', { as: SHOPPER, body: { cartID: PAST_INT4, productID: 1, newQuantity: 1 } }),
          call('delete', '/cart', { as: SHOPPER, query: { cartID, productID: PAST_INT4 } }),
          call('delete', '/comments', { as: SHOPPER, query: { commentId: PAST_INT4 } }),
          call('patch', '/orders', { as: ADMIN, body: { orderID: PAST_INT4, status: 'cancelled' } }),
          call('put', '/products', { as: ADMIN, body: { id: PAST_INT4, stock: 1 } }),
        ];
        const fields = ['id', 'productId', 'productId', 'allProducts.0.productId', 'cartID', 'productID', 'commentId', 'orderID', 'id'];
        const replies = await Promise.all(attempts);
        expect(replies.map((r) => r.status)).toEqual(fields.map(() => 400));
        expect(replies.map((r) => errorOf(r.body).field)).toEqual(fields);
        expect(await shopState()).toEqual(before);
      });

      it('refuse a NUL character or half a surrogate pair in any parameter or field, naming it, changing nothing', async () => {
        const before = await shopState();
        const search = await call('get', '/products', { query: { name: 'a\u0000b' } });
        const img = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { img: '/uploads/a\u0000b.webp' } } });
        const lookup = await call('get', `/users/${encodeURIComponent('a\u0000b@x.test')}`, { as: ADMIN });
        const product = { name: 'Lone Surrogate', price: 10, brand: 'nyx', category: 'lipstick', stock: 5, image: '/images/products/1.webp', discount: 0 };
        const created = await call('post', '/products', { as: ADMIN, body: { ...product, description: 'abcd\ud800efgh' } });
        const imported = await call('post', '/products/import', { as: ADMIN, body: { products: [{ ...product, description: 'abcd\udfffefgh' }] } });
        expect([search, img, lookup, created, imported].map((r) => [r.status, errorOf(r.body).field])).toEqual([
          [400, 'name'],
          [400, 'newUser.img'],
          [400, 'idOrEmail'],
          [400, 'description'],
          [400, 'products.0.description'],
        ]);
        expect(errorOf(img.body).message).toBe('newUser.img must be text without NUL characters or broken Unicode.');
        expect(await shopState()).toEqual(before);
      });

      it('take a picture only from the shop, https or the mock backend, never a script or data URL', async () => {
        const before = await shopState();
        for (const img of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.test/a.png', 'http://evil.test/a.png']) {
          const reply = await call('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { img } } });
          expect([reply.status, errorOf(reply.body).field]).toEqual([400, 'newUser.img']);
        }
        expect(await shopState()).toEqual(before);
        const photo = 'https://lh3.googleusercontent.com/a/photo';
        const taken = await call<User>('put', '/users', { as: SHOPPER, body: { userId: SHOPPER.uid, newUser: { img: photo } } });
        expect([taken.status, taken.body.img]).toEqual([200, photo]);
      });
    });

    describe('uploads', () => {
      const PNG = Uint8Array.from(atob(ONE_PIXEL_PNG), (c) => c.charCodeAt(0));
      async function upload(bytes: Uint8Array, filename: string, as?: Identity) {
        const form = new FormData();
        form.set('file', new File([bytes as BlobPart], filename));
        const headers: Record<string, string> = as ? { authorization: `Bearer ${await b.tokenFor(as)}` } : {};
        const response = await fetch(`${b.baseUrl}/uploads`, { method: 'POST', body: form, headers });
        const body = (await response.json()) as unknown;
        assertMatchesContract('post', '/uploads', response.status, body);
        return { status: response.status, body: body as any };
      }

      it('takes one image recognised by its content, not its name', async () => {
        expect((await upload(PNG, 'a.png')).status).toBe(401);
        expect((await upload(PNG, 'photo.txt', SHOPPER)).status).toBe(201);
        const text = await upload(new TextEncoder().encode('not an image'), 'fake.png', SHOPPER);
        expect(text.status).toBe(400);
        expect(text.body.error.field).toBe('file');
      });
    });
  });
}
