import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import type { Identity } from '~/server/core/ports';
import { openPostgres } from '~/server/db/postgres';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import type { Order, Product } from '~/src/domain/types';
import type { BackendUnderTest } from '../contract/backend';
import { ownPostgresUrl } from './ownPostgres';
import { callAs, startShopUnderTest } from './shopUnderTest';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

/** Races need connections that really run at once: PostgreSQL, on a database of this file's own. */
const DATABASE = 'races';
const ADMIN: Identity = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const BUYER: Identity = { uid: DEMO_USER.id, email: DEMO_USER.email };
const ADDRESS = 'Argentina, Cordoba, San Martin 1234';

let backend: BackendUnderTest;
let close: () => Promise<void>;
let db: pg.Client;
/** The SQL store on a pool of its own, beside the shop's. */
let sql: Sql;

beforeAll(async () => {
  const url = await ownPostgresUrl(DATABASE);
  ({ backend, close } = await startShopUnderTest(openPostgres(url, () => undefined)));
  db = new pg.Client({ connectionString: url });
  await db.connect();
  sql = openPostgres(url, () => undefined);
}, 60_000);

afterAll(async () => {
  await db.end();
  await sql.close();
  await close();
});

beforeEach(() => backend.reset());

const call = <T = any>(as: Identity, method: string, path: string, body?: unknown) => callAs<T>(backend, as, method, path, body);

/** A person of this run only: deleting one disables its sign-in account, which the demo people must keep. */
async function newPerson(name: string): Promise<Identity> {
  const run = crypto.randomUUID().slice(0, 8);
  const who = { uid: `race-${name}-${run}`, email: `race.${name}.${run}@makeup.test` };
  expect((await call(who, 'POST', '/users', { username: `race${name}${run.slice(0, 4)}` })).status).toBe(201);
  return who;
}

/** Two Admins of this run and no other, so each is the other's last fellow Admin. */
async function twoAdmins(): Promise<[Identity, Identity]> {
  const [first, second] = [await newPerson('first'), await newPerson('second')];
  for (const who of [first, second]) expect((await call(ADMIN, 'PUT', '/users/type', { userId: who.uid, type: 'Admin' })).status).toBe(200);
  expect((await call(first, 'PUT', '/users/type', { userId: ADMIN.uid, type: 'User' })).status).toBe(200);
  return [first, second];
}

const admins = async () => (await db.query<{ id: string }>("SELECT id FROM users WHERE type = 'Admin'")).rows.map((r) => r.id);

/** One of two calls at once wins; the other is refused, by the Admin rule (409) or, when the winner committed first, as no longer an Admin. */
function oneWins(statuses: number[], success: number) {
  expect(statuses.filter((s) => s === success)).toHaveLength(1);
  expect(statuses.filter((s) => s !== success).every((s) => [401, 403, 409].includes(s))).toBe(true);
}

