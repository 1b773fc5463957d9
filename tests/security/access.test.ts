import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod, OperationId } from '~/server/core/contract';
import type { Identity } from '~/server/core/ports';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import { totalPrice } from '~/src/domain/price';
import type { Cart, Order, Product } from '~/src/domain/types';
import type { BackendUnderTest } from '../contract/backend';
import { contract } from '../contract/responses';
import { startShopUnderTest } from '../server/shopUnderTest';
import { expectRefused, send, type Attempt } from './accessRequests';
import { adminRequests } from './adminRequests';

const ADMIN: Identity = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
/** The victim: the demo shopper, with orders, a cart, a favourite, a comment and a rating. */
const VICTIM: Identity = { uid: DEMO_USER.id, email: DEMO_USER.email };
/** The attacker: a shopper who bought the same product, so may comment and rate on their own account. */
const ATTACKER: Identity = { uid: 'user-bruno', email: 'bruno@makeup.test' };
const BANNED: Identity = { uid: 'user-carla', email: 'carla@makeup.test' };
const BLOCKED: Identity = { uid: 'user-dario', email: 'dario@makeup.test' };
const ADDRESS = 'Spain, Madrid, Gran Via 123';
/** Identities new on every run: sign-in accounts outlive the database, and the Admin's check deletes these. */
const fresh = (name: string): Identity => {
  const run = crypto.randomUUID().slice(0, 8);
  return { uid: `access-${name}-${run}`, email: `access.${name}.${run}@makeup.test` };
};
const TARGET = fresh('target');
const BULK_TARGET = fresh('bulk');
const NEWCOMER = fresh('newcomer');

let sql: Sql;
let backend: BackendUnderTest;
let close: () => Promise<void>;
/** What the victim holds, read back after it is set up. */
let victim: { cartId: number; productId: number; commentId: number; openOrderId: number; spareProductId: number };
let attackerCartId: number;

const call = <T = any>(attempt: Omit<Attempt, 'label'>) => send(backend, { label: '', ...attempt }) as Promise<{ status: number; body: T }>;
const refused = (attempt: Attempt, status: number, field?: string) => expectRefused(sql, backend, attempt, status, field);

beforeAll(async () => {
  sql = await openPglite();
  // Far above what these tests send: the rate limits have their own tests, and a 429 here would hide the refusal under test.
  ({ backend, close } = await startShopUnderTest(sql, { rateLimits: { writesPerMinute: 10_000 } }));
  await backend.reset();
  const orders = (await call<Order[]>({ method: 'get', path: '/userOrders', as: VICTIM, query: { userID: VICTIM.uid } })).body;
  const productId = orders.find((o) => o.status === 'approved')!.lines[0]!.productId;
  const openOrderId = orders.find((o) => o.status === 'open')!.id;
  const listed = (await call<Product[]>({ method: 'get', path: '/products' })).body.filter((p) => p.stock >= 5 && p.id !== productId);
  const [other, spare] = [listed[0]!, listed[1]!];

  const cart = (
    await call<Cart>({
      method: 'post',
      path: '/cart/bulk',
      as: VICTIM,
      body: { userID: VICTIM.uid, allProducts: [{ productId: other.id, quantity: 2 }] },
    })
  ).body;
  await call({ method: 'post', path: '/favorites', as: VICTIM, body: { userId: VICTIM.uid, productId } });
  const comment = (
    await call<{ id: number }>({
      method: 'post',
      path: '/comments',
      as: VICTIM,
      body: { userId: VICTIM.uid, productId, text: 'My favourite shade' },
    })
  ).body;
  await call({ method: 'put', path: '/products/rating', as: VICTIM, body: { productId, userId: VICTIM.uid, rating: 5 } });
  victim = { cartId: cart.id, productId, commentId: comment.id, openOrderId, spareProductId: spare.id };

  // The attacker buys the victim's product, so a refusal below is about whose record it is, never about not having bought.
  await call({
    method: 'post',
    path: '/cart/bulk',
    as: ATTACKER,
    body: { userID: ATTACKER.uid, allProducts: [{ productId, quantity: 1 }] },
  });
  const payment = (await call<{ id: string }>({ method: 'post', path: '/payments', as: ATTACKER, body: { userID: ATTACKER.uid } })).body;
  expect(
    (
      await call({
        method: 'post',
        path: '/orders',
        as: ATTACKER,
        body: { status: 'open', userID: ATTACKER.uid, address: ADDRESS, paymentId: payment.id },
      })
    ).status,
  ).toBe(201);
  attackerCartId = (await call<Cart>({ method: 'get', path: `/cart/${ATTACKER.uid}`, as: ATTACKER })).body.id;

  for (const [who, username] of [
    [TARGET, 'accessTarget1'],
    [BULK_TARGET, 'accessBulk1'],
  ] as const) {
    expect((await call({ method: 'post', path: '/users', as: who, body: { username } })).status).toBe(201);
  }
}, 120_000);
afterAll(() => close());

