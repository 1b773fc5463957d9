import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firebaseAuth } from '../../server/identity/firebase';
import { PROJECT_ID } from '../../scripts/authEmulator.mjs';
import { freePort } from './freePort';
import { call, signIn, waitForHealth, type Answer } from './builtServer';
import { spawnBuiltServer } from './builtServerProcess';
import { startPostgres } from './postgres';

/**
 * Faults on the real built server: two processes on one PostgreSQL of this
 * file's own (it is stopped and started again below, which the other server
 * tests must not feel).
 */
const ADDRESS = 'Spain, Madrid, Gran Via 123';
const ADMIN = { email: 'faults.admin@makeup.test', password: 'admin123' };

let postgres: { url: string; stop(): void };
let db: pg.Pool;
let dataDir: string;
let ports: [number, number];
const servers = new Map<number, ChildProcess>();
/** What each server wrote (a lost database is logged), shown when one died. */
const output = new Map<number, () => string>();

type Shopper = { uid: string; token: string; paymentId: string };
type PaymentState = { id: string; status: string };
type OrderLines = { payment_id: string; lines: { productId: number; quantity: number }[] };

function startServer(port: number): ChildProcess {
  const server = spawnBuiltServer(port, {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'fatal',
    REFUND_RETRY_SECONDS: '1',
  });
  servers.set(port, server.child);
  output.set(port, server.output);
  return server.child;
}

/** A product with exactly `stock` units left, set by the Admin. */
async function productWithStock(stock: number, skip: number): Promise<number> {
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const products = (await call(ports[0], admin, 'GET', '/products')).body as { id: number; stock: number; disable: boolean }[];
  const product = products.filter((p) => p.stock > 0 && !p.disable)[skip]!;
  expect((await call(ports[1], admin, 'PUT', '/products', { id: product.id, stock })).status).toBe(200);
  return product.id;
}

/** Shoppers of their own (the rate limits count per caller), each with one unit in the cart and a created test payment. */
async function shoppersWithPayment(tag: string, count: number, productId: number): Promise<Shopper[]> {
  const auth = firebaseAuth({ projectId: PROJECT_ID });
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `faults.${tag}${i}@makeup.test`;
      const user = await auth.createUser({ email, password: 'buyer123' });
      const token = await signIn(email, 'buyer123');
      const port = ports[i % 2]!;
      expect((await call(port, token, 'POST', '/users', { username: `faults${tag}${i}` })).status).toBe(201);
      await call(port, token, 'POST', '/cart/bulk', { userID: user.uid, allProducts: [{ productId, quantity: 1 }] });
      const payment = await call(port, token, 'POST', '/payments', { userID: user.uid });
      expect(payment.status).toBe(201);
      return { uid: user.uid, token, paymentId: payment.body.id as string };
    }),
  );
}

const order = (port: number, s: Shopper) => call(port, s.token, 'POST', '/orders', { status: 'open', userID: s.uid, address: ADDRESS, paymentId: s.paymentId });

/** What the database holds for these payments, in one snapshot: their states, the orders made for them, and the product's stock. */
async function ledger(productId: number, paymentIds: string[]) {
  const client = await db.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const payments = (await client.query<PaymentState>('SELECT id, status FROM payments WHERE id = ANY($1)', [paymentIds])).rows;
    const orders = (await client.query<OrderLines>('SELECT payment_id, lines FROM orders WHERE payment_id = ANY($1)', [paymentIds])).rows;
    const stock = Number((await client.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock);
    await client.query('COMMIT');
    return settlement(productId, payments, orders, stock);
  } finally {
    client.release();
  }
}

function settlement(productId: number, payments: PaymentState[], orders: OrderLines[], stock: number) {
  const ordersOf = (id: string) => orders.filter((o) => o.payment_id === id).length;
  return {
    stock,
    orders,
    count: (status: string) => payments.filter((p) => p.status === status).length,
    /** Payments whose money was taken but that have neither exactly one order (fulfilled) nor a refund the provider confirmed (a refund still owed is kept money). */
    capturesKept: payments
      .filter((p) => (p.status === 'fulfilled' ? ordersOf(p.id) !== 1 : p.status === 'captured' || p.status === 'refunding' || ordersOf(p.id) > 0))
      .map((p) => p.id),
    unitsOrdered: orders.reduce((sum, o) => sum + o.lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0), 0),
    halfWritten: orders.filter((o) => o.lines.length === 0).length,
  };
}

