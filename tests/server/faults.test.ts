import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseAuth } from '~/server/identity/firebase';
import { freePort } from './freePort';
import { call, signIn, waitForHealth, type Answer } from './builtServer';
import { spawnBuiltServer } from './builtServerProcess';
import { holdingRow, ledger, progress, type Shopper } from './faultLedger';
import { startPostgres } from './postgres';
import { authEmulator } from './authEmulator';
import { isJsonError, madeOrder, oneAtATime, pause, until } from './loadTurns';
import type { Product } from '~/src/domain/types';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

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
async function productWithStock(stock: number, skip: number): Promise<{ id: number; name: string; shades: Product['shades'] }> {
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const products = (await call(ports[0], admin, 'GET', '/products')).body as {
    id: number;
    name: string;
    stock: number;
    disable: boolean;
    shades: Product['shades'];
  }[];
  const product = products.filter((p) => p.stock > 0 && !p.disable)[skip]!;
  expect((await call(ports[1], admin, 'PUT', '/products', stockUpdate(product, stock))).status).toBe(200);
  return product;
}

/** A shopper of their own (the rate limits count per caller), signed up through the API. */
async function newUser(tag: string, port: number): Promise<{ uid: string; token: string }> {
  const email = `faults.${tag}@makeup.test`;
  const user = await firebaseAuth({ projectId: authEmulator().projectId }).createUser({ email, password: 'buyer123' });
  const token = await signIn(email, 'buyer123');
  expect((await call(port, token, 'POST', '/users', { username: `faults${tag}` })).status).toBe(201);
  return { uid: user.uid, token };
}

/** Shoppers each with one unit in the cart and a created test payment, half of them made through each process. */
async function shoppersWithPayment(tag: string, count: number, productId: number): Promise<Shopper[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const port = ports[i % 2]!;
      const { uid, token } = await newUser(`${tag}${i}`, port);
      expect((await call(port, token, 'POST', '/cart/bulk', { userID: uid, allProducts: [{ productId, quantity: 1 }] })).status).toBe(200);
      const payment = await call(port, token, 'POST', '/payments', { userID: uid });
      expect(payment.status).toBe(201);
      return { uid, token, paymentId: payment.body.id as string };
    }),
  );
}

const order = (port: number, s: Shopper) =>
  call(port, s.token, 'POST', '/orders', { status: 'open', userID: s.uid, address: ADDRESS, paymentId: s.paymentId });

/**
 * Waits, for at most 10 s, until none of the payments is owed a refund: the
 * servers ask again every second (REFUND_RETRY_SECONDS), once an attempt's
 * lease ran out. The leases of attempts a killed process claimed are run out
 * here (60 s in the past), as waiting a minute would.
 */
