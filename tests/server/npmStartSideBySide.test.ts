import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildKey, ensureShopBuild, localBuildEnv } from '~/scripts/shopBuild.mjs';
import { freePort } from './freePort';

/**
 * Two `npm start` shops from this checkout, side by side (another PORT and
 * DATA_DIR each), as a newcomer runs them: one build for both, an emulator
 * each holding its own shop's demo Admin and accounts from the start, and a
 * restart of either keeping its own accounts and data, never the other's,
 * while the other goes on serving its pages and scripts.
 */
interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const running: Started[] = [];
afterAll(async () => {
  for (const shop of running) if (shop.child.exitCode === null) shop.child.kill('SIGINT');
  await Promise.all(running.map((shop) => shop.exited));
}, 60_000);

/** The environment a shop is started with: nothing of this test run's own. */
const startEnv = (port: number, dataDir: string) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmpdir(),
  PORT: String(port),
  DATA_DIR: dataDir,
});

function npmStart(port: number, dataDir: string): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: startEnv(port, dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = { child, output: () => output, exited };
  running.push(started);
  return started;
}

/** What the shop printed once it is ready, or once it ended. */
async function ready(shop: Started, timeoutMs: number): Promise<string> {
  await expect
    .poll(() => /Ready in \d+\.\d s\./.test(shop.output()) || shop.child.exitCode !== null, { timeout: timeoutMs, interval: 250 })
    .toBe(true);
  return shop.output();
}

async function stop(shop: Started) {
  shop.child.kill('SIGINT');
  expect(await shop.exited).toBe(0);
}

/**
 * Starts shops at the same moment (no AUTH_EMULATOR_PORT set) once the build
 * of the checkout's version is there (made now if the checkout changed since
 * the last), and expects each to be ready on it, building nothing: unless the
 * checkout changed again meanwhile (other work in this checkout), which would
 * explain a build.
 */
async function startOnItsBuild(...shops: { port: number; dataDir: string }[]): Promise<Started[]> {
  const env = localBuildEnv(startEnv(shops[0]!.port, shops[0]!.dataDir));
  const { key, dir, release } = await ensureShopBuild({ env });
  const started = shops.map(({ port, dataDir }) => npmStart(port, dataDir));
  const outputs = await Promise.all(started.map((shop) => ready(shop, 400_000)));
  release();
  for (const output of outputs) {
    expect(output).toMatch(/Ready in/);
    if (buildKey(env) !== key) continue;
    expect(output).toContain(`Using the build of this version (${dir}).`);
    expect(output).not.toContain('Building');
  }
  return started;
}

/** The product each side's shopper saves as a favourite. */
const FAVOURITE = 3;

const emulatorOf = (output: string) => /Sign-in: {3}Firebase Auth emulator at (127\.0\.0\.1:\d+)/.exec(output)![1]!;

async function emulatorCall(host: string, call: 'signUp' | 'signInWithPassword', email: string, password = 'side1234') {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { idToken?: string; localId?: string } };
}

/** Signs the email up with the shop's emulator and makes its shop user, who saves a favourite. */
async function signUp(port: number, host: string, email: string, username: string) {
  const { body } = await emulatorCall(host, 'signUp', email);
  const headers = { authorization: `Bearer ${body.idToken}`, 'content-type': 'application/json' };
  const made = await fetch(`http://127.0.0.1:${port}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username }) });
  expect(made.status).toBe(201);
  const saved = await fetch(`http://127.0.0.1:${port}/api/favorites`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userId: body.localId, productId: FAVOURITE }),
  });
  expect(saved.ok).toBe(true);
}

/** Whether the shop's sign-in knows the email, and the shop knows its user. */
async function knows(port: number, host: string, email: string, password?: string): Promise<boolean> {
  const { status, body } = await emulatorCall(host, 'signInWithPassword', email, password);
  if (status !== 200) return false;
  const user = await fetch(`http://127.0.0.1:${port}/api/users/${body.localId}`, { headers: { authorization: `Bearer ${body.idToken}` } });
  return user.status === 200;
}

/** The favourites the shop holds for the email's user. */
async function favouritesOf(port: number, host: string, email: string): Promise<unknown> {
  const { body } = await emulatorCall(host, 'signInWithPassword', email);
  const answer = await fetch(`http://127.0.0.1:${port}/api/favorites?userId=${body.localId}`, {
    headers: { authorization: `Bearer ${body.idToken}` },
  });
  return answer.json();
}

/** Every page kind and a script of the page answers. */
async function servesPages(port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const home = await fetch(`${origin}/home`);
  expect(home.status).toBe(200);
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await home.text())![1]!;
  for (const path of ['/login', '/detail/1', script]) expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
}

it('two npm start shops started at the same moment run side by side on one build, each with an emulator of its own; each restarted without a build of an unchanged version keeps its own accounts and data and serves every page', async () => {
  const [portA, portB] = [await freePort(), await freePort()];
  const [dataA, dataB] = [await mkdtemp(join(tmpdir(), 'npm-start-a-')), await mkdtemp(join(tmpdir(), 'npm-start-b-'))];
  const a = { port: portA, dataDir: dataA, own: 'only.a@makeup.test' };
  const b = { port: portB, dataDir: dataB, own: 'only.b@makeup.test' };
  const [shopA, shopB] = await startOnItsBuild(a, b);
  const shops = new Map([
    [a, shopA!],
    [b, shopB!],
  ]);
  for (const shop of shops.values()) {
    expect(shop.output()).toContain('Starting sign-in (the Firebase Auth emulator of');
    expect(shop.output()).toContain('Seeding the catalogue with 150 products...');
    expect(shop.output()).not.toMatch(/PLUGIN_TIMINGS|rolldown|\n\s+at /);
  }
  const [hostA, hostB] = [emulatorOf(shopA!.output()), emulatorOf(shopB!.output())];
  expect(hostA).not.toBe(hostB);

  await signUp(portA, hostA, a.own, 'onlyashopper');
  await signUp(portB, hostB, b.own, 'onlybshopper');
  // Checked before any restart, which makes missing demo accounts again and would hide a shared or empty emulator.
  for (const [side, other, host] of [
    [a, b, hostA],
    [b, a, hostB],
  ] as const) {
    expect(await knows(side.port, host, 'admin@makeup.test', 'admin123')).toBe(true);
    expect(await knows(side.port, host, side.own)).toBe(true);
    expect(await knows(side.port, host, other.own)).toBe(false);
  }

  /** Stops one shop while the other serves its pages, starts it again and checks it kept its own account, favourite and the demo accounts, never the other's. */
  const restart = async (side: typeof a, other: typeof a) => {
    await stop(shops.get(side)!);
    await servesPages(other.port);
    const [again] = await startOnItsBuild(side);
    shops.set(side, again!);
    expect(again!.output()).not.toContain('Seeding');
    await servesPages(side.port);
    const host = emulatorOf(again!.output());
    expect(await knows(side.port, host, side.own)).toBe(true);
    expect(await favouritesOf(side.port, host, side.own)).toEqual([FAVOURITE]);
    expect(await knows(side.port, host, other.own)).toBe(false);
    expect(await knows(side.port, host, 'admin@makeup.test', 'admin123')).toBe(true);
    expect(await knows(side.port, host, 'ana@makeup.test', 'makeup123')).toBe(true);
  };
  // B; then A, started before B's restart; then A again, now started last: both stop orders, and what a restart kept outlives the next.
  await restart(b, a);
  await restart(a, b);
  await restart(a, b);
}, 1_800_000);
