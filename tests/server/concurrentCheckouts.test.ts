import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/seed/seed';
import { ApiError } from '~/server/core/errors';
import type { Identity } from '~/server/core/ports';
import { openPostgres } from '~/server/db/postgres';
import type { Sql } from '~/server/db/sql';
import type { Order, Product } from '~/src/domain/types';
import type { BackendUnderTest } from '../contract/backend';
import { ownPostgresUrl } from './ownPostgres';
import { callAs, startShopUnderTest } from './shopUnderTest';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

/**
 * Checkouts that really run at once, on PostgreSQL (a database of this
 * file's own): every cart holds the same products, each in an order of its
 * own, while the Admin edits those products, cancels an order of them and a
 * buyer rates one. Each transaction writes several product rows, and every
 * write of products moves the one catalogue version row.
 */
const DATABASE = 'concurrent_checkouts';
const ADMIN: Identity = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const ADDRESS = 'Argentina, Cordoba, San Martin 1234';
const SHOPPERS = 24;
const PRODUCTS = 6;
const STOCK = 1000;

let backend: BackendUnderTest;
let close: () => Promise<void>;
let db: pg.Client;
let sql: Sql;

beforeAll(async () => {
  const url = await ownPostgresUrl(DATABASE);
  ({ backend, close } = await startShopUnderTest(openPostgres(url, () => undefined)));
  await backend.reset();
  db = new pg.Client({ connectionString: url });
  await db.connect();
  sql = openPostgres(url, () => undefined);
}, 60_000);

afterAll(async () => {
  await sql.close();
  await db.end();
  await close();
});

const call = <T = any>(as: Identity, method: string, path: string, body?: unknown) => callAs<T>(backend, as, method, path, body);

const run = crypto.randomUUID().slice(0, 6);

/** A shopper of this run (name: at most 3 letters or digits, for the username's 15) with the products in the cart, in the order given, and a created payment for it. */
async function shopperWithPayment(name: string, productIds: number[]) {
  const who = { uid: `checkout-${name}-${run}`, email: `checkout.${name}.${run}@makeup.test` };
  expect((await call(who, 'POST', '/users', { username: `shop${name}${run}` })).status).toBe(201);
  const lines = productIds.map((productId) => ({ productId, quantity: 1 }));
  expect((await call(who, 'POST', '/cart/bulk', { userID: who.uid, allProducts: lines })).status).toBe(200);
  const payment = await call<{ id: string }>(who, 'POST', '/payments', { userID: who.uid });
  expect(payment.status).toBe(201);
  return { who, paymentId: payment.body.id };
}

const checkout = ({ who, paymentId }: { who: Identity; paymentId: string }) =>
  call<Order>(who, 'POST', '/orders', { status: 'open', userID: who.uid, address: ADDRESS, paymentId });

const stockOf = async (ids: number[]) =>
  new Map(
    (await db.query<{ id: number; stock: number }>('SELECT id, stock FROM products WHERE id = ANY($1::int[])', [ids])).rows.map((r) => [
      r.id,
      r.stock,
    ]),
  );

it('checkouts of the same products in different orders, beside Admin edits, a cancel and a rating, all make their order and take their stock once', async () => {
  const chosen = (await call<Product[]>(ADMIN, 'GET', '/products')).body.filter((p) => !p.disable).slice(0, PRODUCTS);
  const ids = chosen.map((p) => p.id);
  for (const product of chosen) expect((await call(ADMIN, 'PUT', '/products', stockUpdate(product, STOCK))).status).toBe(200);
  const cancelled = (await checkout(await shopperWithPayment('cx', ids))).body;
  const rater = await shopperWithPayment('rt', ids.slice(0, 1));
  expect((await checkout(rater)).status).toBe(201);
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) =>
      shopperWithPayment(
        `s${i}`,
        ids.map((_, j) => ids[(i + j) % ids.length]!),
      ),
    ),
  );
  const before = await stockOf(ids);

  const [orders, edits] = await Promise.all([
    Promise.all(shoppers.map(checkout)),
    Promise.all([
      call(ADMIN, 'PATCH', '/products/bulk', { ids: [...ids].reverse(), disable: false }),
      call(ADMIN, 'PUT', '/products', { id: ids[3], description: `Edited while shoppers check out (${run}).` }),
      call(ADMIN, 'PATCH', '/orders', { orderID: cancelled.id, status: 'cancelled' }),
      call(rater.who, 'PUT', '/products/rating', { productId: ids[0], userId: rater.who.uid, rating: 5 }),
    ]),
  ]);

  expect(orders.map((o) => o.status)).toEqual(shoppers.map(() => 201));
  expect(edits.map((e) => e.status)).toEqual([200, 200, 200, 200]);
  const made = await db.query<{ payment_id: string; status: string }>(
    'SELECT p.id AS payment_id, p.status FROM payments p JOIN orders o ON o.payment_id = p.id WHERE p.id = ANY($1::text[])',
    [shoppers.map((s) => s.paymentId)],
  );
  expect(made.rows.map((r) => r.status)).toEqual(shoppers.map(() => 'fulfilled'));
  // Each shopper took one of each product; the cancelled order gave one of each back.
  const after = await stockOf(ids);
  for (const id of ids) expect(after.get(id)).toBe(before.get(id)! - SHOPPERS + 1);
});

it('a transaction PostgreSQL rolls back for a deadlock or a serialization failure is run once more, then answers 503', async () => {
  for (const code of ['40P01', '40001']) {
    const clash = `DO $$ BEGIN RAISE EXCEPTION 'clash' USING ERRCODE = '${code}'; END $$`;
    let attempts = 0;
    const once = await sql.transaction(async (tx) => {
      attempts += 1;
      if (attempts === 1) await tx.query(clash);
      return 'committed';
    });
    expect([once, attempts]).toEqual(['committed', 2]);
    attempts = 0;
    const always = await sql
      .transaction(async (tx) => {
        attempts += 1;
        await tx.query(clash);
      })
      .catch((error: unknown) => error);
    expect(always).toBeInstanceOf(ApiError);
    expect([(always as ApiError).status, attempts]).toEqual([503, 2]);
  }
});