describe("another user's records", () => {
  it('are refused to read: cart, favourites, orders, profile by id and by email', async () => {
    const reads: Attempt[] = [
      { label: 'read cart', method: 'get', path: `/cart/${VICTIM.uid}` },
      { label: 'read favourites', method: 'get', path: '/favorites', query: { userId: VICTIM.uid } },
      { label: 'read orders', method: 'get', path: '/userOrders', query: { userID: VICTIM.uid } },
      { label: 'read profile by id (list)', method: 'get', path: '/users', query: { userId: VICTIM.uid } },
      { label: 'read profile by email', method: 'get', path: `/users/${encodeURIComponent(VICTIM.email)}` },
      { label: 'read profile by id', method: 'get', path: `/users/${VICTIM.uid}` },
    ];
    for (const attempt of reads) {
      await refused(attempt, 401);
      await refused({ ...attempt, label: `${attempt.label} as another user`, as: ATTACKER }, 403);
    }
  });

  it('are refused to write: cart, favourites, profile, comments, ratings, payments and orders', async () => {
    const writes: Attempt[] = [
      {
        label: "add to another's cart",
        method: 'post',
        path: '/cart/bulk',
        body: { userID: VICTIM.uid, allProducts: [{ productId: victim.productId, quantity: 1 }] },
      },
      {
        label: "change a quantity in another's cart",
        method: 'put',
        path: '/cart/quantity',
        body: { cartID: victim.cartId, productID: (await victimCartLine()).productId, newQuantity: 1 },
      },
      {
        label: "remove a line of another's cart",
        method: 'delete',
        path: '/cart',
        query: { cartID: victim.cartId, productID: (await victimCartLine()).productId },
      },
      {
        label: "switch a shade in another's cart",
        method: 'put',
        path: '/cart/shade',
        body: await switchOfVictimLine(),
      },
      { label: "clear another's cart", method: 'delete', path: `/cart/${VICTIM.uid}` },
      {
        label: "add another's favourite",
        method: 'post',
        path: '/favorites',
        body: { userId: VICTIM.uid, productId: victim.spareProductId },
      },
      {
        label: "remove another's favourite",
        method: 'delete',
        path: '/favorites',
        body: { userId: VICTIM.uid, productId: victim.productId },
      },
      {
        label: "edit another's profile",
        method: 'put',
        path: '/users',
        body: { userId: VICTIM.uid, newUser: { username: 'hijacked123' } },
      },
      {
        label: 'comment as another',
        method: 'post',
        path: '/comments',
        body: { userId: VICTIM.uid, productId: victim.productId, text: 'Awful, do not buy' },
      },
      { label: "delete another's comment", method: 'delete', path: '/comments', query: { commentId: victim.commentId } },
      {
        label: 'rate as another',
        method: 'put',
        path: '/products/rating',
        body: { productId: victim.productId, userId: VICTIM.uid, rating: 0.5 },
      },
      { label: "pay for another's cart", method: 'post', path: '/payments', body: { userID: VICTIM.uid } },
      {
        label: 'order as another',
        method: 'post',
        path: '/orders',
        body: { status: 'open', userID: VICTIM.uid, address: ADDRESS, paymentId: 'TEST-any' },
      },
    ];
    for (const attempt of writes) {
      await refused(attempt, 401);
      await refused({ ...attempt, label: `${attempt.label} as another user`, as: ATTACKER }, 403);
    }
  });

  it("refuse an order made with another user's payment", async () => {
    const payment = (await call<{ id: string }>({ method: 'post', path: '/payments', as: VICTIM, body: { userID: VICTIM.uid } })).body;
    await call({
      method: 'post',
      path: '/cart/bulk',
      as: ATTACKER,
      body: { userID: ATTACKER.uid, allProducts: [{ productId: (await victimCartLine()).productId, quantity: 2 }] },
    });
    const stolen = { status: 'open', userID: ATTACKER.uid, address: ADDRESS, paymentId: payment.id };
    const reply = await refused(
      { label: "order with another's payment", method: 'post', path: '/orders', as: ATTACKER, body: stolen },
      404,
    );
    expect(reply.body.error.message).toBe('Payment not found.');
    await call({ method: 'delete', path: `/cart/${ATTACKER.uid}`, as: ATTACKER });
  });
});