it('a user deleted while a cart or favourite is written for them waits for the write: never a row pointing nowhere, never a 500', async () => {
  const store = createSqlStore(sql);
  const [product] = await store.listProducts({ ids: [1] });
  /** Within a transaction that found the user as `find` does, another connection deletes them; then the favourite is written. */
  const raced = async (find: 'getUser' | 'lockUser') => {
    const person = await newPerson(find === 'getUser' ? 'bare' : 'held');
    let deleted: Promise<unknown> = Promise.resolve();
    let gone = false;
    let deletedFirst = false;
    const written = store.transaction(async (tx) => {
      expect(await tx[find](person.uid)).not.toBeNull();
      deleted = db.query('DELETE FROM users WHERE id = $1', [person.uid]).then(() => (gone = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      deletedFirst = gone;
      await tx.addFavorite(person.uid, product!.id);
    });
    const outcome = await written.then(
      () => 'written',
      (error: { code?: string }) => error.code,
    );
    await deleted;
    return { outcome, deletedFirst, left: (await db.query('SELECT 1 FROM favorites WHERE user_id = $1', [person.uid])).rowCount };
  };
  // Found without a hold (what the check did before): the delete goes through first, and the write breaks the foreign key.
  expect(await raced('getUser')).toEqual({ outcome: '23503', deletedFirst: true, left: 0 });
  // Held (requireExistingSelfOrAdmin's Store.lockUser): the delete waits for the write, then takes the favourite with the user.
  expect(await raced('lockUser')).toEqual({ outcome: 'written', deletedFirst: false, left: 0 });
});

it('two Admins demoting each other at once leave one Admin', async () => {
  for (let round = 0; round < 3; round++) {
    const [first, second] = await twoAdmins();
    const replies = await Promise.all([
      call(first, 'PUT', '/users/type', { userId: second.uid, type: 'User' }),
      call(second, 'PUT', '/users/type', { userId: first.uid, type: 'User' }),
    ]);
    oneWins(
      replies.map((r) => r.status),
      200,
    );
    expect(await admins()).toHaveLength(1);
    await backend.reset();
  }
});

it('two Admins deleting each other at once leave one Admin', async () => {
  for (let round = 0; round < 3; round++) {
    const [first, second] = await twoAdmins();
    const replies = await Promise.all([
      call(first, 'DELETE', `/users/${second.uid}`),
      call(second, 'POST', '/users/delete', { ids: [first.uid] }),
    ]);
    oneWins(
      replies.map((r) => r.status),
      204,
    );
    const left = await admins();
    expect(left).toHaveLength(1);
    const users = (await db.query<{ id: string }>('SELECT id FROM users')).rows.map((r) => r.id);
    expect(users).toContain(left[0]);
    expect(users.filter((id) => id === first.uid || id === second.uid)).toEqual(left);
    await backend.reset();
  }
});

it('two cancels of one order at once restock it once and record its refund', async () => {
  const product = (await call<Product[]>(ADMIN, 'GET', '/products')).body.find((p) => !p.disable && p.stock >= 10)!;
  // The ten on its first shade, which the lines naming no shade take.
  expect((await call(ADMIN, 'PUT', '/products', stockUpdate(product, 10))).status).toBe(200);
  const orders: Order[] = [];
  const paymentIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    await call(BUYER, 'POST', '/cart/bulk', { userID: BUYER.uid, allProducts: [{ productId: product.id, quantity: 2 }] });
    const payment = await call<{ id: string }>(BUYER, 'POST', '/payments', { userID: BUYER.uid });
    const order = await call<Order>(BUYER, 'POST', '/orders', {
      status: 'open',
      userID: BUYER.uid,
      address: ADDRESS,
      paymentId: payment.body.id,
    });
    expect(order.status).toBe(201);
    orders.push(order.body);
    paymentIds.push(payment.body.id);
  }
  const stock = async () => (await call<Product>(ADMIN, 'GET', `/products/${product.id}`)).body.stock;
  const before = await stock();
  for (const order of orders) {
    const replies = await Promise.all([0, 1].map(() => call(ADMIN, 'PATCH', '/orders', { orderID: order.id, status: 'cancelled' })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
  }
  expect(await stock()).toBe(before + 2 * orders.length);
  const payments = await db.query<{ status: string }>('SELECT status FROM payments WHERE id = ANY($1::text[])', [paymentIds]);
  expect(payments.rows.map((r) => r.status)).toEqual(paymentIds.map(() => 'refunded'));
  const statuses = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = ANY($1::int[])', [orders.map((o) => o.id)]);
  expect(statuses.rows.map((r) => r.status)).toEqual(orders.map(() => 'cancelled'));
});

it('two buyers of the last unit of a shade at once make one order, the other refused though another shade has stock', async () => {
  const made = await call<Product>(ADMIN, 'POST', '/products', {
    name: 'Race Test Lipstick',
    price: 20,
    brand: 'dior',
    category: 'lipstick',
    description: '<p>Soft colour</p>',
    image: '/images/products/lipstick-a4161a.svg',
    shades: [
      { name: 'Classic Red', hex: '#b22234', stock: 1 },
      { name: 'Nude Pink', hex: '#e3a199', stock: 5 },
    ],
  });
  expect(made.status).toBe(201);
  const red = made.body.shades[0]!;
  const buyers = [await newPerson('ra'), await newPerson('rb')];
  const paymentIds: string[] = [];
  for (const who of buyers) {
    await call(who, 'POST', '/cart/bulk', { userID: who.uid, allProducts: [{ productId: made.body.id, shadeId: red.id, quantity: 1 }] });
    const payment = await call<{ id: string }>(who, 'POST', '/payments', { userID: who.uid });
    expect(payment.status).toBe(201);
    paymentIds.push(payment.body.id);
  }
  const answers = await Promise.all(
    buyers.map((who, i) => call(who, 'POST', '/orders', { status: 'open', userID: who.uid, address: ADDRESS, paymentId: paymentIds[i] })),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  expect(answers.find((a) => a.status === 409)!.body.error.message).toBe('Classic Red of Race Test Lipstick sold out meanwhile.');
  const after = (await call<Product>(ADMIN, 'GET', `/products/${made.body.id}`)).body;
  expect(after.shades.map((shade) => shade.stock)).toEqual([0, 5]);
  expect(after.stock).toBe(5);
});

it('ratings of one product at once all count, and a rating racing the cancel of its order never outlives the order', async () => {
  const product = (await call<Product[]>(ADMIN, 'GET', '/products')).body.find((p) => !p.disable && p.stock >= 10 && p.reviews > 0)!;
  const raters: Identity[] = [];
  const orders: Order[] = [];
  for (const name of ['ana', 'bea', 'cai', 'dan']) {
    const who = await newPerson(name);
    await call(who, 'POST', '/cart/bulk', { userID: who.uid, allProducts: [{ productId: product.id, quantity: 1 }] });
    const payment = await call<{ id: string }>(who, 'POST', '/payments', { userID: who.uid });
    const order = await call<Order>(who, 'POST', '/orders', {
      status: 'open',
      userID: who.uid,
      address: ADDRESS,
      paymentId: payment.body.id,
    });
    expect(order.status).toBe(201);
    raters.push(who);
    orders.push(order.body);
  }
  const rate = (who: Identity, rating: number) =>
    call<Product>(who, 'PUT', '/products/rating', { productId: product.id, userId: who.uid, rating });
  const figures = async () => {
    const { rank, reviews } = (await call<Product>(ADMIN, 'GET', `/products/${product.id}`)).body;
    return { rank, reviews };
  };

  const rated = await Promise.all(raters.map((who, i) => rate(who, i + 1)));
  expect(rated.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  const reviews = product.reviews + raters.length;
  expect(await figures()).toEqual({ rank: Math.round(((product.rank * product.reviews + 1 + 2 + 3 + 4) / reviews) * 100) / 100, reviews });

  const raced = await Promise.all(
    raters.map((who, i) => Promise.all([rate(who, 5), call(ADMIN, 'PATCH', '/orders', { orderID: orders[i]!.id, status: 'cancelled' })])),
  );
  for (const [rating, cancel] of raced) {
    expect(cancel.status).toBe(200);
    expect([200, 403]).toContain(rating.status);
  }
  expect(await figures()).toEqual({ rank: product.rank, reviews: product.reviews });
  const left = await db.query('SELECT user_id FROM ratings WHERE product_id = $1', [product.id]);
  expect(left.rows).toEqual([]);
});