/**
 * Waits, for at most 10 s, until none of the payments is owed a refund: the
 * servers ask again every second (REFUND_RETRY_SECONDS), once an attempt's
 * lease ran out. The leases of attempts a killed process claimed are run out
 * here (60 s in the past), as waiting a minute would.
 */
async function refundsSettled(paymentIds: string[]) {
  await db.query("UPDATE payments SET refund_attempt_at = refund_attempt_at - interval '61 seconds' WHERE status = 'refunding' AND id = ANY($1)", [paymentIds]);
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if ((await db.query("SELECT 1 FROM payments WHERE status = 'refunding' AND id = ANY($1)", [paymentIds])).rowCount === 0) return;
  }
}

const isJsonError = (answer: Answer) => typeof answer.body?.error?.code === 'string' && typeof answer.body?.error?.message === 'string';

/** Stops and starts this file's cluster with pg_ctl, as the postgres user when we are root (as startPostgres runs it), with startPostgres's options. */
async function clusterControl() {
  const setting = async (query: string) => (await db.query<{ setting: string }>(query)).rows[0]!.setting;
  const bin = await setting("SELECT setting FROM pg_config WHERE name = 'BINDIR'");
  const data = await setting("SELECT setting FROM pg_settings WHERE name = 'data_directory'");
  const port = new URL(postgres.url).port;
  const pgCtl = (...args: string[]) => {
    const argv = [join(bin, 'pg_ctl'), '-D', data, ...args];
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', ...argv], { stdio: 'ignore' });
    else execFileSync(argv[0]!, argv.slice(1), { stdio: 'ignore' });
  };
  return {
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    start: () => pgCtl('-l', join(data, '..', 'log'), '-w', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=60`, 'start'),
  };
}

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
  postgres = startPostgres(await freePort());
  db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  db.on('error', () => undefined);
  dataDir = await mkdtemp(join(tmpdir(), 'faults-'));
  ports = [await freePort(), await freePort()];
  ports.forEach(startServer);
  await Promise.all(ports.map((port) => waitForHealth(port, 24_000)));
}, 60_000);

afterAll(async () => {
  await Promise.all(
    [...servers.values()].map((s) => (s.exitCode === null && s.signalCode === null ? new Promise((resolve) => (s.once('exit', resolve), s.kill('SIGTERM'))) : null)),
  );
  await db?.end();
  postgres?.stop();
});

describe('faults', () => {
  it('100 concurrent checkouts of the last 10 units across two processes: 10 orders, 90 clear refusals, no capture kept', async () => {
    const productId = await productWithStock(10, 0);
    const shoppers = await shoppersWithPayment('last', 100, productId);

    const answers = await Promise.all(shoppers.map((s, i) => order(ports[(i + 1) % 2]!, s)));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refusals = answers.filter((a) => a.status !== 201);
    expect(refusals).toHaveLength(90);
    expect(refusals.every((a) => a.status === 409 && isJsonError(a))).toBe(true);
    const after = await ledger(productId, shoppers.map((s) => s.paymentId));
    expect(after.stock).toBe(0);
    expect(after.orders).toHaveLength(10);
    expect(after.unitsOrdered).toBe(10);
    expect(after.count('fulfilled')).toBe(10);
    expect(after.count('captured')).toBe(0);
    expect(after.capturesKept).toEqual([]);
  }, 60_000);

  it('a process killed with SIGKILL mid-checkout and restarted leaves no half-written rows, and every captured payment ends with one order or a refund', async () => {
    const STOCK = 15;
    const productId = await productWithStock(STOCK, 1);
    const shoppers = await shoppersWithPayment('killed', 40, productId);
    const [victim] = ports;

    let killed = false;
    let dead: Promise<unknown> = Promise.resolve();
    const first = await Promise.all(
      shoppers.map((s) =>
        order(victim, s).then(
          (answer) => {
            // The first answer means the others are under way: the process dies in their middle.
            if (!killed) {
              killed = true;
              dead = new Promise((resolve) => servers.get(victim)!.once('exit', resolve));
              servers.get(victim)!.kill('SIGKILL');
            }
            return answer;
          },
          () => null,
        ),
      ),
    );
    const cutOff = first.filter((a) => a === null).length;
    expect(cutOff).toBeGreaterThan(0);

    // Straight after the kill: whatever the dead process committed is whole.
    const atKill = await ledger(productId, shoppers.map((s) => s.paymentId));
    expect(atKill.halfWritten).toBe(0);
    expect(atKill.stock).toBe(STOCK - atKill.unitsOrdered);
    expect(atKill.count('fulfilled')).toBe(atKill.orders.length);

    await dead;
    startServer(victim);
    await waitForHealth(victim, 24_000);
    // A shopper whose call got no answer repeats it (the contract: the same payment answers the same order).
    const retried = await Promise.all(shoppers.map((s, i) => (first[i] === null ? order(victim, s) : first[i]!)));
    expect(retried.every((a) => a.status === 201 || a.status === 200 || (a.status === 409 && isJsonError(a)))).toBe(true);
    await refundsSettled(shoppers.map((s) => s.paymentId));

    const after = await ledger(productId, shoppers.map((s) => s.paymentId));
    expect(after.halfWritten).toBe(0);
    expect(after.capturesKept).toEqual([]);
    expect(after.count('captured')).toBe(0);
    expect(after.count('refunding')).toBe(0);
    expect(after.orders).toHaveLength(STOCK);
    expect(after.stock).toBe(0);
    console.info(
      `SIGKILL: ${cutOff} of 40 checkouts cut off; ${atKill.count('captured')} captured without an order and ${atKill.count('refunding')} refunds owed at the kill; ${atKill.orders.length} orders then`,
    );
  }, 60_000);

  it('PostgreSQL restarted under load: the servers answer 503 with a JSON error meanwhile and recover on their own', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const adminId = (JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id;
    // A plain read, a signed-in read and a read in a transaction, on both processes; a process that died answers status 0.
    const round = () =>
      Promise.all(
        ports.flatMap((port) =>
          [call(port, null, 'GET', '/health'), call(port, admin, 'GET', '/orders'), call(port, admin, 'GET', `/cart/${adminId}`)].map((a) =>
            a.catch((): Answer => ({ status: 0, body: null })),
          ),
        ),
      );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const background: Answer[] = [];
    let load = true;
    const loop = (async () => {
      while (load) background.push(...(await round()));
    })();

    const cluster = await clusterControl();
    await pause(300);
    cluster.stop();
    const whileDown: Answer[] = [];
    for (const until = Date.now() + 1500; Date.now() < until; await pause(20)) whileDown.push(...(await round()));
    cluster.start();
    const startedAt = Date.now();
    let answers = await round();
    while (!answers.every((a) => a.status === 200) && Date.now() - startedAt < 10_000) answers = await round();
    const recoveredMs = Date.now() - startedAt;
    load = false;
    await loop;

    const count = (list: Answer[]) => JSON.stringify(list.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {}));
    console.info(`PostgreSQL down: ${whileDown.length} answers ${count(whileDown)}; all answers under load ${count(background)}; every call 200 again ${recoveredMs} ms after it was up`);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.every((a) => a.status === 503 && isJsonError(a))).toBe(true);
    expect(background.every((a) => a.status === 200 || (a.status === 503 && isJsonError(a)))).toBe(true);
    for (const port of ports) expect(servers.get(port)!.exitCode, output.get(port)!()).toBeNull();
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    // Listening again: a catalogue change made through one process shows in the other's catalogue.
    const productId = await productWithStock(7, 2);
    let seenStock = -1;
    for (let i = 0; i < 50 && seenStock !== 7; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seenStock = ((await call(ports[0], null, 'GET', '/products')).body as { id: number; stock: number }[]).find((p) => p.id === productId)!.stock;
    }
    expect(seenStock).toBe(7);
  }, 60_000);
});
