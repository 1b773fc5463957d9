import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Sql } from '~/server/db/sql';
import { firebaseAuth } from '~/server/identity/firebase';
import { startPaypalStandIn, type PaypalStandIn } from '../contract/paypalStandIn';
import { call, signIn, waitForHealth } from './builtServer';
import { spawnBuiltServer } from './builtServerProcess';
import { freePort } from './freePort';
import { ownPostgres } from './ownPostgres';
import { authEmulator } from './authEmulator';
import type { Product } from '~/src/domain/types';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

/**
 * Refunds owed on the real built server, two processes on one PostgreSQL
 * database of this file's own, taking PayPal payments from the stand-in of
 * its API behind a door the test opens and shuts (PayPal down or up).
 */
const DATABASE = 'refunds_owed';
const ADDRESS = 'Spain, Madrid, Gran Via 123';
const ADMIN = { email: 'refunds.admin@makeup.test', password: 'admin123' };
/** Longer than the server's lease of a refund attempt (REFUND_ATTEMPT_LEASE_MS). */
const PAST_THE_LEASE = "interval '61 seconds'";

let paypal: PaypalStandIn;
let door: Server;
let databaseUrl: string;
let dataDir: string;
let db: Sql;
let ports: [number, number];
/** PayPal down (every call fails), or making the captures asked of it but losing its answers. */
const reach = { down: false, losingCaptureAnswers: false };
/** Every refund asked of PayPal through the door, by capture; a replay by request id is one too. */
const refundCalls: string[] = [];
const servers = new Map<number, ReturnType<typeof spawnBuiltServer>>();

/**
 * Forwards to the stand-in while PayPal is up; while down, every call fails
 * as an unreachable host does, and a capture's answer is lost as a cut
 * connection loses it. A refund takes 100 ms, so rounds overlap.
 */
async function openDoor(): Promise<Server> {
  const server = createServer((request, response) => {
    if (reach.down) return void request.socket.destroy();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.url ?? '')?.[1];
      if (refund) {
        refundCalls.push(refund);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const answer = await fetch(`${paypal.baseUrl}${request.url}`, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
        ) as Record<string, string>,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      if (reach.losingCaptureAnswers && request.url?.endsWith('/capture')) return void request.socket.destroy();
      response.writeHead(answer.status, { 'content-type': 'application/json', connection: 'close' });
      response.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function startServer(port: number, refundRetrySeconds: number) {
  const server = spawnBuiltServer(
    port,
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_URL: `http://127.0.0.1:${(door.address() as AddressInfo).port}`,
      REFUND_RETRY_SECONDS: String(refundRetrySeconds),
      LOG_LEVEL: 'info',
    },
    // Every line: the test reads the refunds each process logged.
    10_000_000,
  );
  servers.set(port, server);
}

async function stopServers() {
  await Promise.all(
    [...servers.values()].map(({ child }) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))
        : null,
    ),
  );
}