async function refundsSettled(paymentIds: string[]) {
  await db.query(
    "UPDATE payments SET refund_attempt_at = refund_attempt_at - interval '61 seconds' WHERE status = 'refunding' AND id = ANY($1)",
    [paymentIds],
  );
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if ((await db.query("SELECT 1 FROM payments WHERE status = 'refunding' AND id = ANY($1)", [paymentIds])).rowCount === 0) return;
  }
}

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
    start: () =>
      pgCtl(
        '-l',
        join(data, '..', 'log'),
        '-w',
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=60`,
        'start',
      ),
  };
}

beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator().host;
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
    [...servers.values()].map((s) =>
      s.exitCode === null && s.signalCode === null ? new Promise((resolve) => (s.once('exit', resolve), s.kill('SIGTERM'))) : null,
    ),
  );
  await db?.end();
  postgres?.stop();
});

describe('faults', () => {
  it('100 concurrent checkouts of the last 10 units across two processes: 10 orders, 90 sold-out refusals, no capture kept', async () => {
    const product = await productWithStock(10, 0);
    const shoppers = await shoppersWithPayment('last', 100, product.id);

    const answers = await Promise.all(shoppers.map((s, i) => order(ports[(i + 1) % 2]!, s)));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refusals = answers.filter((a) => a.status !== 201);
    // Each shopper buys one unit: a refusal before the capture (the payable cart) or after it (the stock taken) says the product sold out.
    expect(refusals.map((a) => [a.status, a.body?.error?.code, a.body?.error?.message])).toEqual(
      refusals.map(() => [
        409,
        'conflict',
        `${product.shades[0] ? `${product.shades[0].name} of ` : ''}${product.name} sold out meanwhile.`,
      ]),
    );
    const after = await ledger(db, product.id, 10, shoppers);
    expect(after.stock).toBe(0);
    expect(after.orders).toHaveLength(10);
    expect(after.count('fulfilled')).toBe(10);
    // A refused payment was never captured (created) or was captured and refunded, the provider confirming before the answer.
    expect(after.count('created') + after.count('refunded')).toBe(90);
    expect(after.capturesKept).toEqual([]);
    expect(after.halfWritten).toEqual([]);
    console.info(
      `Last 10 units: 90 refusals, ${after.count('created')} before the capture and ${after.count('refunded')} captured then refunded`,
    );
  }, 60_000);

  it('a process killed with SIGKILL mid-checkout and restarted leaves no half-written rows, and every captured payment ends with one order or a refund', async () => {
    const STOCK = 15;
    const EARLY = 5;
    const product = await productWithStock(STOCK, 1);
    const shoppers = await shoppersWithPayment('killed', 40, product.id);
    const paymentIds = shoppers.map((s) => s.paymentId);
    const [victim] = ports;
    const dead = new Promise((resolve) => servers.get(victim)!.once('exit', resolve));

    // Some orders made first; then the product's row is held, as a slow database would hold it, while the others
    // check out at once: they go on capturing, and each one's order transaction waits on the stock. The kill comes
    // once the database shows both, so it always falls in their middle.
    const early = await Promise.all(shoppers.slice(0, EARLY).map((s) => order(victim, s)));
    expect(early.map((a) => a.status)).toEqual(early.map(() => 201));
    const { openAtKill, atKill, calls } = await holdingRow(db, product.id, async (waiting) => {
      const calls = Promise.all(shoppers.slice(EARLY).map((s) => order(victim, s).catch(() => null)));
      await until(async () => (await progress(db, paymentIds)).captured > 0 && (await waiting()) > 0);
      const open = await waiting();
      servers.get(victim)!.kill('SIGKILL');
      await dead;
      return { openAtKill: open, atKill: await ledger(db, product.id, STOCK, shoppers), calls };
    });
    const first = [...early, ...(await calls)];
    const cutOff = first.filter((a) => a === null).length;
    const atKillText = `${cutOff} of 40 checkouts cut off; at the kill ${openAtKill} order transactions open, ${atKill.count('captured')} payments captured without an order, ${atKill.count('refunding')} refunds owed, ${atKill.orders.length} orders made`;
    expect(atKill.orders.length, atKillText).toBeLessThan(STOCK);
    expect(atKill.count('captured'), atKillText).toBeGreaterThan(0);
    expect(cutOff).toBeGreaterThan(0);
    // Whatever the dead process committed is whole, and its open transactions left nothing: each order with its
    // payment fulfilled, its stock taken and its cart emptied, and no payment fulfilled without its order.
    expect(atKill.halfWritten).toEqual([]);
    expect(atKill.count('fulfilled')).toBe(atKill.orders.length);

    startServer(victim);
    await waitForHealth(victim, 24_000);
    // A shopper whose call got no answer repeats it (the contract: the same payment answers the same order).
    const retried = await Promise.all(shoppers.map((s, i) => first[i] ?? order(victim, s)));
    expect(retried.every((a) => madeOrder(a) || (a.status === 409 && isJsonError(a)))).toBe(true);
    await refundsSettled(paymentIds);

    const after = await ledger(db, product.id, STOCK, shoppers);
    expect(after.halfWritten).toEqual([]);
    expect(after.capturesKept).toEqual([]);
    expect(after.count('captured')).toBe(0);
    expect(after.count('refunding')).toBe(0);
    expect(after.orders).toHaveLength(STOCK);
    expect(after.stock).toBe(0);
    console.info(`SIGKILL: ${atKillText}; then ${after.count('refunded')} refunded and ${after.count('created')} never captured`);
  }, 60_000);

  it('PostgreSQL restarted under load of reads, cart writes and checkouts: only 503s with a JSON error meanwhile, recovery on its own, every checkout settled', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const adminId = (JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id;
    const STOCK = 100;
    const product = await productWithStock(STOCK, 2);
    const shoppers = await shoppersWithPayment('load', 16, product.id);
    // A shopper checks out until the order is made (a 503 is repeated, with the same payment); writers' carts are merged into or emptied by turns.
    // Half the shoppers start only once PostgreSQL is stopped, so some checkouts meet the outage however fast the others end.
    // A shopper's repeats are 300 ms apart, well under the 30 orders a minute one shopper may send.
    const checkouts = { before: oneAtATime(shoppers.slice(0, 8), 300), fromStop: oneAtATime(shoppers.slice(8), 300) };
    let stopped = false;
    const writers = oneAtATime(await Promise.all([0, 1, 2, 3].map((i) => newUser(`writer${i}`, ports[i % 2]!))));
    type Tagged = Answer & { kind: string };
    const tagged = (kind: string, answer: Promise<Answer>) =>
      answer.catch((): Answer => ({ status: 0, body: null })).then((a): Tagged => ({ ...a, kind }));
    // On both processes: a plain read, a signed-in read, a read in a transaction, a cart write (merge or empty, by turns) and a checkout; a process that died answers status 0.
    let turn = 0;
    const round = () => {
      turn++;
      return Promise.all(
        ports.flatMap((port, p) => [
          tagged('health', call(port, null, 'GET', '/health')),
          tagged('orders', call(port, admin, 'GET', '/orders')),
          tagged('cart read', call(port, admin, 'GET', `/cart/${adminId}`)),
          ...writers
            .next((w) =>
              (turn + p) % 2
                ? call(port, w.token, 'POST', '/cart/bulk', {
                    userID: w.uid,
                    allProducts: [{ productId: product.id, quantity: 1 + (turn % 3) }],
                  })
                : call(port, w.token, 'DELETE', `/cart/${w.uid}`),
            )
            .map((answer) => tagged('cart write', answer)),
          ...checkouts[stopped ? 'fromStop' : 'before'].next((s) => order(port, s), madeOrder).map((answer) => tagged('checkout', answer)),
        ]),
      );
    };
    const background: Tagged[] = [];
    let load = true;
    const loop = (async () => {
      while (load) background.push(...(await round()));
    })();

    const cluster = await clusterControl();
    await pause(300);
    cluster.stop();
    stopped = true;
    const whileDown: Tagged[] = [];
    for (const until = Date.now() + 1500; Date.now() < until; await pause(20)) whileDown.push(...(await round()));
    cluster.start();
    const startedAt = Date.now();
    let answers = await round();
    while (!answers.every((a) => a.status === 200 || a.status === 201) && Date.now() - startedAt < 10_000) answers = await round();
    const recoveredMs = Date.now() - startedAt;
    load = false;
    await loop;
    // The shoppers still waiting repeat their checkout once the shop is back.
    const last = await Promise.all([...checkouts.before.free, ...checkouts.fromStop.free].map((s, i) => order(ports[i % 2]!, s)));

    const count = (list: Tagged[]) =>
      JSON.stringify(
        list.reduce<Record<string, number>>((n, a) => ({ ...n, [`${a.kind} ${a.status}`]: (n[`${a.kind} ${a.status}`] ?? 0) + 1 }), {}),
      );
    console.info(
      `PostgreSQL down: ${whileDown.length} answers ${count(whileDown)}; all answers under load ${count(background)}; every call 200 again ${recoveredMs} ms after it was up`,
    );
    expect(whileDown.filter((a) => a.kind === 'checkout').length).toBeGreaterThan(0);
    expect(whileDown.filter((a) => !(a.status === 503 && isJsonError(a)))).toEqual([]);
    expect(background.filter((a) => !(a.status === 200 || a.status === 201 || (a.status === 503 && isJsonError(a))))).toEqual([]);
    for (const port of ports) expect(servers.get(port)!.exitCode, output.get(port)!()).toBeNull();
    expect(answers.filter((a) => a.status !== 200 && a.status !== 201)).toEqual([]);
    expect(last.filter((a) => !madeOrder(a))).toEqual([]);

    // Every checkout, cut by the stop or not, made its one order: no capture kept, nothing half written.
    await refundsSettled(shoppers.map((s) => s.paymentId));
    const after = await ledger(db, product.id, STOCK, shoppers);
    expect(after.halfWritten).toEqual([]);
    expect(after.capturesKept).toEqual([]);
    expect(after.orders).toHaveLength(shoppers.length);
    expect(after.count('fulfilled')).toBe(shoppers.length);

    // Listening again: a catalogue change made through one process shows in the other's catalogue.
    const changed = await productWithStock(7, 3);
    let seenStock = -1;
    for (let i = 0; i < 50 && seenStock !== 7; i++) {
      await pause(100);
      seenStock = ((await call(ports[0], null, 'GET', '/products')).body as { id: number; stock: number }[]).find(
        (p) => p.id === changed.id,
      )!.stock;
    }
    expect(seenStock).toBe(7);
  }, 60_000);

  it("one user's cart written 40 times at once across two processes: every write answers 200, and the cart ends as one whole write", async () => {
    const product = await productWithStock(50, 4);
    const u = await newUser('racer', ports[0]);
    const merges = (i: number) => i % 4 !== 3;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        merges(i)
          ? call(ports[i % 2]!, u.token, 'POST', '/cart/bulk', {
              userID: u.uid,
              allProducts: [{ productId: product.id, quantity: 1 + (i % 5) }],
            })
          : call(ports[i % 2]!, u.token, 'DELETE', `/cart/${u.uid}`),
      ),
    );

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // A merge keeps the larger quantity: its answer holds at least what it asked; an emptying answers an empty cart.
    const quantities = answers.map((a) => (a.body.lines as { quantity: number }[]).map((line) => line.quantity));
    expect(quantities.filter((q, i) => (merges(i) ? !(q.length === 1 && q[0]! >= 1 + (i % 5)) : q.length !== 0))).toEqual([]);
    const cart = (await call(ports[1], u.token, 'GET', `/cart/${u.uid}`)).body as { lines: { productId: number; quantity: number }[] };
    expect(cart.lines.every((line) => line.productId === product.id && line.quantity >= 1 && line.quantity <= 5)).toBe(true);
    expect(cart.lines.length).toBeLessThanOrEqual(1);
  }, 60_000);

  it('a quantity change and a line removal sent at once to two processes both hold: no write is lost', async () => {
    const [kept, removed] = [await productWithStock(50, 4), await productWithStock(50, 5)];
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => newUser(`pair${i}`, ports[i % 2]!)));
    const carts = await Promise.all(
      users.map(async (u) => {
        const merged = await call(ports[0], u.token, 'POST', '/cart/bulk', {
          userID: u.uid,
          allProducts: [kept, removed].map((p) => ({ productId: p.id, quantity: 1 })),
        });
        expect(merged.status).toBe(200);
        return merged.body.id as number;
      }),
    );

    const answers = await Promise.all(
      users.flatMap((u, i) => [
        call(ports[0], u.token, 'PUT', '/cart/quantity', { cartID: carts[i], productID: kept.id, newQuantity: 3 }),
        call(ports[1], u.token, 'DELETE', `/cart?cartID=${carts[i]}&productID=${removed.id}`),
      ]),
    );

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const after = await Promise.all(
      users.map(
        async (u, i) =>
          (await call(ports[i % 2]!, u.token, 'GET', `/cart/${u.uid}`)).body.lines as { productId: number; quantity: number }[],
      ),
    );
    expect(after.map((lines) => lines.map((l) => [l.productId, l.quantity]))).toEqual(users.map(() => [[kept.id, 3]]));
  }, 60_000);
});
