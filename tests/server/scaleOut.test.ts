import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { firebaseAuth } from '~/server/identity/firebase';
import { freePort } from './freePort';
import { call, signIn, waitForHealth } from './builtServer';
import { spawnBuiltServer } from './builtServerProcess';
import { ownPostgres } from './ownPostgres';
import { authEmulator } from './authEmulator';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

let PORTS: number[] = [];
const DATABASE = 'scale_out';
const SHOPPERS = 12;
const STOCK = 5;
const servers: ReturnType<typeof spawnBuiltServer>[] = [];

beforeAll(async () => {
  PORTS = [await freePort(), await freePort()];
  await (await ownPostgres(DATABASE)).close();
  const databaseUrl = inject('postgresUrl').replace(/\/postgres$/, `/${DATABASE}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'scale-out-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'scale.admin@makeup.test',
    ADMIN_PASSWORD: 'admin123',
    LOG_LEVEL: 'error',
  };
  for (const port of PORTS) servers.push(spawnBuiltServer(port, env));
  await Promise.all(
    PORTS.map((port, i) =>
      waitForHealth(port, 60_000).catch((error: Error) => {
        throw new Error(`${error.message}:\n${servers[i]!.output()}`);
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  for (const { child } of servers) child.kill('SIGTERM');
  await Promise.all(servers.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
});

it('two server processes on one PostgreSQL sell exactly the 5 left, and change nothing else', async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator().host;
  const auth = firebaseAuth({ projectId: authEmulator().projectId });
  const adminToken = await signIn('scale.admin@makeup.test', 'admin123');
  const [p1, p2] = PORTS as [number, number];

  const product = (await call(p1, adminToken, 'GET', '/products')).body.find(
    (p: { stock: number; disable: boolean }) => p.stock > 0 && !p.disable,
  );
  expect((await call(p2, adminToken, 'PUT', '/products', stockUpdate(product, STOCK))).status).toBe(200);
  const before = (await call(p1, adminToken, 'GET', '/products')).body as { id: number; stock: number }[];
  const ordersBefore = new Set(((await call(p1, adminToken, 'GET', '/orders')).body as { id: number }[]).map((o) => o.id));

  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, i) => {
      const email = `scale.shopper${i}@makeup.test`;
      const user = await auth.createUser({ email, password: 'buyer123' });
      const token = await signIn(email, 'buyer123');
      const port = PORTS[i % 2]!;
      expect((await call(port, token, 'POST', '/users', { username: `scaleshopper${i}` })).status).toBe(201);
      await call(port, token, 'POST', '/cart/bulk', { userID: user.uid, allProducts: [{ productId: product.id, quantity: 1 }] });
      const payment = await call(port, token, 'POST', '/payments', { userID: user.uid });
      expect(payment.status).toBe(201);
      return { uid: user.uid, token, paymentId: payment.body.id as string, port: PORTS[(i + 1) % 2]! };
    }),
  );

  const results = await Promise.all(
    shoppers.map((s) =>
      call(s.port, s.token, 'POST', '/orders', {
        status: 'open',
        userID: s.uid,
        address: 'Spain, Madrid, Gran Via 123',
        paymentId: s.paymentId,
      }),
    ),
  );
  expect(results.filter((r) => r.status === 201)).toHaveLength(STOCK);
  expect(results.filter((r) => r.status === 409)).toHaveLength(SHOPPERS - STOCK);

  const after = (await call(p2, adminToken, 'GET', '/products')).body as { id: number; stock: number }[];
  expect(after.find((p) => p.id === product.id)!.stock).toBe(0);
  expect(after.filter((p) => p.id !== product.id)).toEqual(before.filter((p) => p.id !== product.id));
  const orders = (await call(p1, adminToken, 'GET', '/orders')).body as { id: number; lines: { productId: number; quantity: number }[] }[];
  const newOrders = orders.filter((o) => !ordersBefore.has(o.id));
  expect(newOrders).toHaveLength(STOCK);
  expect(newOrders.every((o) => o.lines.length === 1 && o.lines[0]!.productId === product.id && o.lines[0]!.quantity === 1)).toBe(true);

  const carts = await Promise.all(shoppers.map((s) => call(s.port, s.token, 'GET', `/cart/${s.uid}`)));
  const winners = new Set(results.flatMap((r, i) => (r.status === 201 ? [shoppers[i]!.uid] : [])));
  for (const [i, cart] of carts.entries()) {
    expect(cart.body.lines.length).toBe(winners.has(shoppers[i]!.uid) ? 0 : 1);
  }
}, 120_000);

it("a visitor's read kept by one process, answered before routing too, is let go of once the other process changes the product", async () => {
  const [p1, p2] = PORTS as [number, number];
  const adminToken = await signIn('scale.admin@makeup.test', 'admin123');
  const product = (await call(p1, null, 'GET', '/products')).body[0] as { id: number; name: string };
  const read = async () => ((await call(p1, null, 'GET', `/products/${product.id}`)).body as { name: string }).name;
  // Twice: the second is answered from the kept bytes, before routing.
  expect([await read(), await read()]).toEqual([product.name, product.name]);
  const renamed = `${product.name.slice(0, 50)} New`;
  expect((await call(p2, adminToken, 'PUT', '/products', { id: product.id, name: renamed })).status).toBe(200);
  await expect.poll(read, { timeout: 10_000 }).toBe(renamed);
});