async function victimCartLine() {
  return (await call<Cart>({ method: 'get', path: `/cart/${VICTIM.uid}`, as: VICTIM })).body.lines[0]!;
}

/** A switch of the victim's cart line to another shade of its product. */
async function switchOfVictimLine() {
  const line = await victimCartLine();
  const other = line.product.shades.find((shade) => shade.id !== line.shadeId)!;
  return { cartID: victim.cartId, productID: line.productId, shadeID: line.shadeId, newShadeID: other.id };
}

describe('admin operations', () => {
  const requests = () =>
    adminRequests({ userId: TARGET.uid, bulkUserId: BULK_TARGET.uid, openOrderId: victim.openOrderId, productId: victim.spareProductId });

  /** The operations openapi.yaml marks "(Admin)" in their summary. */
  const adminOperations = (): OperationId[] =>
    Object.values(contract.paths).flatMap((item) =>
      (Object.values(item) as { operationId: OperationId; summary?: string }[])
        .filter((o) => o.summary?.includes('(Admin)'))
        .map((o) => o.operationId),
    );

  it('cover every operation the contract reserves to an Admin', () => {
    expect(Object.keys(requests()).sort()).toEqual(adminOperations().sort());
  });

  it('are refused with 401 without a token and 403 to a User, a Banned and a Blocked user', async () => {
    for (const [operation, request] of Object.entries(requests())) {
      await refused({ ...request, label: `${operation} without a token` }, 401);
      for (const as of [ATTACKER, BANNED, BLOCKED]) await refused({ ...request, label: `${operation} as ${as.uid}`, as }, 403);
    }
  });

  it('are the same requests an Admin is answered', async () => {
    for (const [operation, request] of Object.entries(requests())) {
      const reply = await call({ ...request, as: ADMIN });
      expect(reply.status, operation).toBeLessThan(300);
    }
  });
});

describe('raising one’s own type', () => {
  it('is refused by every route a type could travel', async () => {
    await refused(
      { label: 'set own type', method: 'put', path: '/users/type', as: ATTACKER, body: { userId: ATTACKER.uid, type: 'Admin' } },
      403,
    );
    await refused(
      {
        label: 'profile with a type',
        method: 'put',
        path: '/users',
        as: ATTACKER,
        body: { userId: ATTACKER.uid, newUser: { type: 'Admin' } },
      },
      400,
      'newUser.type',
    );
    await refused(
      {
        label: 'profile body with a type',
        method: 'put',
        path: '/users',
        as: ATTACKER,
        body: { userId: ATTACKER.uid, type: 'Admin', newUser: {} },
      },
      400,
      'type',
    );
    await refused(
      { label: 'sign-up with a type', method: 'post', path: '/users', as: NEWCOMER, body: { username: 'newcomer123', type: 'Admin' } },
      400,
      'type',
    );
    for (const as of [BANNED, BLOCKED]) {
      await refused(
        { label: `${as.uid} sets own type`, method: 'put', path: '/users/type', as, body: { userId: as.uid, type: 'User' } },
        403,
      );
      await refused(
        { label: `${as.uid} profile with a type`, method: 'put', path: '/users', as, body: { userId: as.uid, newUser: { type: 'User' } } },
        400,
        'newUser.type',
      );
    }
  });
});

