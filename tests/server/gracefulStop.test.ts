import { Agent, request } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { call, signIn, waitForHealth } from './builtServer';
import { spawnBuiltServer } from './builtServerProcess';
import { freePort } from './freePort';
import { ownPostgres } from './ownPostgres';
import type { Product } from '~/src/domain/types';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';

/** SIGTERM to the built server on PostgreSQL (a database of this file's own) while requests are under way and refund rounds run every second. */
const DATABASE = 'graceful_stop';
const ADMIN = { email: 'stop.admin@makeup.test', password: 'admin123' };

let port: number;
let server: ReturnType<typeof spawnBuiltServer>;

beforeAll(async () => {
  port = await freePort();
  await (await ownPostgres(DATABASE)).close();
  server = spawnBuiltServer(
    port,
    {
      DATABASE_URL: inject('postgresUrl').replace(/\/postgres$/, `/${DATABASE}`),
      DATA_DIR: await mkdtemp(join(tmpdir(), 'graceful-stop-')),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // A whole list of them (some 9 shades each) takes a while to read and send, so the requests are still under way at
      // the SIGTERM, and the 20 asked are sent within the stop's 10 s bound on a loaded 2-core machine.
      SEED_PRODUCTS: '1500',
      REFUND_RETRY_SECONDS: '1',
      LOG_LEVEL: 'warn',
    },
    10_000_000,
  );
  await waitForHealth(port, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}:\n${server.output()}`);
  });
}, 90_000);

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

type Outcome = { status: number; body: string } | { error: string };

/** A request on a connection of its own (or on the kept-alive agent), its socket known once connected. */
function send(method: string, path: string, token: string, body: unknown, agent: Agent | false) {
  let connected!: () => void;
  const connection = new Promise<void>((resolve) => (connected = resolve));
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const req = request(`http://127.0.0.1:${port}/api${path}`, {
    method,
    agent,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      response.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
  });
  req.on('socket', (socket) => (socket.connecting ? socket.once('connect', connected) : connected()));
  req.end(payload);
  return { outcome, connection, abort: () => req.destroy() };
}

it('a SIGTERM answers every request under way, stops the refund rounds, then closes the database: exit 0, no error logged', async () => {
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const products = (await call(port, admin, 'GET', '/products')).body as Product[];
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 4 });

  const requests = [
    ...Array.from({ length: 12 }, () => send('GET', '/products', admin, undefined, false)),
    ...Array.from({ length: 10 }, () => send('GET', '/orders', admin, undefined, false)),
    ...products.slice(0, 10).map((product) => send('PUT', '/products', admin, stockUpdate(product, product.stock + 1), false)),
    ...Array.from({ length: 8 }, () => send('GET', '/products', admin, undefined, keptAlive)),
  ];
  // Callers that give up: their handlers go on running, with their queries, after the connection is gone.
  const givenUp = products.slice(10, 20).map((product) => send('PUT', '/products', admin, stockUpdate(product, product.stock + 1), false));
  await Promise.all([...requests, ...givenUp].map((r) => r.connection));
  for (const r of givenUp) r.abort();
  await new Promise((resolve) => setTimeout(resolve, 20));

  const stoppedAt = Date.now();
  const exited = new Promise<number | null | 'still running'>((resolve) => {
    server.child.once('exit', resolve);
    setTimeout(() => resolve('still running'), 20_000);
  });
  server.child.kill('SIGTERM');
  const outcomes = await Promise.all(requests.map((r) => r.outcome));
  const code = await exited;
  keptAlive.destroy();
  const stoppedIn = Date.now() - stoppedAt;

  for (const outcome of outcomes) {
    expect(outcome, server.output().slice(-3000)).toMatchObject({ status: expect.any(Number) });
    const { status, body } = outcome as { status: number; body: string };
    if (status !== 503) expect(status).toBeLessThan(300);
    else expect(() => JSON.parse(body)).not.toThrow();
  }
  expect(code, server.output().slice(-3000)).toBe(0);
  expect(stoppedIn).toBeLessThan(10_000);
  const log = server.output();
  expect(log).not.toMatch(/Cannot use a pool/);
  // pino's error and fatal levels.
  expect(log).not.toMatch(/"level":(50|60)/);
}, 60_000);
