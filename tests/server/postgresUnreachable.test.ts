import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiError } from '~/server/core/errors';
import { CONNECT_TIMEOUT_MS, openPostgres } from '~/server/db/postgres';
import { freePort } from './freePort';

// A database that cannot be reached answers the contract's 503 and never leaves a request hanging.
let silent: Server;
let silentPort: number;
const held = new Set<Socket>();

beforeAll(async () => {
  // Accepts connections and never answers: a database host that has stopped responding.
  silent = createServer((socket) => held.add(socket));
  silentPort = await freePort();
  await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const unavailable = { status: 503, message: 'The shop cannot reach its database right now. Please try again in a moment.' };

it('a database nothing listens for answers 503', async () => {
  const sql = openPostgres(`postgres://shop@127.0.0.1:${await freePort()}/shop`, () => undefined);
  const failure = await sql.query('SELECT 1').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject(unavailable);
  await sql.close();
});

it(
  'a database that accepts and never answers answers 503 after the connection timeout, not never',
  async () => {
    const sql = openPostgres(`postgres://shop@127.0.0.1:${silentPort}/shop`, () => undefined);
    const started = Date.now();
    const failure = await sql.query('SELECT 1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject(unavailable);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    await sql.close();
  },
  CONNECT_TIMEOUT_MS * 3,
);