describe('values only the database may set', () => {
  it('are refused in every body that could carry them, naming the field', async () => {
    const line = { productId: victim.productId, quantity: 1 };
    const payment = (
      await call<{ id: string }>({
        method: 'post',
        path: '/cart/bulk',
        as: ATTACKER,
        body: { userID: ATTACKER.uid, allProducts: [line] },
      }).then(() => call({ method: 'post', path: '/payments', as: ATTACKER, body: { userID: ATTACKER.uid } }))
    ).body;
    const order = { status: 'open', userID: ATTACKER.uid, address: ADDRESS, paymentId: payment.id };
    const cases: [string, HttpMethod, string, unknown, string][] = [
      ['cart line price', 'post', '/cart/bulk', { userID: ATTACKER.uid, allProducts: [{ ...line, price: 0.01 }] }, 'allProducts.0.price'],
      [
        'cart line unit price',
        'post',
        '/cart/bulk',
        { userID: ATTACKER.uid, allProducts: [{ ...line, unitPrice: 0.01 }] },
        'allProducts.0.unitPrice',
      ],
      [
        'cart line total',
        'post',
        '/cart/bulk',
        { userID: ATTACKER.uid, allProducts: [{ ...line, totalPrice: 0.01 }] },
        'allProducts.0.totalPrice',
      ],
      [
        'cart line discount',
        'post',
        '/cart/bulk',
        { userID: ATTACKER.uid, allProducts: [{ ...line, discount: 100 }] },
        'allProducts.0.discount',
      ],
      ['cart total', 'post', '/cart/bulk', { userID: ATTACKER.uid, allProducts: [line], totalPrice: 0 }, 'totalPrice'],
      [
        'quantity change with a price',
        'put',
        '/cart/quantity',
        { cartID: attackerCartId, productID: line.productId, newQuantity: 1, price: 0.01 },
        'price',
      ],
      ['payment amount', 'post', '/payments', { userID: ATTACKER.uid, amount: 0.01 }, 'amount'],
      ['payment total', 'post', '/payments', { userID: ATTACKER.uid, totalPrice: 0.01 }, 'totalPrice'],
      ['payment discount', 'post', '/payments', { userID: ATTACKER.uid, discount: 100 }, 'discount'],
      ['order status', 'post', '/orders', { ...order, status: 'approved' }, 'status'],
      ['order total', 'post', '/orders', { ...order, totalPrice: 0.01 }, 'totalPrice'],
      ['order discount', 'post', '/orders', { ...order, discount: 100 }, 'discount'],
      ['order email', 'post', '/orders', { ...order, userEmail: VICTIM.email }, 'userEmail'],
      ['order lines', 'post', '/orders', { ...order, lines: [{ productId: line.productId, quantity: 1, unitPrice: 0.01 }] }, 'lines'],
      ['profile email', 'put', '/users', { userId: ATTACKER.uid, newUser: { email: VICTIM.email } }, 'newUser.email'],
      ['profile email beside the profile', 'put', '/users', { userId: ATTACKER.uid, email: VICTIM.email, newUser: {} }, 'email'],
      ['sign-up email', 'post', '/users', { username: 'newcomer123', email: VICTIM.email }, 'email'],
    ];
    for (const [label, method, path, body, field] of cases) {
      await refused({ label, method, path, body, as: path === '/users' && method === 'post' ? NEWCOMER : ATTACKER }, 400, field);
    }

    // The same purchase, sent honestly, is priced and stamped from the database alone.
    const [product] = await sql.query<{ price: string; discount: number }>('SELECT price, discount FROM products WHERE id = $1', [
      line.productId,
    ]);
    const unitPrice = totalPrice(Number(product!.price), product!.discount);
    const made = await call<Order>({ method: 'post', path: '/orders', as: ATTACKER, body: order });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'open', userEmail: ATTACKER.email, totalPrice: unitPrice });
    expect(made.body.lines).toMatchObject([{ productId: line.productId, quantity: 1, unitPrice }]);
    const [stored] = await sql.query<{ status: string; user_email: string; total_price: string }>(
      'SELECT status, user_email, total_price FROM orders WHERE id = $1',
      [made.body.id],
    );
    expect(stored).toEqual({ status: 'open', user_email: ATTACKER.email, total_price: unitPrice.toFixed(2) });
  });
});