/** Waits until the server on the port answers, saying what it wrote if it does not within 60 s. */
async function started(port: number) {
  await waitForHealth(port, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}:\n${servers.get(port)!.output().slice(-2000)}`);
  });
}

async function startServers(refundRetrySeconds: number) {
  await stopServers();
  for (const port of ports) startServer(port, refundRetrySeconds);
  await Promise.all(ports.map(started));
}

/** What a server logged, one JSON line a message. */
const messages = (port: number) =>
  servers
    .get(port)!
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg));

/** A product with `stock` units left, set by the Admin. */
async function productWithStock(admin: string, stock: number, skip: number): Promise<number> {
  const products = (await call(ports[0], admin, 'GET', '/products')).body as Product[];
  const product = products.filter((p) => p.stock > 0 && !p.disable)[skip]!;
  expect((await call(ports[1], admin, 'PUT', '/products', stockUpdate(product, stock))).status).toBe(200);
  return product.id;
}

/** Shoppers of their own, each with one unit of the product in the cart and a PayPal payment for it the buyer approved; `order()` asks for its order. */
async function approvedPayments(tag: string, count: number, productId: number) {
  const auth = firebaseAuth({ projectId: authEmulator().projectId });
  const run = crypto.randomUUID().slice(0, 6);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `refunds.${tag}${i}.${run}@makeup.test`;
      const user = await auth.createUser({ email, password: 'buyer123' });
      const token = await signIn(email, 'buyer123');
      const port = ports[i % 2]!;
      expect((await call(port, token, 'POST', '/users', { username: `refund${tag[0]}${i}${run.slice(0, 4)}` })).status).toBe(201);
      await call(port, token, 'POST', '/cart/bulk', { userID: user.uid, allProducts: [{ productId, quantity: 1 }] });
      const paymentId = (await call(port, token, 'POST', '/payments', { userID: user.uid })).body.id as string;
      paypal.approve(paymentId);
      return {
        paymentId,
        order: () => call(port, token, 'POST', '/orders', { status: 'open', userID: user.uid, address: ADDRESS, paymentId }),
      };
    }),
  );
}

/** Shoppers of their own, each having bought one unit of the product with PayPal: their orders' ids and payments. */
async function paidOrders(tag: string, count: number, productId: number): Promise<{ orderId: number; paymentId: string }[]> {
  return Promise.all(
    (await approvedPayments(tag, count, productId)).map(async ({ paymentId, order }) => {
      const made = await order();
      expect(made.status).toBe(201);
      return { orderId: made.body.id as number, paymentId };
    }),
  );
}

const statusOf = async (paymentId: string) =>
  (await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [paymentId]))[0]!.status;
const stockOf = async (productId: number) =>
  (await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]))[0]!.stock;
/** The refunds PayPal made of the payment's capture. */
const refundsOf = (paymentId: string) =>
  paypal.refunds.filter((r) => paypal.order(paymentId)!.captures.some((c) => c.id === r.captureId)).length;
const callsFor = (paymentId: string) => refundCalls.filter((id) => paypal.order(paymentId)!.captures.some((c) => c.id === id)).length;

/** Waits until none of the payments is owed a refund any more, for at most 15 s. */
async function settled(paymentIds: string[]) {
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const owed = await db.query("SELECT 1 FROM payments WHERE id = ANY($1) AND status = 'refunding'", [paymentIds]);
    if (owed.length === 0) return;
  }
  throw new Error('refunds still owed after 15 s');
}

/** Waits until the payment is neither created nor owed a refund, for at most 15 s; answers its status then. */
async function settledStatus(paymentId: string): Promise<string> {
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const status = await statusOf(paymentId);
    if (status !== 'created' && status !== 'refunding') return status;
  }
  throw new Error(`payment ${paymentId} still ${await statusOf(paymentId)} after 15 s`);
}

/** As a payment created, and its capture begun, more than the 15 minutes (STALE_CAPTURE_MS) ago after which the rounds ask PayPal about it. */
const madeLongAgo = (paymentId: string) =>
  db.query(
    "UPDATE payments SET created_at = created_at - interval '16 minutes', capture_started_at = capture_started_at - interval '16 minutes' WHERE id = $1",
    [paymentId],
  );

const ordersOf = async (paymentId: string) => (await db.query('SELECT id FROM orders WHERE payment_id = $1', [paymentId])).length;

/** PayPal back and the failed attempt's lease run out: the retries refund the payment, asking PayPal once. */
async function refundedOnceWhenPaypalIsBack(paymentId: string) {
  reach.down = false;
  await db.query(`UPDATE payments SET refund_attempt_at = refund_attempt_at - ${PAST_THE_LEASE} WHERE id = $1`, [paymentId]);
  await settled([paymentId]);
  expect(await statusOf(paymentId)).toBe('refunded');
  expect(refundsOf(paymentId)).toBe(1);
  expect(callsFor(paymentId)).toBe(1);
}

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator().host;
  paypal = await startPaypalStandIn();
  door = await openDoor();
  db = await ownPostgres(DATABASE);
  databaseUrl = inject('postgresUrl').replace(/\/postgres$/, `/${DATABASE}`);
  dataDir = await mkdtemp(join(tmpdir(), 'refunds-owed-'));
  ports = [await freePort(), await freePort()];
  await startServers(1);
}, 120_000);

afterAll(async () => {
  await stopServers();
  await db?.close();
  await new Promise((resolve) => door?.close(resolve));
  await paypal?.close();
});

describe('refunds owed', () => {
  it("PayPal down on an Admin's cancel: 200 with the cancelled order, stock back, the refund owed and logged once; PayPal back, a retry refunds it exactly once", async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const productId = await productWithStock(admin, 3, 0);
    const [paid] = await paidOrders('cancel', 1, productId);
    expect(await stockOf(productId)).toBe(2);

    reach.down = true;
    const cancel = await call(ports[0], admin, 'PATCH', '/orders', { orderID: paid!.orderId, status: 'cancelled' });
    expect(cancel).toMatchObject({ status: 200, body: { id: paid!.orderId, status: 'cancelled' } });
    expect(await stockOf(productId)).toBe(3);
    expect(await statusOf(paid!.paymentId)).toBe('refunding');
    // The retries every second leave the cancel's attempt alone while it holds its lease.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await statusOf(paid!.paymentId)).toBe('refunding');
    expect(messages(ports[0]).filter((m) => m.includes(paid!.paymentId))).toEqual([
      `The refund of payment ${paid!.paymentId} failed (fetch failed): it stays owed and is asked again.`,
    ]);

    await refundedOnceWhenPaypalIsBack(paid!.paymentId);
  }, 120_000);

  it('a shopper the Admin deleted with a refund owed: the payment outlives the account and a retry still refunds it once', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const [paid] = await paidOrders('deleted', 1, await productWithStock(admin, 3, 3));
    const userId = (await db.query<{ user_id: string }>('SELECT user_id FROM payments WHERE id = $1', [paid!.paymentId]))[0]!.user_id;
    reach.down = true;
    expect((await call(ports[0], admin, 'PATCH', '/orders', { orderID: paid!.orderId, status: 'cancelled' })).status).toBe(200);
    expect(await statusOf(paid!.paymentId)).toBe('refunding');
    expect((await call(ports[1], admin, 'DELETE', `/users/${userId}`)).status).toBe(204);
    expect(await db.query('SELECT 1 FROM users WHERE id = $1', [userId])).toEqual([]);

    await refundedOnceWhenPaypalIsBack(paid!.paymentId);
  }, 120_000);

  it('PayPal captured but its answer was lost: the payment stays created; once stale, a round finds the capture and refunds it once, and there is no order', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const [shopper] = await approvedPayments('lost', 1, await productWithStock(admin, 3, 4));
    reach.losingCaptureAnswers = true;
    const answer = await shopper!.order().finally(() => (reach.losingCaptureAnswers = false));
    expect(answer.status).toBe(503);
    expect(paypal.order(shopper!.paymentId)!.captures).toMatchObject([{ status: 'COMPLETED' }]);
    // The rounds every second leave a payment created less than 15 minutes ago alone.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await statusOf(shopper!.paymentId)).toBe('created');

    await madeLongAgo(shopper!.paymentId);
    expect(await settledStatus(shopper!.paymentId)).toBe('refunded');
    expect(refundsOf(shopper!.paymentId)).toBe(1);
    expect(paypal.order(shopper!.paymentId)!.captures).toMatchObject([{ status: 'REFUNDED' }]);
    expect(await ordersOf(shopper!.paymentId)).toBe(0);
    expect((await shopper!.order()).body).toMatchObject({ error: { message: 'This payment was refunded. Please pay again.' } });
  }, 120_000);

  it('a payment approved but never captured: once stale, a round marks it failed, with no capture and no refund', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const [shopper] = await approvedPayments('unpaid', 1, await productWithStock(admin, 3, 4));
    await madeLongAgo(shopper!.paymentId);
    expect(await settledStatus(shopper!.paymentId)).toBe('failed');
    expect(paypal.order(shopper!.paymentId)).toMatchObject({ status: 'APPROVED', captures: [] });
    expect(refundsOf(shopper!.paymentId)).toBe(0);
    expect(await shopper!.order()).toMatchObject({
      status: 409,
      body: { error: { message: 'This payment was not completed. Please pay again.' } },
    });
  }, 120_000);

  it('PayPal down when the rounds ask about a stale payment: it stays created, neither refunded nor failed; PayPal back, it is refunded once', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const [shopper] = await approvedPayments('unknown', 1, await productWithStock(admin, 3, 4));
    reach.losingCaptureAnswers = true;
    expect((await shopper!.order().finally(() => (reach.losingCaptureAnswers = false))).status).toBe(503);
    reach.down = true;
    await madeLongAgo(shopper!.paymentId);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await statusOf(shopper!.paymentId)).toBe('created');
    expect(refundsOf(shopper!.paymentId)).toBe(0);

    reach.down = false;
    expect(await settledStatus(shopper!.paymentId)).toBe('refunded');
    expect(refundsOf(shopper!.paymentId)).toBe(1);
    expect(await ordersOf(shopper!.paymentId)).toBe(0);
  }, 120_000);

  it('a refund claimed by a process that died before asking PayPal is made when a server starts, by its first round', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const [paid] = await paidOrders('crash', 1, await productWithStock(admin, 3, 1));
    await stopServers();
    // As the dead process left it: owed, its attempt claimed over a lease ago, PayPal never asked.
    await db.query(`UPDATE payments SET status = 'refunding', refund_attempt_at = now() - ${PAST_THE_LEASE} WHERE id = $1`, [
      paid!.paymentId,
    ]);
    // An hour between rounds: only the round at start can make it.
    startServer(ports[0], 3600);
    await started(ports[0]);
    await settled([paid!.paymentId]);
    expect(refundsOf(paid!.paymentId)).toBe(1);
    expect(callsFor(paid!.paymentId)).toBe(1);
  }, 120_000);

  it('two processes starting at once over 20 refunds owed share them: each asked of PayPal once', async () => {
    await startServers(1);
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const paid = await paidOrders('two', 20, await productWithStock(admin, 20, 2));
    await stopServers();
    const ids = paid.map((p) => p.paymentId);
    await db.query(`UPDATE payments SET status = 'refunding', refund_attempt_at = now() - ${PAST_THE_LEASE} WHERE id = ANY($1)`, [ids]);
    await startServers(3600);
    await settled(ids);
    expect(ids.map(refundsOf)).toEqual(ids.map(() => 1));
    expect(ids.map(callsFor)).toEqual(ids.map(() => 1));
    // Each process logs its round's count once the round is over, a moment after its last refund is recorded.
    const logged = () =>
      ports.map((port) =>
        messages(port).reduce((sum, m) => sum + Number(/^refunded (\d+) payments whose refunds were owed$/.exec(m)?.[1] ?? 0), 0),
      );
    let refundedBy = logged();
    for (const until = Date.now() + 5000; refundedBy[0]! + refundedBy[1]! < 20 && Date.now() < until; refundedBy = logged()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.info(`two processes at start: ${refundedBy.join(' + ')} of 20 refunds owed`);
    expect(refundedBy[0]! + refundedBy[1]!).toBe(20);
    expect(refundedBy.every((n) => n > 0)).toBe(true);
  }, 180_000);
});
